@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
@testable import HitTestCLI

/// Runs `hittest` commands for end-to-end tests: in-process through the `HitTestCLI` library with
/// streams in memory (fast, and parallel-safe), or as the built binary where the process itself
/// matters (streaming through a pipe, a full disk, exit codes of the real program).
enum HitTestRunner {
    struct Outcome {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// Runs `hittest arguments...` in-process, feeding `input` on standard input.
    static func run(_ arguments: [String], input: Data = Data()) throws -> Outcome {
        let io = CommandIO.memory(input: Array(input))
        let status = HitTestCLI.run(arguments, io: io)
        return Outcome(status: status, standardOutput: Data(io.outputBytes), standardError: io.errorText)
    }

    /// The `hittest` executable built beside the test bundle.
    static var executable: URL? {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hittest")
        let candidates = [
            besideTests,
            Fixtures.packageRoot.appendingPathComponent(".build/debug/hittest"),
            Fixtures.packageRoot.appendingPathComponent(".build/release/hittest"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the built binary with `arguments`, standard output sent to `outputPath` (for example
    /// `/dev/full`) and standard input from `/dev/null`; returns the status and standard error.
    static func runBinary(_ arguments: [String], standardOutput outputPath: String) throws -> (status: Int32, standardError: String) {
        guard let executable else { throw MissingBinary() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        guard let output = FileHandle(forWritingAtPath: outputPath) else { throw CocoaError(.fileWriteUnknown) }
        process.standardOutput = output
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? output.close()
        return (process.terminationStatus, String(decoding: message, as: UTF8.self))
    }

    /// Whether this test process (and so the binary built beside it) is instrumented by a sanitizer,
    /// which cannot run under an address-space limit and runs several times slower.
    static let underSanitizer: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// How much longer commands may take here: 10× under a sanitizer.
    static let timeScale = underSanitizer ? 10 : 1

    /// Runs the built binary under a memory limit (`ulimit -v`, KiB of address space) and a time
    /// limit (`timeout`, seconds; status 124 or 137 when it runs out), standard input from `input` (a
    /// path), in `folder`. A command that hangs or grows without bound then fails the test instead
    /// of the machine. Under a sanitizer the memory limit is left out (the sanitizer reserves more
    /// address space than any limit allows) and the time limit is ``timeScale`` times longer: the
    /// ordinary run is the one that holds memory to the limit.
    static func runLimited(
        _ arguments: [String], memoryKiB: Int = 1 << 20, seconds: Int = 30, input: String = "/dev/null", in folder: URL? = nil
    ) throws -> (status: Int32, standardOutput: Data, standardError: String) {
        guard let executable else { throw MissingBinary() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let limit = underSanitizer ? "" : "ulimit -v \(memoryKiB) && "
        process.arguments = ["-c", "\(limit)exec timeout -s KILL \(seconds * timeScale) \"$0\" \"$@\" < \"$ALPHAHIT_TEST_INPUT\"", executable.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["ALPHAHIT_TEST_INPUT": input]) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        // Standard error to a file, so that only one pipe needs draining (no second thread).
        let errorFile = try Fixtures.temporaryDirectory("runLimited").appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = Pipe(), error = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? error.close()
        let errorBytes = (try? Data(contentsOf: errorFile)) ?? Data()
        // A signal is reported as a shell reports it: 128 + its number.
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, outputBytes, String(decoding: errorBytes, as: UTF8.self))
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "the hittest executable was not found beside the tests; run `swift build` first" }
    }
}
