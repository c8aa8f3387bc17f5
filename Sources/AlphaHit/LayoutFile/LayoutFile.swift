import AlphaHitBasics
import AlphaHitEngine
import AlphaHitJSON

/// Reads layout files: JSON documents describing a screen of elements (format in `Docs/LayoutFormat.md`).
public enum LayoutFile {
    /// The format versions this release reads.
    public static let supportedVersions = [1]

    /// Layout files larger than this (256 MiB) are refused rather than read.
    public static let maximumFileSize = Platform.maximumTextFileSize

    /// Reads and checks the layout file at `path`; image paths resolve against the file's folder.
    ///
    /// - Throws: ``LayoutFileError``: unreadable file, invalid JSON (with line and column), or every
    ///   problem with the layout's structure, each with its JSON path and line (unknown keys, wrong
    ///   types, missing required keys, unknown enum values, unsupported version).
    public static func load(contentsOfFile path: String) throws(LayoutFileError) -> Layout {
        try decodeAll(contentsOfFile: path).layoutIfValid(file: path)
    }

    /// Checks layout JSON held in memory; `name` stands for the file in messages.
    ///
    /// - Parameter imageDirectory: where relative image paths start (nil: the current directory).
    /// - Throws: ``LayoutFileError``, as ``load(contentsOfFile:)`` does.
    public static func decode(_ bytes: [UInt8], name: String = "<layout>", imageDirectory: String? = nil) throws(LayoutFileError) -> Layout {
        try decodeAll(bytes, name: name, imageDirectory: imageDirectory).layoutIfValid(file: name)
    }

    /// A layout as far as it could be read, every structural problem found on the way, and the
    /// file's bytes, to place the engine's problems in the file.
    ///
    /// The parsed document itself is not kept: for a large layout it is the largest thing in memory,
    /// and only a layout with problems needs it again (it is parsed anew, once, on first need).
    struct Decoded {
        var layout: Layout
        var problems: [LayoutProblem]
        /// The line each element starts at, in pre-order.
        var elementLines: [Int]
        let source: ReparsedSource

        /// Where `path` starts in the file (line, byte column), or its nearest enclosing value that exists.
        func position(of path: LayoutPath) -> (line: Int, column: Int) {
            guard let document = source.document else { return (1, 1) }
            return withExtendedLifetime(document) { Self.position(of: path, in: document.root) }
        }

        private static func position(of path: LayoutPath, in root: JSONNode) -> (line: Int, column: Int) {
            var node = root
            for component in path.components {
                switch (component, node.value) {
                case (.key(let key), .object(let members)):
                    guard let member = members.value(forKey: key) else { return (node.line, node.column) }
                    node = member
                case (.index(let offset), .array(let items)) where items.indices.contains(offset):
                    node = items[offset]
                default:
                    return (node.line, node.column)
                }
            }
            return (node.line, node.column)
        }

        func layoutIfValid(file: String) throws(LayoutFileError) -> Layout {
            guard problems.isEmpty else { throw .invalid(LayoutError(problems: problems, file: file)) }
            return layout
        }
    }

    /// Reads and decodes the file at `path`; image paths resolve against `imageDirectory`, else the file's folder.
    static func decodeAll(contentsOfFile path: String, imageDirectory: String? = nil) throws(LayoutFileError) -> Decoded {
        let bytes: [UInt8]
        do {
            bytes = try Platform.readFile(path, maximumSize: maximumFileSize, allowsPipes: true)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        return try decodeAll(bytes, name: path, imageDirectory: imageDirectory ?? FilePaths.folder(of: path))
    }

    /// - Parameter parallelNodeCount: from how many JSON values on the decoder splits the work in two
    ///   (see ``LayoutDecoder/parallelNodeCount``); tests set it to compare both ways.
    static func decodeAll(
        _ bytes: [UInt8], name: String, imageDirectory: String?, parallelNodeCount: Int = LayoutDecoder().parallelNodeCount
    ) throws(LayoutFileError) -> Decoded {
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .syntax(file: name, line: error.line, column: error.column, message: error.message)
        }
        var decoder = LayoutDecoder()
        decoder.parallelNodeCount = parallelNodeCount
        var layout = withExtendedLifetime(document) { decoder.decode(document.root) }
        layout.imageDirectory = imageDirectory
        return Decoded(
            layout: layout, problems: decoder.problems.inFileOrder(), elementLines: decoder.elementLines, source: ReparsedSource(bytes))
    }

}

extension LayoutFile {
    /// Whether the file at `path` is JSON whose root object has `elements`: a layout, for a command
    /// that was given one where it expected an atlas or an image.
    package static func looksLikeLayout(_ path: String) -> Bool {
        guard let bytes = try? Platform.readFile(path, maximumSize: maximumFileSize), let document = try? JSONParser.parse(bytes, allowsRepeatedKeys: true) else {
            return false
        }
        return withExtendedLifetime(document) {
            guard case .object(let members) = document.root.value else { return false }
            return members.value(forKey: "elements") != nil
        }
    }
}

/// A layout file's bytes, parsed again on first need (once) to find where problems are.
final class ReparsedSource {
    private let bytes: [UInt8]
    private var parsed: JSONDocument?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The parsed document; nil only if the bytes no longer parse (they did once).
    var document: JSONDocument? {
        if parsed == nil { parsed = try? JSONParser.parse(bytes) }
        return parsed
    }
}
