import AlphaHit
import AlphaHitJSON
import AlphaHitReports

/// `hittest outline`: the outline of an image's solid pixels, exact or simplified (`Docs/Outlines.md`).
enum OutlineCommand: Subcommand {
    static let spec = CommandSpec(
        name: "outline",
        abstract: "Trace the solid pixels of a PNG (or an atlas frame) as polygons with holes.",
        discussion: """
            Solid pixels pass the hit test's own rule at --threshold (alpha / 255 >= threshold).
            The polygons run along pixel edges, in image pixel coordinates (x right, y down,
            origin at the top-left corner): the even-odd rule puts the centre of every pixel
            inside exactly when the pixel is solid. One polygon for each 4-connected group of
            solid pixels; pixels touching only at a corner belong to different polygons. An outer
            ring's shoelace sum is positive, a hole's negative; every vertex is a corner.
            --epsilon E (pixels, > 0) simplifies: each ring within E of its exact ring (Hausdorff
            distance), the same rings, each simple, no two touching, holes still inside their
            outer rings; vertices rounded to the thousandth.
            --convex adds each polygon cut into convex pieces of at most --max-vertices K corners
            (K >= 3; default: no limit), disjoint, covering it, oriented as outer rings:
            rectangles of an exact outline, else its triangles merged while convex
            (Hertel-Mehlhorn). --triangles adds each polygon cut into triangles (holes included).
            A simplified polygon of more than 20000 vertices is not cut (exit 1): simplify more.
            --format json (the default) prints {"image", "threshold", "epsilon", "polygons":
            [{"outer": [[x, y], ...], "holes": [[[x, y], ...], ...], "convex": [...], "triangles":
            [...]}], "pieces": N, "triangleCount": N} ("frame" or "rect" when one was given;
            "convex" and "pieces" with --convex, "triangles" and "triangleCount" with
            --triangles); --format svg prints the image with a path per polygon over it
            (fill-rule="evenodd") and the pieces outlined, to check by eye.
            Given a layout with --element ID, outlines the element's own hit region R(e) (its
            bounds, shape, solid pixels and clipping ancestors; whatever is in front of it) in
            layout points after every transform: {"layout", "element", "epsilon", "polygons",
            ...}. Exact at --epsilon 0 (coordinates not rounded); a round edge (an ellipse,
            rounded corners, a clip at an angle to an image) needs --epsilon E > 0 points, and
            then every ring lies within E of R(e)'s edge and that edge within E of the rings.
            With --owned instead, outlines what element ID owns on the hit map at --scale
            pixels per point (default 1; --tolerance as 'hittest render' uses it), on render's
            pixel grid: {"layout", "element", "owned": true, "scale", "epsilon", "polygons",
            ...}, --epsilon then in points.
            Given an atlas with --frame NAME [--index N], outlines that frame at its source size
            (the trimmed pixels transparent, the rotation undone). --rect X,Y,W,H outlines that
            rectangle of an image. An SVG is drawn at --scale pixels per point, else @2x/@3x in its
            name, else 1; the outline is in those pixels.
            Exit codes: 0 outlined, 1 the image or layout could not be read, a polygon too large
            to cut, or an element that is not in the layout, 2 usage error.
            """,
        arguments: [.init(name: "image", help: "The PNG, WebP or SVG file (or an atlas, with --frame; or a layout, with --element).")],
        options: [threshold, epsilon, convex, maxVertices, triangles, format, element, owned, RenderCommand.scale, RenderCommand.tolerance, LayoutLoading.images,
                  LayoutLoading.maxPixels, MapBudget.option] + FrameSelection.options,
        rules: FrameSelection.rules + [.requires("--max-vertices", "--convex", expected: "to be used with --convex")])

    enum FormatName: String {
        case json, svg
    }

