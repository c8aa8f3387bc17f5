/// Every problem that kept a layout from becoming a ``HitTester``, all found in one pass.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems (every one of severity ``LayoutProblem/Severity/error``), in the order of the layout.
    public var problems: [LayoutProblem]
    /// The layout file the problems are in, when the layout came from one.
    public var file: String?

    package init(problems: [LayoutProblem], file: String? = nil) {
        self.problems = problems
        self.file = file
    }

    /// One problem a line, as `FILE:LINE: PATH: MESSAGE` (file and line where known).
    public var description: String {
        problems.map { problem in
            let place = [file, problem.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
            return place.isEmpty ? problem.description : "\(place): \(problem.description)"
        }.joined(separator: "\n")
    }
}
