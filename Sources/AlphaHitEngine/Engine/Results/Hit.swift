import AlphaHitBasics

/// What a point hit: the element, where in it, and on which pixel.
public struct Hit: Hashable, Sendable {
    /// The element (its ``ElementIndex`` in the engine that answered).
    public var element: ElementIndex
    /// The element's id.
    public var id: String
    /// The ids from the top level down to the element, inclusive.
    public var path: [String]
    /// The point in the element's local space, in points.
    public var localPoint: Point
    /// The image pixel under the point; nil for elements without an image.
    public var pixel: PixelCoordinate?
    /// That pixel's alpha; nil for elements without an image.
    public var alpha: UInt8?
    /// The distance in layout points from the query point to the element's hit region: 0 for an
    /// exact hit, more for a hit by touch tolerance (within 0.01 point).
    public var distance: Double = 0
    /// The point of the element's hit region nearest the query point, in layout points: the query
    /// point itself for an exact hit, where the tap snaps to for a near one (whose `localPoint`
    /// is this point's, and whose `pixel` and `alpha` are nil).
    public var nearestPoint: Point
}

/// A pixel position in an image, from the top-left pixel (0, 0).
public struct PixelCoordinate: Hashable, Sendable {
    /// Column, from 0 at the left.
    public var x: Int
    /// Row, from 0 at the top.
    public var y: Int

    /// Creates a pixel position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