    /// `inspect`'s: the same words for the same rule.
    static let threshold = InspectCommand.threshold
    static let epsilon = Option(
        "--epsilon", value: "<pixels>", help: "Simplify within this many pixels (Hausdorff distance). (default: 0, exact)",
        expected: "a number of pixels from 0 to 1000000", parse: { OptionValue.nonNegativeNumber($0).flatMap { $0 <= 1_000_000 ? $0 : nil } })
    static let convex = Flag("--convex", help: "Also cut each polygon into convex pieces.")
    static let maxVertices = Option(
        "--max-vertices", value: "<k>", help: "With --convex: at most this many corners a piece. (default: no limit)",
        expected: "a whole number of at least 3", parse: { Int($0).flatMap { $0 >= 3 ? $0 : nil } })
    static let triangles = Flag("--triangles", help: "Also cut each polygon into triangles.")
    static let element = Option(
        "--element", value: "<id>", help: "With a layout: the element whose region (or, with --owned, owned pixels) to outline.", expected: "an element id", parse: { $0.isEmpty ? nil : $0 })
    static let owned = Flag("--owned", help: "With --element: outline what the element owns on the hit map at --scale.")
    static let format = Option(
        "--format", "-f", value: "<format>", help: "json or svg. (default: json)", expected: "json or svg", parse: FormatName.init(rawValue:))

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        if arguments.isSet(owned) || arguments[element] != nil { return try outlineElement(path, arguments, io: io) }
        for option in [RenderCommand.tolerance.primaryName, LayoutLoading.images.primaryName, MapBudget.option.primaryName]
        where arguments.isGiven(option) {
            throw UsageError.other("\(option) is for a layout's outline: give --element ID --owned too.")
        }
        if arguments.isGiven(RenderCommand.scale.primaryName), !FrameSelection.isSVG(path) {
            throw UsageError.other("--scale is for an SVG image (pixels per point to draw it at) or a layout's outline with --element ID --owned.")
        }
        let threshold = arguments[threshold] ?? AlphaThreshold.defaultValue
        let picture = try OutlinedPicture(path, arguments)
        let minimumAlpha = AlphaThreshold.minimumAlpha(for: threshold)
        let mask = SolidMask(width: picture.width, height: picture.height) { x, y in
            AlphaThreshold.isSolid(alpha: picture.alpha[y * picture.width + x], minimumAlpha: minimumAlpha)
        }
        let epsilon = arguments[epsilon] ?? 0
        let polygons = try mask.outline(epsilon: epsilon)
        let outline = try OutlineJSON(polygons, convex: arguments.isSet(convex) ? arguments[maxVertices] ?? .max : nil, triangles: arguments.isSet(triangles))
        switch arguments[format] ?? .json {
        case .json:
            io.output.write(outline.json(image: path, frame: arguments[FrameSelection.frame], rect: arguments[FrameSelection.rect], threshold: threshold, epsilon: epsilon) + "\n")
        case .svg:
            io.output.write(try svg(polygons, pieces: outline.pieces, over: picture))
        }
    }

    /// `LAYOUT --element ID`: the element's own region R(e) in layout points; with `--owned`, what
    /// it owns on the hit map.
    private static func outlineElement(_ path: String, _ arguments: ParsedArguments, io: CommandIO) throws {
        guard let id = arguments[element] else { throw UsageError.other("--owned outlines what one element owns: give --element ID.") }
        if arguments.isGiven(threshold.primaryName) { throw UsageError.other("--threshold is for an image; a layout's elements keep their own alphaThreshold.") }
        if arguments[FrameSelection.frame] != nil || arguments[FrameSelection.rect] != nil { throw UsageError.other("--frame and --rect are for an image or atlas, not a layout.") }
        guard arguments[format] != .svg else { throw UsageError.other("--format svg draws an image under the outline; a layout's outline is JSON only.") }
        if !arguments.isSet(owned) {
            for option in [RenderCommand.scale.primaryName, RenderCommand.tolerance.primaryName, MapBudget.option.primaryName] where arguments.isGiven(option) {
                throw UsageError.other("\(option) is for the map of --owned; an element's own region needs no map.")
            }
        }
        let engine = try LayoutLoading.engine(path, arguments, io: io)
        guard let index = engine.element(withID: id) else { throw CommandFailure(description: "\(path): no element has the id \(JSONText.string(id))") }
        let epsilon = arguments[epsilon] ?? 0
        let convex = arguments.isSet(convex) ? arguments[maxVertices] ?? .max : nil
        guard arguments.isSet(owned) else {
            let polygons: [OutlinePolygon]
            do {
                polygons = try engine.outline(of: index, epsilon: epsilon)
            } catch {
                throw CommandFailure(description: "\(path): element \(JSONText.string(id)): \(error)")
            }
            let outline = try OutlineJSON(polygons, convex: convex, triangles: arguments.isSet(triangles))
            io.output.write(outline.json(layout: Optional(path), element: id, ownedScale: nil, epsilon: epsilon) + "\n")
            return
        }
        let scale = arguments[RenderCommand.scale] ?? 1
        let map: HitMap
        do {
            map = try engine.hitMap(scale: scale, tolerance: arguments[RenderCommand.tolerance])
        } catch {
            throw CommandFailure(description: "cannot make the map: \(error); use a smaller --scale\(engine.canvas == nil ? "; or give the layout a canvas" : "")")
        }
        try MapBudget.check([("map", map)], arguments, remedy: "use a smaller --scale")
        // Traced and cut in map pixels (exact polygons cut into rectangles), then put in points.
        var (polygons, left, top) = ([OutlinePolygon](), 0, 0)
        if let owned = map.ownedMask(of: index) { (polygons, left, top) = (try owned.mask.outline(epsilon: epsilon * scale), owned.left, owned.top) }
        let outline = try OutlineJSON(polygons, convex: convex, triangles: arguments.isSet(triangles))
            .mapped { Point(x: (Double(left) + $0.x) / scale, y: (Double(top) + $0.y) / scale) }
        io.output.write(outline.json(layout: Optional(path), element: id, ownedScale: scale, epsilon: epsilon) + "\n")
    }

    /// The picture as a PNG with a translucent path per polygon over it, one image pixel a unit.
    private static func svg(_ polygons: [OutlinePolygon], pieces: [[Point]], over picture: OutlinedPicture) throws -> String {
        let png: [UInt8]
        do {
            png = try PNGEncoder().encode(pixels: picture.rgba, width: picture.width, height: picture.height, layout: .rgba8)
        } catch {
            throw CommandFailure(description: error.description)
        }
        let (w, h) = (picture.width, picture.height)
        // Shown large enough to see its pixels: up to 8 screen pixels an image pixel, 800 across.
        let zoom = max(1, min(8, 800 / max(w, h, 1)))
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w * zoom)\" height=\"\(h * zoom)\" viewBox=\"0 0 \(w) \(h)\">\n"
        text += "<image width=\"\(w)\" height=\"\(h)\" style=\"image-rendering: pixelated\" href=\"data:image/png;base64,\(Base64.encode(png))\"/>\n"
        for polygon in polygons {
            let d = ([polygon.outer] + polygon.holes).map { ring in
                "M" + ring.map { "\(JSONText.number(JSONText.thousandths($0.x))) \(JSONText.number(JSONText.thousandths($0.y)))" }.joined(separator: " L") + " Z"
            }.joined(separator: " ")
            text += "<path d=\"\(d)\" fill=\"#e0306080\" stroke=\"#e03060\" stroke-width=\"0.08\" fill-rule=\"evenodd\"/>\n"
        }
        // The pieces and triangles, outlined thinly over the polygons.
        for piece in pieces {
            let points = piece.map { "\(JSONText.number(JSONText.thousandths($0.x))),\(JSONText.number(JSONText.thousandths($0.y)))" }.joined(separator: " ")
            text += "<polygon points=\"\(points)\" fill=\"none\" stroke=\"#1050d0\" stroke-width=\"0.05\"/>\n"
        }
        return text + "</svg>\n"
    }
}

