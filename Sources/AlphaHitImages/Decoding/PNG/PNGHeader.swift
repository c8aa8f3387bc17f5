import AlphaHitBasics

/// What a PNG file's IHDR chunk says about the stored image, before any conversion.
public struct PNGHeader: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per sample as stored: 1, 2, 4, 8 or 16.
    public let bitDepth: Int
    /// PNG colour type as stored.
    public let colorType: ColorType
    /// Whether the rows are stored Adam7-interlaced.
    public let isInterlaced: Bool
    /// Whether a tRNS chunk gives transparency (palette alpha or a colour key).
    public let hasTransparencyChunk: Bool

    /// The five PNG colour types.
    public enum ColorType: Int, Hashable, Sendable, CustomStringConvertible {
        /// Greyscale (type 0).
        case grey = 0
        /// Red, green, blue (type 2).
        case rgb = 2
        /// Palette indices (type 3).
        case palette = 3
        /// Grey and alpha (type 4).
        case greyAlpha = 4
        /// Red, green, blue and alpha (type 6).
        case rgba = 6

        /// The colour type's usual name (`grey`, `rgb`, `palette`, `grey+alpha`, `rgba`).
        public var description: String {
            switch self {
            case .grey: "grey"
            case .rgb: "rgb"
            case .palette: "palette"
            case .greyAlpha: "grey+alpha"
            case .rgba: "rgba"
            }
        }
    }
}
