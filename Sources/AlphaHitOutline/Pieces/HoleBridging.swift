/// A polygon with holes joined into one weakly simple ring, ready to be cut into ears: each hole
/// joined to the ring by a two-way cut from its right-most vertex to the nearest vertex it can
/// see, taken in order of the holes' right-most x, largest first (Eberly's argument: that vertex
/// always sees some vertex of what is joined so far).
enum HoleBridging {
    /// One ring: `outer` (a positive shoelace sum) with every hole (negative) spliced in.
    static func join(outer: [MilliPoint], holes: [[MilliPoint]]) -> [MilliPoint] {
        var ring = outer
        var remaining = holes.sorted { ($0.map(\.x).max() ?? 0) > ($1.map(\.x).max() ?? 0) }
        while !remaining.isEmpty {
            let hole = remaining.removeFirst()
            let m = hole.indices.max { (hole[$0].x, -hole[$0].y) < (hole[$1].x, -hole[$1].y) }!
            let from = hole[m]
            let candidates = ring.indices.sorted { squared(ring[$0], from) < squared(ring[$1], from) }
            guard let p = candidates.first(where: { sees(from, in: hole, at: m, vertex: $0, of: ring, others: remaining) }) else {
                // Not reached for rings that neither touch nor cross: keep the polygon whole rather
                // than cut it wrongly, by joining at the nearest vertex.
                ring = splice(hole, at: m, into: ring, after: candidates[0])
                continue
            }
            ring = splice(hole, at: m, into: ring, after: p)
        }
        return ring
    }

    private static func squared(_ a: MilliPoint, _ b: MilliPoint) -> Int64 { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) }

    /// `ring` with the cut from `ring[p]` into `hole` at `m`, round the hole and back.
    private static func splice(_ hole: [MilliPoint], at m: Int, into ring: [MilliPoint], after p: Int) -> [MilliPoint] {
        let around = (0...hole.count).map { hole[(m + $0) % hole.count] }
        return Array(ring[...p]) + around + [ring[p]] + Array(ring[(p + 1)...])
    }

    /// Whether the segment from `from` (vertex `m` of `hole`) to `ring[p]` lies inside the polygon:
    /// it starts into the polygon at both ends and meets no edge but at those ends.
    private static func sees(_ from: MilliPoint, in hole: [MilliPoint], at m: Int, vertex p: Int, of ring: [MilliPoint], others: [[MilliPoint]]) -> Bool {
        let to = ring[p]
        guard to != from,
            locallyInside(from, at: ring[p], after: ring[(p + ring.count - 1) % ring.count], before: ring[(p + 1) % ring.count]),
            locallyInside(to, at: from, after: hole[(m + hole.count - 1) % hole.count], before: hole[(m + 1) % hole.count])
        else { return false }
        for edges in [ring, hole] + others {
            for index in edges.indices {
                let (a, b) = (edges[index], edges[(index + 1) % edges.count])
                // Edges that end where the cut ends meet it there and only there, if at all.
                if a == to || b == to || a == from || b == from {
                    let shared = a == to || b == to ? to : from, other = a == shared ? b : a
                    if PlaneGeometry.overlap(sharing: shared, other, shared == to ? from : to) { return false }
                    continue
                }
                if PlaneGeometry.touch(from, to, a, b) { return false }
            }
        }
        return true
    }

    /// Whether point `q` lies strictly inside the angle the polygon makes at `v` (between edges
    /// from `after` to `v` and from `v` to `before`, the polygon's inside on their right-hand turn).
    static func locallyInside(_ q: MilliPoint, at v: MilliPoint, after a: MilliPoint, before c: MilliPoint) -> Bool {
        let (first, second) = (PlaneGeometry.turn(a, v, q), PlaneGeometry.turn(v, c, q))
        return PlaneGeometry.turn(a, v, c) > 0 ? first > 0 && second > 0 : first > 0 || second > 0
    }
}
