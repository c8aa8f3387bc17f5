/// A size in points.
public struct Size: Hashable, Sendable {
    /// Width, in points.
    public var width: Double
    /// Height, in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
