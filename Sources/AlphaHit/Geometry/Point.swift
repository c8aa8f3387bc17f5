/// A point in points (not pixels); x grows right, y grows down, the origin at the top left.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

