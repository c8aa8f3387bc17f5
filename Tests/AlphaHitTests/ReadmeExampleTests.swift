import Testing
@testable import AlphaHit

/// The README's library example, so the README stays true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("two overlapping badges: the front badge's transparent corner lets the point through")
    func overlappingBadges() throws {
        let layout = Layout(elements: [
            Element(id: "back", frame: Rect(x: 0, y: 0, width: 64, height: 64), image: "badge.png"),
            Element(id: "front", frame: Rect(x: 32, y: 0, width: 64, height: 64), image: "badge.png", alphaThreshold: 0.5),
        ], imageDirectory: Fixtures.packageRoot.appendingPathComponent("Samples").path)
        let engine = try HitTester(layout: layout, cache: ImageCache())
        #expect(engine.hitTest(Point(x: 35, y: 2))?.id == "back")
        #expect(engine.explain(Point(x: 35, y: 2)).map(\.verdict.description) == [
            "transparent: pixel (3, 2) has alpha 0 below minAlpha 128", "hit",
        ])
    }
}
