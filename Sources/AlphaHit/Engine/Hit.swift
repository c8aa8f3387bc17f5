/// An element of a built ``HitTester``, by position: cheap to return from the hot path.
public struct ElementIndex: Hashable, Sendable, Comparable {
    /// Position in the engine's depth-first (pre-order) listing of the layout, from 0.
    public let rawValue: Int32

    /// Wraps a raw position; valid only for the engine that produced it.
    @inlinable
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ElementIndex, rhs: ElementIndex) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A pixel position in an image, from the top-left pixel (0, 0).
public struct PixelCoordinate: Hashable, Sendable {
    public var x: Int
    public var y: Int

    /// Creates a pixel position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

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

/// Why an element did or did not take a point, as ``HitTester/explain(_:)`` reports it.
public enum HitVerdict: Hashable, Sendable, CustomStringConvertible {
    /// Never considered: hidden, not interactive, or opacity below 0.01 (its subtree neither).
    case skipped(SkipReason)
    /// An ancestor that clips to its bounds does not contain the point.
    case clippedByAncestor(id: String)
    /// The point is outside the element's bounds.
    case outsideBounds
    /// Inside the bounds, outside the shape (ellipse, rounded corner, or `none`).
    case outsideShape
    /// Inside the shape, but where the image is not drawn.
    case offImage
    /// On pixel (`x`, `y`) whose alpha is below the element's `minAlpha`.
    case transparent(pixel: PixelCoordinate, alpha: UInt8, minAlpha: UInt8)
    /// The element takes the point.
    case hit

    /// Why an element was skipped.
    public enum SkipReason: String, Hashable, Sendable {
        case hidden
        case notInteractive = "not interactive"
        case opacityBelowMinimum = "opacity below 0.01"
    }

    /// A short phrase: `transparent: pixel (3, 4) has alpha 12 below minAlpha 26`.
    public var description: String {
        switch self {
        case .skipped(let reason): "skipped (\(reason.rawValue))"
        case .clippedByAncestor(let id): "clipped by ancestor \(id)"
        case .outsideBounds: "outside its bounds"
        case .outsideShape: "outside its shape"
        case .offImage: "off the drawn image"
        case .transparent(let pixel, let alpha, let minAlpha):
            "transparent: pixel (\(pixel.x), \(pixel.y)) has alpha \(alpha) below minAlpha \(minAlpha)"
        case .hit: "hit"
        }
    }
}

/// One line of ``HitTester/explain(_:)``: an element and its verdict.
public struct HitExplanation: Hashable, Sendable {
    /// The element's position in the engine.
    public var element: ElementIndex
    /// The element's id.
    public var id: String
    /// The point in the element's local space; nil when it was skipped or clipped before being mapped.
    public var localPoint: Point?
    /// What the element made of the point.
    public var verdict: HitVerdict
}
