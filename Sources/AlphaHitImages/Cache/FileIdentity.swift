import AlphaHitBasics

/// Which version of a file is on disk: its canonical path plus what `stat` says of it.
///
/// Two reads of the same path with different identities mean the file was replaced or
/// edited, so a cached decode of it is stale. (An edit that keeps the size and lands in
/// the same nanosecond of modification time would go unnoticed.)
struct FileIdentity: Hashable, Sendable {
    let canonicalPath: String
    let status: Platform.FileStatus

    /// Resolves `path` (symbolic links, `.` and `..`) and reads its identity.
    ///
    /// - Throws: ``ImageDecodingError/fileNotFound(source:)`` or ``ImageDecodingError/unreadable(source:reason:)``.
    init(path: String) throws(ImageDecodingError) {
        do throws(Platform.SystemError) {
            canonicalPath = try Platform.canonicalPath(path)
            status = try Platform.status(ofPath: canonicalPath)
        } catch {
            throw error.isMissingFile ? .fileNotFound(source: path) : .unreadable(source: path, reason: error.description)
        }
        switch status.kind {
        case .regular: break
        case .directory: throw .unreadable(source: path, reason: "it is a directory")
        case .other: throw .unreadable(source: path, reason: "it is not a regular file")
        }
    }
}
