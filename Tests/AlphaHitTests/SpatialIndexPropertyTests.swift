@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The spatial index must give exactly the answers of a plain front-to-back walk of the tree.
@Suite("Spatial index property")
struct SpatialIndexPropertyTests {
    /// A random layout: overlapping elements, images, shapes, transforms, nesting, clipping, skips.
    /// `snapped`: frames on the half-point grid with whole sizes, and a third of the images drawn
    /// one pixel per point over exactly their frame, so that most elements are plain (read from
    /// their hot record alone) and the rest general.
    static func randomLayout(_ g: inout SplitMix, images: [String], count: Int, snapped: Bool = false) -> [Element] {
        var counter = 0
        func element(depth: Int) -> Element {
            counter += 1
            var e = Element(id: "e\(counter)", frame: Rect(
                x: g.next(in: -20...180), y: g.next(in: -20...180), width: g.next(in: 0...60), height: g.next(in: 0...60)))
            if snapped {
                e.frame = Rect(x: (e.frame.x * 2).rounded() / 2, y: (e.frame.y * 2).rounded() / 2, width: e.frame.width.rounded(), height: e.frame.height.rounded())
            }
            switch Int.random(in: 0..<6, using: &g) {
            case 0: e.shape = .ellipse
            case 1: e.shape = .roundedRect(radius: g.next(in: 0...30), corners: ElementShape.Corners(rawValue: UInt8.random(in: 0...15, using: &g)))
            case 2: e.shape = .none
            default: break
            }
            if Bool.random(using: &g) {
                e.image = images.randomElement(using: &g)
                e.contentMode = ContentMode.allCases.randomElement(using: &g)
                e.alphaThreshold = [0, 0.1, 0.5, 1].randomElement(using: &g)
                if Int.random(in: 0..<4, using: &g) == 0 {
                    e.contentMode = nil
                    e.capInsets = EdgeInsets(top: g.next(in: 0...1.9), left: g.next(in: 0...2.9), bottom: g.next(in: 0...1.9), right: g.next(in: 0...2.9))
                    e.resizingMode = Bool.random(using: &g) ? .tile : .stretch
                }
                if snapped, Int.random(in: 0..<3, using: &g) == 0 {
                    // The first image is 16 × 16 at one pixel per point.
                    e.image = images[0]
                    e.frame.width = 16
                    e.frame.height = 16
                    e.contentMode = [.topLeft, .center, .scaleToFill].randomElement(using: &g)
                    e.capInsets = nil
                }
            }
            if snapped, Int.random(in: 0..<2, using: &g) == 0 { e.shape = .rect }
            if Int.random(in: 0..<3, using: &g) == 0 {
                e.transform = Bool.random(using: &g)
                    ? ElementTransform(rotationDegrees: g.next(in: -180...180), scaleX: g.next(in: 0.3...2), scaleY: g.next(in: 0.3...2), translateX: g.next(in: -10...10), translateY: g.next(in: -10...10))
                    : ElementTransform(a: g.next(in: -2...2), b: g.next(in: -1...1), c: g.next(in: -1...1), d: g.next(in: 0.5...2), tx: 0, ty: 0)
                if !(e.transform!.isInvertible) { e.transform = nil }
            }
            e.clipsToBounds = Int.random(in: 0..<4, using: &g) == 0
            e.isHidden = Int.random(in: 0..<15, using: &g) == 0
            e.isInteractive = Int.random(in: 0..<15, using: &g) != 0
            if depth < 4, Int.random(in: 0..<3, using: &g) == 0 {
                e.children = (0..<Int.random(in: 1...4, using: &g)).map { _ in element(depth: depth + 1) }
            }
            return e
        }
        return (0..<count).map { _ in element(depth: 0) }
    }

    /// The two images `randomLayout` draws from, written into `folder`: a 16 × 16 pattern of every
    /// alpha, and a ring at 2x (its first is the one snapped layouts draw one pixel per point).
    static func writeImages(_ folder: EngineFixtures.ImageFolder) throws -> [String] {
        try folder.image("blob.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: (x * 37 + y * 91) % 256) }
        try folder.image("ring@2x.png", width: 12, height: 8) { x, y in (x - 6) * (x - 6) + (y - 4) * (y - 4) < 12 ? 255 : 0 }
        return ["blob.png", "ring@2x.png"]
    }

    @Test("the index answers exactly as a plain front-to-back scan, on random layouts and points", arguments: 0..<12)
    func indexMatchesScan(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("indexMatchesScan\(seed)")
        var g = SplitMix(seed: UInt64(seed) &* 7919 &+ 1)
        let images = try Self.writeImages(folder)
        // Odd seeds: many plain elements (a sixth or more), read from their hot records alone.
        let elements = Self.randomLayout(&g, images: images, count: 20 + seed * 10, snapped: seed % 2 == 1)
        let engine = try folder.engine(elements)
        if seed % 2 == 1 {
            let kinds = (0..<engine.storage.hot.count).map { engine.tables.hot[$0].kind }
            #expect(kinds.count(where: { $0 != .general }) * 8 > kinds.count, "many elements plain: \(kinds)")
            #expect(kinds.contains(.image) && kinds.contains(.solid) && kinds.contains(.general))
        }
        var hits = 0
        for _ in 0..<3000 {
            var point = Point(x: g.next(in: -40...220), y: g.next(in: -40...220))
            if seed % 2 == 1, Bool.random(using: &g) {
                // On the quarter-point grid, where snapped frames' edges are: the half-open bounds decide.
                point = Point(x: (point.x * 4).rounded() / 4, y: (point.y * 4).rounded() / 4)
            }
            let scanned = engine.scanAll(point)
            let front = engine.elementIndex(at: point)
            #expect(front == scanned.first, "front-most at \(point)")
            #expect(engine.allHits(at: point).map(\.element) == scanned, "all at \(point)")
            #expect(engine.hit(at: point)?.element == scanned.first)
            #expect((engine.explanation(at: point).last?.verdict == .hit) == (front != nil))
            if front != nil { hits += 1 }
        }
        #expect(hits > 300, "the random layouts should be hit often enough to mean something (\(hits))")
    }

    @Test("a child of a parent that only moves it answers as the walk down the chain, at the edges where subtracting in another order would round differently")
    func plainParentFoldIsExact() throws {
        // Origins with no exact binary value: (x - 0.1) - 0.2 and x - 0.3 differ in the last bit
        // for some x, so the child's left edge at local 0 is where a fold in the wrong order shows.
        let elements = (0..<40).map { row -> Element in
            let parentX = 0.1 * Double(row % 7 + 1), childX = 0.2 * Double(row % 5 + 1)
            return Element(
                id: "row\(row)", frame: Rect(x: parentX, y: Double(row) * 3, width: 50, height: 3), shape: .none,
                children: [Element(id: "child\(row)", frame: Rect(x: childX, y: 0, width: 10, height: 3))])
        }
        let engine = try HitTester(layout: Layout(elements: elements))
        var checked = 0
        for row in 0..<40 {
            let parentX = 0.1 * Double(row % 7 + 1), childX = 0.2 * Double(row % 5 + 1)
            let edge = parentX + childX
            var x = edge.nextDown.nextDown.nextDown
            for _ in 0..<7 {
                let point = Point(x: x, y: Double(row) * 3 + 1)
                let walked = (x - parentX) - childX
                #expect((engine.elementIndex(at: point) != nil) == (walked >= 0 && walked < 10), "x = \(x), row \(row)")
                #expect(engine.elementIndex(at: point) == engine.scanAll(point).first)
                x = x.nextUp
                checked += 1
            }
        }
        #expect(checked == 280)
    }
}
