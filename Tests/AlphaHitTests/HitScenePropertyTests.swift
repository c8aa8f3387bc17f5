@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// `HitScene` against an independent model: random change batches applied to random layouts of
/// every feature, each answer of the scene's snapshot compared, after every batch, with a
/// `HitTester` freshly built from the layout the same changes make (by ids, as the fresh build
/// numbers its elements by position), and every index checked against the scene's rules.
@Suite("Live scene property")
struct HitScenePropertyTests {
    /// A random batch of one to three changes, on the ids of `layout`.
    private static func batch(_ g: inout SplitMix, _ layout: Layout, images: [String], added: inout Int) -> [LayoutChange] {
        (0..<Int.random(in: 1...3, using: &g)).map { _ in
            let ids = layout.allIDs
            let id = ids.randomElement(using: &g)!
            switch Int.random(in: 0..<9, using: &g) {
            case 0:
                let frame = Rect(x: g.next(in: -20...180), y: g.next(in: -20...180), width: g.next(in: 0...60), height: g.next(in: 0...60))
                return .update(id: id) { $0.frame = frame }
            case 1:
                let transform = Bool.random(using: &g) ? ElementTransform(rotationDegrees: g.next(in: -180...180)) : nil
                return .update(id: id) { $0.transform = transform }
            case 2:
                let hidden = Bool.random(using: &g)
                return .update(id: id) { $0.isHidden = hidden }
            case 3:
                let state = ["normal", "on", "off", "pressed"].randomElement(using: &g)!
                return .update(id: id) { $0.state = state }
            case 4:
                let tolerance = [nil, 0, 4, 12 as Double?].randomElement(using: &g)!
                return .update(id: id) { $0.touchTolerance = tolerance }
            case 5:
                added += 1
                var element = SpatialIndexPropertyTests.randomLayout(&g, images: images, count: 1)[0]
                element.renameAll(prefix: "n\(added)-")
                let parent = Bool.random(using: &g) ? nil : id
                return .add(element, parent: parent, index: Bool.random(using: &g) ? 0 : nil)
            case 6:
                return .remove(id: id)
            case 7:
                return .move(id: id, parent: .topLevel, index: Bool.random(using: &g) ? 0 : nil)
            default:
                return .move(id: id, parent: .element(ids.randomElement(using: &g)!), index: 0)
            }
        }
    }

