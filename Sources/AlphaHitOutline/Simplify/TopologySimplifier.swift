/// Douglas–Peucker simplification of a set of rings that keeps their topology: each ring within
/// `tolerance` of its input in Hausdorff distance, still simple, no two rings touching, every
/// ring on the same side of every other (`Docs/Outlines.md`, "Simplified").
///
/// Each ring is cut at three kept vertices (``RingSections``); a section is replaced by the
/// segment between its ends when every vertex between is within the tolerance of that segment
/// (of the segment, not its line, which bounds the Hausdorff distance both ways) and the
/// replacement is safe: the segment meets no other segment (but its two neighbours at its ends,
/// and those only there), and no other ring lies between the section and the segment (its first
/// vertex tested against the loop they make). Otherwise the section is split at its farthest
/// vertex. Segments and rings' first vertices are found through ``SegmentGrid``s, so a check
/// looks only near the segment. The input rings must not touch (``SaddleSeparation``).
struct TopologySimplifier {
    private var rings: [[MilliPoint]]
    private var kept: [[Bool]]
    /// Every segment made: a ring's vertices `from` to `to` (`to` may be the ring's count: vertex 0).
    private var segments: [(ring: Int, from: Int, to: Int)] = []
    private var alive: [Bool] = []
    /// The id of ring r's segment from vertex k to k + 1 is `firstSegment[r] + k`.
    private var firstSegment: [Int] = []
    private var segmentGrid: SegmentGrid, startGrid: SegmentGrid
    /// Which check last looked at a segment, so that one seen in two cells is tested once.
    private var seen: [Int] = [], check = 0
    private let tolerance: Double

    /// A simplifier of `rings` (in thousandths, none touching another) within `tolerance`
    /// thousandths.
    init(rings: [[MilliPoint]], tolerance: Double) {
        self.rings = rings
        self.tolerance = tolerance
        kept = rings.map { [Bool](repeating: true, count: $0.count) }
        let all = rings.joined()
        let (minX, maxX) = (all.map(\.x).min() ?? 0, all.map(\.x).max() ?? 0)
        let (minY, maxY) = (all.map(\.y).min() ?? 0, all.map(\.y).max() ?? 0)
        segmentGrid = SegmentGrid(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        startGrid = segmentGrid
        for (r, ring) in rings.enumerated() {
            firstSegment.append(segments.count)
            for k in ring.indices { add(ring: r, from: k, to: k + 1) }
            startGrid.insert(Int32(r), along: ring[0], ring[0])
        }
    }

    /// The simplified rings: each ring's kept vertices, in order.
    mutating func run() -> [[MilliPoint]] {
        for r in rings.indices where rings[r].count > 3 { simplify(ring: r) }
        return rings.indices.map { r in rings[r].indices.filter { kept[r][$0] }.map { rings[r][$0] } }
    }

    private func vertex(_ r: Int, _ k: Int) -> MilliPoint { k == rings[r].count ? rings[r][0] : rings[r][k] }

    private mutating func add(ring r: Int, from: Int, to: Int) {
        segmentGrid.insert(Int32(segments.count), along: vertex(r, from), vertex(r, to))
        segments.append((r, from, to))
        alive.append(true)
        seen.append(0)
    }

    private mutating func simplify(ring r: Int) {
        let orientation = RingSections.orientation(of: rings[r], kept: kept[r])
        let firstNew = segments.count
        let anchors = RingSections.anchors(of: rings[r]) + [rings[r].count]
        var sections = zip(anchors, anchors.dropFirst()).map { ($0, $1) }.reversed() as [(Int, Int)]
        while let (i, j) = sections.popLast() {
            guard j - i >= 2 else { continue }
            let (a, b) = (vertex(r, i), vertex(r, j))
            var (farthest, distance) = (i + 1, -1.0)
            for k in i + 1..<j {
                let d = PlaneGeometry.distance(rings[r][k], toSegment: a, b)
                if d > distance { (farthest, distance) = (k, d) }
            }
            if distance <= tolerance && isSafe(ring: r, from: i, to: j) {
                for k in i..<j { alive[firstSegment[r] + k] = false }
                for k in i + 1..<j { kept[r][k] = false }
                add(ring: r, from: i, to: j)
            } else {
                sections.append((farthest, j))
                sections.append((i, farthest))
            }
        }
        // A ring whose kept vertices wind the other way is not the same ring: keep it whole.
        if RingSections.orientation(of: rings[r], kept: kept[r]) != orientation {
            for id in firstNew..<segments.count { alive[id] = false }
            for k in rings[r].indices { alive[firstSegment[r] + k] = true }
            kept[r] = [Bool](repeating: true, count: rings[r].count)
        }
    }

    /// Whether ring r's vertices `i` to `j` may become one segment.
    private mutating func isSafe(ring r: Int, from i: Int, to j: Int) -> Bool {
        let n = rings[r].count
        let (a, b) = (vertex(r, i), vertex(r, j))
        check += 1
        var safe = true
        // Local copies (shared, not copied) keep the walks from holding self while `seen` changes.
        let (segmentGrid, startGrid) = (self.segmentGrid, self.startGrid)
        segmentGrid.forEachCell(a, b, margin: 0) { cell in
            guard safe else { return }
            for item in segmentGrid[cell] {
                let id = Int(item)
                guard alive[id], seen[id] != check else { continue }
                seen[id] = check
                let s = segments[id]
                let (p, q) = (vertex(s.ring, s.from), vertex(s.ring, s.to))
                if s.ring == r {
                    if s.from >= i && s.to <= j { continue }
                    let (endsAtA, startsAtB) = (s.to % n == i % n, s.from % n == j % n)
                    if endsAtA && startsAtB { safe = false }
                    if endsAtA || startsAtB {
                        if endsAtA ? PlaneGeometry.overlap(sharing: a, b, p) : PlaneGeometry.overlap(sharing: b, a, q) { safe = false }
                        continue
                    }
                }
                if PlaneGeometry.touch(a, b, p, q) { safe = false }
                if !safe { return }
            }
        }
        guard safe else { return false }
        // A ring between the section and the segment would change sides: its first vertex tells.
        var loop: [MilliPoint]?
        startGrid.forEachCell(a, b, margin: tolerance) { cell in
            guard safe else { return }
            for item in startGrid[cell] where Int(item) != r {
                let start = rings[Int(item)][0]
                guard PlaneGeometry.distance(start, toSegment: a, b) <= tolerance + 1 else { continue }
                if loop == nil { loop = (i...j).map { vertex(r, $0) } }
                if PlaneGeometry.inside(start, loop!) { safe = false }
            }
        }
        return safe
    }
}
