/// A rectangle in points: origin (`x`, `y`) and size (`width`, `height`).
public struct Rect: Hashable, Sendable, BitwiseCopyable {
    /// Left edge, in points.
    public var x: Double
    /// Top edge, in points.
    public var y: Double
    /// Width, in points.
    public var width: Double
    /// Height, in points.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the rectangle contains `point`, half-open: `x <= px < x + width` and `y <= py < y + height`.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        x <= point.x && point.x < x + width && y <= point.y && point.y < y + height
    }
}
