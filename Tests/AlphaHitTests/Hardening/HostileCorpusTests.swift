@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
@testable import HitTestCLI
import Testing

/// Every command on the hostile corpus (`Fixtures/Hostile`: one atlas per class of attack, each
/// with a layout that uses it), as the built binary under a memory and a time limit: each must end
/// with a clear refusal (exit 1 or 2), leave every input unchanged, and present no output file.
@Suite("Hostile corpus")
struct HostileCorpusTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/AlphaHitTests/Fixtures/Hostile")

    static var atlases: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { !$0.hasPrefix("layout-") && !$0.hasSuffix(".png") }.sorted() ?? []
    }

    /// Each file of the corpus and its bytes.
    static func snapshot() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Fixtures.bytes(of: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test("the limits let a good command through, and stop one that would hang")
    func limitsWork() throws {
        let good = try HitTestRunner.runLimited(["query", Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path, "75,95"])
        #expect(good.status == 0 && String(decoding: good.standardOutput, as: UTF8.self) == "west\n", "\(good)")
        let fifo = try Fixtures.temporaryDirectory().appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A layout read from a FIFO no one writes to blocks (a pipe may be read): the limit ends it.
        let blocked = try HitTestRunner.runLimited(["validate", fifo], seconds: 2)
        #expect(blocked.status == 128 + 9 || blocked.status == 124, "status \(blocked.status): \(blocked.standardError)")
    }

    // Processes of the built binary, not threads of this one: nothing for a sanitizer to see, and
    // ten times slower under one. The ordinary run checks them.
    @Test(
        "every command refuses each hostile atlas (exit 1 or 2) within 1 GiB and 30 s, changes no input and writes no output",
        .enabled(if: !HitTestRunner.underSanitizer, "runs the binary: checked in the ordinary run"), arguments: atlases)
    func everyCommandRefuses(atlas: String) throws {
        let before = try Self.snapshot()
        let out = try Fixtures.temporaryDirectory()
        let layout = Self.folder.appendingPathComponent("layout-\(atlas).json").path
        let file = Self.folder.appendingPathComponent(atlas).path
        let name = atlas.contains("control-name") ? "pl\nay" : "play"
        let commands: [[String]] = [
            ["validate", layout], ["query", layout, "1,1"], ["render", layout, "-o", out.appendingPathComponent("map.png").path],
            ["render", layout, "--html", out.appendingPathComponent("page.html").path], ["audit", layout],
            ["inspect", file, "--frame", name], ["decode", file, "--frame", name, "-f", "alpha8", "-o", out.appendingPathComponent("frame.raw").path],
        ]
        for command in commands {
            let outcome = try HitTestRunner.runLimited(command)
            #expect(outcome.status == 1 || outcome.status == 2, "\(command): exit \(outcome.status), \(outcome.standardError)")
            #expect(outcome.standardError.hasPrefix("Error: "), "\(command): \(outcome.standardError)")
            #expect(!outcome.standardError.contains("Fatal error") && !outcome.standardError.contains("Backtracing"), "\(command)")
        }
        // The plain listing describes what the atlas declares; it may succeed, never crash.
        let listing = try HitTestRunner.runLimited(["inspect", file])
        #expect([0, 1, 2].contains(listing.status), "inspect \(atlas): exit \(listing.status)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "an output was left behind")
        #expect(try Self.snapshot() == before, "an input changed")
    }
}
