/// The straightforward topology-preserving Douglas–Peucker: the yardstick that
/// ``TopologySimplifier``'s vertex counts are measured against (the benchmark suite's
/// `outline/simplify/…` and `OutlineSimplifyTests`), and slow on purpose.
///
/// Classic Douglas–Peucker (a section is replaced when every vertex between is within the
/// tolerance of the line through its ends, split at the farthest vertex otherwise), cut at the
/// same three vertices a ring (``RingSections``), with a replacement refused, and the section
/// split, when the new segment touches any other segment of any ring (all of them tested) or
/// another ring's first vertex lies between the section and the segment (every ring tested).
package enum ReferenceSimplifier {
    /// `rings` (in thousandths, none touching another) simplified within `tolerance` thousandths.
    static func simplify(_ rings: [[MilliPoint]], tolerance: Double) -> [[MilliPoint]] {
        var kept = rings.map { [Bool](repeating: true, count: $0.count) }
        func vertex(_ r: Int, _ k: Int) -> MilliPoint { rings[r][k % rings[r].count] }
        /// Every current segment, as pairs of ring vertex numbers.
        func segments(skipping r: Int, from i: Int, to j: Int) -> [(ring: Int, from: Int, to: Int)] {
            var list: [(ring: Int, from: Int, to: Int)] = []
            for (q, ring) in rings.enumerated() {
                let indices = ring.indices.filter { kept[q][$0] }
                for (k, start) in indices.enumerated() {
                    let end = k + 1 < indices.count ? indices[k + 1] : indices[0] + ring.count
                    if q == r && start >= i && end <= j { continue }
                    list.append((q, start, end))
                }
            }
            return list
        }
        func isSafe(_ r: Int, _ i: Int, _ j: Int) -> Bool {
            let (a, b, n) = (vertex(r, i), vertex(r, j), rings[r].count)
            for s in segments(skipping: r, from: i, to: j) {
                let (p, q) = (vertex(s.ring, s.from), vertex(s.ring, s.to))
                if s.ring == r && s.to % n == i % n {
                    if PlaneGeometry.overlap(sharing: a, b, p) || s.from % n == j % n { return false }
                } else if s.ring == r && s.from % n == j % n {
                    if PlaneGeometry.overlap(sharing: b, a, q) { return false }
                } else if PlaneGeometry.touch(a, b, p, q) {
                    return false
                }
            }
            let loop = (i...j).map { vertex(r, $0) }
            return rings.indices.allSatisfy { $0 == r || !PlaneGeometry.inside(rings[$0][0], loop) }
        }
        func section(_ r: Int, _ i: Int, _ j: Int) {
            guard j - i >= 2 else { return }
            let farthest = (i + 1..<j).max {
                PlaneGeometry.distance(rings[r][$0], toLine: vertex(r, i), vertex(r, j)) < PlaneGeometry.distance(rings[r][$1], toLine: vertex(r, i), vertex(r, j))
            }!
            if PlaneGeometry.distance(rings[r][farthest], toLine: vertex(r, i), vertex(r, j)) <= tolerance && isSafe(r, i, j) {
                for k in i + 1..<j { kept[r][k] = false }
            } else {
                section(r, i, farthest)
                section(r, farthest, j)
            }
        }
        for r in rings.indices where rings[r].count > 3 {
            let anchors = RingSections.anchors(of: rings[r]) + [rings[r].count]
            for (i, j) in zip(anchors, anchors.dropFirst()) { section(r, i, j) }
        }
        return rings.indices.map { r in rings[r].indices.filter { kept[r][$0] }.map { rings[r][$0] } }
    }
}
