import Testing
@testable import AlphaHit

/// The README's library example, so the README stays true.
@Suite("README example")
struct ReadmeExampleTests {
    static let diamonds = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds")

    @Test("a layout built in code: the front diamond's transparent corner lets the point through")
    func layoutInCode() throws {
        let layout = Layout(elements: [
            Element(id: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100), image: "diamond.png"),
            Element(id: "front", frame: Rect(x: 50, y: 0, width: 100, height: 100), image: "diamond.png", alphaThreshold: 0.5),
        ], imageDirectory: Self.diamonds.path)
        let engine = try HitTester(layout: layout, cache: ImageCache())
        #expect(engine.hit(at: Point(x: 55, y: 10))?.id == "back")
        #expect(engine.explanation(at: Point(x: 55, y: 10)).map(\.verdict.description) == [
            "transparent: pixel (5, 10) has alpha 0 below minAlpha 128", "hit",
        ])
    }

    @Test("the diamonds sample: (75, 95) lies in the transparent corners of south and north, and reaches west")
    func diamondsSample() throws {
        let engine = try HitTester(contentsOfLayoutFile: Self.diamonds.appendingPathComponent("layout.json").path, cache: ImageCache())
        #expect(engine.hit(at: Point(x: 75, y: 95))?.id == "west")
        #expect(engine.explanation(at: Point(x: 75, y: 95)).map(\.id) == ["south", "north", "east", "west"])
    }
}
