import AlphaHitBasics

/// What a decoded image was read from: the file format and what its header said.
public enum ImageOrigin: Hashable, Sendable {
    /// A PNG file, with its IHDR as stored.
    case png(PNGHeader)
    /// A still WebP file, with what its bitstream says.
    case webP(WebPHeader)
    /// An SVG document, with its size in points and the scale it was rasterised at.
    case svg(SVGHeader)

    /// The format's usual lowercase name: `png`, `webp` or `svg`.
    public var formatName: String {
        switch self {
        case .png: "png"
        case .webP: "webp"
        case .svg: "svg"
        }
    }
}
