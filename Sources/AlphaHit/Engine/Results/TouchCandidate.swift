/// An element a tap may select: hit exactly, or missed by no more than its touch tolerance.
public struct TouchCandidate: Hashable, Sendable {
    /// The element.
    public var element: ElementIndex
    /// Its id.
    public var id: String
    /// The distance in layout points from the tap to the element's hit region (0 for an exact hit),
    /// within 0.01 point of the exact value.
    public var distance: Double
    /// The point of the element's hit region nearest the tap, in layout points: where the tap
    /// snaps to (the tap itself for an exact hit).
    public var nearestPoint: Point
    /// The tolerance that applied to the element, r(e), in points.
    public var tolerance: Double
    /// Whether the tap hits the element exactly (rather than within its tolerance).
    public var isExactHit: Bool
}
