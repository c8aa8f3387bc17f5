import AlphaHitBasics
import AlphaHitEngine

/// Why a layout file could not become a ``Layout`` or a ``HitTester``. Every case names the file.
public enum LayoutFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON.
    case syntax(file: String, line: Int, column: Int, message: String)
    /// The JSON does not describe a valid layout: every problem, each with its JSON path and line.
    case invalid(LayoutError)

    /// The layout file the error is about.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .syntax(let file, _, _, _): file
        case .invalid(let error): error.file ?? ""
        }
    }

    /// One problem a line, as `FILE:LINE: PATH: MESSAGE`.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read the layout file: \(reason)"
        case .syntax(let file, let line, let column, let message):
            "\(file):\(line):\(column): invalid JSON: \(message)"
        case .invalid(let error):
            error.description
        }
    }
}
