#if canImport(Glibc)
import Glibc
#endif

/// A file (or standard output, for `-`) written through its descriptor, with errors
/// reported as ``CommandFailure`` naming the path.
final class OutputFile {
    private let descriptor: Int32
    private let path: String
    private var isOpen = true

    init(path: String) throws(CommandFailure) {
        self.path = path
        if path == "-" {
            descriptor = STDOUT_FILENO
        } else {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandFailure(description: "\(path): cannot open for writing: \(String(cString: strerror(errno)))")
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(CommandFailure) {
        guard StandardStreams.write(bytes, to: descriptor) else {
            throw CommandFailure(description: "\(displayName): cannot write: \(String(cString: strerror(errno)))")
        }
    }

    func close() throws(CommandFailure) {
        guard isOpen, descriptor != STDOUT_FILENO else { return }
        isOpen = false
        if Glibc.close(descriptor) != 0 {
            throw CommandFailure(description: "\(displayName): cannot finish writing: \(String(cString: strerror(errno)))")
        }
    }

    private var displayName: String { path == "-" ? "standard output" : path }

    deinit {
        if isOpen, descriptor != STDOUT_FILENO { _ = Glibc.close(descriptor) }
    }
}
