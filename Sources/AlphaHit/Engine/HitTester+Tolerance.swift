/// Touch tolerance: when a tap hits nothing exactly, the element whose hit region is nearest, if it
/// lies within that element's tolerance. The rule is in `Docs/HitTesting.md`, "Touch tolerance".
extension HitTester {
    /// Two distances closer than this (relative, at least 1e-9 point) count as equal: the
    /// front-most element wins, not the one rounding happened to favour.
    static let tieMargin = 1e-9

    /// The element a tap at `point` selects when nothing is hit exactly: among the elements within
    /// their tolerance (r(e) > 0 and distance ≤ r(e)), the nearest, the front-most between equals.
    ///
    /// - Parameter tolerance: the query's tolerance in points (nil: the layout's default; negative
    ///   or NaN count as 0). An element's own `touchTolerance` overrides it.
    @usableFromInline
    func nearMiss(_ point: Point, tolerance query: Double?) -> TouchCandidate? {
        let query = query.map { $0 >= 0 ? $0 : 0 }
        let x = point.x, y = point.y
        guard tables.insideCanvas(x, y) else { return nil }
        let rules = storage.tolerance
        let radius = rules.searchRadius(query: query)
        guard radius > 0 else { return nil }
        let index = storage.toleranceIndex
        var best: (element: Int, distance: Double, point: (x: Double, y: Double))?
        index.forEachCandidate(near: (x, y), radius: radius, tables: tables) { element in
            let reach = rules.effective(for: element, query: query)
            guard reach > 0 else { return -1 }
            guard let best else { return reach }
            return min(reach, best.distance + Self.margin(best.distance))
        } _: { element, distance, nearest in
            guard distance <= rules.effective(for: element, query: query) else { return }
            if let current = best {
                let tie = abs(distance - current.distance) <= Self.margin(current.distance)
                guard tie ? index.rank[element] < index.rank[current.element] : distance < current.distance else { return }
            }
            best = (element, distance, nearest)
        }
        return best.map { candidate(Int($0.element), distance: $0.distance, nearest: $0.point, query: query, exact: false) }
    }

    /// The front-most element an exact hit or, failing that, the touch tolerance selects at `point`,
    /// with the distance to its region and the point it snaps to.
    ///
    /// - Parameter tolerance: as for ``nearMiss(_:tolerance:)``: points ≥ 0; nil for the layout's default.
    public func touchHit(at point: Point, tolerance: Double? = nil) -> TouchCandidate? {
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

    /// The exact hits, then every element whose region lies within the search radius (the largest
    /// tolerance in play), ranked as ``touchCandidates(at:tolerance:)`` ranks them, including those
    /// beyond their own tolerance: what `--explain` shows.
    func considered(at point: Point, tolerance query: Double?) -> [TouchCandidate] {
        let query = query.map { $0 >= 0 ? $0 : 0 }
        let exact = scanAll(point)
        var list = exact.map { candidate(Int($0.rawValue), distance: 0, nearest: (point.x, point.y), query: query, exact: true) }
        let radius = storage.tolerance.searchRadius(query: query)
        guard radius > 0, tables.insideCanvas(point.x, point.y) else { return list }
        let index = storage.toleranceIndex
        let hits = Set(exact.map { Int($0.rawValue) })
        var near: [(rank: Int32, candidate: TouchCandidate)] = []
        index.forEachCandidate(near: (point.x, point.y), radius: radius, tables: tables) { hits.contains($0) ? -1 : radius } _: {
            element, distance, nearest in
            near.append((index.rank[element], candidate(element, distance: distance, nearest: nearest, query: query, exact: false)))
        }
        near.sort { a, b in
            let tie = abs(a.candidate.distance - b.candidate.distance) <= Self.margin(min(a.candidate.distance, b.candidate.distance))
            return tie ? a.rank < b.rank : a.candidate.distance < b.candidate.distance
        }
        list += near.map(\.candidate)
        return list
    }

    private func candidate(_ element: Int, distance: Double, nearest: (x: Double, y: Double), query: Double?, exact: Bool) -> TouchCandidate {
        TouchCandidate(
            element: ElementIndex(rawValue: Int32(element)), id: storage.ids[element], distance: distance,
            nearestPoint: Point(x: nearest.x, y: nearest.y), tolerance: storage.tolerance.effective(for: element, query: query), isExactHit: exact)
    }

    private static func margin(_ distance: Double) -> Double {
        tieMargin * max(1, distance)
    }
}
