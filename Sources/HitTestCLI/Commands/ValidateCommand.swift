import AlphaHit

/// `hittest validate`: every problem in a layout file, and the elements that can never be hit.
enum ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check a layout file and its images; list every problem.",
        discussion: """
            Prints each problem as 'FILE:LINE: PATH: MESSAGE' and exits 1 when there is any.
            A valid layout exits 0, with warnings for elements that can never be hit: an image with
            no pixel at or above the element's threshold, and an element that owns no pixel of the
            hit map (at --scale pixels per point) because elements in front cover it everywhere.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON).")],
        options: [scale])

    static let scale = Option(
        "--scale", value: "<n>", help: "Pixels per point of the hit map used for warnings. (default: 1)",
        expected: "a positive number", parse: OptionValue.positiveNumber)

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let scale = arguments[scale] ?? 1
        let engine: HitTester
        do {
            engine = try HitTester(contentsOfLayoutFile: path)
        } catch {
            io.output.write(error.description + "\n")
            let count = if case .invalid(let problems) = error { problems.problems.count } else { 1 }
            throw CommandFailure(description: "\(path): \(count) problem\(count == 1 ? "" : "s") found")
        }
        let reachability = engine.unreachableElements(scale: scale)
        for warning in reachability.warnings {
            io.output.write("\(path)\(warning.line.map { ":\($0)" } ?? ""): warning: \(warning.description)\n")
        }
        if !reachability.checkedOwnership {
            io.output.write("\(path): note: the owned-pixel check was skipped: the hit map at scale \(JSONText.number(scale)) is too large; use a smaller --scale\n")
        }
        let count = engine.elements.count
        let warned = reachability.warnings.isEmpty ? "" : ", \(reachability.warnings.count) warning\(reachability.warnings.count == 1 ? "" : "s")"
        io.output.write("\(path): valid, \(count) element\(count == 1 ? "" : "s")\(warned)\n")
    }
}
