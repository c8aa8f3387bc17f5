/// Where a command reads its standard input from: a descriptor, or bytes held in memory (tests).
enum InputSource {
    case descriptor(Int32)
    case bytes([UInt8])
}

/// A command's standard streams.
public struct CommandIO {
    let input: InputSource
    let output: OutputSink
    let error: OutputSink

    /// The process's own standard input, output and error.
    public static var standard: CommandIO {
        CommandIO(
            input: .descriptor(SystemCalls.standardInput),
            output: OutputSink(.descriptor(SystemCalls.standardOutput), name: "standard output"),
            error: OutputSink(.descriptor(SystemCalls.standardError), name: "standard error", bufferLimit: 0))
    }

    /// Streams in memory: `input` as standard input; output and error collected.
    public static func memory(input: [UInt8] = []) -> CommandIO {
        CommandIO(
            input: .bytes(input), output: OutputSink(.memory, name: "standard output"),
            error: OutputSink(.memory, name: "standard error"))
    }

    /// All of standard input, refusing more than `limit` bytes.
    func readAllInput(limit: Int) throws(CommandFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        try LineReader.forEachChunk(of: input) { chunk throws(CommandFailure) in
            guard bytes.count + chunk.count <= limit else {
                throw CommandFailure(description: "<stdin>: more than the \(limit >> 20) MiB a layout may have")
            }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// What was written to standard output, for a memory stream.
    public var outputBytes: [UInt8] { output.contents }
    /// What was written to standard error, for a memory stream.
    public var errorText: String { String(decoding: error.contents, as: UTF8.self) }
}
