#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every call the command line makes to the operating system, in one place: reading and writing
/// descriptors (retrying interrupted and short transfers), opening files, error messages,
/// number conversion, the clock, memory figures and exiting.
enum SystemCalls {
    static let standardInput: Int32 = 0
    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    /// The system's text for the current `errno` ("No such file or directory").
    static var lastErrorMessage: String { String(cString: strerror(errno)) }

    /// Writes all of `bytes`; nil, or the system's message and whether the reader was gone (EPIPE).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> (message: String, brokenPipe: Bool)? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return (lastErrorMessage, errno == EPIPE)
            }
            next += written
            remaining -= written
        }
        return nil
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of input. Throws the system's message.
    static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(CommandFailure) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw CommandFailure(description: "cannot read standard input: \(lastErrorMessage)") }
        }
    }

    /// A file being written: a temporary file beside its destination, which ``commit(_:)`` renames
    /// into place, so that the destination is whole (the old one or the new one) at every moment.
    struct PendingFile {
        let descriptor: Int32
        /// Nil when the destination is a device or a pipe (`/dev/null`, a FIFO), written in place.
        let temporaryPath: String?
        /// Where it goes: the path given, or the file a symbolic link there names (the link stays).
        let destination: String
    }

    /// Creates the temporary file for `path`; the system's message when the folder cannot take it.
    static func openForWriting(_ path: String) -> Result<PendingFile, CommandFailure> {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            guard info.st_mode & S_IFMT != S_IFDIR else { return .failure(CommandFailure(description: "\(path): cannot open for writing: Is a directory")) }
            // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is no file to replace: written as it is.
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return .failure(CommandFailure(description: "\(path): cannot open for writing: \(lastErrorMessage)")) }
            return .success(PendingFile(descriptor: descriptor, temporaryPath: nil, destination: path))
        }
        var destination = path
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
            destination = String(cString: resolved)
            free(resolved)
        }
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[...$0]) } ?? ""
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        var template = Array("\(folder).\(name).hittest-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(CommandFailure(description: "\(path): cannot open for writing: \(lastErrorMessage)")) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // mkstemp makes the file private (0600); an output gets the usual permissions.
        let mask = umask(0)
        umask(mask)
        _ = fchmod(descriptor, 0o666 & ~mask)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .success(PendingFile(descriptor: descriptor, temporaryPath: temporary, destination: destination))
    }

    /// Closes and renames a pending file into place; nil on success, else the system's message
    /// (the temporary file is then removed and the destination left as it was).
    static func commit(_ file: PendingFile) -> String? {
        guard let temporary = file.temporaryPath else { return close(file.descriptor) == 0 ? nil : lastErrorMessage }
        if close(file.descriptor) != 0 || rename(temporary, file.destination) != 0 {
            let message = lastErrorMessage
            unlink(temporary)
            return message
        }
        return nil
    }

    /// Closes and removes a pending file: the destination is left as it was.
    static func discard(_ file: PendingFile) {
        close(file.descriptor)
        if let temporary = file.temporaryPath { unlink(temporary) }
    }

    /// Closes a descriptor; nil on success, else the system's message.
    static func closeDescriptor(_ descriptor: Int32) -> String? {
        close(descriptor) == 0 ? nil : lastErrorMessage
    }

    /// Whether two paths name the same file, existing or about to be created: the same device and
    /// inode, or the same name in the same (existing) folder, after following symbolic links (also
    /// links to a file that does not exist yet).
    static func samePath(_ first: String, _ second: String) -> Bool {
        let (first, second) = (followingLinks(first), followingLinks(second))
        var a = stat(), b = stat()
        if stat(first, &a) == 0, stat(second, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        func split(_ path: String) -> (folder: String, name: Substring) {
            guard let slash = path.lastIndex(of: "/") else { return (".", path[...]) }
            return (slash == path.startIndex ? "/" : String(path[..<slash]), path[path.index(after: slash)...])
        }
        let (folderA, nameA) = split(first), (folderB, nameB) = split(second)
        guard nameA == nameB, stat(folderA, &a) == 0, stat(folderB, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// `path` with its symbolic links followed as far as they go (40 at most, as the kernel does),
    /// also where the last one names a file that does not exist yet.
    private static func followingLinks(_ path: String) -> String {
        var path = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &target, target.count - 1)
            guard count > 0 else { return path }
            let text = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("/") {
                path = text
            } else if let slash = path.lastIndex(of: "/") {
                path = String(path[...slash]) + text
            } else {
                path = text
            }
        }
        return path
    }

    /// The position of the first newline in `bytes` at or after `start` (libc's vectorised memchr).
    static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// The Swift runtime's C entry point that writes a Double's shortest round-trip text (what
    /// `description` prints) into a buffer without making a string, looked up at run time so that a
    /// runtime without it costs only the fallback to `description`. Its answers are checked against
    /// `description` by the tests.
    static let float64ToString: (@convention(c) (UnsafeMutablePointer<CChar>?, Int, Double, Bool) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_float64ToString") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<CChar>?, Int, Double, Bool) -> Int).self)
    }()

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The lines of a small text file such as `/proc/self/status`; nil where it cannot be opened.
    static func textLines(ofFile path: String) -> [String]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var lines: [String] = []
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            lines.append(String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return lines
    }

    /// Tells glibc's allocator to keep freed memory and to grow in larger steps. Loading a large
    /// layout allocates and frees many big arrays; by default each is returned to the kernel and
    /// faulted back in on the next allocation, which was half of the system time of loading a
    /// 300,000-element layout (0.5 s → 0.25 s). The process is short-lived, so keeping freed memory
    /// costs little (≈ 5% more peak). No effect on other C libraries.
    static func tuneAllocatorForShortLivedProcess() {
        #if canImport(Glibc)
        // mallopt is declared in <malloc.h>, which the Glibc module does not import: look it up.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        let (trimThreshold, topPad, mmapThreshold): (Int32, Int32, Int32) = (-1, -2, -3)  // M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 1 << 30)
        _ = mallopt(trimThreshold, 1 << 30)
        _ = mallopt(topPad, 64 << 20)
        #endif
    }

    /// Makes a write to a closed pipe fail with EPIPE instead of killing the process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process with `status`.
    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }
}
