import AlphaHitBasics

/// Why an image could not be decoded. Every case names the source (a file path, or the name
/// given to in-memory bytes) and, where libpng, libwebp or librsvg spoke, the library's own words.
public enum ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(source: String)
    /// The file exists but could not be opened or read (permissions, a directory, an I/O error).
    case unreadable(source: String, reason: String)
    /// The input has no bytes at all.
    case empty(source: String)
    /// The input is no image format AlphaHit knows: not PNG, WebP or SVG (libpng's words on it).
    case notPNG(source: String, libpngMessage: String)
    /// The input ends before the image does.
    case truncated(source: String, libpngMessage: String)
    /// A chunk's CRC does not match its contents.
    case checksumMismatch(source: String, libpngMessage: String)
    /// The IHDR chunk is missing or holds impossible values.
    case invalidHeader(source: String, libpngMessage: String)
    /// Any other corruption: a bad chunk, chunks out of order, bad compressed data.
    case malformed(source: String, libpngMessage: String)
    /// The content is another image format, recognised by its leading bytes and refused by name.
    case unsupportedFormat(source: String, format: UnsupportedImageFormat)
    /// The input ends before a PNG signature and header are complete (fewer than 33 bytes).
    case incompleteHeader(source: String, byteCount: Int)
    /// The image is wider or taller than the caller's ``DecodingLimits``; `remedy` is the limits'.
    case dimensionsExceedLimit(
        source: String, width: Int, height: Int, maxWidth: Int, maxHeight: Int, remedy: String = DecodingLimits.defaultRemedy)
    /// The image has more pixels than the caller's ``DecodingLimits/maxPixelCount``.
    case pixelCountExceedsLimit(source: String, width: Int, height: Int, maxPixels: Int, remedy: String = DecodingLimits.defaultRemedy)
    /// The decoded buffer would be larger than the caller's ``DecodingLimits/maxDecodedBytes``.
    case decodedSizeExceedsLimit(source: String, bytes: Int, maxBytes: Int, remedy: String = DecodingLimits.defaultRemedy)
    /// Memory for the decoded image could not be allocated.
    case outOfMemory(source: String)
    /// A WebP file ends before its image does.
    case truncatedWebP(source: String)
    /// libwebp refused the WebP data; `libwebpStatus` is its status (`BITSTREAM_ERROR`, ...).
    case corruptWebP(source: String, libwebpStatus: String)
    /// The WebP file is an animation; only still images are read.
    case animatedWebP(source: String)
    /// librsvg refused the SVG document (malformed XML, an element or feature it reports, its
    /// own limits) or could not draw it.
    case invalidSVG(source: String, librsvgMessage: String)
    /// The SVG document gives no size in points: `reason` says what is missing.
    case svgWithoutSize(source: String, reason: String)
    /// The scale an SVG is drawn at is not a finite number greater than 0.
    case invalidScale(source: String, scale: Double)
    /// The file is larger than ``DecodingLimits/maxEncodedBytes`` (WebP and SVG are read whole).
    case fileTooLarge(source: String, bytes: Int, maxBytes: Int, remedy: String = DecodingLimits.defaultRemedy)

    /// The file path or in-memory name the error is about.
    public var source: String {
        switch self {
        case .fileNotFound(let source), .unreadable(let source, _), .empty(let source),
            .notPNG(let source, _), .truncated(let source, _), .checksumMismatch(let source, _),
            .invalidHeader(let source, _), .malformed(let source, _),
            .dimensionsExceedLimit(let source, _, _, _, _, _), .decodedSizeExceedsLimit(let source, _, _, _),
            .pixelCountExceedsLimit(let source, _, _, _, _), .incompleteHeader(let source, _), .unsupportedFormat(let source, _),
            .outOfMemory(let source), .truncatedWebP(let source), .corruptWebP(let source, _), .animatedWebP(let source),
            .invalidSVG(let source, _), .svgWithoutSize(let source, _), .invalidScale(let source, _),
            .fileTooLarge(let source, _, _, _):
            source
        }
    }

    /// A one-line message a user can act on, starting with the source.
    public var description: String {
        switch self {
        case .fileNotFound(let source):
            "\(source): no such file"
        case .unreadable(let source, let reason):
            "\(source): cannot read the file: \(reason)"
        case .empty(let source):
            "\(source): the file is empty, not a PNG, WebP or SVG image"
        case .notPNG(let source, let message):
            "\(source): not a PNG, WebP or SVG image (libpng: \(message))"
        case .truncated(let source, let message):
            "\(source): the PNG data is truncated (libpng: \(message))"
        case .checksumMismatch(let source, let message):
            "\(source): a chunk is corrupt, its CRC does not match (libpng: \(message))"
        case .invalidHeader(let source, let message):
            "\(source): the PNG header (IHDR) is invalid (libpng: \(message))"
        case .malformed(let source, let message):
            "\(source): the PNG data is corrupt (libpng: \(message))"
        case .unsupportedFormat(let source, let format):
            "\(source): \(format)"
        case .incompleteHeader(let source, let byteCount):
            "\(source): not a PNG, WebP or SVG image: it has \(byteCount) byte\(byteCount == 1 ? "" : "s"), fewer than a PNG signature and header take (33)"
        case .dimensionsExceedLimit(let source, let width, let height, let maxWidth, let maxHeight, let remedy):
            "\(source): the image is \(width)x\(height) pixels, over the limit of \(maxWidth)x\(maxHeight); \(remedy)"
        case .pixelCountExceedsLimit(let source, let width, let height, let maxPixels, let remedy):
            "\(source): the image is \(width)x\(height) pixels, over the limit of \(maxPixels) pixels; \(remedy)"
        case .decodedSizeExceedsLimit(let source, let bytes, let maxBytes, let remedy):
            "\(source): the image would need \(bytes) decoded bytes, over the limit of \(maxBytes) decoded bytes; \(remedy)"
        case .outOfMemory(let source):
            "\(source): out of memory while decoding"
        case .truncatedWebP(let source):
            "\(source): the WebP data is truncated"
        case .corruptWebP(let source, let status):
            "\(source): the WebP data is corrupt or uses a feature libwebp does not read (libwebp: \(status))"
        case .animatedWebP(let source):
            "\(source): the WebP file is animated; AlphaHit reads still images: export the frame you need as its own WebP or PNG"
        case .invalidSVG(let source, let message):
            "\(source): librsvg cannot read or draw the SVG document (librsvg: \(message))"
        case .svgWithoutSize(let source, let reason):
            "\(source): the SVG document has no usable size: \(reason); give the root <svg> a width and height in absolute units, or a viewBox"
        case .invalidScale(let source, let scale):
            "\(source): the scale \(scale) is not a finite number greater than 0"
        case .fileTooLarge(let source, let bytes, let maxBytes, let remedy):
            "\(source): the file has \(bytes) bytes, over the limit of \(maxBytes) bytes; \(remedy)"
        }
    }
}
