/// What a point hit: the element, where in it, and on which pixel.
public struct Hit: Hashable, Sendable {
    /// The element's position in the engine.
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
