/// Streams standard input in reads of up to 256 KiB, so that any amount of input flows through without being
/// held in memory (`QueryStream` splits the reads into lines). Before each read that may block,
/// `willBlock` runs (to flush output); reading ends early once `stop` says so (the output's
/// reader is gone).
struct LineReader {
    /// Calls `body` with the input as it arrives, in chunks of up to 256 KiB (all at once from memory).
    static func forEachChunk(
        of source: InputSource, willBlock: () -> Void = {}, stop: () -> Bool = { false }, _ body: (UnsafeBufferPointer<UInt8>) throws(CommandFailure) -> Void
    ) throws(CommandFailure) {
        switch source {
        case .bytes(let bytes):
            try bytes.withUnsafeBufferPointer { buffer in Result { () throws(CommandFailure) in try body(buffer) } }.get()
        case .descriptor(let descriptor):
            var buffer = [UInt8](repeating: 0, count: 1 << 18)
            while !stop() {
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
