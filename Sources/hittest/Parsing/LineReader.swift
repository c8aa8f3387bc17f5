#if canImport(Glibc)
import Glibc
#endif

/// Streams the lines of standard input in 64 KiB reads, so that any amount of input flows through
/// without being held in memory. Before each read that may block, `willBlock` runs (to flush output).
struct LineReader {
    /// Calls `body` with each line (without its newline) and its 1-based number.
    static func forEachLine(
        willBlock: () -> Void, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) throws(CommandFailure) {
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        var pending: [UInt8] = []
        var lineNumber = 0
        while true {
            willBlock()
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(description: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { bytes in
                var start = 0
                for i in 0..<count where bytes[i] == 0x0A {
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
                pending.append(contentsOf: bytes[start..<count])
            }
        }
        if !pending.isEmpty {
            lineNumber += 1
            pending.withUnsafeBufferPointer { body($0, lineNumber) }
        }
    }
}
