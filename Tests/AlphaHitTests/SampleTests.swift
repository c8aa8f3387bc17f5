@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// What `Samples/README.md` and `Docs/LayoutFormat.md` promise, checked against the real files.
@Suite("Samples and format page")
struct SampleTests {
    static func engine(_ sample: String) throws -> HitTester {
        try HitTester(contentsOfLayoutFile: Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/layout.json").path, cache: ImageCache())
    }

    static func ids(_ engine: HitTester, _ points: [(Double, Double)]) -> [String] {
        points.map { engine.hit(at: Point(x: $0.0, y: $0.1))?.id ?? "-" }
    }

    @Test("diamonds: a transparent corner of the top buttons reaches the one below")
    func diamonds() throws {
        #expect(Self.ids(try Self.engine("diamonds"), [(75, 95), (120, 110), (120, 10), (200, 80), (5, 5)]) == ["west", "south", "north", "east", "-"])
    }

    @Test("rounded-field: corners stay transparent at every width; each clear button answers")
    func roundedField() throws {
        let engine = try Self.engine("rounded-field")
        #expect(Self.ids(engine, [(11, 11), (40, 30), (150, 80), (300, 130), (11, 61), (309, 149)]) == ["-", "clear-short", "clear-medium", "clear-wide", "-", "-"])
        #expect(Self.ids(engine, [(30, 30), (100, 80), (200, 130)]) == ["field-short", "field-medium", "field-wide"])
    }

    @Test("unit-field: prefix and unit labels as children, the field between them")
    func unitField() throws {
        #expect(Self.ids(try Self.engine("unit-field"), [(25, 25), (220, 25), (120, 30), (11, 11)]) == ["currency", "unit", "amount", "-"])
    }

    @Test("retina: the same point in the @1x, @2x and @3x copies gives the same answer", arguments: 0..<40)
    func retina(row: Int) throws {
        let engine = try Self.engine("retina")
        for column in 0..<80 {
            let x = Double(column) / 2 + 0.25, y = Double(row) + 0.5
            let answers = Self.ids(engine, [(x, y), (x + 50, y), (x + 100, y)])
            let expected = answers[0] == "-" ? ["-", "-", "-"] : ["cross-1x", "cross-2x", "cross-3x"]
            #expect(answers == expected, "at \(x),\(y)")
        }
    }

    @Test("nested: the rotated panel clips its children; the pass-through toolbar lets the backdrop answer")
    func nested() throws {
        let engine = try Self.engine("nested")
        #expect(Self.ids(engine, [(100, 90), (30, 170), (140, 175), (250, 20)]) == ["panel-button", "play", "backdrop", "backdrop"])
        #expect(engine.explanation(at: Point(x: 140, y: 175)).map(\.id).prefix(3) == ["stop", "play", "toolbar"])
        // A point beyond the panel's rotated edge, inside where overhang's unclipped frame would be.
        let outside = engine.explanation(at: Point(x: 225, y: 140))
        #expect(outside.contains { $0.id == "overhang" && $0.verdict == .clippedByAncestor(id: "panel") })
    }

    @Test("large: 10,000 elements")
    func large() throws {
        #expect(try Self.engine("large").elements.count == 10_000)
    }

    @Test("the complete example on the format page is a valid layout that uses every key")
    func formatPageExample() throws {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/LayoutFormat.md"), encoding: .utf8)
        let block = try #require(page.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let layout = try LayoutFile.decode(Array(block.utf8), name: "LayoutFormat.md")
        #expect(layout.elements.count == 4)
        for key in LayoutDecoder.elementKeys.names + LayoutDecoder.rootKeys.names {
            #expect(block.contains("\"\(key)\""), "the example should show \(key)")
        }
    }
}
