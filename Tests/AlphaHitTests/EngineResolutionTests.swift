@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// Order among siblings and children, clipping, skipped elements, and explain.
@Suite("Engine resolution")
struct EngineResolutionTests {
    typealias F = EngineFixtures

    @Test("among siblings, a later one is on top of an earlier one")
    func siblingOrder() throws {
        let a = Element(id: "a", frame: F.rect(0, 0, 10, 10)), b = Element(id: "b", frame: F.rect(5, 5, 10, 10))
        #expect(try F.engine([a, b]).id(atX: 7, y: 7) == "b")
        #expect(try F.engine([b, a]).id(atX: 7, y: 7) == "a")
        #expect(try F.engine([a, b]).id(atX: 2, y: 2) == "a")
    }

    @Test("children are on top of their parent; a later sibling is on top of an earlier sibling's children")
    func childrenOrder() throws {
        let engine = try F.engine([
            Element(id: "a", frame: F.rect(0, 0, 20, 20), children: [Element(id: "a1", frame: F.rect(5, 5, 10, 10))]),
            Element(id: "b", frame: F.rect(12, 12, 20, 20)),
        ])
        #expect(engine.id(atX: 7, y: 7) == "a1")
        #expect(engine.id(atX: 2, y: 2) == "a")
        #expect(engine.id(atX: 13, y: 13) == "b")
        // Depth-first from the front: b, then a's children (last first), then a.
        #expect(engine.explanation(at: Point(x: 1, y: 1)).map(\.id) == ["b", "a1", "a"])
    }

    @Test("resolution is depth-first from the front: for each element its children, last first, then itself")
    func depthFirstOrder() throws {
        let engine = try F.engine([
            Element(id: "p", frame: F.rect(0, 0, 10, 10), children: [
                Element(id: "c1", frame: F.rect(0, 0, 10, 10), shape: .none, children: [Element(id: "g1", frame: F.rect(0, 0, 1, 1))]),
                Element(id: "c2", frame: F.rect(0, 0, 10, 10), shape: .none),
            ]),
        ])
        #expect(engine.explanation(at: Point(x: 5, y: 5)).map(\.id) == ["c2", "g1", "c1", "p"])
        #expect(engine.allHits(at: Point(x: 0.5, y: 0.5)).map(\.id) == ["g1", "p"])
    }

    @Test("clipsToBounds false: children can be hit outside their parent's bounds (unlike UIKit)")
    func noClipping() throws {
        let engine = try F.engine([Element(id: "p", frame: F.rect(0, 0, 10, 10), children: [Element(id: "c", frame: F.rect(15, 0, 10, 10))])])
        #expect(engine.id(atX: 20, y: 5) == "c")
    }

