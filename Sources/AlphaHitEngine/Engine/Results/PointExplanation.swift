import AlphaHitBasics

/// Why a point hits what it hits: everything ``HitTester/explain(at:tolerance:)`` found, computed
/// once, for a reader (the command line's `--explain`, the C interface's `alphahit_explain`) to
/// format as it likes.
public struct PointExplanation: Hashable, Sendable {
    /// The point asked about, in layout points.
    public var point: Point
    /// Whether the point is outside the layout's canvas (then nothing else is filled in).
    public var isOutsideCanvas: Bool
    /// Every element the resolution considered, front to back, ending with the one hit (if any):
    /// ``HitTester/explanation(at:)``.
    public var lines: [HitExplanation]
    /// The touch-tolerance search after a miss: ``HitTester/touchVerdicts(at:tolerance:)``.
    public var touchVerdicts: [TouchVerdict]

    /// The answer's id: the element hit exactly, else the one chosen within its touch tolerance.
    public var winner: String? {
        lines.last.flatMap { $0.verdict == .hit ? $0.id : nil } ?? chosenByTolerance
    }

    /// The id of the element chosen within its touch tolerance, if the search chose one.
    public var chosenByTolerance: String? {
        touchVerdicts.first { $0.outcome == .chosen }?.candidate.id
    }

    /// The lines of the elements whose bounds contain the point: the ones a reader looks at.
    public var linesInBounds: [HitExplanation] { lines.filter(\.boundsContainPoint) }

    /// How many elements were considered with the point outside their bounds.
    public var othersConsidered: Int { lines.count - linesInBounds.count }
}
