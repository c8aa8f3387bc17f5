import AlphaHit

/// `hittest render`: a picture of who owns each pixel of the layout.
enum RenderCommand: Subcommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw the layout's hit regions as a PNG, one colour per element.",
        discussion: """
            Every pixel is painted with the colour of the element hit at its centre (pixel (px, py)
            samples the point ((px + 0.5) / scale, (py + 0.5) / scale)); where nothing is hit it is
            transparent. The picture covers the canvas, or without one, everything from the origin
            to the far edges of the elements (ceil(extent x scale) pixels a side). Colours come from
            the element ids, so they stay the same from run to run. The legend ('#rrggbb id pixels')
            goes to standard output, or to standard error when the picture itself does ('-o -').
            Exit codes: 0 drawn, 1 bad layout or unwritable output, 2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON).")],
        options: [output, scale, legend])

    static let output = Option(
        "--output", "-o", value: "<file.png>", help: "Where to write the picture; '-' for standard output.",
        expected: "a file path or '-'", isRequired: true, parse: OptionValue.path)
    static let scale = Option(
        "--scale", value: "<n>", help: "Pixels per point, a positive number. (default: 1)", expected: "a positive number",
        parse: OptionValue.positiveNumber)
    static let legend = Option(
        "--legend", value: "<file>", help: "Write the legend to this file instead; '-' for standard output.",
        expected: "a file path or '-'", parse: OptionValue.path)

    /// Pictures larger than this many pixels are refused rather than slowly rendered.
    static let maximumPixels = 64 << 20

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let outputPath = arguments[output]!
        let legendPath = arguments[legend]
        if let legendPath, legendPath == outputPath || SystemCalls.sameFile(legendPath, outputPath) {
            throw UsageError.other("'--output' and '--legend' name the same file '\(legendPath)': the legend would overwrite the picture.")
        }
        let engine = try LayoutLoading.engine(arguments.positionals[0])
        let map: HitMap
        do {
            map = try engine.hitMap(scale: arguments[scale] ?? 1)
        } catch {
            throw CommandFailure(description: "cannot render: \(error); or give the layout a canvas")
        }
        guard map.width * map.height <= maximumPixels else {
            throw CommandFailure(description: "the picture would be \(map.width)x\(map.height) pixels, over the \(maximumPixels) allowed; use a smaller --scale or a canvas")
        }
        guard map.width > 0, map.height > 0 else {
            throw CommandFailure(description: "\(arguments.positionals[0]): nothing to draw: the layout covers no area")
        }
        let colors = engine.elements.map { ElementColors.color(for: engine.id(of: $0)) }
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

        var text = ""
        for element in engine.elements where counts[Int(element.rawValue)] > 0 {
            text += "\(ElementColors.hex(colors[Int(element.rawValue)])) \(engine.id(of: element)) \(counts[Int(element.rawValue)])\n"
        }
        if let legendPath {
            let sink = try OutputSink.file(legendPath, standardOutput: io.output)
            sink.write(text)
            try sink.finish()
            if legendPath != "-" {
                (outputPath == "-" ? io.error : io.output).write("wrote \(outputPath == "-" ? "standard output" : outputPath) (\(map.width)x\(map.height)) and \(legendPath)\n")
            }
        } else {
            (outputPath == "-" ? io.error : io.output).write(text)
        }
    }
}
