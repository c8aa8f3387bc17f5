@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
@testable import HitTestCLI
import Testing

/// No command ever changes a file it reads, and a failed run leaves its outputs as they were.
@Suite("Hardening: outputs never destroy inputs")
struct OutputSafetyTests {
    /// The diamonds sample copied into a fresh folder (layout.json, diamond.png).
    static func sample(_ label: String = #function) throws -> URL {
        let folder = try Fixtures.temporaryDirectory(label)
        for name in ["layout.json", "diamond.png"] {
            try FileManager.default.copyItem(
                at: Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/\(name)"), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func contents(_ folder: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[name] = try Fixtures.bytes(of: folder.appendingPathComponent(name)) }
        }
        return files
    }

    @Test(
        "an output that is the same file as an input is refused before anything is written (exit 2), the input unchanged",
        arguments: [
            ["render", "L", "-o", "layout.json"], ["render", "L", "-o", "diamond.png"], ["render", "L", "--html", "diamond.png"],
            ["render", "L", "-o", "x.png", "--legend", "layout.json"], ["render", "L", "-o", "link.json"], ["render", "L", "-o", "hard.json"],
            ["render", "L", "-o", "./sub/../diamond.png"], ["decode", "diamond.png", "-f", "alpha8", "-o", "diamond.png"],
            ["decode", "diamond.png", "-f", "mask1", "-o", "link.png"], ["decode", "diamond.png", "--rect", "0,0,4,4", "-f", "alpha8", "-o", "diamond.png"],
        ])
    func outputNamingAnInput(arguments: [String]) throws {
        let folder = try Self.sample()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "layout.json")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "diamond.png")
        #expect(link(folder.appendingPathComponent("layout.json").path, folder.appendingPathComponent("hard.json").path) == 0)
        let before = try Self.contents(folder)
        let resolved = arguments.map { $0 == "L" ? folder.appendingPathComponent("layout.json").path : $0.contains(".") && $0 != "0,0,4,4" ? folder.path + "/" + $0 : $0 }
        let outcome = try HitTestRunner.run(resolved)
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("which this command reads: choose another output file"), "\(outcome.standardError)")
        #expect(try Self.contents(folder) == before)
    }

    @Test("the legend through a link to the picture is refused as two outputs naming one file are, also before the picture exists")
    func legendThroughLink() throws {
        let folder = try Self.sample()
        let picture = folder.appendingPathComponent("same.png").path, link = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "same.png")
        let layout = folder.appendingPathComponent("layout.json").path
        let dangling = try HitTestRunner.run(["render", layout, "-o", picture, "--legend", link])
        #expect(dangling.status == 2 && dangling.standardError.contains("name the same file"), "\(dangling.standardError)")
        #expect(!FileManager.default.fileExists(atPath: picture))
        try Fixtures.write([1, 2, 3], to: picture)
        #expect(try HitTestRunner.run(["render", layout, "-o", picture, "--legend", link]).status == 2)
        #expect(try Fixtures.bytes(of: URL(fileURLWithPath: picture)) == [1, 2, 3])
    }

    @Test("an output is written beside its destination and renamed into place: until then the old file is whole, and nothing is left behind")
    func temporaryThenRename() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("out.bin").path
        try Fixtures.write(Array("old".utf8), to: path)
        do {
            let sink = try OutputSink.file(path, standardOutput: OutputSink(.memory, name: "standard output"))
            sink.write("new contents")
            sink.flush()
            #expect(try Fixtures.bytes(of: URL(fileURLWithPath: path)) == Array("old".utf8), "replaced before finish")
            // The sink goes away unfinished, as when a command fails on the way.
        }
        #expect(try Fixtures.bytes(of: URL(fileURLWithPath: path)) == Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.bin"])
        let sink = try OutputSink.file(path, standardOutput: OutputSink(.memory, name: "standard output"))
        sink.write("new")
        try sink.finish()
        #expect(try Fixtures.bytes(of: URL(fileURLWithPath: path)) == Array("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.bin"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o644 == 0o644 } == true, "an output gets the usual permissions")
    }

    @Test("a symbolic link output stays a link and the file it names is replaced; a device is written as it is")
    func linksAndDevices() throws {
        let folder = try Self.sample()
        let target = folder.appendingPathComponent("target.png").path, link = folder.appendingPathComponent("link.png").path
        try Fixtures.write([0], to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        #expect(try HitTestRunner.run(["render", folder.appendingPathComponent("layout.json").path, "-o", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.png")
        #expect(try Fixtures.bytes(of: URL(fileURLWithPath: target)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try HitTestRunner.run(["render", folder.appendingPathComponent("layout.json").path, "-o", "/dev/null"]).status == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    }

    @Test("the 'cannot write' message is said once, also with -o -")
    func cannotWriteOnce() throws {
        let outcome = try HitTestRunner.runBinary(["render", Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path, "-o", "-"], standardOutput: "/dev/full")
        #expect(outcome.status == 1)
        #expect(outcome.standardError.components(separatedBy: "cannot write").count == 2, "\(outcome.standardError)")
    }

    @Test(
        "a closed pipe ends every command quietly with 141, and query stops reading",
        .enabled(if: !HitTestRunner.underSanitizer, "runs the binary: checked in the ordinary run"), arguments: ["query", "render", "validate", "inspect"])
    func closedPipe(command: String) throws {
        let diamonds = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path
        guard let executable = HitTestRunner.executable else { throw HitTestRunner.MissingBinary() }
        let arguments: String
        switch command {
        case "query": arguments = "query '\(diamonds)' < /dev/zero"  // Endless input: only stopping ends it.
        case "render":
            let large = Fixtures.packageRoot.appendingPathComponent("Samples/large/layout.json").path
            arguments = "render '\(large)' -o - --legend '\(try Fixtures.temporaryDirectory().appendingPathComponent("legend").path)'"
        case "validate": arguments = "validate '\(diamonds)' --json"
        default: arguments = "inspect '\(Fixtures.packageRoot.appendingPathComponent("Samples/large/ring.png").path)'"
        }
        // A hang guard, not a speed limit: generous, since a loaded runner may take long to render the large sample.
        // `yes` keeps query busy: a line of "75,95" for ever, answered for ever, until the reader goes.
        let feed = command == "query" ? "yes 75,95 | timeout \(60 * HitTestRunner.timeScale) '\(executable.path)' query '\(diamonds)'" : "timeout \(60 * HitTestRunner.timeScale) '\(executable.path)' \(arguments)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "\(feed) 2>\"$0\" | head -c 1 > /dev/null; echo ${PIPESTATUS[\(command == "query" ? 1 : 0)]}", try Fixtures.temporaryDirectory().appendingPathComponent("err").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = try String(contentsOfFile: process.arguments![2], encoding: .utf8)
        // Small outputs fit in the pipe before head closes it: those end 0, the rest 141, none with a message.
        #expect(["141", "0"].contains(text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(command): \(text) \(errors)")
        if command == "query" || command == "render" { #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "141") }
        #expect(errors.isEmpty, "\(command): \(errors)")
    }
}
