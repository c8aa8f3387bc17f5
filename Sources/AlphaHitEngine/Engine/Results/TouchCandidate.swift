import AlphaHitBasics

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

/// What became of an element a touch-tolerance search measured: see ``HitTester/touchVerdicts(at:tolerance:)``.
public struct TouchVerdict: Hashable, Sendable {
    /// Why a candidate was or was not chosen.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// It is the answer: nothing is hit exactly, and it is the nearest within its tolerance.
        case chosen
        /// Something is hit exactly (the element with this id, the front-most), and exact hits always win.
        case exactHitWins(id: String)
        /// A nearer element (this id) is the answer.
        case fartherThan(id: String)
        /// The answer (this id) is as near, and in front of it.
        case behind(id: String)
        /// It lies farther than its own tolerance (or its tolerance is 0).
        case beyondTolerance

        /// A phrase for people: "chosen", "farther than b3", …
        public var description: String {
            switch self {
            case .chosen: "chosen"
            case .exactHitWins(let id): "\(id) is hit exactly, and exact hits win"
            case .fartherThan(let id): "farther than \(id)"
            case .behind(let id): "as near as \(id), which is in front"
            case .beyondTolerance: "beyond its tolerance"
            }
        }
    }

    /// The element, its distance, nearest point and tolerance.
    public var candidate: TouchCandidate
    /// What became of it.
    public var outcome: Outcome
}
