#if canImport(Glibc)
import Glibc
#endif

/// Writing straight to the standard file descriptors, so text and raw bytes never interleave
/// through separate buffers.
enum StandardStreams {
    static func out(_ text: String) {
        _ = write(text, to: STDOUT_FILENO)
    }

    static func error(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes; false on error (errno set).
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            next += written
            remaining -= written
        }
        return true
    }
}
