@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// How problems in a layout file are reported: file order, ids, overflowing transforms, columns, line ends, a PNG given as the layout.
@Suite("Layout problems as reported")
struct LayoutProblemReportTests {
    @Test("several problems in one object are reported in file order (line, then column)")
    func problemsInFileOrder() throws {
        let (_, path) = try CommandFixtures.layout(
            #"{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "image": "i.png", "capInsets": {"right": -1, "top": -2, "bottom": -3}}"#,
            extra: #" "defaults": {"imageScale": 0, "alphaThreshold": 2},"#)
        let outcome = try HitTestRunner.run(["validate", path])
        #expect(outcome.status == 1)
        let paths = outcome.text.split(separator: "\n").map { $0.split(separator: ": ")[1] }
        #expect(paths == [
            "defaults.imageScale", "defaults.alphaThreshold", "elements[0].image", "elements[0].capInsets.right",
            "elements[0].capInsets.top", "elements[0].capInsets.bottom",
        ])
    }

    @Test("ids are printable, without whitespace or control characters, and not '-'", arguments: ["a\\nb", "x y", "-", "tab\\there", ""])
    func restrictedIDs(id: String) throws {
        let (_, path) = try CommandFixtures.layout(#"{"id": "\#(id)", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#)
        let outcome = try HitTestRunner.run(["query", path, "1,1"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("elements[0].id: must"))
    }

    @Test("a transform too large to invert says it overflows")
    func transformOverflow() throws {
        let (_, path) = try CommandFixtures.layout(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "transform": [1e200, 0, 0, 1e200, 0, 0]}"#)
        let outcome = try HitTestRunner.run(["validate", path])
        #expect(outcome.text.contains("elements[0].transform: overflows"), "\(outcome.text)")
        #expect(!outcome.text.contains("singular"))
    }

    @Test("columns count characters, not bytes")
    func characterColumns() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("{\"version\": 1, \"elements\": [{\"id\": \"ééé\",}]}".utf8), to: path)
        let outcome = try HitTestRunner.run(["validate", path])
        // The "}" after the comma is the 42nd character (the 45th byte: each é takes two).
        #expect(outcome.text.hasPrefix("\(path):1:42: invalid JSON"), "\(outcome.text)")
    }

    @Test("a PNG given as the layout is named as such")
    func pngAsLayout() throws {
        let png = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path
        let outcome = try HitTestRunner.run(["validate", png])
        #expect(outcome.status == 1)
        #expect(outcome.text == "\(png):1:1: invalid JSON: byte 0x89: this looks like a PNG image, not a layout file\n")
    }

    @Test("CR, LF and CRLF all end lines", arguments: ["\r", "\n", "\r\n"])
    func lineEndings(newline: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("layout.json").path
        let text = ["{\"version\": 1,", "\"elements\": [", "{\"id\": \"a\",", "\"frame\": {\"x\": 0, \"y\": 0, \"width\": -1, \"height\": 1}}]}"]
        try Fixtures.write(Array(text.joined(separator: newline).utf8), to: path)
        let outcome = try HitTestRunner.run(["validate", path])
        #expect(outcome.text.hasPrefix("\(path):4: elements[0].frame.width"), "\(outcome.text)")
    }
}
