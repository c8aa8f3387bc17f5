import AlphaHit

/// `hittest query`: which element each point hits.
enum QueryCommand: Subcommand {
    static let spec = CommandSpec(
        name: "query",
        abstract: "Print the element each point hits.",
        discussion: """
            Points come from the command line, or else from standard input, one a line ('x,y' or
            'x y'; blank lines and lines starting with '#' are skipped), streamed as they arrive.
            Negative coordinates need no quoting: a token that reads as a point is a point.
            Prints one line per point, in order: the id of the front-most element hit, or '-'.
            A malformed line on standard input is reported with its line number on standard error
            and skipped; the rest is still answered, and the exit code is then 1.
            Exit codes: 0 answered (hit or not), 1 bad layout or malformed point, 2 usage error.
            """,
        arguments: [
            .init(name: "layout", help: "The layout file (JSON)."),
            .init(name: "x,y", help: "Points in layout coordinates (default: read standard input).", isOptional: true, isRepeating: true),
        ],
        options: [json, all, explain])

    static let json = Flag("--json", help: "One JSON object per point: point, id, path, local, pixel, alpha.")
    static let all = Flag("--all", help: "Every element hit at the point, front to back.")
    static let explain = Flag("--explain", help: "Why each element in front of the winner missed.")

    enum Mode { case front, all, explain }

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let json = arguments.isSet(Self.json)
        let mode: Mode
        switch (arguments.isSet(all), arguments.isSet(explain)) {
        case (true, true): throw UsageError.conflictingOptions("--all", "--explain")
        case (true, false): mode = .all
        case (false, true): mode = .explain
        case (false, false): mode = .front
        }
        let tokens = Array(arguments.positionals.dropFirst())
        var points: [(Double, Double)] = []
        for token in tokens {
            guard let point = PointParser.parse(token) else {
                throw CommandFailure(description: "'\(token)' is not a point: expected x,y or x y with finite decimal numbers")
            }
            points.append(point)
        }
        let engine = try LayoutLoading.engine(arguments.positionals[0])
        let writer = QueryWriter(engine: engine, mode: mode, json: json, output: io.output)
        if !tokens.isEmpty {
            for (x, y) in points { writer.answer(x, y) }
            return
        }
        var malformed = 0
        try LineReader.forEachLine(of: io.input, willBlock: { io.output.flush() }) { line, number in
            var start = 0
            while start < line.count, line[start] == 0x20 || line[start] == 0x09 || line[start] == 0x0D { start += 1 }
            if start == line.count || line[start] == UInt8(ascii: "#") { return }
            guard let (x, y) = PointParser.parse(line) else {
                malformed += 1
                io.output.flush()
                let text = String(decoding: line.prefix(80), as: UTF8.self)
                io.error.write("Error: <stdin>:\(number): malformed point '\(text)': expected x,y or x y\n")
                return
            }
            writer.answer(x, y)
        }
        if malformed > 0 { throw CommandFailure(description: "\(malformed) malformed point line\(malformed == 1 ? "" : "s") on standard input were skipped") }
    }
}

/// Formats the answers of `hittest query` into a buffered standard output.
struct QueryWriter {
    let engine: HitTester
    let mode: QueryCommand.Mode
    let json: Bool
    let output: OutputSink
    /// Each element's id as UTF-8 plus a newline, for the plain answer without formatting work.
    let idLines: [[UInt8]]

    init(engine: HitTester, mode: QueryCommand.Mode, json: Bool, output: OutputSink) {
        self.engine = engine
        self.mode = mode
        self.json = json
        self.output = output
        idLines = engine.elements.map { Array(engine.id(of: $0).utf8) + [0x0A] }
    }

    func answer(_ x: Double, _ y: Double) {
        let point = Point(x: x, y: y)
        switch (mode, json) {
        case (.front, false):
            if let hit = engine.elementIndex(at: point) {
                output.write(idLines[Int(hit.rawValue)])
            } else {
                output.write([UInt8(ascii: "-"), 0x0A])
            }
        case (.front, true):
            let hit = engine.hit(at: point)
            output.write("{\"point\":\(JSONText.pair(x, y)),\(Self.hitFields(hit))}\n")
        case (.all, false):
            let hits = engine.allHits(at: point)
            output.write((hits.isEmpty ? "-" : hits.map(\.id).joined(separator: " ")) + "\n")
        case (.all, true):
            let hits = engine.allHits(at: point).map { "{\(Self.hitFields($0))}" }
            output.write("{\"point\":\(JSONText.pair(x, y)),\"hits\":[\(hits.joined(separator: ","))]}\n")
        case (.explain, false):
            let lines = engine.explanation(at: point)
            let winner = lines.last.flatMap { $0.verdict == .hit ? $0.id : nil } ?? "-"
            output.write("\(JSONText.number(x)),\(JSONText.number(y)): \(winner)\n")
            for line in lines { output.write("  \(line.id): \(line.verdict)\n") }
        case (.explain, true):
            let lines = engine.explanation(at: point)
            let winner = lines.last.flatMap { $0.verdict == .hit ? JSONText.string($0.id) : nil } ?? "null"
            let verdicts = lines.map { "{\"id\":\(JSONText.string($0.id)),\"verdict\":\(JSONText.string($0.verdict.description))}" }
            output.write("{\"point\":\(JSONText.pair(x, y)),\"id\":\(winner),\"explain\":[\(verdicts.joined(separator: ","))]}\n")
        }
    }

    /// `"id":…,"path":[…],"local":[…],"pixel":[…],"alpha":…` (nulls and an empty path for no hit).
    static func hitFields(_ hit: Hit?) -> String {
        guard let hit else { return "\"id\":null,\"path\":[],\"local\":null,\"pixel\":null,\"alpha\":null" }
        let path = hit.path.map(JSONText.string).joined(separator: ",")
        let pixel = hit.pixel.map { "[\($0.x),\($0.y)]" } ?? "null"
        let alpha = hit.alpha.map { String($0) } ?? "null"
        return "\"id\":\(JSONText.string(hit.id)),\"path\":[\(path)],\"local\":\(JSONText.pair(hit.localPoint.x, hit.localPoint.y)),\"pixel\":\(pixel),\"alpha\":\(alpha)"
    }
}
