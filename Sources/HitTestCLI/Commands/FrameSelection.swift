import AlphaHit

/// The part of an image `inspect`, `decode` and `outline` work on: a whole image (PNG, WebP or
/// SVG), a frame of an atlas (`--frame NAME [--index N]`), or a rectangle of an image (`--rect X,Y,W,H`).
enum FrameSelection {
    static let frame = Option(
        "--frame", value: "<name>", help: "With an atlas: the frame to work on.", expected: "a frame name", parse: { $0.isEmpty ? nil : $0 })
    static let index = Option(
        "--index", value: "<n>", help: "With --frame: the libGDX/Spine region index, where several regions share the name.",
        expected: "a whole number from -1 to \(AtlasFrame.maximumCoordinate)", parse: { Int($0).flatMap { $0 >= -1 && $0 <= AtlasFrame.maximumCoordinate ? $0 : nil } })
    static let rect = Option<[Int]>(
        "--rect", value: "<x,y,w,h>", help: "With an image: work on this rectangle of it (whole pixels, inside the image).",
        expected: "four whole numbers x,y,w,h from 0 to \(AtlasFrame.maximumCoordinate), with w and h at least 1",
        parse: { text in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], x >= 0, y >= 0, w >= 1, h >= 1 else { return nil }
            guard [x, y, w, h].allSatisfy({ $0 <= AtlasFrame.maximumCoordinate }) else { return nil }
            return [x, y, w, h]
        })

    static let scale = Option(
        "--scale", value: "<s>", help: "With an SVG: pixels per point to draw it at. (default: @2x/@3x in the file name, else 1)",
        expected: "a number greater than 0 and at most 64", parse: { Double($0).flatMap { $0.isFinite && $0 > 0 && $0 <= 64 ? $0 : nil } })

    static let options: [any OptionDeclaration] = [frame, index, rect]

    /// The scale an SVG at `path` is drawn at: `given` (the command's `--scale`), else `@2x`/`@3x`
    /// in its name, else 1 (the layout rule without a layout). Raster images ignore it.
    static func vectorScale(given: Double?, path: String) -> Double {
        given ?? ImageScale.inferred(fromPath: path) ?? 1
    }

    /// Whether the file at `path` is an SVG document, by its content.
    static func isSVG(_ path: String) -> Bool {
        ImageContent(contentsOfFile: path) == .svg
    }

    /// Whether the file is an atlas description rather than an image: not a PNG (by its signature)
    /// and text (UTF-8, or UTF-16, which the atlas reader refuses by name). An atlas's own problem is
    /// then reported by the atlas reader, with its line; binary files go to the PNG decoder, which
    /// says what is wrong with them.
    static func isAtlas(_ path: String) -> Bool {
        guard let bytes = Platform.readPrefix(path, byteCount: 1 << 16), !bytes.isEmpty, !bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return false }
        // An SVG is XML too, but an image, as is every format the decoder reads or names.
        guard ImageContent(prefix: bytes) == .unknown else { return false }
        if AtlasText.isWideText(bytes) { return true }
        let head = bytes.prefix(64)
        guard head.allSatisfy({ $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return false }
        // JSON or XML by its first character; libGDX text by a `key: value` line (or, past a long
        // run of blank lines, by being text at all).
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let first = bytes.drop { isBlank($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        return first == nil || first == UInt8(ascii: "{") || first == UInt8(ascii: "<") || bytes.contains(UInt8(ascii: ":"))
    }

    /// The image at `file` decoded as `format` within `limits`, an SVG at `scale` (an input
    /// failure otherwise).
    static func decode(_ file: String, limits: DecodingLimits, as format: PixelFormat, scale: Double = 1) throws -> DecodedImage {
        do {
            return try ImageDecoder(limits: limits).decode(contentsOfFile: file, as: format, scale: scale)
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    /// The atlas at `path` (an input failure otherwise; a usage error for a layout file).
    static func atlas(_ path: String) throws -> Atlas {
        do {
            return try Atlas(contentsOfFile: path)
        } catch {
            if LayoutFile.looksLikeLayout(path) {
                throw UsageError.other("'\(path)' looks like a layout file, not an atlas: query, render, validate and audit read layouts.")
            }
            throw CommandFailure(description: error.description)
        }
    }

    /// The rule between the options, for a command's spec: `--index` only with `--frame`.
    static let rules: [OptionRule] = [.requires("--index", "--frame", expected: "to be used with --frame")]

    /// The frame of `atlas` named by `--frame` and `--index`, checked against `limits` in `format`
    /// before anything of its size is allocated.
    static func selectedFrame(of atlas: Atlas, _ arguments: ParsedArguments, limits: DecodingLimits, format: PixelFormat) throws -> AtlasFrame? {
        guard let name = arguments[frame] else { return nil }
        do {
            let selected = try atlas.frame(named: name, index: arguments[index])
            try selected.checkSize(against: limits, format: format, file: atlas.file)
            return selected
        } catch {
            throw CommandFailure(description: error.description)
        }
    }

    /// The sheet image of `frame`, whose path is relative to the atlas file's folder.
    static func sheetPath(of frame: AtlasFrame, atlas: String) -> String {
        if frame.sheet.hasPrefix("/") { return frame.sheet }
        guard let slash = atlas.lastIndex(of: "/") else { return frame.sheet }
        return String(atlas[...slash]) + frame.sheet
    }

    /// `--rect` as a frame of the PNG (no rotation, no trim), checked against the image's size.
    static func region(_ rect: [Int], in image: DecodedImage, file: String) throws -> AtlasFrame {
        let (x, y, w, h) = (rect[0], rect[1], rect[2], rect[3])
        guard x + w <= image.width, y + h <= image.height else {
            throw CommandFailure(description: "\(file): the rect (\(x), \(y), \(w) x \(h)) reaches outside the image, which is \(image.width) x \(image.height) pixels")
        }
        return AtlasFrame(
            name: file, index: -1, sheet: file, sheetX: x, sheetY: y, width: w, height: h, rotation: .none, trimX: 0, trimY: 0,
            sourceWidth: w, sourceHeight: h, scale: nil, line: 0)
    }
}

extension Substring {
    fileprivate var trimmingCharacters: Substring {
        drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().map { $0 }.reduce(into: Substring()) { $0.append($1) }
    }
}
