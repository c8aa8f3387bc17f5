@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// Coordinates, bounds, transforms and shapes, with hand-computed expectations.
@Suite("Engine geometry")
struct EngineGeometryTests {
    typealias F = EngineFixtures

    @Test(
        "bounds are half-open: x <= px < x + w and y <= py < y + h",
        arguments: [(10.0, 10.0, true), (15, 10, false), (14.999, 14.999, true), (10, 15, false), (9.999, 12, false), (12, 12, true)])
    func halfOpenBounds(x: Double, y: Double, inside: Bool) throws {
        let engine = try F.engine([Element(id: "a", frame: F.rect(10, 10, 5, 5))])
        #expect((engine.id(atX: x, y: y) == "a") == inside)
    }

    @Test("a child's frame is in its parent's local space")
    func childFrameIsLocal() throws {
        let engine = try F.engine([
            Element(id: "parent", frame: F.rect(100, 50, 10, 10), shape: .none, children: [Element(id: "child", frame: F.rect(5, 5, 2, 2))])
        ])
        #expect(engine.id(atX: 105.5, y: 55.5) == "child")
        #expect(engine.hit(at: Point(x: 105.5, y: 55.5))?.localPoint == Point(x: 0.5, y: 0.5))
        #expect(engine.id(atX: 5.5, y: 5.5) == nil)
    }

    @Test(
        "rotation turns clockwise on screen about the frame's centre",
        arguments: [
            // Frame (0, 0, 20, 10), centre (10, 5), rotated 90°: local (19, 5) lands at (10, 14).
            (10.0, 14.0, true), (10, 14.5, true), (10, 15.5, false), (3, 5, false), (10, -4.5, true), (16, 5, false),
        ])
    func rotation(x: Double, y: Double, hit: Bool) throws {
        let engine = try F.engine([Element(id: "r", frame: F.rect(0, 0, 20, 10), transform: ElementTransform(rotationDegrees: 90))])
        #expect((engine.id(atX: x, y: y) == "r") == hit)
        if x == 10 && y == 14 {
            let local = try #require(engine.hit(at: Point(x: x, y: y))?.localPoint)
            #expect(abs(local.x - 19) < 1e-9 && abs(local.y - 5) < 1e-9)
        }
    }

    @Test("scale applies about the centre: frame (10, 10, 10, 10) scaled 2x covers [5, 25)")
    func scaleAboutCentre() throws {
        let engine = try F.engine([Element(id: "s", frame: F.rect(10, 10, 10, 10), transform: ElementTransform(scaleX: 2, scaleY: 2))])
        #expect(engine.hit(at: Point(x: 6, y: 6))?.localPoint == Point(x: 0.5, y: 0.5))
        #expect(engine.id(atX: 4.9, y: 6) == nil)
        #expect(engine.id(atX: 24.9, y: 24.9) == "s")
        #expect(engine.id(atX: 25, y: 20) == nil)
    }

    @Test("the matrix form follows CoreGraphics: x' = a*x + c*y + tx, y' = b*x + d*y + ty")
    func matrixForm() throws {
        // Shear [1, 0, 0.5, 1, 0, 0] on (0, 0, 10, 10): local (1, 9) lands at (3, 9).
        let shear = ElementTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        let engine = try F.engine([Element(id: "m", frame: F.rect(0, 0, 10, 10), transform: shear)])
        #expect(engine.hit(at: Point(x: 3, y: 9))?.localPoint == Point(x: 1, y: 9))
        #expect(engine.id(atX: 0.5, y: 9) == nil)
        let moved = try F.engine([Element(id: "t", frame: F.rect(0, 0, 10, 10), transform: ElementTransform(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0))])
        #expect(moved.hit(at: Point(x: 105, y: 5))?.localPoint == Point(x: 5, y: 5))
        #expect(moved.id(atX: 5, y: 5) == nil)
    }

    @Test("the convenience form combines scale, then rotation, then translation")
    func convenienceOrder() throws {
        let transform = ElementTransform(rotationDegrees: 90, scaleX: 2, scaleY: 1, translateX: 3, translateY: 0)
        #expect(abs(transform.a) < 1e-12 && abs(transform.b - 2) < 1e-12 && abs(transform.c + 1) < 1e-12 && abs(transform.d) < 1e-12)
        #expect((transform.tx, transform.ty) == (3, 0))
        // Frame (0, 0, 10, 2), centre (5, 1): local (9, 1) -> (5, 1) + M·(4, 0) + (3, 0) = (8, 9).
        // Scaling after rotating would make the strip 2 long and 4 wide instead of 20 long and 2 wide.
        let engine = try F.engine([Element(id: "c", frame: F.rect(0, 0, 10, 2), transform: transform)])
        let local = try #require(engine.hit(at: Point(x: 8, y: 9))?.localPoint)
        #expect(abs(local.x - 9) < 1e-9 && abs(local.y - 1) < 1e-9)
        #expect(engine.id(atX: 8, y: -8.5) == "c")
        #expect(engine.id(atX: 9.5, y: 0) == nil)
    }

