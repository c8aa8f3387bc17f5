/// An element of a built ``HitTester``, by number: cheap to return from the hot path.
///
/// In an engine built from a layout, the number is the element's position in the depth-first
/// (pre-order) listing, from 0. In the snapshots of a ``HitScene``, it is the number the element
/// keeps for as long as it exists in the scene (the first layout's pre-order positions, then
/// numbers never used before for each element added).
public struct ElementIndex: Hashable, Sendable, Comparable {
    /// The element's number: its pre-order position, or its number in a scene.
    public let rawValue: Int32

    /// Wraps a raw number; valid only for the engine (or the scene) that produced it.
    @inlinable
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// By number: in a built layout, pre-order (an ancestor before its descendants, earlier
    /// siblings before later ones); in a scene, the order in which the elements were numbered.
    public static func < (lhs: ElementIndex, rhs: ElementIndex) -> Bool { lhs.rawValue < rhs.rawValue }
}
