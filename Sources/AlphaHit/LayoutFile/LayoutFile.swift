import Foundation

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
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(file: path, reason: reason(error, path: path))
        }
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

    private static func reason(_ error: any Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        return (error as NSError).localizedDescription
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
