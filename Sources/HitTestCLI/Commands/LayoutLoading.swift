import AlphaHit

/// Loading a layout for a command, with the options every layout-reading command shares:
/// `-` for standard input, `--images` for where images are, `--max-pixels` for how large they may be.
/// Any problem becomes a ``CommandFailure`` (exit 1) listing every problem in the file.
enum LayoutLoading {
    static let images = Option(
        "--images", value: "<dir>",
        help: "Where relative image paths start. (default: the layout file's folder; the current folder for '-')",
        expected: "a folder path", parse: OptionValue.path)
    static let maxPixels = Option(
        "--max-pixels", value: "<n>",
        help: "The largest image accepted, in pixels (width x height). (default: \(defaultMaxPixels), 16384 x 16384)",
        expected: "a whole number from 1 to \(Int.max)", parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })

    /// The options, for a command's spec.
    static let options: [any OptionDeclaration] = [images, maxPixels]

    static let defaultMaxPixels = 16_384 * 16_384

    /// The limits `--max-pixels` sets: any width or height, at most `n` pixels, and room for them
    /// in any pixel format; an image over them is refused with advice to raise the option.
    static func limits(maxPixels n: Int) -> DecodingLimits {
        let bytes = n.multipliedReportingOverflow(by: 4)
        return DecodingLimits(
            maxWidth: n, maxHeight: n, maxDecodedBytes: bytes.overflow ? .max : bytes.partialValue, maxPixelCount: n,
            remedy: "raise --max-pixels (now \(n)) to accept it")
    }

    /// An image cache with the command line's limits.
    static func cache(_ arguments: ParsedArguments) -> ImageCache {
        ImageCache(limits: limits(maxPixels: arguments[maxPixels] ?? defaultMaxPixels))
    }

    /// The engine for the layout named by `path` (`-`: standard input).
    static func engine(_ path: String, _ arguments: ParsedArguments, io: CommandIO) throws(CommandFailure) -> HitTester {
        switch try load(path, arguments, io: io) {
        case .success(let engine): return engine
        case .failure(let error): throw CommandFailure(description: error.description)
        }
    }

    /// The engine, or the layout file's problems (for a command that reports them itself).
    /// Throws only when standard input cannot be read.
    static func load(_ path: String, _ arguments: ParsedArguments, io: CommandIO) throws(CommandFailure) -> Result<HitTester, LayoutFileError> {
        let bytes = path == "-" ? try io.readAllInput(limit: LayoutFile.maximumFileSize) : nil
        return Result { () throws(LayoutFileError) in
            if let bytes {
                return try HitTester(layoutJSON: bytes, name: "<stdin>", imageDirectory: arguments[images], cache: cache(arguments))
            }
            return try HitTester(contentsOfLayoutFile: path, imageDirectory: arguments[images], cache: cache(arguments))
        }
    }
}
