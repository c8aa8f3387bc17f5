import AlphaHit
import Foundation

/// `hittest render`: a picture of who owns each pixel of the layout.
enum RenderCommand: Subcommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw the layout's hit regions as a PNG, one colour per element.",
        discussion: """
            Every pixel is painted with the colour of the element hit at its centre (pixel (px, py)
            samples the point ((px + 0.5) / scale, (py + 0.5) / scale)); where nothing is hit it is
            transparent. The picture covers the canvas, or without one, everything from the origin
            to the far edge of the elements. Colours come from the element ids, so they stay the
            same from run to run. The legend ('#rrggbb id pixels') goes to standard output.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON).")],
        options: [
            .init(names: ["--output", "-o"], valueName: "<file.png>", help: "Where to write the picture.", isRequired: true),
            .init(names: ["--scale"], valueName: "<n>", help: "Pixels per point, a positive number. (default: 1)"),
            .init(names: ["--legend"], valueName: "<file>", help: "Write the legend to this file instead of standard output."),
        ])

    /// Pictures larger than this many pixels are refused rather than slowly rendered.
    static let maximumPixels = 64 << 20

    static func run(_ arguments: ParsedArguments) throws {
        let scaleText = arguments.values["--scale"] ?? "1"
        guard let scale = Double(scaleText), scale.isFinite, scale > 0 else {
            throw UsageError.invalidValue(option: "--scale", value: scaleText, expected: "a positive number")
        }
        let engine = try LayoutLoading.engine(arguments.positionals[0])
        guard let size = engine.mapSize(scale: scale), size.width * size.height <= maximumPixels else {
            throw CommandFailure(description: "the picture would be too large (over \(maximumPixels) pixels); use a smaller --scale or a canvas")
        }
        guard size.width > 0, size.height > 0 else {
            throw CommandFailure(description: "\(arguments.positionals[0]): nothing to draw: the layout covers no area")
        }
        let map = engine.hitMap(scale: scale)
        let colors = (0..<engine.elementCount).map { ElementColors.color(for: engine.id(of: ElementIndex(rawValue: Int32($0)))) }
        var pixels = [UInt8](repeating: 0, count: map.width * map.height * 4)
        var counts = [Int](repeating: 0, count: engine.elementCount)
        for (offset, owner) in map.owners.enumerated() {
            guard let owner else { continue }
            let color = colors[Int(owner.rawValue)]
            counts[Int(owner.rawValue)] += 1
            pixels.replaceSubrange(offset * 4..<offset * 4 + 4, with: [color.red, color.green, color.blue, 255])
        }
        let output = arguments.values["--output"]!
        do {
            let png = try PNGEncoder().encode(pixels: pixels, width: map.width, height: map.height, layout: .rgba8)
            try Data(png).write(to: URL(fileURLWithPath: output))
        } catch {
            throw CommandFailure(description: "\(output): cannot write the picture: \(error)")
        }
        var legend = ""
        for index in 0..<engine.elementCount where counts[index] > 0 {
            legend += "\(ElementColors.hex(colors[index])) \(engine.id(of: ElementIndex(rawValue: Int32(index)))) \(counts[index])\n"
        }
        if let legendFile = arguments.values["--legend"] {
            do {
                try Data(legend.utf8).write(to: URL(fileURLWithPath: legendFile))
            } catch {
                throw CommandFailure(description: "\(legendFile): cannot write the legend: \(error.localizedDescription)")
            }
            StandardStreams.out("wrote \(output) (\(map.width)x\(map.height)) and \(legendFile)\n")
        } else {
            StandardStreams.out(legend)
        }
    }
}
