import AlphaHit
import AlphaHitJSON

/// `hittest inspect`: what an image holds, for hit testing.
enum InspectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Describe a PNG, WebP or SVG image (or an atlas's frames): size, format, scale, and where it is solid.",
        discussion: """
            --json prints one object: file, format ("png", "webp" or "svg"), width, height; for a
            PNG colorType, bitDepth, interlaced, transparencyChunk; for a WebP compression
            ("lossless", "lossy" or "undetermined") and hasAlpha; for an SVG pointWidth and
            pointHeight (its size in points); then imageScale, imageScaleFromName, threshold,
            minAlpha, opaqueBounds ({x, y, width, height} in pixels, or null), solidPixels,
            totalPixels. An SVG is drawn at --scale, else @2x/@3x in its name, else 1.
            Given an atlas (TexturePacker/Aseprite JSON, Starling XML, libGDX/Spine text), lists its
            frames: name, index, sheet, rectangle in the sheet, rotation, trimmed, source size
            (--json: {"atlas", "frames": [{"name", "index", "sheet", "rect", "rotation", "trimmed",
            "sourceWidth", "sourceHeight"}]}); with --frame NAME [--index N], describes that frame
            as an image. --rect X,Y,W,H describes that rectangle of an image.
            Exit codes: 0 described, 1 the image could not be read or decoded, 2 usage error.
            """,
        arguments: [.init(name: "image", help: "The PNG, WebP or SVG file, or an atlas.")],
        options: [threshold, json, LayoutLoading.maxPixels, FrameSelection.scale] + FrameSelection.options,
        rules: FrameSelection.rules)

    static let json = Flag("--json", help: "Print the description as one JSON object.")

    static let threshold = Option(
        "--threshold", value: "<t>", help: "Alpha threshold from 0 to 1 for 'solid'. (default: \(AlphaThreshold.defaultValue))",
        expected: "a number from 0 to 1", parse: OptionValue.unitInterval)

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let path = arguments.positionals[0]
        let threshold = arguments[threshold] ?? AlphaThreshold.defaultValue
        let limits = LayoutLoading.limits(maxPixels: arguments[LayoutLoading.maxPixels] ?? LayoutLoading.defaultMaxPixels)
        // An atlas's sheet is drawn at 1 pixel per point: its frames are given in sheet pixels.
        func decode(_ file: String, scale: Double = 1) throws -> DecodedImage {
            try FrameSelection.decode(file, limits: limits, as: .alpha8, scale: scale)
        }
        if FrameSelection.isAtlas(path) {
            if let text = arguments.text(of: FrameSelection.rect) { throw UsageError.invalidValue(option: "--rect", value: text, expected: "a PNG, not an atlas") }
            let atlas = try FrameSelection.atlas(path)
            guard let frame = try FrameSelection.selectedFrame(of: atlas, arguments, limits: limits, format: .alpha8) else { return list(atlas, json: arguments.isSet(json), io: io) }
            let sheetPath = FrameSelection.sheetPath(of: frame, atlas: path)
            let sheet = try decode(sheetPath)
            guard frame.fits(sheetWidth: sheet.width, height: sheet.height) else {
                throw CommandFailure(description: AtlasError.frameOutsideSheet(file: path, line: frame.line, name: frame.name, sheetWidth: sheet.width, sheetHeight: sheet.height).description)
            }
            let plane = frame.alphaPlane(from: sheet)
            let scale = ImageScale.inferred(fromPath: sheetPath) ?? frame.scale
            return describe(
                label: "\(path) frame \(frame.name)", width: frame.sourceWidth, height: frame.sourceHeight, origin: sheet.origin, scale: scale,
                fromName: ImageScale.inferred(fromPath: sheetPath) != nil, threshold: threshold, json: arguments.isSet(json), io: io
            ) { x, y in plane[y * frame.sourceWidth + x] }
        }
        if let text = arguments.text(of: FrameSelection.frame) { throw UsageError.invalidValue(option: "--frame", value: text, expected: "an atlas, not a PNG") }
        let image = try decode(path, scale: FrameSelection.vectorScale(given: arguments[FrameSelection.scale], path: path))
        if let rect = arguments[FrameSelection.rect] {
            let region = try FrameSelection.region(rect, in: image, file: path)
            return describe(
                label: "\(path) rect \(rect.map(String.init).joined(separator: ","))", width: region.sourceWidth, height: region.sourceHeight, origin: image.origin,
                scale: scale(of: image, path: path), fromName: fromName(image, path: path, arguments), threshold: threshold,
                json: arguments.isSet(json), io: io
            ) { x, y in image.alpha(atX: region.sheetX + x, y: region.sheetY + y) }
        }
        describe(
            label: path, width: image.width, height: image.height, origin: image.origin, scale: scale(of: image, path: path),
            fromName: fromName(image, path: path, arguments), threshold: threshold, json: arguments.isSet(json), io: io
        ) { x, y in image.alpha(atX: x, y: y) }
    }

    /// The image's scale: an SVG's is the one it was drawn at; a raster's comes from its name.
    private static func scale(of image: DecodedImage, path: String) -> Double? {
        if case .svg(let header) = image.origin { return header.scale }
        return ImageScale.inferred(fromPath: path)
    }

    /// Whether the scale came from an @2x/@3x file name (for an SVG: without --scale).
    private static func fromName(_ image: DecodedImage, path: String, _ arguments: ParsedArguments) -> Bool {
        if case .svg = image.origin, arguments[FrameSelection.scale] != nil { return false }
        return ImageScale.inferred(fromPath: path) != nil
    }

    /// The frames of an atlas, one a line (or one JSON object).
    private static func list(_ atlas: Atlas, json: Bool, io: CommandIO) {
        if json {
            let frames = atlas.frames.map { f in
                var object = JSONObjectWriter()
                object.string("name", f.name)
                object.integer("index", f.index)
                object.string("sheet", f.sheet)
                object.object("rect", pixelRect(x: f.sheetRect.x, y: f.sheetRect.y, width: f.sheetRect.width, height: f.sheetRect.height))
                object.string("rotation", f.rotation.rawValue)
                object.bool("trimmed", f.isTrimmed)
                object.integer("sourceWidth", f.sourceWidth)
                object.integer("sourceHeight", f.sourceHeight)
                return object.json
            }
            var object = JSONObjectWriter()
            object.string("atlas", atlas.file)
            object.array("frames", frames)
            io.output.write(object.json + "\n")
            return
        }
        io.output.write("atlas: \(atlas.file), \(atlas.frames.count) frame\(atlas.frames.count == 1 ? "" : "s")\n")
        for f in atlas.frames {
            let rect = f.sheetRect
            let rotation = f.rotation == .none ? "not rotated" : "rotated \(f.rotation == .clockwise ? "clockwise" : "counter-clockwise")"
            io.output.write(
                "\(f.name)\(f.index >= 0 ? " #\(f.index)" : ""): \(f.sheet) at \(rect.x),\(rect.y) size \(rect.width)x\(rect.height), \(rotation), "
                    + "\(f.isTrimmed ? "trimmed from \(f.sourceWidth)x\(f.sourceHeight) (pixels at \(f.trimX),\(f.trimY))" : "not trimmed (\(f.sourceWidth)x\(f.sourceHeight))")\n")
        }
    }

    /// `{"x", "y", "width", "height"}` in whole pixels.
    private static func pixelRect(x: Int, y: Int, width: Int, height: Int) -> String {
        var object = JSONObjectWriter()
        object.integer("x", x)
        object.integer("y", y)
        object.integer("width", width)
        object.integer("height", height)
        return object.json
    }

    /// The statistics of an image (or frame) given its alpha at each pixel.
    private static func describe(
        label path: String, width: Int, height: Int, origin: ImageOrigin, scale: Double?, fromName: Bool, threshold: Double, json: Bool, io: CommandIO,
        alpha: (Int, Int) -> UInt8
    ) {
        let minAlpha = Int(AlphaThreshold.minimumAlpha(for: threshold))
        var solid = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<height {
            for x in 0..<width where Int(alpha(x, y)) >= minAlpha {
                solid += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let total = width * height
        let percent = (Double(solid) / Double(total) * 1000).rounded() / 10
        if json {
            var object = JSONObjectWriter()
            object.string("file", path)
            object.integer("width", width)
            object.integer("height", height)
            object.string("format", origin.formatName)
            switch origin {
            case .png(let header):
                object.string("colorType", "\(header.colorType)")
                object.integer("bitDepth", header.bitDepth)
                object.bool("interlaced", header.isInterlaced)
                object.bool("transparencyChunk", header.hasTransparencyChunk)
            case .webP(let header):
                object.string("compression", header.compression.rawValue)
                object.bool("hasAlpha", header.hasAlpha)
            case .svg(let header):
                object.number("pointWidth", header.width)
                object.number("pointHeight", header.height)
            }
            object.number("imageScale", scale ?? 1)
            object.bool("imageScaleFromName", fromName)
            object.number("threshold", threshold)
            object.integer("minAlpha", minAlpha)
            object.object("opaqueBounds", maxX >= 0 ? pixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil)
            object.integer("solidPixels", solid)
            object.integer("totalPixels", total)
            io.output.write(object.json + "\n")
            return
        }
        var lines = ["file: \(path)", "size: \(width)x\(height) pixels"]
        switch origin {
        case .png(let header):
            lines += [
                "format: PNG",
                "color type: \(header.colorType)\(header.hasTransparencyChunk ? " with tRNS transparency" : "")",
                "bit depth: \(header.bitDepth)",
                "interlaced: \(header.isInterlaced ? "yes (Adam7)" : "no")",
            ]
        case .webP(let header):
            lines += ["format: WebP, \(header.compression)", "alpha: \(header.hasAlpha ? "yes" : "no (every pixel opaque)")"]
        case .svg(let header):
            lines += ["format: SVG, \(JSONText.number(header.width)) x \(JSONText.number(header.height)) points"]
        }
        // A scale not from the file name is the atlas's, or the one an SVG was drawn at.
        let source = if case .svg = origin { "drawn at this scale" } else { "from the atlas" }
        lines.append(
            "image scale: " + (scale.map { fromName ? "\(JSONText.number($0)) (from the @\(Int($0))x file name)" : "\(JSONText.number($0)) (\(source))" } ?? "1 (no @2x or @3x in the file name)"))
        if maxX >= 0 {
            lines.append("opaque bounding box: x \(minX), y \(minY), width \(maxX - minX + 1), height \(maxY - minY + 1) pixels (alpha >= \(minAlpha))")
        } else {
            lines.append("opaque bounding box: none (no pixel has alpha >= \(minAlpha))")
        }
        lines.append("solid pixels: \(solid) of \(total) (\(percent)%) at threshold \(JSONText.number(threshold)) (alpha >= \(minAlpha))")
        io.output.write(lines.joined(separator: "\n") + "\n")
    }
}
