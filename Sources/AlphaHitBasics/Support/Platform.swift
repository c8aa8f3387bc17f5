#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every call the library makes to the operating system, in one place: file identity and
/// reading, error messages, the processor count, memory advice, a mutex with a condition, and
/// the two trigonometric functions the standard library lacks. Nothing else imports the C library.
package enum Platform {
    /// A failed system call: its `errno`, turned into a message once, here.
    package struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
        package let code: Int32

        package init(code: Int32) { self.code = code }

        /// The error that the last failed call left in `errno`.
        package static var last: SystemError { SystemError(code: errno) }

        /// Whether the path (or a folder on it) does not exist.
        package var isMissingFile: Bool { code == ENOENT || code == ENOTDIR }

        /// "no such file" for a missing path, else the system's own text ("Permission denied").
        package var description: String {
            isMissingFile ? "no such file" : String(cString: strerror(code))
        }
    }

    /// What `stat` says of a path.
    package struct FileStatus: Hashable, Sendable {
        package enum Kind: Hashable, Sendable { case regular, directory, other }
        package let kind: Kind
        package let device: UInt64
        package let inode: UInt64
        package let size: Int64
        package let modificationSeconds: Int64
        package let modificationNanoseconds: Int64
    }

    /// `realpath`: the absolute path with symbolic links, `.` and `..` resolved.
    package static func canonicalPath(_ path: String) throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw .last }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `stat` of `path`.
    package static func status(ofPath path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .last }
        return FileStatus(info)
    }

    /// Why ``readFile(_:maximumSize:)`` failed.
    package enum ReadFailure: Error, Hashable, Sendable, CustomStringConvertible {
        case system(SystemError)
        case isDirectory
        case notRegular
        case tooLarge(maximumSize: Int)

        package var description: String {
            switch self {
            case .system(let error): error.description
            case .isDirectory: "it is a directory"
            case .notRegular: "it is not a regular file"
            case .tooLarge(let maximum): "it is larger than the \(maximum >> 20) MiB allowed"
            }
        }
    }

    /// The whole file, read with `open`/`read` (retrying interrupted reads), refusing more
    /// than `maximumSize` bytes. An empty file gives an empty array. Only a regular file is read,
    /// unless `allowsPipes` (a layout may come from a pipe): opening never blocks on a FIFO.
    package static func readFile(_ path: String, maximumSize: Int, allowsPipes: Bool = false) throws(ReadFailure) -> [UInt8] {
        // Opening a FIFO waits for its writer: wanted for a layout from a pipe, never otherwise.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (allowsPipes ? 0 : O_NONBLOCK))
        guard descriptor >= 0 else { throw .system(.last) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(.last) }
        switch FileStatus(info).kind {
        case .directory: throw .isDirectory
        case .other where !allowsPipes: throw .notRegular
        default: break
        }
        // Reads block as usual once the file is open.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard info.st_size <= maximumSize else { throw .tooLarge(maximumSize: maximumSize) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(.last)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumSize else { throw .tooLarge(maximumSize: maximumSize) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// At most the first `byteCount` bytes of a regular file (fewer when the file is shorter), to
    /// tell what a file is from its content without reading the rest; nil when the path is no
    /// regular file or cannot be read. Never blocks: a FIFO or device is no file to sniff.
    package static func readPrefix(_ path: String, byteCount: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileStatus(info).kind == .regular else { return nil }
        var bytes = [UInt8](repeating: 0, count: max(0, byteCount))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        return Array(bytes[0..<filled])
    }

    /// Processors online, at least 1.
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Asks for transparent huge pages over a large buffer; where the kernel declines, nothing changes.
    package static func adviseHugePages(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        _ = madvise(base, byteCount, MADV_HUGEPAGE)
        #endif
    }

    /// The correctly rounded value of a decimal number already checked to be one (`strtod`);
    /// ±infinity when it is out of range. The one decimal conversion of the layout reader and the
    /// command line's points.
    package static func decimalNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for i in 0..<text.count { buffer[i] = CChar(bitPattern: text[i]) }
            buffer[text.count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    package static func cosine(_ radians: Double) -> Double { cos(radians) }
    package static func sine(_ radians: Double) -> Double { sin(radians) }
    package static func arcCosine(_ value: Double) -> Double { acos(value) }
    package static func arcTangent(y: Double, x: Double) -> Double { atan2(y, x) }

    /// A pthread mutex with a condition variable.
    ///
    /// `Synchronization.Mutex` locks with raw futex calls on Linux, which ThreadSanitizer cannot
    /// see: every access under it is then reported as a race and real races drown in the noise.
    /// ThreadSanitizer understands pthreads.
    package final class ConditionMutex: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        package init() {
            mutex.initialize(to: pthread_mutex_t())
            condition.initialize(to: pthread_cond_t())
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        package func lock() { pthread_mutex_lock(mutex) }
        package func unlock() { pthread_mutex_unlock(mutex) }
        /// Releases the lock until another thread broadcasts; called with the lock held.
        package func wait() { pthread_cond_wait(condition, mutex) }
        package func broadcast() { pthread_cond_broadcast(condition) }
    }
}

extension Platform.FileStatus {
    fileprivate init(_ info: stat) {
        let format = info.st_mode & S_IFMT
        kind = format == S_IFREG ? .regular : format == S_IFDIR ? .directory : .other
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modificationSeconds = Int64(info.st_mtimespec.tv_sec)
        modificationNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modificationSeconds = Int64(info.st_mtim.tv_sec)
        modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

extension Platform {
    /// The largest text file (layout file, atlas description) read into memory: 256 MiB.
    package static let maximumTextFileSize = 256 << 20
}
