#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which version of a file is on disk: its canonical path plus what `stat` says of it.
///
/// Two reads of the same path with different identities mean the file was replaced or
/// edited, so a cached decode of it is stale. (An edit that keeps the size and lands in
/// the same nanosecond of modification time would go unnoticed.)
struct FileIdentity: Hashable, Sendable {
    let canonicalPath: String
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modificationSeconds: Int64
    let modificationNanoseconds: Int64

    /// Resolves `path` (symbolic links, `.` and `..`) and reads its identity.
    ///
    /// - Throws: ``PNGDecodingError/fileNotFound(source:)`` or ``PNGDecodingError/unreadable(source:reason:)``.
    init(path: String) throws(PNGDecodingError) {
        guard let resolved = realpath(path, nil) else {
            throw Self.error(errno: errno, path: path)
        }
        canonicalPath = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(canonicalPath, &info) == 0 else {
            throw Self.error(errno: errno, path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "it is not a regular file"
            throw .unreadable(source: path, reason: kind)
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modificationSeconds = Int64(info.st_mtim.tv_sec)
        modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
    }

    private static func error(errno code: Int32, path: String) -> PNGDecodingError {
        if code == ENOENT || code == ENOTDIR { return .fileNotFound(source: path) }
        return .unreadable(source: path, reason: String(cString: strerror(code)))
    }
}