    @Test("a singular transform is a validation error naming the element")
    func singularTransform() throws {
        let error = try #require(throws: LayoutError.self) {
            try F.engine([
                Element(id: "ok", frame: F.rect(0, 0, 1, 1)),
                Element(id: "flat", frame: F.rect(0, 0, 1, 1), transform: ElementTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)),
            ])
        }
        #expect(error.problems.map(\.path) == ["elements[1].transform"])
        #expect(error.problems[0].message.contains("singular"))
    }

    @Test(
        "ellipse: hit when ((x − w/2)/(w/2))² + ((y − h/2)/(h/2))² ≤ 1",
        arguments: [(5.0, 0.1, true), (0.5, 0.5, false), (0.0, 5.0, true), (9.99, 5.0, true), (9.5, 9.5, false), (5, 5, true)])
    func ellipse(x: Double, y: Double, hit: Bool) throws {
        let engine = try F.engine([Element(id: "e", frame: F.rect(0, 0, 10, 10), shape: .ellipse)])
        #expect((engine.id(atX: x, y: y) == "e") == hit)
    }

    @Test(
        "rounded corners: inside a corner's r×r square, hit only within r of the corner circle's centre",
        arguments: roundedCornerCases)
    func roundedCorners(corners: ElementShape.Corners, x: Double, y: Double, hit: Bool) throws {
        let engine = try F.engine([Element(id: "r", frame: F.rect(0, 0, 10, 10), shape: .roundedRect(radius: 4, corners: corners))])
        #expect((engine.id(atX: x, y: y) == "r") == hit)
    }

    static let diagonal: ElementShape.Corners = [.topRight, .bottomLeft]
    static let roundedCornerCases: [(ElementShape.Corners, Double, Double, Bool)] = [
            // 10 × 10, r = 4; corner centres (4, 4), (6, 4), (4, 6), (6, 6).
            (ElementShape.Corners.all, 0.5, 0.5, false), (.all, 1.2, 1.2, true), (.all, 4, 0, true), (.all, 3.9, 0, false),
            (.all, 9.5, 9.5, false), (.all, 9.5, 0.5, false), (.all, 0.5, 9.5, false), (.all, 5, 5, true),
            (.topLeft, 0.5, 0.5, false), (.topLeft, 9.5, 0.5, true), (.topLeft, 9.5, 9.5, true),
            (diagonal, 9.5, 0.5, false), (diagonal, 0.5, 9.5, false), (diagonal, 0.5, 0.5, true),
            (.bottomRight, 9.5, 9.5, false), (.bottomRight, 0.5, 0.5, true),
        ]

    @Test("the corner radius is clamped to half the width and height", arguments: [(0.5, 0.5, false), (1.5, 1.5, true), (5, 0.1, true)])
    func clampedRadius(x: Double, y: Double, hit: Bool) throws {
        // 10 × 6 with radius 100: r' = min(100, 5, 3) = 3, corner centre (3, 3).
        let engine = try F.engine([Element(id: "r", frame: F.rect(0, 0, 10, 6), shape: .roundedRect(radius: 100))])
        #expect((engine.id(atX: x, y: y) == "r") == hit)
    }

    @Test("shape none is never hit itself, but its children are (a pass-through container)")
    func passThrough() throws {
        let engine = try F.engine([
            Element(id: "below", frame: F.rect(0, 0, 100, 100)),
            Element(id: "container", frame: F.rect(0, 0, 100, 100), shape: .none, children: [Element(id: "button", frame: F.rect(10, 10, 10, 10))]),
        ])
        #expect(engine.id(atX: 50, y: 50) == "below")
        #expect(engine.id(atX: 15, y: 15) == "button")
        #expect(engine.explanation(at: Point(x: 50, y: 50)).map(\.verdict) == [.outsideBounds, .outsideShape, .hit])
    }

    @Test("a canvas limits the layout: points outside it hit nothing")
    func canvas() throws {
        let engine = try F.engine([Element(id: "big", frame: F.rect(-50, -50, 200, 200))], canvas: Size(width: 100, height: 80))
        #expect(engine.id(atX: 0, y: 0) == "big")
        #expect(engine.id(atX: 99.9, y: 79.9) == "big")
        #expect(engine.id(atX: 100, y: 10) == nil)
        #expect(engine.id(atX: -1, y: 10) == nil)
        #expect(engine.explanation(at: Point(x: 10, y: 80)).isEmpty)
    }
}
