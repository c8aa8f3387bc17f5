import AlphaHitBasics

/// What a WebP file's headers say about its still image (`WebPGetFeatures`).
public struct WebPHeader: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether the file stores transparency; without it every pixel is opaque.
    public let hasAlpha: Bool
    /// How the pixels are compressed.
    public let compression: Compression

    /// WebP's two codecs, and files whose headers do not say which one (mixed or undefined).
    public enum Compression: String, Hashable, Sendable, CustomStringConvertible {
        /// VP8L: every sample exact.
        case lossless
        /// VP8, with its alpha (if any) stored apart, itself usually lossless.
        case lossy
        /// The headers name no single codec.
        case undetermined

        /// `lossless`, `lossy` or `undetermined`.
        public var description: String { rawValue }
    }
}