    @Test("after every batch, every answer is a fresh build's and every element keeps its index", arguments: 0..<6)
    func scenesAnswerAsFreshBuilds(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("scenesAnswerAsFreshBuilds\(seed)")
        var g = SplitMix(seed: UInt64(seed) &* 104_729 &+ 3)
        let images = try SpatialIndexPropertyTests.writeImages(folder)
        // An atlas of two frames: one as it is, one rotated and trimmed.
        try folder.image("sheet.png", width: 32, height: 16) { x, y in UInt8(truncatingIfNeeded: (x * 53 + y * 29) % 256) }
        try Data(#"{"frames": {"plain": {"frame": {"x": 0, "y": 0, "w": 16, "h": 16}, "rotated": false, "trimmed": false, "spriteSourceSize": {"x": 0, "y": 0, "w": 16, "h": 16}, "sourceSize": {"w": 16, "h": 16}}, "turned": {"frame": {"x": 16, "y": 0, "w": 16, "h": 8}, "rotated": true, "trimmed": true, "spriteSourceSize": {"x": 1, "y": 2, "w": 16, "h": 8}, "sourceSize": {"w": 18, "h": 12}}}, "meta": {"image": "sheet.png", "size": {"w": 32, "h": 16}, "scale": "1"}}"#.utf8)
            .write(to: folder.url.appendingPathComponent("sheet.json"))
        var elements = SpatialIndexPropertyTests.randomLayout(&g, images: images, count: 12, snapped: seed % 2 == 1)
        for index in elements.indices where index % 3 == 0 {
            // States with their own image (a file, an atlas frame), and without (falls back on `image`).
            elements[index].states = ["on": .file("ring@2x.png"), "off": .atlasFrame(atlas: "sheet.json", frame: "turned")]
            elements[index].touchTolerance = 6
        }
        for index in elements.indices where index % 4 == 1 && elements[index].capInsets == nil {
            elements[index].imageSource = .atlasFrame(atlas: "sheet.json", frame: index % 8 == 1 ? "turned" : "plain")
        }
        let cache = ImageCache()
        let scene = try HitScene(layout: Layout(elements: elements, imageDirectory: folder.url.path), cache: cache)
        var layout = scene.layout
        // The model of the numbers: each id's, and every number ever handed out.
        var numbers = Dictionary(uniqueKeysWithValues: layout.allIDs.enumerated().map { ($1, Int32($0)) })
        var used = Set(numbers.values)
        var added = 0, applied = 0
        for round in 0..<30 {
            let changes = Self.batch(&g, layout, images: images, added: &added)
            var changed = layout
            let accepted = Self.applies(changes, to: &changed, cache: cache)
            do {
                try scene.apply(changes)
                #expect(accepted, "the scene applied a batch the model refuses")
            } catch {
                #expect(!accepted, "the scene refused a batch the model accepts: \(error)")
            }
            if accepted {
                layout = changed
                applied += 1
            }
            let ids = Set(layout.allIDs)
            numbers = numbers.filter { ids.contains($0.key) }
            let snapshot = scene.snapshot
            for id in layout.allIDs where numbers[id] == nil {
                let number = try #require(snapshot.element(withID: id)).rawValue
                #expect(!used.contains(number), "\(id) was given the used index \(number)")
                (numbers[id], used) = (number, used.union([number]))
            }
            try Self.compare(snapshot, try HitTester(layout: layout, cache: cache), numbers: numbers, maps: round % 5 == 4, &g)
        }
        #expect(applied >= 12, "enough batches applied to mean something (\(applied))")
    }

    /// Whether `changes` pass the tree rules and the changed layout builds: the model's verdict.
    private static func applies(_ changes: [LayoutChange], to layout: inout Layout, cache: ImageCache) -> Bool {
        do {
            for change in changes { try layout.apply(change) }
            _ = try HitTester(layout: layout, cache: cache)
            return true
        } catch {
            return false
        }
    }

    /// Every query of `scene` against `fresh`, by ids (the hit map and the audit with `maps`); every
    /// index `scene` hands out is `numbers`'.
    static func compare(_ scene: HitTester, _ fresh: HitTester, numbers: [String: Int32], maps: Bool, _ g: inout SplitMix) throws {
        func number(_ element: ElementIndex?) -> Int32? { element.map { numbers[scene.id(of: $0)] == $0.rawValue ? $0.rawValue : -99 } }
        func id(_ engine: HitTester, _ element: ElementIndex?) -> String? { element.map { engine.id(of: $0) } }
        #expect(scene.elements.map { scene.id(of: $0) } == fresh.elements.map { fresh.id(of: $0) })
        #expect(scene.elements.map { $0.rawValue } == fresh.elements.map { numbers[fresh.id(of: $0)]! })
        #expect(scene.elements.map { id(scene, scene.parent(of: $0)) } == fresh.elements.map { id(fresh, fresh.parent(of: $0)) })
        #expect(scene.children(of: nil).map { scene.id(of: $0) } == fresh.children(of: nil).map { fresh.id(of: $0) })
        for element in scene.elements {
            #expect(scene.children(of: element).map { scene.id(of: $0) } == fresh.children(of: fresh.element(withID: scene.id(of: element))).map { fresh.id(of: $0) })
            #expect(scene.path(of: element) == fresh.path(of: fresh.element(withID: scene.id(of: element))!))
        }
        let points = (0..<60).map { _ in Point(x: g.next(in: -30...210), y: g.next(in: -30...210)) }
        for point in points {
            let tolerance: Double? = Bool.random(using: &g) ? nil : 8
            #expect(id(scene, scene.elementIndex(at: point, tolerance: tolerance)) == id(fresh, fresh.elementIndex(at: point, tolerance: tolerance)), "at \(point)")
            #expect(number(scene.elementIndex(at: point, tolerance: tolerance)) == scene.elementIndex(at: point, tolerance: tolerance)?.rawValue)
            #expect(scene.hit(at: point, tolerance: tolerance).map(anonymous) == fresh.hit(at: point, tolerance: tolerance).map(anonymous), "at \(point)")
            #expect(scene.allHits(at: point).map(anonymous) == fresh.allHits(at: point).map(anonymous))
            #expect(scene.explanation(at: point).map(anonymous) == fresh.explanation(at: point).map(anonymous))
            #expect(scene.touchCandidates(at: point, tolerance: tolerance).map(anonymous) == fresh.touchCandidates(at: point, tolerance: tolerance).map(anonymous))
            for hit in scene.allHits(at: point) { #expect(number(hit.element) == hit.element.rawValue && scene.id(of: hit.element) == hit.id) }
        }
        #expect(scene.elementIndices(at: points).map { id(scene, $0) } == fresh.elementIndices(at: points).map { id(fresh, $0) })
        guard maps else { return }
        let (sceneMap, freshMap) = (try scene.hitMap(scale: 0.5), try fresh.hitMap(scale: 0.5))
        #expect(sceneMap.width == freshMap.width && sceneMap.height == freshMap.height)
        if sceneMap.height > 0 {
            let rows = 0..<sceneMap.height
            #expect(sceneMap.owners(inRows: rows).map { id(scene, $0) } == freshMap.owners(inRows: rows).map { id(fresh, $0) })
        }
        let (sceneAudit, freshAudit) = (try scene.audit(scale: 0.5), try fresh.audit(scale: 0.5))
        #expect(sceneAudit.entries.map(anonymous) == freshAudit.entries.map(anonymous))
        for entry in sceneAudit.entries { #expect(number(entry.element) == entry.element.rawValue) }
    }

    /// A result with its index taken out: what a fresh build (numbered by position) must match.
    private static func anonymous<Result: HasElementIndex>(_ result: Result) -> Result {
        var result = result
        result.element = ElementIndex(rawValue: -1)
        return result
    }
}

private protocol HasElementIndex: Equatable { var element: ElementIndex { get set } }
extension Hit: HasElementIndex {}
extension HitExplanation: HasElementIndex {}
extension TouchCandidate: HasElementIndex {}
extension TargetAudit.Entry: HasElementIndex {}

extension Layout {
    /// Every element's id, in pre-order.
    var allIDs: [String] {
        func ids(_ list: [Element]) -> [String] { list.flatMap { [$0.id] + ids($0.children) } }
        return ids(elements)
    }
}

extension Element {
    /// Prefixes the id of the element and of every element of its subtree.
    mutating func renameAll(prefix: String) {
        id = prefix + id
        for index in children.indices { children[index].renameAll(prefix: prefix) }
    }
}