    @Test("clipsToBounds true: outside the bounds, neither the element nor its subtree is hit")
    func clipping() throws {
        let engine = try F.engine([
            Element(id: "below", frame: F.rect(0, 0, 100, 100)),
            Element(id: "p", frame: F.rect(0, 0, 10, 10), clipsToBounds: true, children: [
                Element(id: "c", frame: F.rect(5, 0, 10, 10), children: [Element(id: "g", frame: F.rect(0, 0, 2, 2))])
            ]),
        ])
        #expect(engine.id(atX: 7, y: 5) == "c")
        #expect(engine.id(atX: 12, y: 5) == "below")
        #expect(engine.explanation(at: Point(x: 12, y: 5)).map(\.verdict) == [
            .clippedByAncestor(id: "p"), .clippedByAncestor(id: "p"), .outsideBounds, .hit,
        ])
        #expect(engine.explanation(at: Point(x: 12, y: 5)).map(\.id) == ["g", "c", "p", "below"])
    }

    @Test("a clipping ancestor's transform is honoured when clipping its children")
    func rotatedClip() throws {
        // A 20 × 20 clip rotated 45° about (10, 10): its corner (0, 0) moves out to (10, -4.14).
        let engine = try F.engine([
            Element(id: "p", frame: F.rect(0, 0, 20, 20), shape: .none, transform: ElementTransform(rotationDegrees: 45), clipsToBounds: true, children: [
                Element(id: "c", frame: F.rect(-100, -100, 300, 300))
            ])
        ])
        #expect(engine.id(atX: 10, y: -3) == "c")
        #expect(engine.id(atX: 1, y: 1) == nil)
        #expect(engine.id(atX: 10, y: 10) == "c")
    }

    @Test(
        "hidden, non-interactive and nearly transparent elements are skipped with their whole subtree",
        arguments: [
            (Element(id: "x", frame: F.rect(0, 0, 10, 10), isHidden: true), HitVerdict.SkipReason.hidden),
            (Element(id: "x", frame: F.rect(0, 0, 10, 10), isInteractive: false), .notInteractive),
            (Element(id: "x", frame: F.rect(0, 0, 10, 10), opacity: 0.009), .opacityBelowMinimum),
        ])
    func skipped(element: Element, reason: HitVerdict.SkipReason) throws {
        var parent = element
        parent.children = [Element(id: "child", frame: F.rect(0, 0, 5, 5))]
        let engine = try F.engine([Element(id: "below", frame: F.rect(0, 0, 10, 10)), parent])
        #expect(engine.id(atX: 2, y: 2) == "below")
        #expect(engine.explanation(at: Point(x: 2, y: 2)).map(\.verdict) == [.skipped(reason), .hit])
    }

    @Test("opacity exactly 0.01 is not skipped")
    func opacityBoundary() throws {
        #expect(try F.engine([Element(id: "x", frame: F.rect(0, 0, 10, 10), opacity: 0.01)]).id(atX: 1, y: 1) == "x")
    }

    @Test("explain says why each element in front of the winner missed, ending with the hit")
    func explainVerdicts() throws {
        let folder = try EngineFixtures.ImageFolder()
        // Left half transparent (alpha 10), right half opaque.
        try folder.image("half.png", width: 4, height: 4) { x, _ in x < 2 ? 10 : 255 }
        let engine = try folder.engine([
            Element(id: "bottom", frame: F.rect(0, 0, 40, 40)),
            Element(id: "fitted", frame: F.rect(0, 0, 40, 40), image: "half.png", contentMode: .aspectFit),
            Element(id: "centred", frame: F.rect(0, 0, 40, 40), image: "half.png", contentMode: .center),
            Element(id: "round", frame: F.rect(0, 0, 40, 40), shape: .ellipse),
            Element(id: "far", frame: F.rect(100, 100, 4, 4)),
        ])
        let lines = engine.explanation(at: Point(x: 1, y: 1))
        #expect(lines.map(\.id) == ["far", "round", "centred", "fitted", "bottom"])
        #expect(lines.map(\.verdict) == [
            .outsideBounds, .outsideShape, .offImage,
            .transparent(pixel: PixelCoordinate(x: 0, y: 0), alpha: 10, minAlpha: 26), .hit,
        ])
        #expect(lines[0].localPoint == Point(x: -99, y: -99))
        #expect(lines[3].verdict.description == "transparent: pixel (0, 0) has alpha 10 below minAlpha 26")
        // When the front-most element takes the point, it is the only line.
        #expect(engine.explanation(at: Point(x: 30, y: 20)).map(\.id) == ["far", "round"])
    }

    @Test("hitTestAll lists every element whose own shape takes the point, front to back")
    func hitAll() throws {
        let engine = try F.engine([
            Element(id: "a", frame: F.rect(0, 0, 10, 10)),
            Element(id: "b", frame: F.rect(0, 0, 10, 10), shape: .ellipse),
            Element(id: "c", frame: F.rect(0, 0, 10, 10), isHidden: true),
            Element(id: "d", frame: F.rect(0, 0, 10, 10), children: [Element(id: "d1", frame: F.rect(0, 0, 5, 5))]),
        ])
        #expect(engine.allHits(at: Point(x: 1, y: 1)).map(\.id) == ["d1", "d", "a"])
        #expect(engine.allHits(at: Point(x: 5, y: 5)).map(\.id) == ["d", "b", "a"])
        #expect(engine.allHits(at: Point(x: 50, y: 5)).isEmpty)
    }

    @Test("the batch call gives the same answers as single queries, on one core and spread over all")
    func batch() throws {
        let elements = (0..<50).map { (i: Int) -> Element in
            let shape: ElementShape = i % 2 == 0 ? .ellipse : .rect
            let frame = F.rect(Double(i % 10) * 7, Double(i / 10) * 7, 9, 9)
            return Element(id: "e\(i)", frame: frame, shape: shape)
        }
        let engine = try F.engine(elements)
        var generator = SplitMix(seed: 7)
        for count in [10, 40_000] {
            let points = (0..<count).map { _ in Point(x: generator.next(in: -5...80), y: generator.next(in: -5...45)) }
            let batch = engine.elementIndices(at: points)
            #expect(batch == points.map { engine.elementIndex(at: $0) })
        }
    }

    @Test("id and path name an element by index")
    func idAndPath() throws {
        let engine = try F.engine([Element(id: "a", frame: F.rect(0, 0, 1, 1), children: [Element(id: "b", frame: F.rect(0, 0, 1, 1))])])
        #expect(engine.elements.count == 2)
        #expect(engine.id(of: ElementIndex(rawValue: 1)) == "b")
        #expect(engine.path(of: ElementIndex(rawValue: 1)) == ["a", "b"])
    }
}

/// A small seeded generator, so random tests fail the same way twice.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}
