@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// The defects a new user found in the command line's plumbing, one test each, as the issue's
/// table lists them: what happened, and what must happen instead.
@Suite("hittest plumbing defects")
struct CommandLineDefectTests {
    static let diamonds = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path

    /// A layout file in a fresh folder, with the given elements JSON.
    static func layout(_ elements: String, extra: String = "", _ label: String = #function) throws -> (folder: URL, path: String) {
        let folder = try Fixtures.temporaryDirectory(label)
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("{\"version\": 1,\(extra) \"elements\": [\(elements)]}".utf8), to: path)
        return (folder, path)
    }

    @Test("an unwritable render output is one line naming the path and the reason", arguments: ["dir", "missing/dir/x.png", "legend-dir"])
    func unwritableOutput(kind: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        let png = folder.appendingPathComponent("map.png").path
        let arguments: [String]
        let named: String
        switch kind {
        case "dir": (arguments, named) = (["-o", folder.path], folder.path)
        case "legend-dir": (arguments, named) = (["-o", png, "--legend", folder.path], folder.path)
        default: (arguments, named) = (["-o", folder.appendingPathComponent(kind).path], folder.appendingPathComponent(kind).path)
        }
        let outcome = try HitTestRunner.run(["render", Self.diamonds] + arguments)
        #expect(outcome.status == 1)
        let reason = kind == "missing/dir/x.png" ? "No such file or directory" : "Is a directory"
        #expect(outcome.standardError == "Error: \(named): cannot open for writing: \(reason)\n")
    }

    @Test(
        "every command checks its writes: a full standard output is exit 1 with a message",
        arguments: [["validate", diamonds], ["render", diamonds, "-o", "-"], ["render", diamonds, "-o", "/dev/null"],
            ["inspect", Fixtures.packageRoot.appendingPathComponent("Samples/rounded-field/field@2x.png").path], ["--help"], ["help", "query"],
            ["query", diamonds, "1,1"], ["--version"]])
    func fullStandardOutput(arguments: [String]) throws {
        let outcome = try HitTestRunner.runBinary(arguments, standardOutput: "/dev/full")
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("cannot write to standard output"), "\(outcome.standardError)")
    }

    @Test("without a canvas the picture reaches exactly the far edges: a 100 x 100 element renders 100 x 100")
    func exactExtent() throws {
        let (folder, path) = try Self.layout(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}"#)
        let png = folder.appendingPathComponent("a.png").path
        #expect(try HitTestRunner.run(["render", path, "-o", png]).status == 0)
        let header = try PNGDecoder().readHeader(contentsOfFile: png)
        #expect((header.width, header.height) == (100, 100))
        let diamonds = folder.appendingPathComponent("d.png").path
        #expect(try HitTestRunner.run(["render", Self.diamonds.replacingOccurrences(of: "diamonds", with: "nested"), "-o", diamonds]).status == 0)
    }

    @Test("'-o -' puts the picture on standard output and the legend on standard error; '--legend -' the legend on standard output")
    func dashMeansStandardOutput() throws {
        let picture = try HitTestRunner.run(["render", Self.diamonds, "-o", "-"])
        #expect(picture.status == 0)
        #expect(picture.standardOutput.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(picture.standardError.hasPrefix("#"))
        let folder = try Fixtures.temporaryDirectory()
        let legend = try HitTestRunner.run(["render", Self.diamonds, "-o", folder.appendingPathComponent("m.png").path, "--legend", "-"])
        #expect(legend.status == 0)
        #expect(legend.text.split(separator: "\n").count == 4)
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("two outputs naming one file are refused as a usage error", arguments: [["x.png", "x.png"], ["x.png", "./x.png"], ["-", "-"]])
    func oneFileTwice(paths: [String]) throws {
        let folder = try Fixtures.temporaryDirectory()
        let resolved = paths.map { $0 == "-" ? "-" : folder.path + "/" + $0 }
        let outcome = try HitTestRunner.run(["render", Self.diamonds, "-o", resolved[0], "--legend", resolved[1]])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("name the same file"))
    }

    @Test("several problems in one object are reported in file order (line, then column)")
    func problemsInFileOrder() throws {
        let (_, path) = try Self.layout(
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
        let (_, path) = try Self.layout(#"{"id": "\#(id)", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#)
        let outcome = try HitTestRunner.run(["query", path, "1,1"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("elements[0].id: must"))
    }

    @Test("ids with quotes, backslashes and non-ASCII letters come out exact in JSON")
    func exactJSONIDs() throws {
        let (_, path) = try Self.layout(#"{"id": "é\"q\\u", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#)
        let outcome = try HitTestRunner.run(["query", path, "--json", "1,1"])
        let object = try #require(JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])
        #expect(object["id"] as? String == "é\"q\\u")
    }

    @Test("every input line that is not blank or a comment gets exactly one answer, '!' or an error object for a malformed one")
    func oneAnswerPerLine() throws {
        let input = Data("3;4\n75,95\n# comment\n\nbad\n5,5\n".utf8)
        let plain = try HitTestRunner.run(["query", Self.diamonds], input: input)
        #expect(plain.status == 1)
        #expect(plain.text == "!\nwest\n!\n-\n")
        let json = try HitTestRunner.run(["query", Self.diamonds, "--json"], input: input)
        let lines = json.text.split(separator: "\n")
        #expect(lines.count == 4)
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["line"] as? Int == 1 && (first["error"] as? String)?.contains("'3;4'") == true)
        let all = try HitTestRunner.run(["query", Self.diamonds, "--all"], input: input)
        #expect(all.text == "!\nwest\n!\n-\n")
    }

    @Test("two numbers in a row are one point; a lone number says how to write a point")
    func twoNumbersArePoint() throws {
        let pair = try HitTestRunner.run(["query", Self.diamonds, "75", "95", "5,5"])
        #expect(pair.status == 0 && pair.text == "west\n-\n")
        let lone = try HitTestRunner.run(["query", Self.diamonds, "75"])
        #expect(lone.status == 1)
        #expect(lone.standardError.contains("\"3 4\""))
    }

    @Test("help help, -v, --version, and 'did you mean' for commands and options")
    func helpAndSuggestions() throws {
        let helpHelp = try HitTestRunner.run(["help", "help"])
        #expect(helpHelp.status == 0 && helpHelp.text.hasPrefix("OVERVIEW: Show help for a subcommand."))
        for flag in ["-v", "--version"] {
            let version = try HitTestRunner.run([flag])
            #expect(version.status == 0 && version.text == HitTestCLI.version + "\n")
        }
        let command = try HitTestRunner.run(["qery", Self.diamonds])
        #expect(command.status == 2 && command.standardError.contains("Did you mean 'query'?"))
        let option = try HitTestRunner.run(["query", Self.diamonds, "--jsn", "1,1"])
        #expect(option.status == 2 && option.standardError.contains("Did you mean '--json'?"))
    }

    @Test("input without a full PNG signature and header is 'not a PNG image'", arguments: [Array("hello\n".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]])
    func tooShortForPNG(bytes: [UInt8]) throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("x.png").path
        try Fixtures.write(bytes, to: path)
        let outcome = try HitTestRunner.run(["inspect", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("Error: \(path): not a PNG image"), "\(outcome.standardError)")
    }

    @Test("a transform too large to invert says it overflows")
    func transformOverflow() throws {
        let (_, path) = try Self.layout(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "transform": [1e200, 0, 0, 1e200, 0, 0]}"#)
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

    @Test("an image over the size limit names the command-line option that raises it, and the option works")
    func maxPixels() throws {
        let folder = try Fixtures.temporaryDirectory()
        var huge = PNGChunks(try Fixtures.rgbaPNG(width: 1, height: 1) { _, _ in (0, 0, 0, 255) })
        huge.chunks[0].data.replaceSubrange(0..<8, with: PNGChunks.bigEndian(100_000) + PNGChunks.bigEndian(100_000))
        try Fixtures.write(huge.bytes, to: folder.appendingPathComponent("huge.png").path)
        let outcome = try HitTestRunner.run(["inspect", folder.appendingPathComponent("huge.png").path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("raise --max-pixels"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("DecodingLimits"))
        let small = folder.appendingPathComponent("small.png").path
        try Fixtures.write(Fixtures.rgbaPNG(width: 20, height: 20) { _, _ in (0, 0, 0, 255) }, to: small)
        let refused = try HitTestRunner.run(["inspect", small, "--max-pixels", "399"])
        #expect(refused.status == 1 && refused.standardError.contains("raise --max-pixels (now 399)"))
        #expect(try HitTestRunner.run(["inspect", small, "--max-pixels", "400"]).status == 0)
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

    @Test("an absurd render scale is a usage error naming the scales accepted, never a trap", arguments: ["1e9", "1e300", "1e-300"])
    func hugeScale(scale: String) throws {
        let outcome = try HitTestRunner.run(["render", Self.diamonds, "-o", "/dev/null", "--scale", scale])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: The value '\(scale)' is invalid for '--scale': expected a number from 0.000001 to 1000000"), "\(outcome.standardError)")
    }
}
