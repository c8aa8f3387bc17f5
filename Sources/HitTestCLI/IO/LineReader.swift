/// Streams the lines of standard input in 64 KiB reads, so that any amount of input flows through
/// without being held in memory. Before each read that may block, `willBlock` runs (to flush output).
struct LineReader {
    /// Calls `body` with each line (without its newline) and its 1-based number.
    static func forEachLine(
        of source: InputSource, willBlock: () -> Void, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) throws(CommandFailure) {
        var pending: [UInt8] = []
        var lineNumber = 0
        func split(_ bytes: UnsafeBufferPointer<UInt8>) {
            var start = 0
            for i in 0..<bytes.count where bytes[i] == 0x0A {
                lineNumber += 1
                if pending.isEmpty {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<i]), lineNumber)
                } else {
                    pending.append(contentsOf: bytes[start..<i])
                    pending.withUnsafeBufferPointer { body($0, lineNumber) }
                    pending.removeAll(keepingCapacity: true)
                }
                start = i + 1
            }
            pending.append(contentsOf: bytes[start..<bytes.count])
        }
        try forEachChunk(of: source, willBlock: willBlock) { chunk in split(chunk) }
        if !pending.isEmpty {
            lineNumber += 1
            pending.withUnsafeBufferPointer { body($0, lineNumber) }
        }
    }

    /// Calls `body` with the input as it arrives, in chunks of up to 64 KiB (all at once from memory).
    static func forEachChunk(
        of source: InputSource, willBlock: () -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>) throws(CommandFailure) -> Void
    ) throws(CommandFailure) {
        switch source {
        case .bytes(let bytes):
            try bytes.withUnsafeBufferPointer { buffer in Result { () throws(CommandFailure) in try body(buffer) } }.get()
        case .descriptor(let descriptor):
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                willBlock()
                let count = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(CommandFailure) in try SystemCalls.readSome(descriptor, into: raw) }
                }.get()
                if count == 0 { return }
                try buffer.withUnsafeBufferPointer { all in
                    Result { () throws(CommandFailure) in try body(UnsafeBufferPointer(rebasing: all[0..<count])) }
                }.get()
            }
        }
    }
}
