import AlphaHit
import AlphaHitJSON

/// `hittest render`: a picture of who owns each pixel of the layout.
enum RenderCommand: Subcommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw the layout's hit regions as a PNG, one colour per element, or as an interactive page.",
        discussion: """
            Every pixel is painted with the colour of the element hit at its centre (pixel (px, py)
            samples the point ((px + 0.5) / scale, (py + 0.5) / scale)); where nothing is hit it is
            transparent. With --tolerance (or touchTolerance in the layout), a pixel that hits nothing
            takes the colour of the element a tap there would select. The picture covers the canvas, or without one, everything from the origin
            to the far edges of the elements (ceil(extent x scale) pixels a side). Each element gets
            one of 24 colours, chosen to differ from its parent's, its neighbouring siblings' and
            those of the elements it touches in the picture; the same layout always gets the same
            colours. The legend ('#rrggbb id pixels', every element in layout order, 0 for those that
            own no pixel) goes to standard output, or to standard error when the picture itself does
            ('-o -'); --json writes it as one JSON object.
            --html writes the inspector page beside or instead of the picture: one self-contained HTML
            file with the hit map at --html-scale CSS pixels per point, a readout of the element under
            the pointer (what 'hittest query' answers there) with its path, point, pixel and alpha,
            and every element with its colour and its audit at 4 pixels per point against
            --min-size or --standard (as 'hittest audit'); with --tolerance it can also show the
            touch-tolerance map (Docs/Inspector.md).
            Exit codes: 0 drawn, 1 bad layout or unwritable output, 2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON); '-' for standard input.")],
        options: [output, scale, legend, json, tolerance, html, htmlScale] + TargetSizeOptions.options + [MapBudget.option] + LayoutLoading.options,
        rules: [
            .oneOf(["--output", "--html"], message: "Missing expected option '--output' or '--html': say where the picture, the page, or both go."),
            .differentFiles("--output", "--legend", overwrite: "the legend would overwrite the picture"),
            .differentFiles("--html", "--legend", overwrite: "the legend would overwrite the page"),
            .differentFiles("--output", "--html", overwrite: "the page would overwrite the picture"),
            .standardInputExcludesStandardOutput(["--output", "--html"]),
        ] + TargetSizeOptions.rules)

    static let output = Option(
        "--output", "-o", value: "<file.png>", help: "Where to write the picture; '-' for standard output.",
        expected: "a file path or '-'", parse: OptionValue.path)
    static let scale = Option(
        "--scale", value: "<n>", help: "Pixels per point. (default: 1)", expected: MapBudget.scaleExpected, parse: MapBudget.scale)
    static let legend = Option(
        "--legend", value: "<file>", help: "Write the legend to this file instead; '-' for standard output.",
        expected: "a file path or '-'", parse: OptionValue.path)
    static let html = Option(
        "--html", value: "<file.html>", help: "Write the inspector page (Docs/Inspector.md) here; '-' for standard output.",
        expected: "a file path or '-'", parse: OptionValue.path)
    static let htmlScale = Option(
        "--html-scale", value: "<n>", help: "The page's CSS pixels per point. (default: 2)", expected: MapBudget.scaleExpected, parse: MapBudget.scale)
    static let json = Flag("--json", help: "Write the legend as JSON: size, scale, and each element's id, colour and pixels.")
    static let tolerance = Option(
        "--tolerance", value: "<points>", help: "Paint what a tap at each pixel would select with this touch tolerance. (default: the layout's)",
        expected: "a finite number of at least 0", parse: OptionValue.nonNegativeNumber)

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let outputPath = arguments[output]
        let pagePath = arguments[html]
        let legendPath = arguments[legend]
        let engine = try LayoutLoading.engine(arguments.positionals[0], arguments, io: io)
        try OutputTargets.refuseOverwriting(
            [("--output", outputPath), ("--html", pagePath), ("--legend", legendPath)], inputs: [arguments.positionals[0]] + engine.inputFiles)
        let pageScale = arguments[htmlScale] ?? 2
        let hint = engine.canvas == nil ? "; or give the layout a canvas" : ""
        func makeMap(scale: Double, tolerance: Double?, option: String) throws(CommandFailure) -> HitMap {
            do {
                return try engine.hitMap(scale: scale, tolerance: tolerance)
            } catch {
                throw CommandFailure(description: "cannot render: \(error); use a smaller \(option)\(hint)")
            }
        }
        let map = try makeMap(scale: outputPath == nil ? pageScale : arguments[scale] ?? 1, tolerance: arguments[tolerance], option: outputPath == nil ? "--html-scale" : "--scale")
        guard map.width > 0, map.height > 0 else {
            throw CommandFailure(description: "\(arguments.positionals[0]): nothing to draw: the layout covers no area")
        }
        var maps: [(what: String, map: HitMap)] = outputPath == nil ? [] : [("picture", map)]
        if pagePath != nil {
            let pageMap = try makeMap(scale: pageScale, tolerance: nil, option: "--html-scale")
            maps.append(("page", pageMap))
            if arguments[tolerance] != nil { maps.append(("page tolerance map", pageMap)) }
            maps.append(("page audit", try makeMap(scale: InspectorPage.auditScale, tolerance: nil, option: "--html-scale")))
        }
        try MapBudget.check(maps, arguments, remedy: pagePath == nil ? "use a smaller --scale" : "use a smaller --scale or --html-scale")
        let colors = ElementPalette.colors(engine, map)
        let messages = outputPath == "-" || pagePath == "-" ? io.error : io.output
        if let pagePath { try writePage(engine, colors: colors, to: pagePath, arguments, io: io) }
        guard let outputPath else {
            if pagePath != "-" { messages.write("wrote \(pagePath!)\n") }
            return
        }
        let counts = try writePicture(map, colors: colors, to: outputPath, io: io)
        let text = arguments.isSet(json)
            ? jsonLegend(engine, map, colors, counts)
            : engine.elements.map { "\(ElementPalette.hex(colors[engine.position(of: $0)])) \(engine.id(of: $0)) \(counts[engine.position(of: $0)])\n" }.joined()
        if let legendPath {
            let sink = try OutputSink.file(legendPath, standardOutput: io.output)
            sink.write(text)
            try sink.finish()
            if legendPath != "-" {
                messages.write("wrote \(outputPath == "-" ? "standard output" : outputPath) (\(map.width)x\(map.height)) and \(legendPath)\n")
            }
        } else {
            messages.write(text)
        }
    }

    /// Paints and writes the PNG; returns how many pixels each element owns.
    static func writePicture(_ map: HitMap, colors: [ElementPalette.Color], to path: String, io: CommandIO) throws -> [Int] {
        var pixels = [UInt8](repeating: 0, count: map.width * map.height * 4)
        var counts = [Int](repeating: 0, count: colors.count)
        map.forEachBand { rows, owners in
            let base = rows.lowerBound * map.width * 4
            for (offset, owner) in owners.enumerated() {
                guard let owner else { continue }
                let position = map.position(of: owner)
                let color = colors[position], at = base + offset * 4
                counts[position] += 1
                (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]) = (color.red, color.green, color.blue, 255)
            }
        }
        let png: [UInt8]
        do {
            png = try PNGEncoder().encode(pixels: pixels, width: map.width, height: map.height, layout: .rgba8)
        } catch {
            throw CommandFailure(description: "\(path): cannot encode the picture: \(error)")
        }
        let picture = try OutputSink.file(path, standardOutput: io.output)
        picture.write(png)
        try picture.finish()
        return counts
    }

    /// Audits the layout and writes the inspector page.
    static func writePage(_ engine: HitTester, colors: [ElementPalette.Color], to path: String, _ arguments: ParsedArguments, io: CommandIO) throws {
        let minimum = TargetSizeOptions.minimum(arguments)
        let audit: TargetAudit
        do {
            audit = try engine.audit(
                scale: InspectorPage.auditScale, tolerance: nil, minimumSize: minimum, spacingException: TargetSizeOptions.appliesSpacingException(arguments),
                maximumPixels: .max)
        } catch {
            throw CommandFailure(description: "cannot audit for the page: \(error)")
        }
        let title = arguments.positionals[0] == "-" ? "standard input" : arguments.positionals[0]
        let page = InspectorPage(
            engine: engine, scale: arguments[htmlScale] ?? 2, tolerance: arguments[tolerance], audit: audit, colors: colors, title: title)
        let sink = try OutputSink.file(path, standardOutput: io.output)
        sink.write(try page.html())
        try sink.finish()
    }

    static func jsonLegend(_ engine: HitTester, _ map: HitMap, _ colors: [ElementPalette.Color], _ counts: [Int]) -> String {
        let elements = engine.elements.map { element in
            let index = engine.position(of: element)
            var object = JSONObjectWriter()
            object.string("id", engine.id(of: element))
            object.string("color", ElementPalette.hex(colors[index]))
            object.integer("pixels", counts[index])
            return object.json
        }
        var legend = JSONObjectWriter()
        legend.integer("width", map.width)
        legend.integer("height", map.height)
        legend.number("scale", map.scale)
        legend.array("elements", elements)
        return legend.json + "\n"
    }
}
