/// A point in points (not pixels); x grows right, y grows down, the origin at the top left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `x,y`, as the command line reads and writes points.
    public var description: String { "\(x.compactDescription),\(y.compactDescription)" }
}

extension Double {
    /// `3` rather than `3.0`; other values as Swift prints them.
    var compactDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
