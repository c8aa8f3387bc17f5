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

    /// Creates limits; the defaults are 16,384 × 16,384 pixels and 256 MiB.
    public init(maxWidth: Int = 16_384, maxHeight: Int = 16_384, maxDecodedBytes: Int = 256 << 20) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxDecodedBytes = maxDecodedBytes
    }

    /// 16,384 × 16,384 pixels and 256 MiB of decoded bytes.
    public static let `default` = DecodingLimits()
}
