import Foundation
@testable import AlphaHit

/// Runs the built `hittest` binary as a user would, for end-to-end tests.
enum HitTestProcess {
    struct Outcome {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
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

    /// Runs `hittest arguments...`, feeding `input` on standard input.
    static func run(_ arguments: [String], input: Data = Data()) throws -> Outcome {
        guard let executable else { throw MissingBinary() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        // Drain stderr on another thread so neither pipe can fill up and block the child.
        let errorData = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            drained.signal()
        }
        // Feed standard input from another thread too: a child answering as it reads fills
        // its output pipe long before a large input has been written.
        let fed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // A child that exits without reading all of it closes the pipe: ignore SIGPIPE, keep the error.
            signal(SIGPIPE, SIG_IGN)
            try? standardInput.fileHandleForWriting.write(contentsOf: input)
            try? standardInput.fileHandleForWriting.close()
            fed.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        fed.wait()
        return Outcome(
            status: process.terminationStatus, standardOutput: outputData,
            standardError: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "the hittest executable was not found beside the tests; run `swift build` first" }
    }
}
