@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// Layouts that cannot become an engine: every problem reported at once, with its path.
@Suite("Engine validation")
struct EngineValidationTests {
    typealias F = EngineFixtures

    @Test("every problem in the layout is reported at once, each naming its element's path")
    func allProblemsAtOnce() throws {
        let folder = try EngineFixtures.ImageFolder()
        let error = try #require(throws: LayoutError.self) {
            try folder.engine(
                [
                    Element(id: "a", frame: F.rect(0, 0, -1, 10)),
                    Element(id: "b", frame: F.rect(.nan, 0, 1, .infinity), children: [
                        Element(id: "a", frame: F.rect(0, 0, 1, 1), alphaThreshold: 1.5),
                        Element(id: "", frame: F.rect(0, 0, 1, 1), imageScale: 0, opacity: .nan),
                    ]),
                    Element(id: "c", frame: F.rect(0, 0, 1, 1), image: "missing.png", shape: .roundedRect(radius: -2)),
                ],
                canvas: Size(width: -5, height: 10), defaults: .init(alphaThreshold: -0.1, imageScale: .infinity))
        }
        let lines = error.problems.map(\.description)
        let expectedPrefixes = [
            "canvas.width: must be a finite number ≥ 0",
            "defaults.alphaThreshold: must be a number from 0 to 1",
            "defaults.imageScale: must be a finite number > 0",
            "elements[0].frame.width: must be a finite number ≥ 0",
            "elements[1].frame.x: must be a finite number",
            "elements[1].frame.height: must be a finite number ≥ 0",
            "elements[1].children[0].alphaThreshold: must be a number from 0 to 1",
            "elements[1].children[1].id: must be a non-empty string",
            "elements[1].children[1].imageScale: must be a finite number > 0",
            "elements[1].children[1].opacity: must be a number from 0 to 1",
            "elements[2].shape.radius: must be a finite number ≥ 0",
            "elements[1].children[0].id: duplicate id \"a\", already used at elements[0]",
            "elements[2].image: ",
        ]
        #expect(lines.count == expectedPrefixes.count)
        for (line, prefix) in zip(lines, expectedPrefixes) { #expect(line.hasPrefix(prefix), "\(line)") }
        #expect(lines.last?.contains("missing.png: no such file") == true)
    }

    @Test("an image that cannot be decoded is reported with the decoder's message")
    func corruptImage() throws {
        let folder = try EngineFixtures.ImageFolder()
        try Fixtures.write(Array("not a png at all".utf8), to: folder.url.appendingPathComponent("bad.png").path)
        let error = try #require(throws: LayoutError.self) {
            try folder.engine([Element(id: "x", frame: F.rect(0, 0, 1, 1), image: "bad.png")])
        }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].path == "elements[0].image")
        #expect(error.problems[0].message.hasSuffix("bad.png: not a PNG, WebP or SVG image (libpng: Not a PNG file)"))
    }

    @Test("nesting deeper than 256 levels is rejected without exhausting the stack")
    func depthLimit() throws {
        var element = Element(id: "leaf", frame: F.rect(0, 0, 1, 1))
        for level in 0..<300 { element = Element(id: "n\(level)", frame: F.rect(0, 0, 1, 1), children: [element]) }
        let error = try #require(throws: LayoutError.self) { try F.engine([element]) }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].message.contains("deeper than 256 levels"))
        var shallow = Element(id: "leaf", frame: F.rect(0, 0, 1, 1))
        for level in 0..<255 { shallow = Element(id: "n\(level)", frame: F.rect(0, 0, 1, 1), children: [shallow]) }
        #expect(try F.engine([shallow]).id(atX: 0.5, y: 0.5) == "leaf")
    }

    @Test("an empty layout hits nothing")
    func emptyLayout() throws {
        let engine = try F.engine([])
        #expect(engine.hit(at: Point(x: 0, y: 0)) == nil)
        #expect(engine.explanation(at: Point(x: 0, y: 0)).isEmpty)
    }

    @Test("non-finite points hit nothing")
    func nonFinitePoints() throws {
        let engine = try F.engine([Element(id: "a", frame: F.rect(-1e300, -1e300, .greatestFiniteMagnitude, .greatestFiniteMagnitude))])
        #expect(engine.id(atX: 0, y: 0) == "a")
        for point in [Point(x: .nan, y: 0), Point(x: 0, y: .infinity), Point(x: -.infinity, y: .nan)] {
            #expect(engine.hit(at: point) == nil)
        }
    }
}

extension EngineValidationTests {
    @Test("extreme but finite geometry builds and answers: a hair-thin, very wide layout")
    func extremeAspect() throws {
        let engine = try F.engine([
            Element(id: "wide", frame: F.rect(0, 0, 1e250, 1e-250)),
            Element(id: "dot", frame: F.rect(5, 0, 1, 1e-250)),
        ])
        #expect(engine.id(atX: 5.5, y: 0) == "dot")
        #expect(engine.id(atX: 1e249, y: 0) == "wide")
        #expect(engine.id(atX: 1e249, y: 1) == nil)
        // Extents whose difference overflows to infinity.
        let vast = try F.engine([
            Element(id: "left", frame: F.rect(-1.5e308, 0, 1, 1)),
            Element(id: "right", frame: F.rect(1.5e308, 0, 1, 1)),
            Element(id: "middle", frame: F.rect(0, 0, 1, 1)),
        ])
        #expect([vast.id(atX: -1.5e308, y: 0.5), vast.id(atX: 1.5e308, y: 0.5), vast.id(atX: 0.5, y: 0.5), vast.id(atX: 2, y: 0.5)] == ["left", "right", "middle", nil])
    }
}

extension EngineValidationTests {
    @Test("the never-hit check skips, and says so, when the hit map would be too large")
    func hugeHitMap() throws {
        let engine = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10))], canvas: Size(width: 100_000, height: 100_000))
        let reachability = engine.unreachableElements()
        #expect(reachability.warnings.isEmpty)
        #expect(!reachability.checkedOwnership)
        let small = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10)), Element(id: "b", frame: F.rect(0, 0, 10, 10))])
        #expect(small.unreachableElements().warnings.map(\.path) == ["elements[0]"])
        #expect(small.unreachableElements().warnings.map(\.severity) == [.warning])
    }
}
