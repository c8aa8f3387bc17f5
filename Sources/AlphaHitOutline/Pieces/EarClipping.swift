/// A weakly simple ring (a positive shoelace sum; repeated vertices allowed where holes are joined)
/// cut into triangles by clipping ears: a convex vertex whose triangle with its neighbours holds no
/// other vertex (on its edges neither) is cut off, until three vertices are left. Collinear
/// vertices go without a triangle. Exact predicates on thousandths; quadratic in the vertices, so
/// callers keep rings under ``OutlinePieces/maximumVertices``.
enum EarClipping {
    /// The triangles, each a positive shoelace sum, whose areas add up to the ring's.
    static func triangles(of ring: [MilliPoint]) -> [[MilliPoint]] {
        var next = Array(ring.indices.map { ($0 + 1) % ring.count }), previous = Array(ring.indices.map { ($0 + ring.count - 1) % ring.count })
        var left = ring.count, node = 0, sinceLastCut = 0
        var result: [[MilliPoint]] = []
        func remove(_ v: Int) {
            next[previous[v]] = next[v]
            previous[next[v]] = previous[v]
            left -= 1
        }
        while left > 3 {
            let (a, c) = (previous[node], next[node])
            let turn = PlaneGeometry.turn(ring[a], ring[node], ring[c])
            if turn == 0 || (turn > 0 && isEar(node, a, c)) {
                if turn > 0 { result.append([ring[a], ring[node], ring[c]]) }
                remove(node)
                node = c
                sinceLastCut = 0
                continue
            }
            node = c
            sinceLastCut += 1
            // A whole turn without an ear: not a weakly simple ring; cut the rest as a fan rather
            // than loop (not reached for the rings outlines make, as the tests hold).
            if sinceLastCut > left { break }
        }
        var rest: [Int] = []
        var v = node
        for _ in 0..<left {
            rest.append(v)
            v = next[v]
        }
        for k in rest.indices.dropFirst().dropLast() where PlaneGeometry.turn(ring[rest[0]], ring[rest[k]], ring[rest[k + 1]]) > 0 {
            result.append([ring[rest[0]], ring[rest[k]], ring[rest[k + 1]]])
        }
        return result

        func isEar(_ b: Int, _ a: Int, _ c: Int) -> Bool {
            let (pa, pb, pc) = (ring[a], ring[b], ring[c])
            var p = next[c]
            while p != a {
                let q = ring[p]
                if q != pa && q != pb && q != pc && PlaneGeometry.turn(ring[previous[p]], q, ring[next[p]]) <= 0 && within(q, pa, pb, pc) { return false }
                p = next[p]
            }
            return true
        }
    }

    /// Whether `q` is inside the triangle abc (a positive turn) or on its edges.
    private static func within(_ q: MilliPoint, _ a: MilliPoint, _ b: MilliPoint, _ c: MilliPoint) -> Bool {
        PlaneGeometry.turn(a, b, q) >= 0 && PlaneGeometry.turn(b, c, q) >= 0 && PlaneGeometry.turn(c, a, q) >= 0
    }
}
