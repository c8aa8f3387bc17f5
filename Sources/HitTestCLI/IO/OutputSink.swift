/// Where a command's output goes: a file descriptor (standard output or error, or a file it
/// opened) or, for tests, memory. Writes are buffered and the first failure is remembered, so a
/// command can write freely and be judged once, at ``finish()``.
final class OutputSink {
    enum Target {
        /// Standard output or error.
        case descriptor(Int32)
        /// A file, written to a temporary file beside it and renamed into place by ``finish()``.
        case file(SystemCalls.PendingFile)
        case memory
    }

    /// How messages name this output: "standard output", or a file's path.
    let name: String
    private let target: Target
    private let bufferLimit: Int
    /// The buffer, how much of it holds output not yet sent, what a memory sink has kept, and the
    /// first failure, behind a pointer: a class's stored `var` is checked for exclusive access at
    /// run time on every use, which the many small writes of a query stream would pay each time.
    private let state: UnsafeMutablePointer<State>

    private struct State {
        let buffer: UnsafeMutableRawPointer
        var used = 0
        var kept: [UInt8] = []
        var failure: String?
        /// Whether a write found its reader gone (EPIPE): the command then ends quietly.
        var brokenPipe = false
        /// Whether ``finish()`` ran (it reports a failure once, and commits a file once).
        var finished = false
    }

    /// Everything written, for a memory sink.
    var contents: [UInt8] { state.pointee.kept + UnsafeRawBufferPointer(start: state.pointee.buffer, count: state.pointee.used) }
    /// The system's message for the first failed write, if any.
    var failure: String? { state.pointee.failure }
    /// Whether the reader of this output has gone away (a closed pipe).
    var readerIsGone: Bool { state.pointee.brokenPipe }

    /// A sink; `bufferLimit` 0 writes through at once (standard error).
    init(_ target: Target, name: String, bufferLimit: Int = 1 << 16) {
        self.target = target
        self.name = name
        self.bufferLimit = bufferLimit
        state = .allocate(capacity: 1)
        state.initialize(to: State(buffer: .allocate(byteCount: Swift.max(1, bufferLimit), alignment: 16)))
    }

    deinit {
        // A file never finished (the command failed on the way) is never put in place.
        if case .file(let file) = target, !state.pointee.finished { SystemCalls.discard(file) }
        state.pointee.buffer.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Opens `path` for writing; `-` means `standardOutput` itself. The file is replaced only
    /// when ``finish()`` succeeds: until then its old contents stay whole.
    static func file(_ path: String, standardOutput: OutputSink) throws(CommandFailure) -> OutputSink {
        if path == "-" { return standardOutput }
        return OutputSink(.file(try SystemCalls.openForWriting(path).get()), name: path)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Inlined: a query stream writes a few bytes at a time, millions of times.
    @inline(__always)
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let used = state.pointee.used
        guard bytes.count <= bufferLimit &- used else { return writeAfterFlushing(bytes) }
        let target = state.pointee.buffer + used
        if bytes.count <= 16 {
            // Cheaper copied here than by a call.
            for offset in 0..<bytes.count { target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self) }
        } else {
            target.copyMemory(from: source, byteCount: bytes.count)
        }
        state.pointee.used = used &+ bytes.count
    }

    /// A literal's bytes, without a `String`'s checks.
    @inline(__always)
    func write(static text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(never)
    private func writeAfterFlushing(_ bytes: UnsafeRawBufferPointer) {
        flush()
        if bytes.count > bufferLimit {
            send(bytes)
        } else {
            state.pointee.buffer.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            state.pointee.used = bytes.count
        }
    }

    @inline(__always)
    func write(byte: UInt8) {
        let used = state.pointee.used
        guard used < bufferLimit else { return withUnsafeBytes(of: byte) { writeAfterFlushing($0) } }
        state.pointee.buffer.storeBytes(of: byte, toByteOffset: used, as: UInt8.self)
        state.pointee.used = used &+ 1
    }

    /// Writes `value` in decimal, without making a string: digits straight into the buffer when
    /// they fit, which they do but once in 64 KiB.
    func write(decimal value: Int) {
        var magnitude = value.magnitude
        var count = 1
        var scale: UInt = 10
        while count < 19 && magnitude >= scale {
            count &+= 1
            scale &*= 10
        }
        if magnitude >= 10_000_000_000_000_000_000 as UInt { count = 20 }
        let needed = count &+ (value < 0 ? 1 : 0)
        guard needed <= bufferLimit &- state.pointee.used else {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
                var end = 21
                repeat {
                    end -= 1
                    digits[end] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                if value < 0 { end -= 1; digits[end] = UInt8(ascii: "-") }
                writeAfterFlushing(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digits)[end..<21]))
            }
        }
        let target = state.pointee.buffer + state.pointee.used
        if value < 0 { target.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
        var position = needed
        repeat {
            position &-= 1
            target.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10), toByteOffset: position, as: UInt8.self)
            magnitude /= 10
        } while magnitude > 0
        state.pointee.used &+= needed
    }

    /// Writes everything this memory sink holds to `other`, without joining it into one array first.
    func copyContents(to other: OutputSink) {
        other.write(state.pointee.kept)
        other.write(UnsafeRawBufferPointer(start: state.pointee.buffer, count: state.pointee.used))
    }

    /// Writes out what is buffered.
    func flush() {
        guard state.pointee.used > 0 else { return }
        send(UnsafeRawBufferPointer(start: state.pointee.buffer, count: state.pointee.used))
        state.pointee.used = 0
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        if state.pointee.failure != nil, !isMemory { return }
        switch target {
        case .memory:
            state.pointee.kept.append(contentsOf: bytes)
        case .descriptor(let descriptor):
            record(SystemCalls.writeAll(bytes, to: descriptor))
        case .file(let file):
            record(SystemCalls.writeAll(bytes, to: file.descriptor))
        }
    }

    private var isMemory: Bool {
        if case .memory = target { return true }
        return false
    }

    private func record(_ failure: (message: String, brokenPipe: Bool)?) {
        guard let failure, state.pointee.failure == nil else { return }
        state.pointee.failure = failure.message
        state.pointee.brokenPipe = failure.brokenPipe
    }

    /// Flushes, puts a file in place, and throws if any write, the close or the rename failed.
    /// A second call does nothing (the failure is reported once). A closed pipe throws
    /// ``CommandFailure/readerGone``: the command ends quietly.
    func finish() throws(CommandFailure) {
        guard !state.pointee.finished else { return }
        flush()
        state.pointee.finished = true
        if case .file(let file) = target {
            if state.pointee.failure == nil {
                state.pointee.failure = SystemCalls.commit(file)
            } else {
                SystemCalls.discard(file)
            }
        }
        if state.pointee.brokenPipe { throw .readerGone }
        if let failure { throw CommandFailure(description: "cannot write to \(name): \(failure)") }
    }
}
