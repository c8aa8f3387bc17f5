@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// Touch tolerance (issue 11): the rules of `Docs/HitTesting.md`, "Touch tolerance", with
/// distances computed by hand.
@Suite("Touch tolerance")
struct TouchToleranceTests {
    typealias F = EngineFixtures

    /// The candidate a tap at (x, y) selects with query tolerance `tolerance`.
    static func touch(_ engine: HitTester, _ x: Double, _ y: Double, tolerance: Double? = nil) -> TouchCandidate? {
        engine.touchHit(at: Point(x: x, y: y), tolerance: tolerance)
    }

    static func expectDistance(_ candidate: TouchCandidate?, _ id: String, _ distance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(candidate?.id == id, sourceLocation: sourceLocation)
        if let candidate { #expect(abs(candidate.distance - distance) <= 0.01, "distance \(candidate.distance), expected \(distance)", sourceLocation: sourceLocation) }
    }

    @Test(
        "distance to a pixel's edge and corner; the open right and bottom edges count as distance 0",
        arguments: [(14.0, 11.5, 2.0), (14, 14, 8.0.squareRoot()), (11.5, 8, 3), (9, 9, 8.0.squareRoot()), (12, 11.5, 0), (11.5, 12, 0)])
    func pixelEdgeAndCorner(x: Double, y: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        try folder.image("dot.png", width: 4, height: 4) { x, y in x == 1 && y == 1 ? 255 : 0 }
        // Natural size at (10, 10): the one solid pixel covers [11, 12] × [11, 12].
        let engine = try folder.engine([Element(id: "dot", frame: F.rect(10, 10, 4, 4), image: "dot.png", contentMode: .topLeft)])
        let touch = Self.touch(engine, x, y, tolerance: 3)
        Self.expectDistance(touch, "dot", distance)
        #expect(touch?.isExactHit == false)
        #expect(engine.elementIndex(at: Point(x: x, y: y)) == nil, "without a tolerance, a miss stays a miss")
    }

    @Test("a stretched image: one pixel is wider than it is tall, so distances differ per axis", arguments: [(25.0, 5.0, 5.0), (10, 13, 3), (23, 14, 5)])
    func stretchedImage(x: Double, y: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        try folder.image("corner.png", width: 2, height: 2) { x, y in x == 0 && y == 0 ? 255 : 0 }
        // 2 × 2 pixels stretched over 40 × 20 points: the solid pixel is [0, 20] × [0, 10].
        let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 40, 20), image: "corner.png")])
        Self.expectDistance(Self.touch(engine, x, y, tolerance: 6), "e", distance)
    }

    @Test("cap insets, stretched and tiled", arguments: [(false, 5.0, 4.0), (false, 9, 1), (true, 2.5, 0.5), (true, 4.5, 0.5), (true, 18.7, 0.3)])
    func capInsets(tiles: Bool, x: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        // Columns 0, 3 and 5 solid; caps of 2 pixels each side leave columns 2 and 3 as the middle.
        try folder.image("bar.png", width: 6, height: 1) { x, _ in [0, 3, 5].contains(x) ? 255 : 0 }
        let engine = try folder.engine([
            Element(
                id: "bar", frame: F.rect(0, 0, 20, 1), image: "bar.png", capInsets: EdgeInsets(top: 0, left: 2, bottom: 0, right: 2),
                resizingMode: tiles ? .tile : .stretch)
        ])
        // Stretched: column 3 covers [10, 18]; tiled: [3, 4], [5, 6], …, [17, 18]; column 0 [0, 1], column 5 [19, 20].
        Self.expectDistance(Self.touch(engine, x, 0.5, tolerance: 6), "bar", distance)
    }

    @Test("@2x and @3x images measure in points", arguments: [(2, 3.0, 2.0), (3, 3.0, 2.0)])
    func retinaScale(scale: Int, x: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        // One solid pixel at (s, s) of a 2s × 2s image: in points, [1, 1 + 1/s]² of a 2 × 2 image.
        try folder.image("dot@\(scale)x.png", width: 2 * scale, height: 2 * scale) { x, y in x == scale && y == scale ? 255 : 0 }
        let engine = try folder.engine([Element(id: "dot", frame: F.rect(0, 0, 2, 2), image: "dot@\(scale)x.png")])
        let right = 1 + 1 / Double(scale)
        Self.expectDistance(Self.touch(engine, right + distance, 1.1, tolerance: 3), "dot", distance)
    }

    @Test(
        "each content mode places the image where the distance is measured from",
        arguments: [
            // Frame 10 × 10 at the origin, a solid 2 × 2 image; the expected solid square's origin.
            (ContentMode.center, 4.0, 4.0), (.top, 4, 0), (.bottom, 4, 8), (.left, 0, 4), (.right, 8, 4),
            (.topLeft, 0, 0), (.topRight, 8, 0), (.bottomLeft, 0, 8), (.bottomRight, 8, 8),
        ])
    func contentModes(mode: ContentMode, left: Double, top: Double) throws {
        let folder = try F.ImageFolder()
        try folder.image("square.png", width: 2, height: 2)
        let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 10, 10), image: "square.png", contentMode: mode)])
        // From the far corner of the frame's opposite side, 3 points beyond the square's right edge.
        Self.expectDistance(Self.touch(engine, left + 2 + 3, top + 1, tolerance: 4), "e", 3)
        #expect(Self.touch(engine, left + 2 + 3, top + 1, tolerance: 2.9) == nil)
    }

    @Test("aspect fit and fill scale the image about the frame's centre")
    func aspectModes() throws {
        let folder = try F.ImageFolder()
        try folder.image("wide.png", width: 4, height: 2)
        // Fit: 20 × 10 in a 20 × 20 frame, rows 5 to 15; fill: 40 × 20, columns −10 to 30, clipped to the bounds.
        let fit = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 20, 20), image: "wide.png", contentMode: .aspectFit)])
        Self.expectDistance(Self.touch(fit, 10, 2, tolerance: 4), "e", 3)
        let fill = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 20, 20), image: "wide.png", contentMode: .aspectFill)])
        Self.expectDistance(Self.touch(fill, 23, 10, tolerance: 4), "e", 3)
    }

    @Test("a rotated element is measured where it is drawn")
    func rotated() throws {
        // 10 × 10 square turned 45° about its centre (5, 5): its right corner is at (5 + 5√2, 5).
        let engine = try F.engine([Element(id: "r", frame: F.rect(0, 0, 10, 10), transform: ElementTransform(rotationDegrees: 45))])
        Self.expectDistance(Self.touch(engine, 5 + 5 * 2.0.squareRoot() + 3, 5, tolerance: 4), "r", 3)
        // 20 × 10 turned 90°: it covers [5, 15] × [−5, 15].
        let tall = try F.engine([Element(id: "t", frame: F.rect(0, 0, 20, 10), transform: ElementTransform(rotationDegrees: 90))])
        Self.expectDistance(Self.touch(tall, 20, 5, tolerance: 6), "t", 5)
        Self.expectDistance(Self.touch(tall, 10, 18, tolerance: 6), "t", 3)
    }

    @Test("a sheared element: the distance to its slanted edge")
    func sheared() throws {
        // x' = x + 0.5·y about the centre (5, 5): the right edge runs from (7.5, 0) to (12.5, 10).
        let engine = try F.engine([Element(id: "s", frame: F.rect(0, 0, 10, 10), transform: ElementTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))])
        Self.expectDistance(Self.touch(engine, 15, 5, tolerance: 5), "s", 50 / 125.0.squareRoot())
    }

    @Test("a clipped child is measured by its visible part: its nearest point inside the clipping parent")
    func clippedChild() throws {
        let engine = try F.engine([
            Element(id: "clip", frame: F.rect(0, 0, 10, 10), shape: .none, clipsToBounds: true, children: [
                Element(id: "child", frame: F.rect(5, 0, 20, 10))
            ])
        ])
        // The child reaches x = 25, but only [5, 10] of it can be hit.
        Self.expectDistance(Self.touch(engine, 13, 5, tolerance: 4), "child", 3)
        #expect(Self.touch(engine, 13, 5, tolerance: 2.9) == nil)
    }

    @Test("a hidden element, and the children of a non-interactive parent, are never selected")
    func skippedElements() throws {
        let engine = try F.engine([
            Element(id: "hidden", frame: F.rect(0, 0, 10, 10), isHidden: true),
            Element(id: "parent", frame: F.rect(20, 0, 10, 10), isInteractive: false, children: [Element(id: "child", frame: F.rect(0, 0, 5, 5))]),
            Element(id: "far", frame: F.rect(50, 0, 10, 10)),
        ])
        // "hidden" is 2 away and the child 0 (the point is inside it), yet "far", 38 and 23 away, is chosen.
        Self.expectDistance(Self.touch(engine, 12, 2, tolerance: 40), "far", 38)
        Self.expectDistance(Self.touch(engine, 22, 2, tolerance: 30), "far", 28)
        #expect(Self.touch(engine, 22, 2, tolerance: 27) == nil)
    }

    @Test("equal distances: the front-most wins (a later sibling, a child before its parent)")
    func ties() throws {
        let siblings = try F.engine([Element(id: "left", frame: F.rect(0, 0, 10, 10)), Element(id: "right", frame: F.rect(20, 0, 10, 10))])
        Self.expectDistance(Self.touch(siblings, 15, 5, tolerance: 6), "right", 5)
        let nested = try F.engine([
            Element(id: "parent", frame: F.rect(0, 0, 10, 10), children: [Element(id: "child", frame: F.rect(0, 0, 10, 5))])
        ])
        // Above the parent's top edge, equally near the child's top edge: the child is in front.
        Self.expectDistance(Self.touch(nested, 5, -2, tolerance: 3), "child", 2)
        // Nearer the parent: it wins whatever the order.
        Self.expectDistance(Self.touch(nested, 5, 12, tolerance: 3), "parent", 2)
    }

    @Test("an element's own tolerance overrides the query's, which overrides the layout's default")
    func toleranceOrder() throws {
        let folder = try F.ImageFolder()
        let elements = [
            Element(id: "strict", frame: F.rect(0, 0, 10, 10), touchTolerance: 2),
            Element(id: "generous", frame: F.rect(30, 0, 10, 10), touchTolerance: 12),
        ]
        let engine = try folder.engine(elements, defaults: Layout.Defaults(touchTolerance: 1))
        // 3 from "strict" (its own 2 is too small, whatever the query says), 17 from "generous".
        #expect(Self.touch(engine, 13, 5, tolerance: 100) == nil)
        // 8 from "generous": its own 12 applies even to a query of 0 and to the layout default.
        Self.expectDistance(Self.touch(engine, 22, 5, tolerance: 0), "generous", 8)
        Self.expectDistance(Self.touch(engine, 22, 5), "generous", 8)
        // Without own tolerances, the query's replaces the layout default of 1.
        let plain = try folder.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10))], defaults: Layout.Defaults(touchTolerance: 1))
        Self.expectDistance(Self.touch(plain, 10.5, 5), "a", 0.5)
        #expect(Self.touch(plain, 13, 5) == nil)
        Self.expectDistance(Self.touch(plain, 13, 5, tolerance: 3), "a", 3)
        #expect(plain.elementIndex(at: Point(x: 10.5, y: 5)) == plain.element(withID: "a"), "the layout default applies to the plain query")
        #expect(plain.elementIndex(at: Point(x: 10.5, y: 5), tolerance: 0) == nil, "a query tolerance of 0 turns it off")
    }

    @Test("exact hits always win over nearer-looking candidates, and a point outside the canvas hits nothing")
    func exactHitsWin() throws {
        let engine = try F.engine(
            [Element(id: "back", frame: F.rect(0, 0, 10, 10)), Element(id: "front", frame: F.rect(12, 0, 10, 10))], canvas: Size(width: 30, height: 10))
        Self.expectDistance(Self.touch(engine, 9.5, 5, tolerance: 5), "back", 0)
        #expect(Self.touch(engine, 9.5, 5, tolerance: 5)?.isExactHit == true)
        #expect(Self.touch(engine, 5, 11, tolerance: 5) == nil, "below the canvas")
    }

    @Test("the ranked candidates: exact hits front to back, then near ones by distance, each with its nearest point")
    func rankedCandidates() throws {
        let engine = try F.engine([
            Element(id: "under", frame: F.rect(0, 0, 20, 20)),
            Element(id: "over", frame: F.rect(5, 5, 10, 10)),
            Element(id: "near", frame: F.rect(14, 25, 10, 10)),
            Element(id: "far", frame: F.rect(30, 0, 10, 10)),
        ])
        let list = engine.touchCandidates(at: Point(x: 14, y: 14), tolerance: 17)
        #expect(list.map(\.id) == ["over", "under", "near", "far"])
        #expect(list.map(\.isExactHit) == [true, true, false, false])
        #expect(list.map(\.distance).map { ($0 * 100).rounded() / 100 } == [0, 0, 11, 16.49])  // √(16² + 4²) to the far corner (30, 10)
        #expect(list.map(\.nearestPoint) == [Point(x: 14, y: 14), Point(x: 14, y: 14), Point(x: 14, y: 25), Point(x: 30, y: 10)])
        #expect(engine.touchCandidates(at: Point(x: 14, y: 14), tolerance: 12).map(\.id) == ["over", "under", "near"])
    }
}
