/// One problem in a layout, at a path such as `elements[2].children[0].frame.width`.
public struct LayoutIssue: Hashable, Sendable, CustomStringConvertible {
    /// Where: a JSON-style path from the layout's root.
    public var path: String
    /// What is wrong and what is expected.
    public var message: String
    /// The line of the layout file the path starts at, when the layout came from a file.
    public var line: Int?

    /// Creates an issue.
    public init(path: String, message: String, line: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
    }

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem that kept a layout from becoming a ``HitTester``, all found in one pass.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in the order of the layout.
    public var issues: [LayoutIssue]

    /// Creates an error from its issues.
    public init(issues: [LayoutIssue]) {
        self.issues = issues
    }

    /// One issue a line.
    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}
