import AlphaHit
import AlphaHitJSON
import AlphaHitReports

/// `hittest region`: the pixels a layout's elements own as banded rectangles, for an overlay
/// window's input region (`Docs/Outlines.md`, "Input regions").
enum RegionCommand: Subcommand {
    static let spec = CommandSpec(
        name: "region",
        abstract: "List the pixels the layout's elements own as banded rectangles (an input region).",
        discussion: """
            The pixels are those 'hittest render' paints at --scale (pixel (px, py) samples the
            point ((px + 0.5) / scale, (py + 0.5) / scale), with --tolerance or the layout's
            touchTolerance as render uses it): all of them, or only those element --element owns.
            They come as rectangles in the canonical banded form of X11's SHAPE extension
            (YXBanded), pixman and Wayland: cut into horizontal bands in which every row covers the
            same x-ranges, the rectangles of a band sorted by x and neither overlapping nor
            touching, two bands that meet covering different ranges.
            --format json (the default) prints {"scale": S, "width": W, "height": H, "rects":
            [[x, y, w, h], ...]} (W and H the map's size); --format text one 'x y w h' a line,
            ready for XShapeCombineRectangles(..., YXBanded) or wl_region_add.
            --changes SCRIPT applies a script of changes first ('hittest replay' lines; its query
            lines are skipped) and gives the region after them, resolving again only the pixels
            the changed elements can reach; with --diff, only what changed: {"scale", "width",
            "height", "add": [[x, y, w, h], ...], "subtract": [...]}, or with --format text
            '+ x y w h' and '- x y w h' lines. A line the layout rules refuse is reported as
            SCRIPT:LINE: MESSAGE and nothing is printed (exit 1).
            Exit codes: 0 listed, 1 bad layout or an element that is not in it, 2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON); '-' for standard input.")],
        options: [RenderCommand.scale, element, format, RenderCommand.tolerance, changes, diff, MapBudget.option] + LayoutLoading.options)

    enum FormatName: String {
        case json, text
    }

    static let element = Option(
        "--element", value: "<id>", help: "Only the pixels this element owns.", expected: "an element id", parse: { $0.isEmpty ? nil : $0 })
    static let changes = Option(
        "--changes", value: "<script>", help: "Apply this script of changes ('hittest replay' lines) first; '-' for standard input.",
        expected: "a file path or '-'", parse: OptionValue.path)
    static let diff = Flag("--diff", help: "With --changes: print only the rectangles to add and to subtract.")
    static let format = Option(
        "--format", "-f", value: "<format>", help: "json or text. (default: json)", expected: "json or text", parse: FormatName.init(rawValue:))

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        if let script = arguments[changes] { return try runChanges(script, arguments, io: io) }
        if arguments.isSet(diff) { throw UsageError.other("--diff needs --changes SCRIPT: a diff is between the layout and the layout after its changes.") }
        let engine = try LayoutLoading.engine(arguments.positionals[0], arguments, io: io)
        let scale = arguments[RenderCommand.scale] ?? 1
        let map = try self.map(of: engine, arguments)
        let region = map.region(of: try only(in: engine, arguments))
        switch arguments[format] ?? .json {
        case .json:
            io.output.write(region.json(scale: scale, width: map.width, height: map.height) + "\n")
        case .text:
            io.output.write(region.rectangles.map { "\($0.x) \($0.y) \($0.width) \($0.height)\n" }.joined())
        }
    }

    /// The map at --scale and --tolerance, within the map budget.
    private static func map(of engine: HitTester, _ arguments: ParsedArguments, what: String = "map") throws -> HitMap {
        let map: HitMap
        do {
            map = try engine.hitMap(scale: arguments[RenderCommand.scale] ?? 1, tolerance: arguments[RenderCommand.tolerance])
        } catch {
            throw CommandFailure(description: "cannot make the map: \(error); use a smaller --scale\(engine.canvas == nil ? "; or give the layout a canvas" : "")")
        }
        try MapBudget.check([(what, map)], arguments, remedy: "use a smaller --scale")
        return map
    }

    /// The --element to count alone, if any.
    private static func only(in engine: HitTester, _ arguments: ParsedArguments) throws -> ElementIndex? {
        guard let id = arguments[element] else { return nil }
        guard let index = engine.element(withID: id) else {
            throw CommandFailure(description: "\(arguments.positionals[0]): no element has the id \(JSONText.string(id))")
        }
        return index
    }

    /// --changes: the script applied to a scene, then the region after it (or, with --diff, what
    /// changed), resolving again only where the changed elements reach.
    private static func runChanges(_ scriptPath: String, _ arguments: ParsedArguments, io: CommandIO) throws {
        let scene: HitScene
        do throws(LayoutFileError) {
            scene = try HitScene(contentsOfLayoutFile: arguments.positionals[0], imageDirectory: arguments[LayoutLoading.images], cache: LayoutLoading.cache(arguments))
        } catch {
            throw CommandFailure(description: error.description)
        }
        let before = scene.snapshot
        let scriptName = scriptPath == "-" ? "<stdin>" : scriptPath
        var applied: [LayoutChange] = [], refused = 0, number = 0
        for line in try ReplayCommand.read(scriptPath, io: io).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            do {
                guard case .change(let change) = try ScriptLine.parse(line, layout: scene.layout) else { continue }
                try scene.apply(change)
                applied.append(change)
            } catch let error as ScriptLineError {
                refused += 1
                error.problems.forEach { io.error.write("\(scriptName):\(number): \($0.description)\n") }
            } catch let error as LayoutChangeError {
                refused += 1
                ReplayCommand.problems(of: error).forEach { io.error.write("\(scriptName):\(number): \($0)\n") }
            }
        }
        if refused > 0 { throw ReplayCommand.refusal(refused, of: scriptName, "; no region printed") }
        let after = scene.snapshot
        let (old, new) = (try map(of: before, arguments), try map(of: after, arguments, what: "map after the changes"))
        guard old.width == new.width && old.height == new.height else {
            throw CommandFailure(description: "the changes resize the map (\(old.width)x\(old.height) to \(new.width)x\(new.height)): give the layout a canvas to compare them on")
        }
        let only = try self.only(in: after, arguments) ?? (try self.only(in: before, arguments))
        let areas = RegionChange.areas(touchedBy: applied, before: before, after: after, tolerance: arguments[RenderCommand.tolerance])
        let change = new.regionChange(from: old, within: areas, of: only)
        let scale = arguments[RenderCommand.scale] ?? 1
        switch (arguments.isSet(diff), arguments[format] ?? .json) {
        case (true, .json):
            var object = JSONObjectWriter()
            object.number("scale", scale)
            object.integer("width", new.width)
            object.integer("height", new.height)
            object.array("add", change.added.rectangles.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" })
            object.array("subtract", change.removed.rectangles.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" })
            io.output.write(object.json + "\n")
        case (true, .text):
            io.output.write(change.added.rectangles.map { "+ \($0.x) \($0.y) \($0.width) \($0.height)\n" }.joined())
            io.output.write(change.removed.rectangles.map { "- \($0.x) \($0.y) \($0.width) \($0.height)\n" }.joined())
        case (false, let format):
            let region = old.region(of: only).applying(adding: change.added, removing: change.removed)
            if format == .json {
                io.output.write(region.json(scale: scale, width: new.width, height: new.height) + "\n")
            } else {
                io.output.write(region.rectangles.map { "\($0.x) \($0.y) \($0.width) \($0.height)\n" }.joined())
            }
        }
    }
}
