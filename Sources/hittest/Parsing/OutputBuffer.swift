#if canImport(Glibc)
import Glibc
#endif

/// Buffered writing to standard output: one write per 64 KiB instead of one per line.
struct OutputBuffer: ~Copyable {
    private var bytes: [UInt8] = []
    private(set) var failed = false

    init() {
        bytes.reserveCapacity(1 << 16)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
        flushIfFull()
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    private mutating func flushIfFull() {
        if bytes.count >= 1 << 16 { flush() }
    }

    /// Writes everything buffered; afterwards `failed` says whether standard output refused it.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        let ok = bytes.withUnsafeBytes { StandardStreams.write($0, to: STDOUT_FILENO) }
        if !ok { failed = true }
        bytes.removeAll(keepingCapacity: true)
    }
}
