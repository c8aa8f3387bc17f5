import AlphaHitBasics
import AlphaHitJSON

/// Why an atlas cannot be read or used; every case names the atlas file and, where it has one, the line.
public enum AtlasError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The atlas file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not an atlas this release reads, or is malformed.
    case malformed(file: String, line: Int, message: String)
    /// No frame has that name (with the closest names).
    case unknownFrame(file: String, name: String, suggestions: [String])
    /// Several regions have that name and no index was given, or the index matches none.
    case ambiguousFrame(file: String, name: String, indices: [Int])
    /// Two frames have one name (and, in libGDX atlases, one index): both lines are named.
    case duplicateFrame(file: String, name: String, index: Int, firstLine: Int, line: Int)
    /// A frame's source size is over the decoding limits (checked before anything is allocated).
    case frameTooLarge(file: String, line: Int, name: String, width: Int, height: Int, limit: String, remedy: String)
    /// A frame's stored pixels reach outside its sheet.
    case frameOutsideSheet(file: String, line: Int, name: String, sheetWidth: Int, sheetHeight: Int)

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read the atlas: \(reason)"
        case .malformed(let file, let line, let message):
            return "\(file):\(line): \(message)"
        case .unknownFrame(let file, let name, let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "\"\($0)\"" }.joined(separator: " or "))?"
            return "\(file): no frame named \"\(name)\"\(hint)"
        case .ambiguousFrame(let file, let name, let indices):
            let what = indices.count == 1 ? "1 region is" : "\(indices.count) regions are"
            return "\(file): \(what) named \"\(name)\" (\(indices.count == 1 ? "index" : "indices") \(indices.map(String.init).joined(separator: ", "))); give \"index\" to choose one of them"
        case .duplicateFrame(let file, let name, let index, let first, let line):
            let which = index == -1 ? "" : " with index \(index)"
            return "\(file):\(line): a second frame named \(JSONText.string(name))\(which) (the first is on line \(first)); frame names must be unique"
        case .frameTooLarge(let file, let line, let name, let width, let height, let limit, let remedy):
            return "\(file):\(line): frame \(JSONText.string(name)) is \(width)x\(height) pixels, \(limit); \(remedy)"
        case .frameOutsideSheet(let file, let line, let name, let width, let height):
            return "\(file):\(line): frame \"\(name)\" reaches outside its sheet of \(width) x \(height) pixels"
        }
    }
}
