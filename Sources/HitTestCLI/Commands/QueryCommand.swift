import AlphaHit
import AlphaHitJSON

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
            --tap-point ID prints instead one point 'x y' where a tap surely selects element ID:
            its tap point as 'hittest audit' reports it on the map at --scale pixels per point
            (default 4), the centre of its owned pixel farthest from anything it does not own.
            Exit codes: 0 answered (hit or not), 1 bad layout, malformed point, or an element that
            owns nothing, 2 usage error.
            """,
        arguments: [
            .init(name: "layout", help: "The layout file (JSON); '-' for standard input."),
            .init(name: "x,y", help: "Points in layout coordinates (default: read standard input).", isOptional: true, isRepeating: true),
        ],
        options: [json, all, explain, tolerance, tapPoint, tapScale, MapBudget.option] + LayoutLoading.options,
        rules: [
            .conflict("--all", "--explain"),
            .conflict("--tap-point", "--all"), .conflict("--tap-point", "--explain"), .conflict("--tap-point", "--json"),
            .requires("--scale", "--tap-point", expected: "to be used with --tap-point"),
            .standardInputNeedsArguments(
                unless: "--tap-point", message: "The layout is read from standard input ('-'), so the points must be given as arguments."),
        ])

    static let json = Flag("--json", help: "One JSON object per point: point, id, path, local, pixel, alpha.")
    static let all = Flag("--all", help: "Every element hit at the point, front to back.")
    static let explain = Flag("--explain", help: "Why each element whose bounds contain the point, in front of the winner, missed.")
    static let tolerance = Option(
        "--tolerance", value: "<points>", help: "Touch tolerance: how far a point may miss an element and still select it. (default: the layout's)",
        expected: "a finite number of at least 0", parse: OptionValue.nonNegativeNumber)

    static let tapPoint = Option(
        "--tap-point", value: "<id>", help: "Print the tap point of this element (a point that surely selects it) and nothing else.",
        expected: "an element id", parse: { $0.isEmpty ? nil : $0 })
    static let tapScale = Option(
        "--scale", value: "<k>", help: "With --tap-point: hit-map pixels per point. (default: 4, as audit)", expected: MapBudget.scaleExpected,
        parse: MapBudget.scale)

    enum Mode { case front, all, explain }

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let mode: Mode = arguments.isSet(all) ? .all : arguments.isSet(explain) ? .explain : .front
        let layout = arguments.positionals[0]
        let points = pointArguments(Array(arguments.positionals.dropFirst()))
        let engine = try LayoutLoading.engine(layout, arguments, io: io)
        if let id = arguments[tapPoint] {
            guard points.isEmpty else { throw UsageError.other("--tap-point takes no points; give the layout and the element only.") }
            let point = try tapPoint(of: id, in: engine, layout: layout, arguments)
            io.output.write("\(JSONText.number(point.x)) \(JSONText.number(point.y))\n")
            return
        }
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

    /// The element's tap point on the map at --scale (as `audit` has it).
    private static func tapPoint(of id: String, in engine: HitTester, layout: String, _ arguments: ParsedArguments) throws -> Point {
        guard let element = engine.element(withID: id) else { throw CommandFailure(description: "\(layout): no element has the id \(JSONText.string(id))") }
        let map: HitMap
        do {
            map = try engine.hitMap(scale: arguments[tapScale] ?? 4, tolerance: arguments[tolerance])
        } catch {
            throw CommandFailure(description: "cannot make the map: \(error); use a smaller --scale\(engine.canvas == nil ? "; or give the layout a canvas" : "")")
        }
        try MapBudget.check([("tap points", map)], arguments, remedy: "use a smaller --scale")
        guard let tap = map.tapPoints()[element] else {
            throw CommandFailure(description: "\(layout): element \(JSONText.string(id)) owns no pixel of the map at \(JSONText.number(map.scale)) pixels per point, so it has no tap point")
        }
        return tap.point
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
