@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// Where `render` writes: unwritable outputs, standard output, two outputs naming one file, the picture's extent, absurd scales.
@Suite("hittest render outputs")
struct RenderOutputTests {
    static let diamonds = CommandFixtures.diamonds

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
        let outcome = try HitTestRunner.run(["render", CommandFixtures.diamonds] + arguments)
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
        let (folder, path) = try CommandFixtures.layout(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}"#)
        let png = folder.appendingPathComponent("a.png").path
        #expect(try HitTestRunner.run(["render", path, "-o", png]).status == 0)
        let header = try ImageDecoder().readHeader(contentsOfFile: png)
        #expect((header.width, header.height) == (100, 100))
        let diamonds = folder.appendingPathComponent("d.png").path
        #expect(try HitTestRunner.run(["render", CommandFixtures.diamonds.replacingOccurrences(of: "diamonds", with: "nested"), "-o", diamonds]).status == 0)
    }

    @Test("'-o -' puts the picture on standard output and the legend on standard error; '--legend -' the legend on standard output")
    func dashMeansStandardOutput() throws {
        let picture = try HitTestRunner.run(["render", CommandFixtures.diamonds, "-o", "-"])
        #expect(picture.status == 0)
        #expect(picture.standardOutput.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(picture.standardError.hasPrefix("#"))
        let folder = try Fixtures.temporaryDirectory()
        let legend = try HitTestRunner.run(["render", CommandFixtures.diamonds, "-o", folder.appendingPathComponent("m.png").path, "--legend", "-"])
        #expect(legend.status == 0)
        #expect(legend.text.split(separator: "\n").count == 4)
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("two outputs naming one file are refused as a usage error", arguments: [["x.png", "x.png"], ["x.png", "./x.png"], ["-", "-"]])
    func oneFileTwice(paths: [String]) throws {
        let folder = try Fixtures.temporaryDirectory()
        let resolved = paths.map { $0 == "-" ? "-" : folder.path + "/" + $0 }
        let outcome = try HitTestRunner.run(["render", CommandFixtures.diamonds, "-o", resolved[0], "--legend", resolved[1]])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("name the same file"))
    }

    @Test("an absurd render scale is a usage error naming the scales accepted, never a trap", arguments: ["1e9", "1e300", "1e-300"])
    func hugeScale(scale: String) throws {
        let outcome = try HitTestRunner.run(["render", CommandFixtures.diamonds, "-o", "/dev/null", "--scale", scale])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: The value '\(scale)' is invalid for '--scale': expected a number from 0.000001 to 1000000"), "\(outcome.standardError)")
    }
}
