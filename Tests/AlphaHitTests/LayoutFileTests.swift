@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
@testable import AlphaHitJSON
import Foundation
import Testing

/// The layout file format: every key, and every problem reported at once with its JSON path and line.
@Suite("Layout file")
struct LayoutFileTests {
    static func decode(_ text: String) throws(LayoutFileError) -> Layout {
        try LayoutFile.decode(Array(text.utf8), name: "test.json")
    }

    static func issues(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            return []
        } catch {
            if case .invalid(let invalid) = error { return invalid.problems.map(\.description) }
            return [error.description]
        }
    }

    @Test("every key of version 1 is read")
    func everyKey() throws {
        let layout = try Self.decode("""
            {"version": 1, "canvas": {"width": 300, "height": 200},
             "defaults": {"alphaThreshold": 0.2, "imageScale": 2, "contentMode": "aspectFit"},
             "elements": [
               {"id": "a", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}, "image": "a.png", "imageScale": 3,
                "contentMode": "center", "capInsets": {"top": 1, "left": 2}, "resizingMode": "tile", "alphaThreshold": 0.5,
                "shape": {"type": "roundedRect", "radius": 5, "corners": ["topLeft", "bottomRight"]},
                "transform": [1, 0, 0, 2, 5, 6], "hidden": true, "interactive": false, "opacity": 0.5, "clipsToBounds": true,
                "children": [{"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "shape": "ellipse",
                              "transform": {"rotate": 90, "scale": [2, 3], "translate": [4, 5]}}]}
             ]}
            """)
        #expect(layout.canvas == Size(width: 300, height: 200))
        #expect(layout.defaults == Layout.Defaults(alphaThreshold: 0.2, imageScale: 2, contentMode: .aspectFit))
        let a = layout.elements[0]
        #expect(a.id == "a" && a.frame == Rect(x: 1, y: 2, width: 3, height: 4) && a.image == "a.png" && a.imageScale == 3)
        #expect(a.contentMode == .center && a.capInsets == EdgeInsets(top: 1, left: 2, bottom: 0, right: 0) && a.resizingMode == .tile)
        #expect(a.alphaThreshold == 0.5 && a.shape == .roundedRect(radius: 5, corners: [.topLeft, .bottomRight]))
        #expect(a.transform == ElementTransform(a: 1, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        #expect(a.isHidden && !a.isInteractive && a.opacity == 0.5 && a.clipsToBounds)
        let b = a.children[0]
        #expect(b.shape == .ellipse)
        #expect(b.transform == ElementTransform(rotationDegrees: 90, scaleX: 2, scaleY: 3, translateX: 4, translateY: 5))
    }

    @Test("shapes by name and by object; scale as one number; defaults when keys are absent")
    func shapesAndDefaults() throws {
        let layout = try Self.decode("""
            {"version": 1, "elements": [
              {"id": "r", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "shape": "rect", "transform": {"scale": 2}},
              {"id": "n", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "shape": {"type": "none"}},
              {"id": "d", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "shape": {"type": "roundedRect", "radius": 2}}
            ]}
            """)
        #expect(layout.elements.map(\.shape) == [.rect, .none, .roundedRect(radius: 2, corners: .all)])
        #expect(layout.elements[0].transform == ElementTransform(scaleX: 2, scaleY: 2))
        let n = layout.elements[1]
        #expect(n.isInteractive && !n.isHidden && n.opacity == 1 && !n.clipsToBounds && n.resizingMode == .stretch && n.transform == nil)
        #expect(layout.canvas == nil && layout.defaults == Layout.Defaults())
    }

    @Test("every structural problem is reported at once, in file order (line, then column), each with its JSON path; a missing key is placed where its object starts")
    func allProblems() {
        let issues = Self.issues("""
            {"version": 1,
             "elements": [
               {"id": "a", "fram": {"x": 0, "y": 0, "width": 1, "height": 1}},
               {"id": 7, "frame": {"x": 0, "y": "0", "width": 1}},
               {"id": "c", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "contentMode": "fill", "shape": "circle",
                "transform": [1, 0, 0], "hidden": "yes", "children": {}}
             ],
             "colour": "red"}
            """)
        #expect(issues == [
            "elements[0].frame: is required: {\"x\", \"y\", \"width\", \"height\"} in the parent's points",
            "elements[0].fram: unknown key; did you mean \"frame\"?",
            "elements[1].id: must be a string, not a number",
            "elements[1].frame.height: is required: a number",
            "elements[1].frame.y: must be a number, not a string",
            "elements[2].contentMode: unknown value \"fill\"; expected one of scaleToFill, aspectFit, aspectFill, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight",
            "elements[2].shape: unknown shape \"circle\"; expected one of rect, ellipse, none, roundedRect",
            "elements[2].transform: must have exactly 6 numbers [a, b, c, d, tx, ty], not 3",
            "elements[2].hidden: must be true or false, not a string",
            "elements[2].children: must be an array of elements, not an object",
            "colour: unknown key",
        ])
    }

    @Test("an image in a form the format does not have is reported with its path and the forms it may take")
    func imageFormProblems() {
        let issues = Self.issues("""
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "image": ""},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "image": {"atlas": "", "frame": "f"}},
              {"id": "c", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "image": {"file": "", "rect": {"x": 0, "y": 0, "width": 1, "height": 1}}},
              {"id": "d", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "image": 3}
            ]}
            """)
        #expect(issues == [
            "elements[0].image: must be a non-empty path to a PNG file",
            "elements[1].image.atlas: must be a non-empty path to an atlas file",
            "elements[2].image.file: must be a non-empty path to a PNG file",
            "elements[3].image: must be a PNG path, {\"atlas\", \"frame\"} or {\"file\", \"rect\"}, not a number",
        ])
    }

    @Test("a large layout decodes the same split in two halves as in one pass: elements, lines and problems alike")
    func parallelDecodingMatchesSequential() throws {
        // 12,000 top-level elements over several lines each, with problems scattered through both
        // halves (wrong types, unknown keys, a missing frame, a bad child), so that the joined
        // problems, their order and every element's line are checked, not only the happy path.
        var text = "{\"version\": 1, \"elements\": [\n"
        for index in 0..<12_000 {
            var fields = ["\"id\": \"e\(index)\"", "\"frame\": {\"x\": \(index), \"y\": 0, \"width\": 10, \"height\": 10}"]
            switch index % 997 {
            case 3: fields[1] = "\"frame\": {\"x\": 0, \"y\": 0, \"width\": \"ten\", \"height\": 10}"
            case 5: fields.append("\"colour\": \"red\"")
            case 7: fields.remove(at: 1)
            case 11: fields.append("\"children\": [{\"id\": \"c\(index)\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": -1, \"height\": 1}, \"shape\": \"blob\"}]")
            default: break
            }
            text += "  {" + fields.joined(separator: ",\n   ") + "}" + (index < 11_999 ? "," : "") + "\n"
        }
        text += "]}\n"
        let bytes = Array(text.utf8)
        let parallel = try LayoutFile.decodeAll(bytes, name: "big.json", imageDirectory: nil, parallelNodeCount: 0)
        let sequential = try LayoutFile.decodeAll(bytes, name: "big.json", imageDirectory: nil, parallelNodeCount: .max)
        #expect(parallel.layout.elements.count == 12_000)
        #expect(parallel.layout == sequential.layout)
        #expect(parallel.elementLines == sequential.elementLines)
        #expect(parallel.elementLines.count == 12_000 + 13)
        #expect(parallel.problems.map(\.description) == sequential.problems.map(\.description))
        #expect(parallel.problems.count >= 4 * 13)
        #expect(parallel.problems.contains { $0.description.contains("elements[11967].frame.width") })
    }

    @Test("issues carry the line their path starts at")
    func issueLines() throws {
        let error = try #require(throws: LayoutFileError.self) {
            try Self.decode("{\"version\": 1,\n\"elements\": [\n{\"id\": \"a\",\n \"frame\": {\"x\": 0, \"y\": 0, \"width\": true, \"height\": 1}}]}")
        }
        #expect(error.description == "test.json:4: elements[0].frame.width: must be a number, not a boolean")
    }

    @Test(
        "the version is required and must be 1",
        arguments: [
            ("{\"elements\": []}", "version: is required; this release reads version 1"),
            ("{\"version\": 2, \"elements\": []}", "version: 2 is not supported; this release reads version 1"),
            ("{\"version\": \"1\", \"elements\": []}", "version: must be the number 1"),
        ])
    func version(text: String, message: String) {
        #expect(Self.issues(text) == [message])
    }

    @Test(
        "malformed JSON is reported with line and column, never as a crash or a DecodingError dump",
        arguments: [
            ("", "test.json:1:1: invalid JSON: unexpected end of the file; a value was expected"),
            ("{\"version\": 1,\n \"elements\": [}", "test.json:2:15: invalid JSON: unexpected character '}'; a value was expected"),
            ("{\"version\": NaN}", "test.json:1:13: invalid JSON: NaN and Infinity are not JSON numbers; use a finite number"),
            ("{\"version\": -Infinity}", "test.json:1:14: invalid JSON: a digit was expected in the number"),
            ("{\"a\": 1, \"a\": 2}", "test.json:1:13: invalid JSON: the key \"a\" appears twice in this object"),
            ("[1, 2] x", "test.json:1:8: invalid JSON: unexpected text after the JSON document"),
            ("{\"version\": 01}", "test.json:1:14: invalid JSON: ',' or '}' was expected"),
            ("\"\\ud800\"", "test.json:1:8: invalid JSON: a lone surrogate in a \\u escape"),
        ])
    func syntaxErrors(text: String, message: String) {
        #expect(Self.issues(text) == [message])
    }

    @Test("numbers too large for a double are rejected as not finite")
    func hugeNumbers() {
        #expect(Self.issues("{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 1e999, \"y\": 0, \"width\": 1, \"height\": 1}}]}")
            == ["elements[0].frame.x: must be a finite number (this one is too large)"])
    }

    @Test("deep nesting is refused with a clear error, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.issues(deep) == ["test.json:1:601: invalid JSON: nesting is deeper than 600 levels"])
        var element = "{\"id\": \"leaf\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}}"
        for level in 0..<280 { element = "{\"id\": \"n\(level)\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"children\": [\(element)]}" }
        let issues = Self.issues("{\"version\": 1, \"elements\": [\(element)]}")
        #expect(issues.count == 1)
        #expect(issues.first?.hasSuffix("nesting is deeper than 256 levels, the most AlphaHit accepts") == true)
    }

    @Test("loading a file builds the engine, reporting structural and engine problems together")
    func loadWithEngineProblems() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("""
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": -1, "height": 1}, "image": "missing.png"},
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "bogus": 1}
            ]}
            """.utf8), to: path)
        let error = try #require(throws: LayoutFileError.self) { try HitTester(contentsOfLayoutFile: path, cache: ImageCache()) }
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path):2: elements[0].frame.width: must be a finite number ≥ 0",
            "\(path):2: elements[0].image: \(folder.path)/missing.png: no such file",
            "\(path):3: elements[1].id: duplicate id \"a\", already used at elements[0]",
            "\(path):3: elements[1].bogus: unknown key",
        ])
    }

    @Test("a missing or unreadable layout file is reported with the file's name")
    func unreadableFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        let missing = folder.appendingPathComponent("nope.json").path
        #expect(throws: LayoutFileError.unreadable(file: missing, reason: "no such file")) { try LayoutFile.load(contentsOfFile: missing) }
        #expect(throws: LayoutFileError.unreadable(file: folder.path, reason: "it is a directory")) { try LayoutFile.load(contentsOfFile: folder.path) }
    }

    @Test("image paths are relative to the layout file's folder")
    func imagesRelativeToLayout() throws {
        let layout = try LayoutFile.load(contentsOfFile: Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path)
        #expect(layout.imageDirectory == Fixtures.packageRoot.appendingPathComponent("Samples/diamonds").path)
    }

    @Test("every sample layout is valid")
    func samplesAreValid() throws {
        for sample in ["diamonds", "rounded-field", "unit-field", "retina", "nested", "large"] {
            let path = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/layout.json").path
            let engine = try HitTester(contentsOfLayoutFile: path, cache: ImageCache())
            #expect(engine.elements.count > 0)
        }
    }
}

extension LayoutFileTests {
    @Test("numbers of any length read exactly as strtod reads them (the fast path for short ones included)", arguments: [
        "0", "-0", "7", "-12.5", "0.1", "123456789012345", "1234567890123456", "22222222222222222222222222222222222222222222222222222222226",
        "0.30000000000000004", "1e3", "-2.5E-3", "9007199254740993", "0.0000000000000000000001",
    ])
    func numbersReadExactly(text: String) throws {
        let document = try JSONParser.parse(Array(text.utf8))
        let value = try #require(withExtendedLifetime(document) { () -> Double? in
            if case .number(let value) = document.root.value { return value }
            return nil
        })
        let expected = try #require(Double(text))
        #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) vs \(expected)")
    }
}
