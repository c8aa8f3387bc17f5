import AlphaHit

/// `hittest query`: which element each point hits.
enum QueryCommand: Subcommand {
    static let spec = CommandSpec(
        name: "query",
        abstract: "Print the element each point hits.",
        discussion: """
            Points come from the command line, or else from standard input, one a line ('x,y' or
            'x y'; blank lines and lines starting with '#' are skipped), streamed as they arrive.
            On the command line a point is one argument ('3,4' or "3 4" quoted), or two numbers in
            a row (3 4). Negative coordinates need no quoting: a token that reads as a number is one.
            Prints one line per point, in order: the id of the front-most element hit, or '-'.
            With --tolerance (or touchTolerance in the layout), a point that hits nothing selects
            the element whose hit region is nearest, if within its tolerance (Docs/HitTesting.md).
            A malformed line on standard input still gets its line ('!', or an object with "error"
            with --json), so answers stay in step with the input; it is also reported on standard
            error with its line number, and the exit code is then 1.
            With layout '-', the layout is read from standard input and the points must be arguments.
            Exit codes: 0 answered (hit or not), 1 bad layout or malformed point, 2 usage error.
            """,
        arguments: [
            .init(name: "layout", help: "The layout file (JSON); '-' for standard input."),
            .init(name: "x,y", help: "Points in layout coordinates (default: read standard input).", isOptional: true, isRepeating: true),
        ],
        options: [json, all, explain, tolerance] + LayoutLoading.options,
        rules: [
            .conflict("--all", "--explain"),
            .standardInputNeedsArguments(message: "The layout is read from standard input ('-'), so the points must be given as arguments."),
        ])

    static let json = Flag("--json", help: "One JSON object per point: point, id, path, local, pixel, alpha.")
    static let all = Flag("--all", help: "Every element hit at the point, front to back.")
    static let explain = Flag("--explain", help: "Why each element whose bounds contain the point, in front of the winner, missed.")
    static let tolerance = Option(
        "--tolerance", value: "<points>", help: "Touch tolerance: how far a point may miss an element and still select it. (default: the layout's)",
        expected: "a finite number of at least 0", parse: OptionValue.nonNegativeNumber)

    enum Mode { case front, all, explain }

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let mode: Mode = arguments.isSet(all) ? .all : arguments.isSet(explain) ? .explain : .front
        let layout = arguments.positionals[0]
        let points = pointArguments(Array(arguments.positionals.dropFirst()))
        let engine = try LayoutLoading.engine(layout, arguments, io: io)
        let writer = QueryWriter(engine: engine, mode: mode, json: arguments.isSet(json), tolerance: arguments[tolerance], output: io.output)
        if !points.isEmpty {
            // A bad argument is answered and reported as a bad line is, so the answers stay in step.
            var bad = 0
            for point in points {
                switch point {
                case .point(let x, let y): writer.answer(x, y)
                case .malformed(let position, let token, let hint):
                    bad += 1
                    writer.malformed(at: .argument(position), text: String(token.prefix(80)), reason: hint)
                    io.output.flush()
                    io.error.write("Error: '\(token.prefix(80))' is not a point: \(hint)\n")
                }
            }
            if bad > 0 { throw CommandFailure(description: "\(bad) malformed point argument\(bad == 1 ? "" : "s") (answered with '!')") }
            return
        }
        let malformed = try QueryStream(writer: writer, io: io).run()
        if malformed > 0 {
            throw CommandFailure(description: "\(malformed) malformed point line\(malformed == 1 ? "" : "s") on standard input (answered with '!')")
        }
    }

    /// A point argument, or one that is not a point (its 1-based place among the point arguments).
    enum PointArgument {
        case point(Double, Double)
        case malformed(position: Int, token: String, hint: String)
    }

    /// The points given as arguments: `x,y` or `"x y"` tokens, or two number tokens in a row.
    static func pointArguments(_ tokens: [String]) -> [PointArgument] {
        var points: [PointArgument] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if let point = PointParser.parse(token) {
                points.append(.point(point.x, point.y))
                index += 1
            } else if let x = PointParser.number(token), index + 1 < tokens.count, let y = PointParser.number(tokens[index + 1]) {
                points.append(.point(x, y))
                index += 2
            } else {
                let hint = PointParser.number(token) != nil
                    ? "a lone number needs a second one after it (3 4), or write the point as one argument: 3,4 or \"3 4\""
                    : "expected x,y, \"x y\" (quoted, one argument) or two numbers x y, with finite decimal numbers"
                points.append(.malformed(position: index + 1, token: token, hint: hint))
                index += 1
            }
        }
        return points
    }
}
