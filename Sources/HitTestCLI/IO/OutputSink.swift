/// Where a command's output goes: a file descriptor (standard output or error, or a file it
/// opened) or, for tests, memory. Writes are buffered and the first failure is remembered, so a
/// command can write freely and be judged once, at ``finish()``.
final class OutputSink {
    enum Target {
        case descriptor(Int32, owned: Bool)
        case memory
    }

    /// How messages name this output: "standard output", or a file's path.
    let name: String
    private let target: Target
    private let bufferLimit: Int
    private var buffer: [UInt8] = []
    /// Everything written, for a memory sink.
    private(set) var contents: [UInt8] = []
    /// The system's message for the first failed write, if any.
    private(set) var failure: String?

    /// A sink; `bufferLimit` 0 writes through at once (standard error).
    init(_ target: Target, name: String, bufferLimit: Int = 1 << 16) {
        self.target = target
        self.name = name
        self.bufferLimit = bufferLimit
        buffer.reserveCapacity(bufferLimit)
    }

    /// Opens `path` for writing, replacing it; `-` means `standardOutput` itself.
    static func file(_ path: String, standardOutput: OutputSink) throws(CommandFailure) -> OutputSink {
        if path == "-" { return standardOutput }
        return OutputSink(.descriptor(try SystemCalls.openForWriting(path).get(), owned: true), name: path)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        if case .memory = target {
            contents.append(contentsOf: bytes)
            return
        }
        if bytes.count > bufferLimit {
            flush()
            send(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= bufferLimit { flush() }
    }

    func write(byte: UInt8) {
        if case .memory = target {
            contents.append(byte)
            return
        }
        buffer.append(byte)
        if buffer.count >= bufferLimit { flush() }
    }

    /// Writes out what is buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { send($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, case .descriptor(let descriptor, _) = target else { return }
        failure = SystemCalls.writeAll(bytes, to: descriptor)
    }

    /// Flushes, closes a file this sink opened, and throws if any write or the close failed.
    func finish() throws(CommandFailure) {
        flush()
        if case .descriptor(let descriptor, owned: true) = target, failure == nil {
            failure = SystemCalls.closeDescriptor(descriptor)
        }
        if let failure { throw CommandFailure(description: "cannot write to \(name): \(failure)") }
    }
}
