import AlphaHit

/// `hittest replay`: a layout's changes, line by line, and the answers to its queries in between.
enum ReplayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Apply a script of changes to a layout and answer its queries on the way.",
        discussion: """
            The script has one JSON object a line (Docs/LiveScenes.md, "Scripts"):
              {"set": "ID", KEY: VALUE, ...}          set element keys (null: back to the default)
              {"add": ELEMENT, "parent": "ID", "index": N}   parent and index optional
              {"remove": "ID"}
              {"move": "ID", "parent": "ID", "index": N}     parent null: the top level
              {"query": [[X, Y], ...], "tolerance": R}       answered as 'hittest query' answers
            Blank lines and lines starting with '#' are skipped (they still count in line numbers).
            A line that is not valid, or a change the layout rules refuse, is reported on standard
            error as SCRIPT:LINE: PATH: MESSAGE and not applied; replay goes on, and the exit code
            is then 1. A bad query line answers '!' (or an object with "error" with --json) for
            each point it lists, so the answers stay in step with the points.
            Exit codes: 0 every line applied, 1 a bad layout or a refused line, 2 usage error.
            """,
        arguments: [
            .init(name: "layout", help: "The layout file (JSON)."),
            .init(name: "script", help: "The script: one JSON change or query a line; '-' for standard input."),
        ],
        options: [QueryCommand.json, QueryCommand.explain, QueryCommand.tolerance] + LayoutLoading.options,
        rules: [.firstArgumentIsAFile(message: "The layout must be a file: standard input ('-') is for the script.")])

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let (layoutPath, scriptPath) = (arguments.positionals[0], arguments.positionals[1])
        let scene: HitScene
        do throws(LayoutFileError) {
            // Every change builds through the same cache, so that no image is decoded twice.
            scene = try HitScene(contentsOfLayoutFile: layoutPath, imageDirectory: arguments[LayoutLoading.images], cache: LayoutLoading.cache(arguments))
        } catch {
            throw CommandFailure(description: error.description)
        }
        let scriptName = scriptPath == "-" ? "<stdin>" : scriptPath
        let script = try read(scriptPath, io: io)
        let mode: QueryCommand.Mode = arguments.isSet(QueryCommand.explain) ? .explain : .front
        var refused = 0
        var number = 0
        for line in script.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            func report(_ message: String) { io.error.write("\(scriptName):\(number): \(message)\n") }
            let parsed: ScriptLine
            do throws(ScriptLineError) {
                parsed = try ScriptLine.parse(line, layout: scene.layout)
            } catch {
                refused += 1
                error.problems.forEach { report($0.description) }
                let writer = QueryWriter(engine: scene.snapshot, mode: mode, json: arguments.isSet(QueryCommand.json), tolerance: nil, output: io.output)
                for point in 0..<error.queryPoints {
                    writer.malformed(at: .line(number), text: "point \(point + 1)", reason: error.problems.first?.description ?? "bad line")
                }
                continue
            }
            switch parsed {
            case .nothing:
                continue
            case .query(let points, let tolerance):
                let writer = QueryWriter(
                    engine: scene.snapshot, mode: mode, json: arguments.isSet(QueryCommand.json), tolerance: tolerance ?? arguments[QueryCommand.tolerance], output: io.output)
                for point in points { writer.answer(point.x, point.y) }
            case .change(let change):
                do throws(LayoutChangeError) {
                    try scene.apply(change)
                } catch {
                    refused += 1
                    problems(of: error).forEach(report)
                }
            }
        }
        if refused > 0 { throw refusal(refused, of: scriptName) }
    }

    /// What to report of a refused change: each problem of an invalid one, else the error.
    static func problems(of error: LayoutChangeError) -> [String] {
        if case .invalid(let invalid) = error { return invalid.problems.map(\.description) }
        return [error.description]
    }

    /// The failure once `refused` lines of the script were refused (and reported).
    static func refusal(_ refused: Int, of scriptName: String, _ consequence: String = "") -> CommandFailure {
        CommandFailure(description: "\(refused) line\(refused == 1 ? "" : "s") of \(scriptName) refused (reported above)\(consequence)")
    }

    /// The script's bytes, from its file or standard input.
    static func read(_ path: String, io: CommandIO) throws(CommandFailure) -> [UInt8] {
        if path == "-" { return try io.readAllInput(limit: LayoutFile.maximumFileSize) }
        do throws(Platform.ReadFailure) {
            return try Platform.readFile(path, maximumSize: LayoutFile.maximumFileSize)
        } catch {
            throw CommandFailure(description: "\(path): cannot read the script: \(error)")
        }
    }
}
