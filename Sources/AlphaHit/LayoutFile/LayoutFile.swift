import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads layout files: JSON documents describing a screen of elements (format in `Docs/LayoutFormat.md`).
public enum LayoutFile {
    /// The format versions this release reads.
    public static let supportedVersions = [1]

    /// Reads and checks the layout file at `path`; image paths resolve against the file's folder.
    ///
    /// - Throws: ``LayoutFileError``: unreadable file, invalid JSON (with line and column), or every
    ///   problem with the layout's structure, each with its JSON path and line (unknown keys, wrong
    ///   types, missing required keys, unknown enum values, unsupported version).
    public static func load(contentsOfFile path: String) throws(LayoutFileError) -> Layout {
        let decoded = try decodeAll(contentsOfFile: path)
        guard decoded.issues.isEmpty else { throw .invalid(file: path, issues: decoded.issues) }
        return decoded.layout
    }

    /// Checks layout JSON held in memory; `name` stands for the file in messages.
    ///
    /// - Throws: ``LayoutFileError``, as ``load(contentsOfFile:)`` does.
    public static func decode(_ bytes: [UInt8], name: String = "<layout>", imageDirectory: String? = nil) throws(LayoutFileError) -> Layout {
        let decoded = try decodeAll(bytes, name: name, imageDirectory: imageDirectory)
        guard decoded.issues.isEmpty else { throw .invalid(file: name, issues: decoded.issues) }
        return decoded.layout
    }

    /// A layout as far as it could be read, every structural problem found on the way, and the
    /// line each JSON path starts at.
    struct Decoded {
        var layout: Layout
        var issues: [LayoutIssue]
        var lines: [String: Int]

        /// The line of `path`, or of its nearest enclosing path that has one.
        func line(of path: String) -> Int? {
            var path = path
            while !path.isEmpty {
                if let line = lines[path] { return line }
                guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
                path = String(path[..<cut])
            }
            return nil
        }
    }

    static func decodeAll(contentsOfFile path: String) throws(LayoutFileError) -> Decoded {
        let bytes = try readFile(path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try decodeAll(bytes, name: path, imageDirectory: folder)
    }

    static func decodeAll(_ bytes: [UInt8], name: String, imageDirectory: String?) throws(LayoutFileError) -> Decoded {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .syntax(file: name, line: error.line, column: error.column, message: error.message)
        }
        var decoder = LayoutDecoder()
        var layout = decoder.decode(root)
        layout.imageDirectory = imageDirectory
        return Decoded(layout: layout, issues: inFileOrder(decoder.issues), lines: decoder.lines)
    }

    /// Issues sorted by line, keeping the order of issues on the same line.
    static func inFileOrder(_ issues: [LayoutIssue]) -> [LayoutIssue] {
        issues.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }

    /// Layout files larger than this are refused rather than read.
    static let maximumFileSize = 256 << 20

    /// The file's bytes, read with POSIX calls: the errors name the real reason, and an empty
    /// file costs nothing (Foundation's `Data(contentsOf:)` leaks a buffer on empty files here).
    static func readFile(_ path: String) throws(LayoutFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(file: path, reason: errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(file: path, reason: "it is a directory") }
        guard info.st_size <= maximumFileSize else {
            throw .unreadable(file: path, reason: "it is \(info.st_size) bytes, over the \(maximumFileSize >> 20) MiB a layout file may have")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumFileSize else {
                throw .unreadable(file: path, reason: "it is over the \(maximumFileSize >> 20) MiB a layout file may have")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

extension HitTester {
    /// Reads a layout file and builds its engine, reporting every problem in the file at once.
    ///
    /// - Throws: ``LayoutFileError``; `.invalid` lists structural problems and engine validation
    ///   problems (sizes, thresholds, transforms, images that cannot be decoded) together.
    public init(contentsOfLayoutFile path: String, cache: ImageCache = .shared) throws(LayoutFileError) {
        try self.init(decoded: LayoutFile.decodeAll(contentsOfFile: path), file: path, cache: cache)
    }

    /// Builds from a decoded layout file, adding the engine's own findings
    /// (except those under a path already reported) and throwing when there is any problem.
    init(decoded: LayoutFile.Decoded, file: String, cache: ImageCache) throws(LayoutFileError) {
        var issues = decoded.issues
        do {
            let engine = try HitTester(layout: decoded.layout, cache: cache, sourceLines: decoded.lines)
            if issues.isEmpty {
                self = engine
                return
            }
        } catch {
            let reported = decoded.issues.map(\.path)
            issues += error.issues.filter { issue in
                !reported.contains { issue.path == $0 || issue.path.hasPrefix($0 + ".") || issue.path.hasPrefix($0 + "[") }
            }.map { issue in
                var issue = issue
                issue.line = issue.line ?? decoded.line(of: issue.path)
                return issue
            }
        }
        throw .invalid(file: file, issues: LayoutFile.inFileOrder(issues))
    }
}
