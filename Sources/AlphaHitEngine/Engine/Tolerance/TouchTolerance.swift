import AlphaHitBasics

/// The tolerances a layout sets: each element's own (if any) and the layout's default. Kept by the
/// engine, read on a miss to decide whether a search is needed at all.
struct TouchTolerance: Sendable {
    /// Each element's own tolerance, NaN where it sets none; empty when no element sets one.
    var own: [Double] = []
    /// The largest own tolerance (0 when none).
    var largestOwn = 0.0
    /// The layout's `defaults.touchTolerance`.
    var layoutDefault: Double?

    /// r(e): the element's own tolerance, else the query's, else the layout's default, else 0.
    @inline(__always)
    func effective(for element: Int, query: Double?) -> Double {
        guard !own.isEmpty else { return fallback(query: query) }
        return Self.effective(own: own[element], otherwise: fallback(query: query))
    }

    /// The tolerance of an element that sets none: the query's, else the layout's default, else 0.
    func fallback(query: Double?) -> Double {
        query ?? layoutDefault ?? 0
    }

    /// The one choice of r(e): the element's own tolerance (NaN: none), else `otherwise`.
    @inline(__always)
    static func effective(own: Double, otherwise: Double) -> Double {
        own.isNaN ? otherwise : own
    }

    /// How far from a point a search must look: the largest tolerance any element can have.
    func searchRadius(query: Double?) -> Double {
        max(largestOwn, fallback(query: query))
    }

    /// Whether a miss can ever be answered by a near element without a query tolerance.
    var inUse: Bool { largestOwn > 0 || (layoutDefault ?? 0) > 0 }

    /// ``effective(for:query:)`` for one query, over a table's view of `own` (see
    /// ``ToleranceIndex/reach(_:query:)``): what a search reads per candidate, without counting references.
    struct Reader: BitwiseCopyable {
        let own: TableView<Double>
        /// The query's tolerance, else the layout's default, else 0.
        let fallback: Double

        @inline(__always)
        func effective(for element: Int) -> Double {
            guard own.count > 0 else { return fallback }
            return TouchTolerance.effective(own: own[element], otherwise: fallback)
        }
    }
}
