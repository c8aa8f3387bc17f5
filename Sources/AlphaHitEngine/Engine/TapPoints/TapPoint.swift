import AlphaHitBasics

/// A point that surely selects an element, and how far it is from anything the element does not
/// own: the pole of inaccessibility of the element's owned pixels, to within one pixel.
///
/// Measured on a hit map (``HitMap/tapPoints()``): the centre of the owned pixel farthest from
/// every pixel the element does not own (pixels off the map count as not owned), distances taken
/// between pixel centres; ties go to the smallest y, then the smallest x.
public struct TapPoint: Hashable, Sendable {
    /// The layout point (in points) that pixel's centre samples; a query there answers the element.
    public var point: Point
    /// The distance, in points, from the pixel's centre to the nearest centre of a pixel the
    /// element does not own (at least 1 / scale).
    public var clearance: Double

    /// A tap point at `point` with `clearance` points.
    public init(point: Point, clearance: Double) { (self.point, self.clearance) = (point, clearance) }
}
