/// Hertel–Mehlhorn: triangles of a polygon merged across the diagonals between them, longest
/// first, wherever the merged piece stays convex and has at most `maximumVertices` corners.
enum ConvexMerging {
    /// Convex pieces (positive shoelace sums, corners only) whose union is the triangles'.
    static func merge(_ triangles: [[MilliPoint]], maximumVertices: Int) -> [[MilliPoint]] {
        var pieces = triangles
        var owner = Array(triangles.indices)
        func find(_ t: Int) -> Int {
            var t = t
            while owner[t] != t {
                owner[t] = owner[owner[t]]
                t = owner[t]
            }
            return t
        }
        // Each diagonal: an edge two triangles share, one each way.
        var sides: [Edge: [Int]] = [:]
        for (t, triangle) in triangles.enumerated() {
            for k in 0..<3 { sides[Edge(triangle[k], triangle[(k + 1) % 3]), default: []].append(t) }
        }
        let diagonals = sides.filter { $0.value.count == 2 }.sorted { $0.key.squaredLength > $1.key.squaredLength || ($0.key.squaredLength == $1.key.squaredLength && $0.key < $1.key) }
        for (edge, pair) in diagonals {
            let (first, second) = (find(pair[0]), find(pair[1]))
            guard first != second, let merged = join(pieces[first], pieces[second], along: edge),
                corners(merged) <= maximumVertices
            else { continue }
            pieces[first] = merged
            pieces[second] = []
            owner[second] = first
        }
        return pieces.filter { !$0.isEmpty }.map { piece in
            piece.indices.filter { PlaneGeometry.turn(piece[($0 + piece.count - 1) % piece.count], piece[$0], piece[($0 + 1) % piece.count]) != 0 }.map { piece[$0] }
        }
    }

    /// How many vertices of a piece are corners (not on a straight run).
    private static func corners(_ piece: [MilliPoint]) -> Int {
        piece.indices.count { PlaneGeometry.turn(piece[($0 + piece.count - 1) % piece.count], piece[$0], piece[($0 + 1) % piece.count]) != 0 }
    }

    /// Convex pieces `a` and `b` joined along the edge they share (each way round), when the
    /// union is convex; nil otherwise, or when the edge is no longer whole in both.
    private static func join(_ a: [MilliPoint], _ b: [MilliPoint], along edge: Edge) -> [MilliPoint]? {
        // In a, the edge runs u → v; in b, v → u.
        guard let i = a.indices.first(where: { Edge(a[$0], a[($0 + 1) % a.count]) == edge }),
            let j = b.indices.first(where: { b[$0] == a[(i + 1) % a.count] && b[($0 + 1) % b.count] == a[i] })
        else { return nil }
        // a from v round to u, then b from just past u round to just before v.
        let fromA = (0..<a.count).map { a[(i + 1 + $0) % a.count] }
        let fromB = (0..<b.count - 2).map { b[(j + 2 + $0) % b.count] }
        let merged = fromA + fromB
        for k in merged.indices where PlaneGeometry.turn(merged[(k + merged.count - 1) % merged.count], merged[k], merged[(k + 1) % merged.count]) < 0 {
            return nil
        }
        return merged
    }

    /// An edge without its direction.
    struct Edge: Hashable, Comparable {
        let low: MilliPoint, high: MilliPoint

        init(_ a: MilliPoint, _ b: MilliPoint) {
            (low, high) = (a.x, a.y) < (b.x, b.y) ? (a, b) : (b, a)
        }

        var squaredLength: Int64 { (high.x - low.x) * (high.x - low.x) + (high.y - low.y) * (high.y - low.y) }

        static func < (l: Edge, r: Edge) -> Bool { (l.low.x, l.low.y, l.high.x, l.high.y) < (r.low.x, r.low.y, r.high.x, r.high.y) }
    }
}
