import AlphaHitBasics

/// Limits an image must stay within to be decoded; checked right after the header is read,
/// before any pixel memory is allocated.
public struct DecodingLimits: Hashable, Sendable {
    /// Largest accepted width in pixels.
    public var maxWidth: Int
    /// Largest accepted height in pixels.
    public var maxHeight: Int
    /// Largest accepted size of the decoded buffer in bytes, in the requested format
    /// (`bytesPerRow * height`; for example `4 * width * height` for premultiplied ARGB).
    public var maxDecodedBytes: Int
    /// Largest accepted `width * height` (default: no limit beyond the width and height).
    public var maxPixelCount: Int
    /// Largest accepted file, in bytes, for the formats whose libraries read a whole file from
    /// memory (WebP, SVG); PNGs are streamed and need no such limit. Checked before the file is read.
    public var maxEncodedBytes: Int
    /// What the error message tells a user to do to accept a larger image: a library user raises
    /// these limits, a command-line user passes an option (`hittest --max-pixels`).
    public var remedy: String

    /// The remedy the library's errors suggest by default.
    public static let defaultRemedy = "raise DecodingLimits to accept it"

    /// Creates limits; the defaults are 16,384 × 16,384 pixels, 256 MiB decoded and 256 MiB of file.
    public init(
        maxWidth: Int = 16_384, maxHeight: Int = 16_384, maxDecodedBytes: Int = 256 << 20, maxPixelCount: Int = .max,
        maxEncodedBytes: Int = 256 << 20, remedy: String = defaultRemedy
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxDecodedBytes = maxDecodedBytes
        self.maxPixelCount = maxPixelCount
        self.maxEncodedBytes = maxEncodedBytes
        self.remedy = remedy
    }

    /// 16,384 × 16,384 pixels and 256 MiB of decoded bytes.
    public static let `default` = DecodingLimits()

    /// Which of the limits an image is over, the first found in the order they are checked:
    /// width and height, then the pixel count, then the decoded bytes.
    package enum Excess: Error, Equatable {
        case dimensions
        case pixelCount
        /// The decoded buffer's size in bytes, nil when it does not fit in an `Int`.
        case decodedBytes(Int?)
    }

    /// The row size and byte count of a `width` × `height` image decoded as `format`: the one
    /// place these limits are applied (``excess(width:height:format:)`` words the answer, the
    /// decoder throws it). Overflow counts as over.
    ///
    /// - Throws: ``Excess``, the first limit the image is over.
    package func decodedSize(width: Int, height: Int, format: PixelFormat) throws(Excess) -> (bytesPerRow: Int, byteCount: Int) {
        guard width <= maxWidth, height <= maxHeight else { throw .dimensions }
        let (pixels, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        guard !pixelOverflow, pixels <= maxPixelCount else { throw .pixelCount }
        guard let bytesPerRow = format.bytesPerRow(width: width) else { throw .decodedBytes(nil) }
        let (byteCount, overflow) = bytesPerRow.multipliedReportingOverflow(by: height)
        guard !overflow, byteCount <= maxDecodedBytes else { throw .decodedBytes(overflow ? nil : byteCount) }
        return (bytesPerRow, byteCount)
    }

    /// How an image of `width` × `height` pixels decoded as `format` is over these limits ("over
    /// the limit of 16384x16384"), or nil when it is within them. Overflow counts as over.
    public func excess(width: Int, height: Int, format: PixelFormat) -> String? {
        do throws(Excess) {
            _ = try decodedSize(width: width, height: height, format: format)
            return nil
        } catch {
            switch error {
            case .dimensions: return "over the limit of \(maxWidth)x\(maxHeight)"
            case .pixelCount: return "over the limit of \(maxPixelCount) pixels"
            case .decodedBytes: return "over the limit of \(maxDecodedBytes) decoded bytes"
            }
        }
    }
}
