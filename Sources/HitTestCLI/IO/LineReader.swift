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
        switch source {
        case .bytes(let bytes):
            bytes.withUnsafeBufferPointer { split($0) }
        case .descriptor(let descriptor):
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                willBlock()
                let count = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(CommandFailure) in try SystemCalls.readSome(descriptor, into: raw) }
                }.get()
                if count == 0 { break }
                buffer.withUnsafeBufferPointer { split(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            }
        }
        if !pending.isEmpty {
            lineNumber += 1
            pending.withUnsafeBufferPointer { body($0, lineNumber) }
        }
    }
}
