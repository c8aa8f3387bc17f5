import AlphaHitBasics

/// Touch tolerance: when a tap hits nothing exactly, the element whose hit region is nearest, if it
/// lies within that element's tolerance. The rule is in `Docs/HitTesting.md`, "Touch tolerance".
extension HitTester {
    /// Two distances closer than this (relative, at least 1e-9 point) count as equal: the
    /// front-most element wins, not the one rounding happened to favour.
    static let tieMargin = 1e-9
    /// The radius (points) of a near-miss search's first, small window.
    static let firstWindow = 6.0

    /// The element a tap at `point` selects when nothing is hit exactly: among the elements within
    /// their tolerance (r(e) > 0 and distance ≤ r(e)), the nearest, the front-most between equals.
    ///
    /// - Parameter tolerance: the query's tolerance in points (nil: the layout's default; negative
    ///   or NaN count as 0). An element's own `touchTolerance` overrides it.
    @usableFromInline
    func nearMiss(_ point: Point, tolerance query: Double?) -> TouchCandidate? {
        let query = query.map { $0 >= 0 ? $0 : 0 }
        guard let best = nearest(to: point, query: query) else { return nil }
        return candidate(best.element, distance: best.distance, nearest: best.point, query: query, exact: false)
    }

    /// The element ``nearMiss(_:tolerance:)`` selects, and nothing else about it: what
    /// ``elementIndex(at:tolerance:)`` needs, without the candidate's id, whose string a search
    /// would otherwise retain and release on every near miss.
    @usableFromInline
    func nearMissElement(_ point: Point, tolerance query: Double?) -> ElementIndex? {
        // A scene's snapshot asks the engine built for it (see `live`), one level down; read in
        // place without binding `live`, which would count a reference on every near miss.
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.nearMissElement(point, tolerance: query) } }
        guard let best = nearest(to: point, query: query.map { $0 >= 0 ? $0 : 0 }) else { return nil }
        // The numbering of `tables`, the engine the search ran on: for a scene's snapshot, the
        // engine built for it, whose positions its numbering translates. (Its reader: the
        // numbering itself would be copied out, its dictionary retained, on every near miss.)
        return tables.numbering.index(ofPosition: best.element)
    }

    /// The search itself: the position of the nearest element within its tolerance, its distance
    /// and the nearest point of its region; nil when none is (`query` already made ≥ 0).
    private func nearest(to point: Point, query: Double?) -> (element: Int, distance: Double, point: (x: Double, y: Double))? {
        guard tables.insideCanvas(point.x, point.y) else { return nil }
        // A built engine's storage, without counting a reference to it on every near miss (a
        // snapshot's near miss comes here through the engine built for it).
        return withStorage { storage in
            let radius = storage.tolerance.searchRadius(query: query)
            guard radius > 0 else { return nil }
            let best = storage.withToleranceIndex { index -> Nearest in
                // Most taps that miss land near something: a small window first, growing fourfold; what
                // a window finds clearly nearer than its edge cannot be beaten from outside it (their
                // boxes are all farther). So the cost follows the distance to the nearest element, not
                // the tolerance: a tolerance of 1e9 costs what the nearest element's distance costs.
                var window = min(radius, Self.firstWindow)
                // Made once and emptied for each window.
                var nearest = Nearest(reach: index.reach(storage.tolerance, query: query), rank: index.rank.view)
                while true {
                    nearest.forgetFound()
                    index.search(near: (point.x, point.y), radius: window, &nearest)
                    guard window < radius, nearest.distance + Self.margin(nearest.distance) >= window else { break }
                    window = min(radius, window * 4)
                }
                return nearest
            }
            guard best.element >= 0 else { return nil }
            return (best.element, best.distance, best.point)
        }
    }

    /// The nearest element within its tolerance, the front-most between equals.
    private struct Nearest: CandidateVisitor {
        let reach: TouchTolerance.Reader
        let rank: TableView<Int32>
        var element = -1
        var distance = Double.infinity
        var point = (x: 0.0, y: 0.0)

        func limit(for element: Int) -> Double {
            let reach = reach.effective(for: element)
            guard reach > 0 else { return -1 }
            return min(reach, farthestLimit)
        }

        var farthestLimit: Double { distance + HitTester.margin(distance) }

        /// Back to having found nothing, as made.
        mutating func forgetFound() {
            (element, distance, point) = (-1, .infinity, (0, 0))
        }

        mutating func accept(_ element: Int, distance: Double, nearest: (x: Double, y: Double)) {
            guard distance <= reach.effective(for: element) else { return }
            if self.element >= 0 {
                guard HitTester.ranksBefore(distance, rank[element], self.distance, rank[self.element]) else { return }
            }
            (self.element, self.distance, point) = (element, distance, nearest)
        }
    }

    /// The front-most element an exact hit or, failing that, the touch tolerance selects at `point`,
    /// with the distance to its region and the point it snaps to.
    ///
    /// - Parameter tolerance: the query's tolerance in points ≥ 0 (nil: the layout's default); an
    ///   element's own `touchTolerance` overrides it.
    public func touchHit(at point: Point, tolerance: Double? = nil) -> TouchCandidate? {
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.touchHit(at: point, tolerance: tolerance) } }
        if let exact = tables.frontMost(point.x, point.y) {
            return candidate(exact, distance: 0, nearest: (point.x, point.y), query: tolerance, exact: true)
        }
        return nearMiss(point, tolerance: tolerance)
    }

    /// Every element a tap at `point` could select, ranked as the rule ranks them: the exact hits
    /// front to back, then the elements within their tolerance, nearest first (the front-most
    /// first between equals). The first, if any, is the answer of ``elementIndex(at:tolerance:)``.
    public func touchCandidates(at point: Point, tolerance: Double? = nil) -> [TouchCandidate] {
        considered(at: point, tolerance: tolerance).filter { $0.isExactHit || ($0.tolerance > 0 && $0.distance <= $0.tolerance) }
    }

    /// Every element a touch-tolerance search at `point` measured (those whose regions lie within
    /// the largest tolerance in play), nearest first, each with what became of it: chosen, beaten
    /// by an exact hit or a nearer element, behind an equally near one, or beyond its tolerance.
    /// Empty when no tolerance is in play. Exact hits are not listed: ``explanation(at:)`` has them.
    public func touchVerdicts(at point: Point, tolerance: Double? = nil) -> [TouchVerdict] {
        let list = considered(at: point, tolerance: tolerance)
        let exact = list.first { $0.isExactHit }
        let near = list.filter { !$0.isExactHit }
        let winner = exact ?? near.first { $0.tolerance > 0 && $0.distance <= $0.tolerance }
        return near.map { candidate in
            let outcome: TouchVerdict.Outcome
            if !(candidate.tolerance > 0 && candidate.distance <= candidate.tolerance) {
                outcome = .beyondTolerance
            } else if let exact {
                outcome = .exactHitWins(id: exact.id)
            } else if let winner, winner.element == candidate.element {
                outcome = .chosen
            } else if let winner, Self.isTie(candidate.distance, winner.distance) {
                outcome = .behind(id: winner.id)
            } else {
                outcome = .fartherThan(id: winner?.id ?? "")
            }
            return TouchVerdict(candidate: candidate, outcome: outcome)
        }
    }

    /// The exact hits, then every element whose region lies within the search radius (the largest
    /// tolerance in play), ranked as ``touchCandidates(at:tolerance:)`` ranks them, including those
    /// beyond their own tolerance: what `--explain` shows.
    func considered(at point: Point, tolerance query: Double?) -> [TouchCandidate] {
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.considered(at: point, tolerance: query) } }
        let query = query.map { $0 >= 0 ? $0 : 0 }
        let exact = scanAll(point)
        let list = exact.map { candidate(position(of: $0), distance: 0, nearest: (point.x, point.y), query: query, exact: true) }
        let radius = storage.tolerance.searchRadius(query: query)
        guard radius > 0, tables.insideCanvas(point.x, point.y) else { return list }
        let near = storage.withToleranceIndex { index in
            var all = All(radius: radius, excluded: Set(exact.map { position(of: $0) }))
            index.search(near: (point.x, point.y), radius: radius, &all)
            return all.found.sorted { a, b in Self.ranksBefore(a.distance, index.rank(of: a.element), b.distance, index.rank(of: b.element)) }
        }
        return list + near.map { candidate($0.element, distance: $0.distance, nearest: $0.point, query: query, exact: false) }
    }

    /// Every element within the radius, but those hit exactly.
    private struct All: CandidateVisitor {
        let radius: Double
        let excluded: Set<Int>
        var found: [(element: Int, distance: Double, point: (x: Double, y: Double))] = []

        func limit(for element: Int) -> Double { excluded.contains(element) ? -1 : radius }

        var farthestLimit: Double { radius }

        mutating func accept(_ element: Int, distance: Double, nearest: (x: Double, y: Double)) {
            found.append((element, distance, nearest))
        }
    }

    private func candidate(_ element: Int, distance: Double, nearest: (x: Double, y: Double), query: Double?, exact: Bool) -> TouchCandidate {
        TouchCandidate(
            element: numbering.index(ofPosition: element), id: storage.ids[element], distance: distance,
            nearestPoint: Point(x: nearest.x, y: nearest.y), tolerance: storage.tolerance.effective(for: element, query: query), isExactHit: exact)
    }

    fileprivate static func margin(_ distance: Double) -> Double {
        tieMargin * max(1, distance)
    }

    /// Whether two distances are the same for ranking: within the tie margin of the smaller.
    fileprivate static func isTie(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= margin(min(a, b))
    }

    /// The one ranking of touch candidates: a candidate at distance `a` (resolution rank `rankA`, 0 =
    /// front-most) goes before one at `b` when it is nearer, or as near (a tie) and in front.
    fileprivate static func ranksBefore(_ a: Double, _ rankA: Int32, _ b: Double, _ rankB: Int32) -> Bool {
        isTie(a, b) ? rankA < rankB : a < b
    }
}
