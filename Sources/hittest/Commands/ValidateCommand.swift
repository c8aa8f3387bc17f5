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
        options: [.init(names: ["--scale"], valueName: "<n>", help: "Pixels per point of the hit map used for warnings. (default: 1)")])

    static func run(_ arguments: ParsedArguments) throws {
        let path = arguments.positionals[0]
        let scaleText = arguments.values["--scale"] ?? "1"
        guard let scale = Double(scaleText), scale.isFinite, scale > 0 else {
            throw UsageError.invalidValue(option: "--scale", value: scaleText, expected: "a positive number")
        }
        let engine: HitTester
        do {
            engine = try HitTester(contentsOfLayoutFile: path)
        } catch {
            StandardStreams.out(error.description + "\n")
            let count = if case .invalid(_, let issues) = error { issues.count } else { 1 }
            throw CommandFailure(description: "\(path): \(count) problem\(count == 1 ? "" : "s") found")
        }
        let warnings = engine.unreachableElements(scale: scale)
        for warning in warnings {
            StandardStreams.out("\(path)\(warning.line.map { ":\($0)" } ?? ""): warning: \(warning.description)\n")
        }
        let plural = engine.elementCount == 1 ? "" : "s"
        let warned = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        StandardStreams.out("\(path): valid, \(engine.elementCount) element\(plural)\(warned)\n")
    }
}
