/// The geometric outline an element is hit within, in its local space; with an image, a clip on top of the image test.
public enum ElementShape: Hashable, Sendable {
    /// The whole bounds (the default).
    case rect
    /// The ellipse inscribed in the bounds: hit when ((x − w/2)/(w/2))² + ((y − h/2)/(h/2))² ≤ 1.
    case ellipse
    /// The bounds with the given corners rounded by `radius` (clamped to half the width and height).
    case roundedRect(radius: Double, corners: Corners = .all)
    /// Never hit itself; its children still can be (a pass-through container).
    case none

    /// A set of rectangle corners.
    public struct Corners: OptionSet, Hashable, Sendable {
        /// One bit per corner: 1 top left, 2 top right, 4 bottom left, 8 bottom right.
        public let rawValue: UInt8
        /// Corners from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The top-left corner.
        public static let topLeft = Corners(rawValue: 1)
        /// The top-right corner.
        public static let topRight = Corners(rawValue: 2)
        /// The bottom-left corner.
        public static let bottomLeft = Corners(rawValue: 4)
        /// The bottom-right corner.
        public static let bottomRight = Corners(rawValue: 8)
        /// All four corners.
        public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    }
}
