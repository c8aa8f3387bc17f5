/// Why an outline could not be made.
public enum OutlineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The threshold is not a number from 0 to 1.
    case threshold(Double)
    /// The region does not lie inside the image (of `width` × `height` pixels).
    case region(PixelRegion, width: Int, height: Int)
    /// The simplification tolerance is not a number from 0 to 1,000,000 pixels.
    case epsilon(Double)
    /// Convex pieces were asked for with fewer than three vertices each.
    case maximumVertices(Int)
    /// A polygon has more vertices (holes included) than pieces are cut from.
    case tooManyVertices(Int, limit: Int)
    /// An element's region is not a union of boxes (a round shape, or a clip at an angle to it),
    /// so it has no exact outline.
    case notPolygonal
    /// An element's outline would need more than `limit` of what is named.
    case tooDetailed(String, limit: Int)
    /// The tolerance is below what an element's outline can be drawn to (its coordinates are
    /// rounded to the thousandth of a point).
    case epsilonTooSmall(Double, minimum: Double)

    public var description: String {
        switch self {
        case .threshold(let value):
            return "the threshold must be a number from 0 to 1 (a pixel is solid when alpha / 255 ≥ threshold), not \(value)"
        case .region(let region, let width, let height):
            return "the region \(region) does not lie inside the \(width)×\(height) image"
        case .epsilon(let value):
            return "the simplification tolerance must be a number of pixels from 0 (exact) to 1000000, not \(value)"
        case .maximumVertices(let value):
            return "a convex piece has at least 3 vertices, so the most vertices a piece may have must be at least 3, not \(value)"
        case .tooManyVertices(let count, let limit):
            return "a polygon of \(count) vertices is over the \(limit) that convex pieces and triangles are cut from; simplify it first with a larger epsilon"
        case .notPolygonal:
            return "the element's region has a round edge (an ellipse, rounded corners, or a clip at an angle to it), so it has no exact outline: give an epsilon > 0 (points) to approximate it"
        case .tooDetailed(let what, let limit):
            return "the outline would need more than \(limit) \(what); give a larger epsilon"
        case .epsilonTooSmall(let value, let minimum):
            return "an epsilon of \(value) point is below what this element's outline can keep to (coordinates are rounded to the thousandth); give 0 (exact, where the region allows) or at least \(minimum)"
        }
    }
}
