import AlphaHit

/// `hittest decode`: decodes a PNG through the library's cache and writes the raw plane.
enum DecodeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "decode",
        abstract: "Decode a PNG, WebP or SVG image into a raw alpha8, argb8 or mask1 buffer.",
        discussion: """
            Rows are written tightly packed: alpha8 is WIDTH bytes a row; argb8 is 4 x WIDTH bytes
            a row, premultiplied, in the order A, R, G, B; mask1 is ceil(WIDTH / 8) bytes a row,
            the leftmost pixel in the most significant bit, set where alpha >= --min-alpha.
            On success prints 'WIDTH HEIGHT FORMAT' on standard output (on standard error
            when the bytes themselves go to standard output with '-o -').
            Given an atlas with --frame NAME [--index N], writes that frame: its source size, the
            trimmed pixels transparent, the rotation undone. --rect X,Y,W,H writes that rectangle of an
            image. An SVG is drawn at --scale pixels per point, else @2x/@3x in its name, else 1
            (an atlas's SVG sheet at 1).
            Exit codes: 0 decoded, 1 the image could not be decoded or written, 2 usage error.
            """,
        arguments: [.init(name: "image", help: "The PNG, WebP or SVG file to decode (or an atlas, with --frame).")],
        options: [format, output, minAlpha, stats, LayoutLoading.maxPixels, FrameSelection.scale] + FrameSelection.options,
        rules: [.requires("--min-alpha", "--format", values: ["mask1"], expected: "to be used with --format mask1 only")] + FrameSelection.rules)

    /// The formats by their command-line names.
    enum FormatName: String, CaseIterable {
        case alpha8, argb8, mask1
    }

    static let format = Option(
        "--format", "-f", value: "<format>", help: "alpha8, argb8 or mask1.", expected: "alpha8, argb8 or mask1",
        isRequired: true, parse: FormatName.init(rawValue:))
    static let output = Option(
        "--output", "-o", value: "<file>", help: "Where to write the bytes; '-' for standard output.",
        expected: "a file path or '-'", isRequired: true, parse: OptionValue.path)
    static let minAlpha = Option(
        "--min-alpha", value: "<n>",
        help: "mask1 only: the smallest alpha (0-255) that sets a bit. (default: \(AlphaThreshold.defaultMinimumAlpha))",
        expected: "a whole number from 0 to 255", parse: OptionValue.byte)
    static let stats = Flag("--stats", help: "Report the decoding time and the peak memory it added (also when it fails), on standard error.")

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let formatName = arguments[format]!
        let output = arguments[output]!
        let format: PixelFormat
        switch formatName {
        case .alpha8: format = .alpha8
        case .argb8: format = .premultipliedARGB8
        case .mask1: format = .mask1(minAlpha: arguments[minAlpha] ?? AlphaThreshold.defaultMinimumAlpha)
        }

        let path = arguments.positionals[0]
        let limits = LayoutLoading.limits(maxPixels: arguments[LayoutLoading.maxPixels] ?? LayoutLoading.defaultMaxPixels)
        if FrameSelection.isAtlas(path) || arguments[FrameSelection.rect] != nil || arguments.text(of: FrameSelection.frame) != nil || arguments.text(of: FrameSelection.index) != nil {
            return try decodePart(path, format: format, formatName: formatName, output: output, limits: limits, arguments, io: io)
        }
        let before = ResidentMemory.read()
        let start = SystemCalls.monotonicSeconds()
        let image: DecodedImage
        do {
            image = try ImageDecoder(limits: limits).decode(contentsOfFile: path, as: format, scale: FrameSelection.vectorScale(given: arguments[FrameSelection.scale], path: path))
        } catch {
            // A file that fails slowly or greedily is exactly when the figures help.
            if arguments.isSet(stats) {
                io.error.write(statistics(outcome: "failed", format: formatName.rawValue, seconds: SystemCalls.monotonicSeconds() - start, before: before))
            }
            throw CommandFailure(description: error.description)
        }
        let summary = "\(image.width) \(image.height) \(formatName.rawValue)\n"
        try OutputTargets.refuseOverwriting([("--output", output)], inputs: [path])
        let sink = try OutputSink.file(output, standardOutput: io.output)
        PackedPlane.forEachRow(of: image) { row in sink.write(row) }
        try sink.finish()
        (output == "-" ? io.error : io.output).write(summary)
        if arguments.isSet(stats) {
            io.error.write(statistics(
                outcome: "decoded \(image.width)x\(image.height)", format: formatName.rawValue, seconds: SystemCalls.monotonicSeconds() - start, before: before))
        }
    }

    /// An atlas frame, or a rectangle of an image, in the same packed layout as a whole image.
    private static func decodePart(
        _ path: String, format: PixelFormat, formatName: FormatName, output: String, limits: DecodingLimits, _ arguments: ParsedArguments, io: CommandIO
    ) throws {
        if arguments.isSet(stats) { throw UsageError.other("--stats is for a whole image, not a frame or a rectangle of one.") }
        func decode(_ file: String, scale: Double = 1) throws -> DecodedImage {
            try FrameSelection.decode(file, limits: limits, as: format, scale: scale)
        }
        let sheet: DecodedImage, frame: AtlasFrame
        var inputs = [path]
        if !FrameSelection.isAtlas(path) {
            if let text = arguments.text(of: FrameSelection.frame) { throw UsageError.invalidValue(option: "--frame", value: text, expected: "an atlas, not a PNG") }
            guard let rect = arguments[FrameSelection.rect] else { throw UsageError.other("'\(path)' is not an atlas: give --rect X,Y,W,H, or decode it whole.") }
            sheet = try decode(path, scale: FrameSelection.vectorScale(given: arguments[FrameSelection.scale], path: path))
            frame = try FrameSelection.region(rect, in: sheet, file: path)
        } else {
            if let text = arguments.text(of: FrameSelection.rect) { throw UsageError.invalidValue(option: "--rect", value: text, expected: "a PNG, not an atlas") }
            let atlas = try FrameSelection.atlas(path)
            guard let selected = try FrameSelection.selectedFrame(of: atlas, arguments, limits: limits, format: format) else {
                throw UsageError.other("'\(path)' is an atlas: name the frame to decode with --frame.")
            }
            frame = selected
            inputs.append(FrameSelection.sheetPath(of: frame, atlas: path))
            sheet = try decode(inputs[1])
            guard frame.fits(sheetWidth: sheet.width, height: sheet.height) else {
                throw CommandFailure(description: AtlasError.frameOutsideSheet(file: path, line: frame.line, name: frame.name, sheetWidth: sheet.width, sheetHeight: sheet.height).description)
            }
        }
        try OutputTargets.refuseOverwriting([("--output", output)], inputs: inputs)
        let sink = try OutputSink.file(output, standardOutput: io.output)
        PackedPlane.forEachRow(of: sheet, frame: frame) { row in sink.write(row) }
        try sink.finish()
        (output == "-" ? io.error : io.output).write("\(frame.sourceWidth) \(frame.sourceHeight) \(formatName.rawValue)\n")
    }

    /// "stats: decoded 4096x4096 alpha8 in 212.4 ms; resident memory before 17.1 MiB, peak 34.9 MiB; decoding added 18661376 bytes"
    private static func statistics(outcome: String, format: String, seconds: Double, before: ResidentMemory?) -> String {
        let milliseconds = (seconds * 10_000).rounded() / 10
        var line = "stats: \(outcome) \(format) in \(milliseconds) ms"
        if let before, let after = ResidentMemory.read() {
            func mebibytes(_ bytes: Int) -> String { "\((Double(bytes) / 104_857.6).rounded() / 10) MiB" }
            line += "; resident memory before \(mebibytes(before.current)), peak \(mebibytes(after.peak))"
            line += "; decoding added \(max(0, after.peak - before.current)) bytes"
        } else {
            line += "; memory figures unavailable (no /proc/self/status)"
        }
        return line + "\n"
    }
}
