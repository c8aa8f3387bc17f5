/// A point in points (not pixels); x grows right, y grows down, the origin at the top left.
public struct Point: Hashable, Sendable {
    /// Horizontal position, in points, growing to the right.
    public var x: Double
    /// Vertical position, in points, growing downwards.
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

