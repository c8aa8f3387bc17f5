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
            Exit codes: 0 listed, 1 bad layout or an element that is not in it, 2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON); '-' for standard input.")],
        options: [RenderCommand.scale, element, format, RenderCommand.tolerance, MapBudget.option] + LayoutLoading.options)

    enum FormatName: String {
        case json, text
    }

    static let element = Option(
        "--element", value: "<id>", help: "Only the pixels this element owns.", expected: "an element id", parse: { $0.isEmpty ? nil : $0 })
    static let format = Option(
        "--format", "-f", value: "<format>", help: "json or text. (default: json)", expected: "json or text", parse: FormatName.init(rawValue:))

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let engine = try LayoutLoading.engine(arguments.positionals[0], arguments, io: io)
        let scale = arguments[RenderCommand.scale] ?? 1
        let map: HitMap
        do {
            map = try engine.hitMap(scale: scale, tolerance: arguments[RenderCommand.tolerance])
        } catch {
            throw CommandFailure(description: "cannot make the map: \(error); use a smaller --scale\(engine.canvas == nil ? "; or give the layout a canvas" : "")")
        }
        try MapBudget.check([("map", map)], arguments, remedy: "use a smaller --scale")
        var only: ElementIndex?
        if let id = arguments[element] {
            guard let index = engine.element(withID: id) else {
                throw CommandFailure(description: "\(arguments.positionals[0]): no element has the id \(JSONText.string(id))")
            }
            only = index
        }
        let region = map.region(of: only)
        switch arguments[format] ?? .json {
        case .json:
            io.output.write(region.json(scale: scale, width: map.width, height: map.height) + "\n")
        case .text:
            io.output.write(region.rectangles.map { "\($0.x) \($0.y) \($0.width) \($0.height)\n" }.joined())
        }
    }
}
