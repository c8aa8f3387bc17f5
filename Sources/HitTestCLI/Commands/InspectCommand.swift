import AlphaHit

/// `hittest inspect`: what an image holds, for hit testing.
enum InspectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Describe a PNG image: size, format, scale, and where it is solid.",
        discussion: """
            --json prints one object: file, width, height, colorType, bitDepth, interlaced,
            transparencyChunk, imageScale, imageScaleFromName, threshold, minAlpha, opaqueBounds
            ({x, y, width, height} in pixels, or null), solidPixels, totalPixels.
            Exit codes: 0 described, 1 the image could not be read or decoded, 2 usage error.
            """,
        arguments: [.init(name: "image", help: "The PNG file.")],
        options: [threshold, json, LayoutLoading.maxPixels])

    static let json = Flag("--json", help: "Print the description as one JSON object.")

    static let threshold = Option(
        "--threshold", value: "<t>", help: "Alpha threshold from 0 to 1 for 'solid'. (default: \(AlphaThreshold.defaultValue))",
        expected: "a number from 0 to 1", parse: OptionValue.unitInterval)

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let threshold = arguments[threshold] ?? AlphaThreshold.defaultValue
        let image: DecodedImage
        do {
            let limits = LayoutLoading.limits(maxPixels: arguments[LayoutLoading.maxPixels] ?? LayoutLoading.defaultMaxPixels)
            image = try PNGDecoder(limits: limits).decode(contentsOfFile: path, as: .alpha8)
        } catch {
            throw CommandFailure(description: error.description)
        }
        let minAlpha = Int(AlphaThreshold.minimumAlpha(for: threshold))
        var solid = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where Int(image.alpha(atX: x, y: y)) >= minAlpha {
                solid += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let header = image.header
        let scale = ImageScale.inferred(fromPath: path)
        let total = image.width * image.height
        let percent = (Double(solid) / Double(total) * 1000).rounded() / 10
        if arguments.isSet(json) {
            let bounds = maxX >= 0 ? "{\"x\":\(minX),\"y\":\(minY),\"width\":\(maxX - minX + 1),\"height\":\(maxY - minY + 1)}" : "null"
            io.output.write(
                "{\"file\":\(JSONText.string(path)),\"width\":\(image.width),\"height\":\(image.height),"
                    + "\"colorType\":\"\(header.colorType)\",\"bitDepth\":\(header.bitDepth),\"interlaced\":\(header.isInterlaced),"
                    + "\"transparencyChunk\":\(header.hasTransparencyChunk),\"imageScale\":\(JSONText.number(scale ?? 1)),"
                    + "\"imageScaleFromName\":\(scale != nil),\"threshold\":\(JSONText.number(threshold)),\"minAlpha\":\(minAlpha),"
                    + "\"opaqueBounds\":\(bounds),\"solidPixels\":\(solid),\"totalPixels\":\(total)}\n")
            return
        }
        var lines = [
            "file: \(path)",
            "size: \(image.width)x\(image.height) pixels",
            "color type: \(header.colorType)\(header.hasTransparencyChunk ? " with tRNS transparency" : "")",
            "bit depth: \(header.bitDepth)",
            "interlaced: \(header.isInterlaced ? "yes (Adam7)" : "no")",
            "image scale: " + (scale.map { "\(Int($0)) (from the @\(Int($0))x file name)" } ?? "1 (no @2x or @3x in the file name)"),
        ]
        if maxX >= 0 {
            lines.append("opaque bounding box: x \(minX), y \(minY), width \(maxX - minX + 1), height \(maxY - minY + 1) pixels (alpha >= \(minAlpha))")
        } else {
            lines.append("opaque bounding box: none (no pixel has alpha >= \(minAlpha))")
        }
        lines.append("solid pixels: \(solid) of \(total) (\(percent)%) at threshold \(JSONText.number(threshold)) (alpha >= \(minAlpha))")
        io.output.write(lines.joined(separator: "\n") + "\n")
    }
}
