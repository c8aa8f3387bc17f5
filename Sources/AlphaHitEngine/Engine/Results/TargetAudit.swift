import AlphaHitBasics
import AlphaHitImages

/// What ``HitTester/audit(scale:tolerance:minimumSize:spacingException:maximumPixels:)`` measured: each audited element's owned area,
/// how much of it others cover, its largest square, and whether it passes a minimum target size.
/// The figures and the standards they follow are in `Docs/Audit.md`.
public struct TargetAudit: Hashable, Sendable {
    /// One element's figures.
    public struct Entry: Hashable, Sendable {
        public var element: ElementIndex
        public var id: String
        /// Square points of the hit map the element owns (a tap there selects it).
        public var owned: Double
        /// Square points of its own region R(e), whatever covers it.
        public var own: Double
        /// `1 − owned / own` (0 when it has no own area).
        public var covered: Double
        /// The side, in points, of the largest axis-aligned square of hit-map pixels it owns.
        public var largestSquare: Double
        public var passes: Bool
        /// Whether it passes only by the spacing exception (its largest square is too small).
        public var passesBySpacing: Bool = false
        /// Why it fails ("owns nothing", "largest square 12 < 24", …); nil when it passes.
        public var reason: String?
        /// Where a tap surely selects it, in points: the centre of its owned pixel farthest from
        /// every pixel it does not own (``TapPoint``); nil when it owns nothing.
        public var tapPoint: Point?
        /// The distance, in points, from ``tapPoint`` to the nearest pixel it does not own; nil
        /// when it owns nothing.
        public var clearance: Double?
    }

    /// The minimum target size, in points.
    public var minimumSize: Double
    /// Hit-map pixels per point.
    public var scale: Double
    /// Every audited element (not skipped, shape not `none`), in layout order.
    public var entries: [Entry]
}
