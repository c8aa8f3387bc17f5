import AlphaHit
import AlphaHitJSON

/// `hittest validate`: every problem in a layout file, and the elements that can never be hit.
enum ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check a layout file and its images; list every problem.",
        discussion: """
            Prints each problem as 'FILE:LINE: PATH: MESSAGE', in file order, and exits 1 when there
            is any. A valid layout exits 0, with warnings for elements that can never be hit: an
            image with no pixel at or above the element's threshold, and an element that owns no
            pixel of the hit map (at --scale pixels per point) because elements in front cover it.
            --json prints one object: file, valid, elements, problems, warnings, ownershipChecked.
            Exit codes: 0 valid (with or without warnings), 1 invalid or unreadable, 2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON); '-' for standard input.")],
        options: [scale, json] + LayoutLoading.options)

    static let scale = Option(
        "--scale", value: "<n>", help: "Pixels per point of the hit map used for warnings. (default: 1)",
        expected: "a positive number", parse: OptionValue.positiveNumber)
    static let json = Flag("--json", help: "Print the result as one JSON object.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let name = path == "-" ? "<stdin>" : path
        let scale = arguments[scale] ?? 1
        let engine: HitTester
        switch try LayoutLoading.load(path, arguments, io: io) {
        case .success(let built):
            engine = built
        case .failure(let error):
            let problems = Self.problems(of: error)
            io.output.write(arguments.isSet(json)
                ? Self.json(file: name, elements: nil, problems: problems, warnings: [], ownershipChecked: false)
                : error.description + "\n")
            throw CommandFailure(description: "\(name): \(problems.count) problem\(problems.count == 1 ? "" : "s") found")
        }
        let reachability = engine.unreachableElements(scale: scale)
        if arguments.isSet(json) {
            io.output.write(Self.json(
                file: name, elements: engine.elements.count, problems: [], warnings: reachability.warnings.map(Entry.init),
                ownershipChecked: reachability.checkedOwnership))
            return
        }
        for warning in reachability.warnings {
            io.output.write("\(name)\(warning.line.map { ":\($0)" } ?? ""): warning: \(warning.description)\n")
        }
        if !reachability.checkedOwnership {
            io.output.write("\(name): note: the owned-pixel check was skipped: the hit map at scale \(JSONText.number(scale)) is too large; use a smaller --scale\n")
        }
        let count = engine.elements.count
        let warned = reachability.warnings.isEmpty ? "" : ", \(reachability.warnings.count) warning\(reachability.warnings.count == 1 ? "" : "s")"
        io.output.write("\(name): valid, \(count) element\(count == 1 ? "" : "s")\(warned)\n")
    }

    /// One problem or warning as the JSON output lists it.
    struct Entry {
        var severity: String
        var path: String
        var line: Int?
        var column: Int?
        var message: String

        init(_ problem: LayoutProblem) {
            (severity, path, line, column, message) = (problem.severity.rawValue, problem.path, problem.line, nil, problem.message)
        }

        init(severity: String, path: String, line: Int?, column: Int?, message: String) {
            (self.severity, self.path, self.line, self.column, self.message) = (severity, path, line, column, message)
        }

        var json: String {
            var object = JSONObjectWriter()
            object.string("severity", severity)
            object.string("path", path)
            object.integer("line", line)
            object.integer("column", column)
            object.string("message", message)
            return object.json
        }
    }

    static func problems(of error: LayoutFileError) -> [Entry] {
        switch error {
        case .unreadable(_, let reason):
            [Entry(severity: "error", path: "", line: nil, column: nil, message: "cannot read the layout file: \(reason)")]
        case .syntax(_, let line, let column, let message):
            [Entry(severity: "error", path: "", line: line, column: column, message: "invalid JSON: \(message)")]
        case .invalid(let layoutError):
            layoutError.problems.map(Entry.init)
        }
    }

    static func json(file: String, elements: Int?, problems: [Entry], warnings: [Entry], ownershipChecked: Bool) -> String {
        var object = JSONObjectWriter()
        object.string("file", file)
        object.bool("valid", problems.isEmpty)
        object.integer("elements", elements)
        object.array("problems", problems.map(\.json))
        object.array("warnings", warnings.map(\.json))
        object.bool("ownershipChecked", ownershipChecked)
        return object.json + "\n"
    }
}
