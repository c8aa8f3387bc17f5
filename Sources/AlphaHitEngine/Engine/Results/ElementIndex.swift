/// An element of a built ``HitTester``, by position: cheap to return from the hot path.
public struct ElementIndex: Hashable, Sendable, Comparable {
    /// Position in the engine's depth-first (pre-order) listing of the layout, from 0.
    public let rawValue: Int32

    /// Wraps a raw position; valid only for the engine that produced it.
    @inlinable
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Pre-order: an ancestor before its descendants, earlier siblings before later ones.
    public static func < (lhs: ElementIndex, rhs: ElementIndex) -> Bool { lhs.rawValue < rhs.rawValue }
}
