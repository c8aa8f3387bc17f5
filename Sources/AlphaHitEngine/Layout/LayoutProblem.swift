import AlphaHitBasics

/// One finding about a layout: an error that keeps it from being built, or a warning about a
/// layout that builds but will not behave as its author probably meant.
public struct LayoutProblem: Hashable, Sendable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The layout cannot be built.
        case error
        /// The layout builds, but part of it can never be hit.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// Where: a JSON-style path from the layout's root, such as `elements[2].children[0].frame.width`
    /// (empty for the document as a whole).
    public var path: String { location.description }
    /// What is wrong and what is expected.
    public var message: String
    /// The line of the layout file the path starts at, when the layout came from a file.
    public var line: Int?

    package let location: LayoutPath
    /// Where on its line the problem's value starts, for putting problems in file order.
    package var column: Int?

    package init(_ severity: Severity = .error, at location: LayoutPath, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.line = line
        self.column = column
    }

    /// `path: message` (just the message for the document as a whole).
    public var description: String { location.isRoot ? message : "\(location): \(message)" }
}

extension [LayoutProblem] {
    /// Sorted by line and column, keeping the order of problems at the same place (or without one).
    package func inFileOrder() -> [LayoutProblem] {
        enumerated().sorted {
            ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset) < ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
        }.map(\.element)
    }
}
