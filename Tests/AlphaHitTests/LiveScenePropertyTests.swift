@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// `HitScene`'s changes made in place (`Scene/Live`) against fresh builds: layouts of mostly
/// plain elements (the ones a change can touch in place), random changes of the kinds made in
/// place with some that need a build among them, and the lookup compared by id at many points,
/// in and far beyond the first layout's extents, after every batch; every query now and then.
@Suite("Live scene in place")
struct LiveScenePropertyTests {
    /// Plain elements: solid rectangles and 16 × 16 images at their own size, some turned, some
    /// with states of the same size (and one of another size, and an SVG that a quarter of them
    /// draw at scale 2), rows that only move their
    /// children, and a general element or two (an ellipse; a clipping parent) among them.
    static func layout(_ g: inout SplitMix, folder: String) -> Layout {
        var elements: [Element] = []
        for index in 0..<24 {
            let frame = Rect(x: g.next(in: 0...160).rounded(), y: g.next(in: 0...160).rounded(), width: 16, height: 16)
            var element = Element(id: "e\(index)", frame: frame)
            switch index % 6 {
            case 0: element.frame.width = g.next(in: 4...40).rounded()
            case 1, 2:
                element.image = ["a.png", "b.png", "c.png"].randomElement(using: &g)!
                element.states = ["on": .file("b.png"), "big": .file("big.png"), "vector": .file("v.svg")]
                // One SVG drawn at two scales: a state switch must find the raster of its own.
                if index % 12 == 1 { element.imageScale = 2 }
            case 3:
                element.image = "c.png"
                element.transform = ElementTransform(rotationDegrees: g.next(in: -60...60))
            case 4:
                element.shape = .none
                element.children = (0..<3).map { child in
                    var button = Element(id: "e\(index)-\(child)", frame: Rect(x: Double(child) * 12, y: 0, width: 16, height: 16), image: "a.png")
                    button.states = ["on": .file("c.png")]
                    if child == 2 { button.alphaThreshold = 0.6 }
                    return button
                }
            default:
                if index == 5 { element.shape = .ellipse }
                if index == 11 {
                    element.clipsToBounds = true
                    element.children = [Element(id: "clipped", frame: Rect(x: 8, y: 8, width: 16, height: 16), image: "a.png")]
                }
            }
            elements.append(element)
        }
        return Layout(elements: elements, imageDirectory: folder)
    }

    /// A random change, mostly of the kinds made in place; with `leavesOnly`, only those, and
    /// only on elements without children (which a change in place touches alone).
    private static func change(_ g: inout SplitMix, _ layout: Layout, added: inout Int, leavesOnly: Bool) -> LayoutChange {
        let ids = leavesOnly ? layout.leafIDs : layout.allIDs
        let id = ids.randomElement(using: &g)!
        let far = Int.random(in: 0..<10, using: &g) == 0
        switch Int.random(in: 0..<(leavesOnly ? 12 : 14), using: &g) {
        case 0..<4:
            let (x, y) = far ? (g.next(in: -400...600), g.next(in: -400...600)) : (g.next(in: -20...180).rounded(), g.next(in: -20...180).rounded())
            return .update(id: id) { ($0.frame.x, $0.frame.y) = (x, y) }
        case 4:
            let size = g.next(in: 0...30).rounded()
            return .update(id: id) { $0.frame.width = size }
        case 5:
            let transform = Bool.random(using: &g) ? ElementTransform(rotationDegrees: g.next(in: -180...180)) : nil
            return .update(id: id) { $0.transform = transform }
        case 6:
            let hidden = Bool.random(using: &g)
            return .update(id: id) { $0.isHidden = hidden }
        case 7:
            let state = ["normal", "on", "on", "big", "nothing"].randomElement(using: &g)!
            return .update(id: id) { $0.state = state }
        case 8:
            let (threshold, opacity, interactive) = ([nil, 0.3, 0.9].randomElement(using: &g)!, [1, 0.5, 0].randomElement(using: &g)!, Bool.random(using: &g))
            return .update(id: id) { ($0.alphaThreshold, $0.opacity, $0.isInteractive) = (threshold, opacity, interactive) }
        case 9, 10:
            added += 1
            var element = Element(id: "n\(added)", frame: Rect(x: g.next(in: -10...170).rounded(), y: g.next(in: -10...170).rounded(), width: 16, height: 16))
            if Bool.random(using: &g) { element.image = "b.png" }
            // In a batch, the layout before it is out of date after an add: its count is no longer last.
            return .add(element, parent: nil, index: leavesOnly || Bool.random(using: &g) ? nil : layout.elements.count)
        case 11:
            return .remove(id: id)
        case 12:
            // Made by a build: a new shape, a move among siblings, a bad frame (refused).
            switch Int.random(in: 0..<3, using: &g) {
            case 0: return .update(id: id) { $0.shape = .ellipse }
            case 1: return .move(id: id, parent: .topLevel, index: 0)
            default: return .update(id: id) { $0.frame.width = -1 }
            }
        default:
            return .add(Element(id: "dup", frame: Rect(x: 0, y: 0, width: 5, height: 5)), parent: nil, index: nil)
        }
    }

