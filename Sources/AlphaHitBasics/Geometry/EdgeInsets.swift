/// Distances in from each edge, in image points: the fixed caps of a resizable image.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge, in image points.
    public var top: Double
    /// Inset from the left edge, in image points.
    public var left: Double
    /// Inset from the bottom edge, in image points.
    public var bottom: Double
    /// Inset from the right edge, in image points.
    public var right: Double

    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
