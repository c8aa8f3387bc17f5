import AlphaHitBasics

/// The size of an SVG document and the raster it was drawn into.
public struct SVGHeader: Hashable, Sendable {
    /// The document's width in points (CSS pixels): its `width`, else its `viewBox` width.
    public let width: Double
    /// The document's height in points (CSS pixels): its `height`, else its `viewBox` height.
    public let height: Double
    /// Pixels per point the raster was drawn at (greater than 0).
    public let scale: Double
}