    /// One to four moves of leaves: to whole, half or arbitrary points, near or far, mostly of
    /// the same size.
    private static func moves(_ g: inout SplitMix, _ layout: Layout) -> [(id: String, frame: Rect)] {
        let places = layout.places()
        return (0..<Int.random(in: 1...4, using: &g)).map { _ in
            let id = layout.leafIDs.randomElement(using: &g)!
            var frame = layout[places[id]!].frame
            switch Int.random(in: 0..<8, using: &g) {
            case 0: (frame.x, frame.y) = (g.next(in: -500...600), g.next(in: -500...600))
            case 1: frame.height += 2
            case 2, 3: (frame.x, frame.y) = (g.next(in: -20...180), g.next(in: -20...180))
            default: (frame.x, frame.y) = ((g.next(in: -20...180) * 2).rounded() / 2, g.next(in: -20...180).rounded())
            }
            return (id, frame)
        }
    }

    /// A ``layout(_:folder:)`` in a folder of its own (`name`) with its images drawn, on a
    /// 190-point canvas, with the layout's touch tolerance `tolerance` when given.
    static func canvasLayout(_ g: inout SplitMix, name: String, tolerance: Double? = nil) throws -> Layout {
        let folder = try EngineFixtures.ImageFolder(name)
        try drawImages(in: folder)
        var layout = Self.layout(&g, folder: folder.url.path)
        layout.canvas = Size(width: 190, height: 190)
        layout.defaults.touchTolerance = tolerance
        return layout
    }

    /// The images ``layout(_:folder:)`` names, of mixed alpha.
    static func drawImages(in folder: EngineFixtures.ImageFolder) throws {
        for (name, size) in [("a.png", 16), ("b.png", 16), ("c.png", 16), ("big.png", 24)] {
            let salt = name.utf8.first!
            _ = try folder.image(name, width: size, height: size) { x, y in UInt8(truncatingIfNeeded: (x * 37 + y * 11 + Int(salt)) % 256) }
        }
        let triangle = #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><path d="M0 0 L16 0 L0 16 Z"/></svg>"#
        try Data(triangle.utf8).write(to: folder.url.appendingPathComponent("v.svg"))
    }

