import AlphaHitBasics

/// One line of ``HitTester/explanation(at:)``: an element and its verdict.
public struct HitExplanation: Hashable, Sendable {
    /// The element (its ``ElementIndex`` in the engine that answered).
    public var element: ElementIndex
    /// The element's id.
    public var id: String
    /// The point in the element's local space.
    public var localPoint: Point
    /// What the element made of the point.
    public var verdict: HitVerdict
    /// Whether the element's own bounds, `[0, width) × [0, height)` in its local space, contain the
    /// point: false for the many elements nowhere near it, which a reader of a large layout's
    /// explanation may want to leave out.
    public var boundsContainPoint: Bool
}
