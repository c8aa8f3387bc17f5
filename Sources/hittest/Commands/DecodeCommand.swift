import AlphaHit

/// `hittest decode`: decodes a PNG through the library's cache and writes the raw plane.
enum DecodeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "decode",
        abstract: "Decode a PNG into a raw alpha8, argb8 or mask1 buffer.",
        discussion: """
            Rows are written tightly packed: alpha8 is WIDTH bytes a row; argb8 is 4 x WIDTH bytes
            a row, premultiplied, in the order A, R, G, B; mask1 is ceil(WIDTH / 8) bytes a row,
            the leftmost pixel in the most significant bit, set where alpha >= --min-alpha.
            On success prints 'WIDTH HEIGHT FORMAT' on standard output (on standard error
            when the bytes themselves go to standard output with '-o -').
            Exit codes: 0 decoded, 1 the image could not be decoded or written, 2 usage error.
            """,
        arguments: [.init(name: "image", help: "The PNG file to decode.")],
        options: [
            .init(names: ["--format", "-f"], valueName: "<format>", help: "alpha8, argb8 or mask1.", isRequired: true),
            .init(names: ["--output", "-o"], valueName: "<file>", help: "Where to write the bytes; '-' for standard output.", isRequired: true),
            .init(names: ["--min-alpha"], valueName: "<n>", help: "mask1 only: the smallest alpha (0-255) that sets a bit. (default: 26)"),
            .init(names: ["--stats"], valueName: nil, help: "Report the decoding time and the peak memory it added (also when it fails), on standard error."),
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let formatName = arguments.values["--format"]!
        let output = arguments.values["--output"]!
        let format: PixelFormat
        switch formatName {
        case "alpha8":
            format = .alpha8
        case "argb8":
            format = .premultipliedARGB8
        case "mask1":
            format = .mask1(minAlpha: try minAlpha(arguments.values["--min-alpha"]))
        default:
            throw UsageError.invalidValue(option: "--format", value: formatName, expected: "alpha8, argb8 or mask1")
        }
        if arguments.values["--min-alpha"] != nil, formatName != "mask1" {
            throw UsageError.invalidValue(
                option: "--min-alpha", value: arguments.values["--min-alpha"]!, expected: "to be used with --format mask1 only")
        }

        let before = ResidentMemory.read()
        let start = Stopwatch.now()
        let image: DecodedImage
        do {
            image = try ImageCache.shared.image(contentsOfFile: arguments.positionals[0], as: format)
        } catch {
            // A file that fails slowly or greedily is exactly when the figures help.
            if arguments.flags.contains("--stats") {
                StandardStreams.error(statistics(outcome: "failed", format: formatName, seconds: Stopwatch.now() - start, before: before))
            }
            throw CommandFailure(description: error.description)
        }
        let summary = "\(image.width) \(image.height) \(formatName)\n"
        let sink = try OutputFile(path: output)
        try PackedPlane.forEachRow(of: image) { row in try sink.write(row) }
        try sink.close()
        if output == "-" { StandardStreams.error(summary) } else { StandardStreams.out(summary) }
        if arguments.flags.contains("--stats") {
            StandardStreams.error(statistics(
                outcome: "decoded \(image.width)x\(image.height)", format: formatName, seconds: Stopwatch.now() - start, before: before))
        }
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

    private static func minAlpha(_ text: String?) throws(UsageError) -> UInt8 {
        guard let text else { return 26 }
        guard let value = UInt8(text) else {
            throw .invalidValue(option: "--min-alpha", value: text, expected: "a whole number from 0 to 255")
        }
        return value
    }
}
