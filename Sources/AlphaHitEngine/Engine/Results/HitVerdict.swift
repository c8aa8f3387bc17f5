/// Why an element did or did not take a point, as ``HitTester/explanation(at:)`` reports it.
public enum HitVerdict: Hashable, Sendable, CustomStringConvertible {
    /// Never considered: hidden, not interactive, or opacity below 0.01 (its subtree neither).
    case skipped(SkipReason)
    /// An ancestor that clips to its bounds does not contain the point.
    case clippedByAncestor(id: String)
    /// The point is outside the element's bounds.
    case outsideBounds
    /// Inside the bounds, outside the shape (ellipse, rounded corner, or `none`).
    case outsideShape
    /// Inside the shape, but where the image is not drawn.
    case offImage
    /// On pixel (`x`, `y`) whose alpha is below the element's `minAlpha`.
    case transparent(pixel: PixelCoordinate, alpha: UInt8, minAlpha: UInt8)
    /// The element takes the point.
    case hit

    /// Why an element was skipped.
    public enum SkipReason: String, Hashable, Sendable {
        /// The element or an ancestor is hidden.
        case hidden
        /// The element or an ancestor is not interactive.
        case notInteractive = "not interactive"
        /// The element's or an ancestor's opacity is below 0.01.
        case opacityBelowMinimum = "opacity below 0.01"
    }

    /// A short phrase: `transparent: pixel (3, 4) has alpha 12 below minAlpha 26`.
    public var description: String {
        switch self {
        case .skipped(let reason): "skipped (\(reason.rawValue))"
        case .clippedByAncestor(let id): "clipped by ancestor \(id)"
        case .outsideBounds: "outside its bounds"
        case .outsideShape: "outside its shape"
        case .offImage: "off the drawn image"
        case .transparent(let pixel, let alpha, let minAlpha):
            "transparent: pixel (\(pixel.x), \(pixel.y)) has alpha \(alpha) below minAlpha \(minAlpha)"
        case .hit: "hit"
        }
    }
}
