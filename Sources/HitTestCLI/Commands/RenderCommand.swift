import AlphaHit

/// `hittest render`: a picture of who owns each pixel of the layout.
enum RenderCommand: Subcommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw the layout's hit regions as a PNG, one colour per element.",
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
            Exit codes: 0 drawn, 1 bad layout or unwritable output, 2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON); '-' for standard input.")],
        options: [output, scale, legend, json, tolerance] + LayoutLoading.options)

    static let output = Option(
        "--output", "-o", value: "<file.png>", help: "Where to write the picture; '-' for standard output.",
        expected: "a file path or '-'", isRequired: true, parse: OptionValue.path)
    static let scale = Option(
        "--scale", value: "<n>", help: "Pixels per point, a positive number. (default: 1)", expected: "a positive number",
        parse: OptionValue.positiveNumber)
    static let legend = Option(
        "--legend", value: "<file>", help: "Write the legend to this file instead; '-' for standard output.",
        expected: "a file path or '-'", parse: OptionValue.path)
    static let json = Flag("--json", help: "Write the legend as JSON: size, scale, and each element's id, colour and pixels.")
    static let tolerance = Option(
        "--tolerance", value: "<points>", help: "Paint what a tap at each pixel would select with this touch tolerance. (default: the layout's)",
        expected: "a finite number of at least 0", parse: OptionValue.nonNegativeNumber)

    /// Pictures larger than this many pixels are refused rather than slowly rendered.
    static let maximumPixels = 64 << 20

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let outputPath = arguments[output]!
        let legendPath = arguments[legend]
        if let legendPath, legendPath == outputPath || (legendPath != "-" && SystemCalls.samePath(legendPath, outputPath)) {
            throw UsageError.other("'--output' and '--legend' name the same file '\(legendPath)': the legend would overwrite the picture.")
        }
        if outputPath == "-" && arguments.positionals[0] == "-" {
            throw UsageError.other("The layout and the picture cannot both use standard input and output ('-') here; name a file for one of them.")
        }
        let engine = try LayoutLoading.engine(arguments.positionals[0], arguments, io: io)
        let map: HitMap
        do {
            map = try engine.hitMap(scale: arguments[scale] ?? 1, tolerance: arguments[tolerance])
        } catch {
            throw CommandFailure(description: "cannot render: \(error); or give the layout a canvas")
        }
        guard map.width * map.height <= maximumPixels else {
            throw CommandFailure(description: "the picture would be \(map.width)x\(map.height) pixels, over the \(maximumPixels) allowed; use a smaller --scale or a canvas")
        }
        guard map.width > 0, map.height > 0 else {
            throw CommandFailure(description: "\(arguments.positionals[0]): nothing to draw: the layout covers no area")
        }
        let colors = ElementPalette.colors(neighbours: neighbours(engine, map))
        var pixels = [UInt8](repeating: 0, count: map.width * map.height * 4)
        var counts = [Int](repeating: 0, count: engine.elements.count)
        map.forEachBand { rows, owners in
            let base = rows.lowerBound * map.width * 4
            for (offset, owner) in owners.enumerated() {
                guard let owner else { continue }
                let color = colors[Int(owner.rawValue)], at = base + offset * 4
                counts[Int(owner.rawValue)] += 1
                (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]) = (color.red, color.green, color.blue, 255)
            }
        }
        let png: [UInt8]
        do {
            png = try PNGEncoder().encode(pixels: pixels, width: map.width, height: map.height, layout: .rgba8)
        } catch {
            throw CommandFailure(description: "\(outputPath): cannot encode the picture: \(error)")
        }
        let picture = try OutputSink.file(outputPath, standardOutput: io.output)
        picture.write(png)
        try picture.finish()

        let text = arguments.isSet(json)
            ? jsonLegend(engine, map, colors, counts)
            : engine.elements.map { "\(ElementPalette.hex(colors[Int($0.rawValue)])) \(engine.id(of: $0)) \(counts[Int($0.rawValue)])\n" }.joined()
        let messages = outputPath == "-" ? io.error : io.output
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

    /// Each element's neighbours: its parent and children, the siblings beside it, and the elements
    /// that own a pixel next to one of its own (right or below) in the picture.
    static func neighbours(_ engine: HitTester, _ map: HitMap) -> [Set<Int>] {
        var neighbours = [Set<Int>](repeating: [], count: engine.elements.count)
        func link(_ a: Int, _ b: Int) {
            guard a != b else { return }
            neighbours[a].insert(b)
            neighbours[b].insert(a)
        }
        for parent in [nil] + engine.elements.map(Optional.some) {
            let children = engine.children(of: parent).map { Int($0.rawValue) }
            for (first, second) in zip(children, children.dropFirst()) { link(first, second) }
            if let parent { for child in children { link(Int(parent.rawValue), child) } }
        }
        var previousRow: [ElementIndex?] = []
        map.forEachBand { rows, owners in
            for row in 0..<rows.count {
                let current = owners[row * map.width..<(row + 1) * map.width]
                for (x, owner) in zip(current.indices, current) {
                    guard let owner else { continue }
                    if x + 1 < current.endIndex, let right = current[x + 1] { link(Int(owner.rawValue), Int(right.rawValue)) }
                    if !previousRow.isEmpty, let above = previousRow[x - current.startIndex] { link(Int(owner.rawValue), Int(above.rawValue)) }
                }
                previousRow = Array(current)
            }
        }
        return neighbours
    }

    static func jsonLegend(_ engine: HitTester, _ map: HitMap, _ colors: [ElementPalette.Color], _ counts: [Int]) -> String {
        let elements = engine.elements.map { element in
            let index = Int(element.rawValue)
            return "{\"id\":\(JSONText.string(engine.id(of: element))),\"color\":\"\(ElementPalette.hex(colors[index]))\",\"pixels\":\(counts[index])}"
        }
        return "{\"width\":\(map.width),\"height\":\(map.height),\"scale\":\(JSONText.number(map.scale)),\"elements\":[\(elements.joined(separator: ","))]}\n"
    }
}