/// The picture an outline is made of: a whole image, an atlas frame at its source size, or a
/// rectangle of an image, as its alpha plane and (for the SVG) its straight RGBA pixels.
struct OutlinedPicture {
    let width: Int, height: Int
    let alpha: [UInt8]
    private let sheet: DecodedImage
    private let frame: AtlasFrame

    init(_ path: String, _ arguments: ParsedArguments) throws {
        let limits = LayoutLoading.limits(maxPixels: arguments[LayoutLoading.maxPixels] ?? LayoutLoading.defaultMaxPixels)
        // An atlas's sheet is drawn at 1 pixel per point: its frames are given in sheet pixels.
        func decode(_ file: String, scale: Double = 1) throws -> DecodedImage {
            try FrameSelection.decode(file, limits: limits, as: .premultipliedARGB8, scale: scale)
        }
        if FrameSelection.isAtlas(path) {
            if let text = arguments.text(of: FrameSelection.rect) { throw UsageError.invalidValue(option: "--rect", value: text, expected: "a PNG, not an atlas") }
            let atlas = try FrameSelection.atlas(path)
            guard let selected = try FrameSelection.selectedFrame(of: atlas, arguments, limits: limits, format: .premultipliedARGB8) else {
                throw UsageError.other("'\(path)' is an atlas: name the frame to outline with --frame.")
            }
            sheet = try decode(FrameSelection.sheetPath(of: selected, atlas: path))
            guard selected.fits(sheetWidth: sheet.width, height: sheet.height) else {
                throw CommandFailure(description: AtlasError.frameOutsideSheet(
                    file: path, line: selected.line, name: selected.name, sheetWidth: sheet.width, sheetHeight: sheet.height).description)
            }
            frame = selected
        } else {
            if let text = arguments.text(of: FrameSelection.frame) { throw UsageError.invalidValue(option: "--frame", value: text, expected: "an atlas, not a PNG") }
            let image = try decode(path, scale: FrameSelection.vectorScale(given: arguments[RenderCommand.scale], path: path))
            sheet = image
            frame = try FrameSelection.region(arguments[FrameSelection.rect] ?? [0, 0, image.width, image.height], in: image, file: path)
        }
        (width, height) = (frame.sourceWidth, frame.sourceHeight)
        alpha = frame.alphaPlane(from: sheet)
    }

    /// Straight (not premultiplied) R, G, B, A bytes, row by row.
    var rgba: [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        PackedPlane.forEachRow(of: sheet, frame: frame) { row in
            for pixel in stride(from: 0, to: row.count, by: 4) {
                let (a, r, g, b) = (Int(row[pixel]), Int(row[pixel + 1]), Int(row[pixel + 2]), Int(row[pixel + 3]))
                func straight(_ c: Int) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                pixels += [straight(r), straight(g), straight(b), UInt8(a)]
            }
        }
        return pixels
    }
}