    @Test("changes made in place answer every lookup as a fresh build of the changed layout does", arguments: 0..<6)
    func changesInPlaceAnswerAsFreshBuilds(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("changesInPlace\(seed)")
        var g = SplitMix(seed: UInt64(seed) &* 7919 &+ 11)
        try Self.drawImages(in: folder)
        let cache = ImageCache()
        var layout = Self.layout(&g, folder: folder.url.path)
        let scene = try HitScene(layout: layout, cache: cache)
        var numbers = Dictionary(uniqueKeysWithValues: layout.allIDs.enumerated().map { ($1, Int32($0)) })
        var added = 0, accepted = 0, total = 0
        for round in 0..<120 {
            // Every fourth round a batch of changes each made in place, to see whole.
            let batch = round % 4 == 0
            // Every fourth round moves by numbers (`setFrames`), of the same size but now and then.
            let moves = round % 4 == 2 ? Self.moves(&g, layout) : nil
            // Every eighth round a state switch by name (`setState`).
            let stateSwitch = round % 8 == 3 ? (id: layout.leafIDs.randomElement(using: &g)!, state: ["normal", "on", "big", "nothing"].randomElement(using: &g)!) : nil
            let changes = moves.map { $0.map { move in LayoutChange.update(id: move.id) { $0.frame = move.frame } } }
                ?? stateSwitch.map { switched in [LayoutChange.update(id: switched.id) { $0.state = switched.state }] }
                ?? (0..<(batch ? Int.random(in: 2...12, using: &g) : 1)).map { _ in Self.change(&g, layout, added: &added, leavesOnly: batch) }
            total += changes.count
            var changed = layout
            let valid: Bool
            do {
                for change in changes { try changed.apply(change) }
                _ = try HitTester(layout: changed, cache: cache)
                valid = true
            } catch {
                valid = false
            }
            let before = scene.snapshot
            do {
                if let stateSwitch {
                    try scene.setState(stateSwitch.id, stateSwitch.state)
                } else if let moves, moves.count == 1 {
                    try scene.setFrame(moves[0].id, moves[0].frame)
                } else if let moves {
                    try scene.setFrames(moves)
                } else {
                    try scene.apply(changes)
                }
                #expect(valid, "the scene applied a batch a fresh build refuses")
            } catch {
                #expect(!valid, "the scene refused a batch a fresh build accepts: \(error)")
            }
            if valid {
                layout = changed
                accepted += 1
            }
            #expect(scene.layout == layout)
            let snapshot = scene.snapshot
            let ids = Set(layout.allIDs)
            numbers = numbers.filter { ids.contains($0.key) }
            for id in layout.allIDs where numbers[id] == nil { numbers[id] = try #require(snapshot.element(withID: id)).rawValue }
            let fresh = try HitTester(layout: layout, cache: cache)
            for _ in 0..<300 {
                let point = Int.random(in: 0..<5, using: &g) == 0
                    ? Point(x: g.next(in: -500...700), y: g.next(in: -500...700)) : Point(x: g.next(in: -30...200), y: g.next(in: -30...200))
                let found = snapshot.elementIndex(at: point)
                #expect(found.map { snapshot.id(of: $0) } == fresh.elementIndex(at: point).map { fresh.id(of: $0) }, "at \(point), round \(round)")
                #expect(found.map { numbers[snapshot.id(of: $0)] == $0.rawValue } ?? true, "the index of the element at \(point)")
            }
            if round % 20 == 19 { try HitScenePropertyTests.compare(snapshot, fresh, numbers: numbers, maps: true, &g) }
            // The snapshot taken before the batch still answers as the layout before it did.
            _ = before.elementIndex(at: Point(x: 10, y: 10))
        }
        #expect(accepted >= 60, "enough batches applied to mean something (\(accepted))")
        // Measured: 66–95% of the changes of the six seeds.
        #expect(scene.changesMadeInPlace * 2 >= total, "most changes made in place (\(scene.changesMadeInPlace) of \(total))")
    }

    @Test("a snapshot keeps answering as its moment did while changes are made in place")
    func snapshotsKeepTheirMoment() throws {
        let folder = try EngineFixtures.ImageFolder()
        _ = try folder.image("a.png", width: 16, height: 16)
        let layout = Layout(elements: (0..<50).map { Element(id: "e\($0)", frame: Rect(x: Double($0 * 20), y: 0, width: 16, height: 16), image: "a.png") }, imageDirectory: folder.url.path)
        let scene = try HitScene(layout: layout, cache: ImageCache())
        let first = scene.snapshot
        for index in 0..<50 { try scene.setFrame("e\(index)", Rect(x: Double(index * 20), y: 100, width: 16, height: 16)) }
        try scene.apply(.remove(id: "e3"))
        try scene.apply(.add(Element(id: "late", frame: Rect(x: 60, y: 0, width: 16, height: 16)), parent: nil, index: nil))
        #expect(scene.changesMadeInPlace == 52)
        // Hand-computed: the first moment had every element on the top row, the last has them on
        // the row at y = 100, but for "late", added where e3 was.
        #expect(first.elementIndex(at: Point(x: 65, y: 5)).map { first.id(of: $0) } == "e3")
        #expect(first.elementIndex(at: Point(x: 65, y: 105)) == nil)
        let last = scene.snapshot
        // Ids come from the snapshot's slots while its engine is not built; the answers are the same after.
        #expect(last.id(of: ElementIndex(rawValue: 4)) == "e4" && last.containsElement(ElementIndex(rawValue: 50)))
        #expect(!last.containsElement(ElementIndex(rawValue: 3)) && !last.containsElement(ElementIndex(rawValue: 51)))
        #expect(last.elementIndex(at: Point(x: 65, y: 5)).map { last.id(of: $0) } == "late")
        #expect(last.elementIndex(at: Point(x: 65, y: 105)) == nil)
        #expect(last.elementIndex(at: Point(x: 85, y: 105)).map { last.id(of: $0) } == "e4")
        #expect(last.elementIndex(at: Point(x: 65, y: 5)) == ElementIndex(rawValue: 50))
    }
}

extension Layout {
    /// The ids of the elements without children, in pre-order.
    var leafIDs: [String] {
        func ids(_ list: [Element]) -> [String] { list.flatMap { $0.children.isEmpty ? [$0.id] : ids($0.children) } }
        return ids(elements)
    }
}
