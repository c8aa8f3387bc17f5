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

    /// How an image of `width` × `height` pixels decoded as `format` is over these limits ("over
    /// the limit of 16384x16384"), or nil when it is within them. Overflow counts as over.
    public func excess(width: Int, height: Int, format: PixelFormat) -> String? {
        if width > maxWidth || height > maxHeight { return "over the limit of \(maxWidth)x\(maxHeight)" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixelCount { return "over the limit of \(maxPixelCount) pixels" }
        guard let bytesPerRow = format.bytesPerRow(width: width) else { return "over the limit of \(maxDecodedBytes) decoded bytes" }
        let (bytes, bytesOverflow) = bytesPerRow.multipliedReportingOverflow(by: height)
        if bytesOverflow || bytes > maxDecodedBytes { return "over the limit of \(maxDecodedBytes) decoded bytes" }
        return nil
    }
}
