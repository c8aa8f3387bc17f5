/// One line of ``HitTester/explanation(at:)``: an element and its verdict.
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
