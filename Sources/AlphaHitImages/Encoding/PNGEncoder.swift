import AlphaHitBasics

/// Encodes 8-bit RGBA, RGB or grey+alpha pixels as PNG bytes, through libpng.
///
/// Used to write hit maps and to make test fixtures. Samples are written as given:
/// straight (not premultiplied) colour, no gamma chunk.
public struct PNGEncoder: Sendable {
    /// The pixel layouts the encoder accepts.
    public enum PixelLayout: Sendable {
        /// Four bytes per pixel: R, G, B, A.
        case rgba8
        /// Three bytes per pixel: R, G, B (opaque).
        case rgb8
        /// Two bytes per pixel: grey, A.
        case greyAlpha8

        var bytesPerPixel: Int {
            switch self {
            case .rgba8: 4
            case .rgb8: 3
            case .greyAlpha8: 2
            }
        }
        var colorType: Int32 {
            switch self {
            case .rgba8: 6
            case .rgb8: 2
            case .greyAlpha8: 4
            }
        }
    }

    /// Whether to write the image Adam7-interlaced.
    public var interlaced: Bool

    /// Creates an encoder (non-interlaced by default).
    public init(interlaced: Bool = false) {
        self.interlaced = interlaced
    }

    /// Encodes `pixels`, rows tightly packed, into PNG bytes.
    ///
    /// - Parameters:
    ///   - width: pixels per row, at least 1.
    ///   - height: rows, at least 1.
    /// - Throws: ``PNGEncodingError`` when the sizes do not match or libpng refuses.
    public func encode(pixels: [UInt8], width: Int, height: Int, layout: PixelLayout) throws(PNGEncodingError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .invalidSize(width: width, height: height)
        }
        let rowBytes = width * layout.bytesPerPixel
        guard pixels.count == rowBytes * height else {
            throw .pixelCountMismatch(expected: rowBytes * height, actual: pixels.count)
        }
        var image = RawPNGImage(
            width: width, height: height, bitDepth: 8, colorType: layout.colorType, rows: pixels, rowStride: rowBytes)
        image.interlaced = interlaced
        return try image.encoded()
    }
}

/// Why ``PNGEncoder`` could not encode.
public enum PNGEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Width or height is zero, negative or too large for PNG.
    case invalidSize(width: Int, height: Int)
    /// The pixel array does not hold exactly `width * height` pixels.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// libpng refused to write; its own message.
    case libpng(message: String)

    /// A one-line message a user can act on.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "cannot encode a \(width)x\(height) image: both sides must be between 1 and 2^32-1"
        case .pixelCountMismatch(let expected, let actual):
            "the pixel buffer holds \(actual) bytes, but the image needs \(expected)"
        case .libpng(let message):
            "libpng could not encode the image: \(message)"
        }
    }
}
