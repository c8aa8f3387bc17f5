@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import AlphaHitReports
import Testing

/// The canvas rule, in its one home (`HitTester.isOnCanvas`): `[0, width) × [0, height)`, and every
/// query outside it answers nothing, exact or by touch tolerance.
@Suite("Canvas")
struct CanvasTests {
    static let engine = try! HitTester(layout: Layout(
        canvas: Size(width: 100, height: 50), elements: [Element(id: "big", frame: Rect(x: -20, y: -20, width: 200, height: 200))]))

    @Test(
        "the canvas is half-open, and outside it nothing is hit",
        arguments: [(0.0, 0.0, true), (99.999, 49.999, true), (100, 10, false), (10, 50, false), (-0.001, 10, false), (10, -1e-300, false), (.nan, 1, false)])
    func halfOpen(x: Double, y: Double, inside: Bool) {
        let point = Point(x: x, y: y)
        #expect(Self.engine.isOnCanvas(point) == inside)
        #expect((Self.engine.hit(at: point) != nil) == inside)
        #expect((Self.engine.touchHit(at: point, tolerance: 1000) != nil) == inside)
        #expect(Self.engine.explain(at: point).json.contains("\"outsideCanvas\":true") == !inside)
    }

    @Test("without a canvas every finite point is on it")
    func noCanvas() throws {
        let engine = try HitTester(layout: Layout(elements: [Element(id: "a", frame: Rect(x: 0, y: 0, width: 1, height: 1))]))
        #expect(engine.isOnCanvas(Point(x: -1e300, y: 1e300)))
    }
}
