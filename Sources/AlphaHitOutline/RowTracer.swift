import AlphaHitBasics

/// The exact outline traced in one pass over the rows (``SolidMask/exactOutline()``'s fast
/// form): memory of two rows besides the output, the same polygons and rings, in the same order.
/// Rows come as their runs of solid pixels (a mask's row is turned into runs first), and only
/// where a run starts or ends is there anything to do: a row costs its runs, not its width, so
/// the grid of a union of boxes (``BoxUnion``) is traced in time of its boxes' edges.
///
/// Boundary y, between pixel rows y − 1 and y, is walked left to right. At each corner the edges
/// meeting there (directed with the solid pixel on their right) are paired as a ring passes
/// through: the two of a straight or turning boundary, and at a corner where two solid pixels meet
/// diagonally, each edge with the one that keeps its pixel's ring to itself (the tracer's
/// right-turn-first rule). Open chains hang down from the boundary along the vertical edges of the
/// row below; a pairing extends a chain, starts one, joins two, or closes a ring. Vertices live in
/// one linked list, so joining costs nothing. Each chain knows a solid pixel it borders, by the
/// 4-connected group labels of the row (union–find, one label for each run that touches no run
/// above, so no more labels than output vertices); at the end each hole goes to the group of its
/// outer ring.
struct RowTracer {
    private let width: Int
    /// The linked vertices: a chain is a path from `head` to `tail` along `next`.
    private var xs: [Int32] = [], ys: [Int32] = [], next: [Int32] = []
    private var chains: [(head: Int32, tail: Int32, label: Int32)] = []
    /// A chain merged into another points at it (−1: itself).
    private var mergedInto: [Int32] = []
    private var labels = GroupLabels()
    /// Closed rings: a vertex of each, and the label of a group it borders.
    private var rings: [(node: Int32, label: Int32)] = []
    /// The runs of solid pixels of the row above and of the row below, as their boundaries: run i
    /// is columns `bounds[2i]..<bounds[2i + 1]`, left to right, no two touching.
    private var above: [Int32] = [], below: [Int32] = []
    /// The chain end on each vertical edge of the row above (and being made for the row below),
    /// by its boundary's place in `above` (`below`): `chain * 2 + 1` for a tail (the path goes
    /// down), `chain * 2` for a head (it comes up), −1 for none.
    private var endsAbove: [Int32] = [], endsBelow: [Int32] = []
    /// The group label of each run of the row above and of the row below.
    private var labelsAbove: [Int32] = [], labelsBelow: [Int32] = []
    /// The row being turned into runs.
    private var scanned: [Int32] = []

    init(width: Int) {
        self.width = width
    }

    /// Adds the next row (top down), each pixel solid or not, or past the last row an empty one
    /// (`row` nil).
    mutating func add(row: [Bool]?, at y: Int) {
        scanned.removeAll(keepingCapacity: true)
        if let row {
            var x = 0
            while x < width {
                guard row[x] else {
                    x += 1
                    continue
                }
                scanned.append(Int32(x))
                while x < width && row[x] { x += 1 }
                scanned.append(Int32(x))
            }
        }
        add(runs: scanned, at: y)
    }

    /// Adds the next row (top down) as its runs of solid pixels: `runs[2i]..<runs[2i + 1]`, left
    /// to right within `0...width`, no two touching (empty past the last row).
    mutating func add(runs: [Int32], at y: Int) {
        below.removeAll(keepingCapacity: true)
        below.append(contentsOf: runs)
        labelRow()
        endsBelow.removeAll(keepingCapacity: true)
        endsBelow.append(contentsOf: repeatElement(-1, count: below.count))
        walkBoundary(Int32(y))
        swap(&above, &below)
        swap(&labelsAbove, &labelsBelow)
        swap(&endsAbove, &endsBelow)
    }

    /// Labels of the row below: a run takes the group of every run above it touches (joining them).
    private mutating func labelRow() {
        labelsBelow.removeAll(keepingCapacity: true)
        var first = 0
        for run in stride(from: 0, to: below.count, by: 2) {
            let (start, end) = (below[run], below[run + 1])
            // Runs above that end before this one starts touch no later run either.
            while first < above.count && above[first + 1] <= start { first += 2 }
            var label: Int32 = -1
            var other = first
            while other < above.count && above[other] < end {
                label = label < 0 ? labelsAbove[other / 2] : labels.join(label, labelsAbove[other / 2])
                other += 2
            }
            labelsBelow.append(label < 0 ? labels.make() : label)
        }
    }

    /// The chain an end's chain was merged into, the path to it shortened on the way (so that no
    /// shape makes the lookups long).
    private mutating func chain(_ id: Int32) -> Int32 {
        var root = id
        while mergedInto[Int(root)] >= 0 { root = mergedInto[Int(root)] }
        var walk = id
        while mergedInto[Int(walk)] >= 0 { (mergedInto[Int(walk)], walk) = (root, mergedInto[Int(walk)]) }
        return root
    }

    private mutating func node(_ x: Int, _ y: Int32) -> Int32 {
        xs.append(Int32(x))
        ys.append(y)
        next.append(-1)
        return Int32(xs.count - 1)
    }

    /// The four edges that may meet at a corner.
    private enum Side: Int { case up, left, down, right }

    /// Boundary y, corner by corner: only where a run of either row starts or ends can edges turn
    /// or meet (between them, at most a horizontal edge passes straight on).
    private mutating func walkBoundary(_ y: Int32) {
        // The chain end carried along the horizontal edge from the last corner.
        var carried: Int32 = -1
        var (nextAbove, nextBelow) = (0, 0)
        while nextAbove < above.count || nextBelow < below.count {
            let xa = nextAbove < above.count ? above[nextAbove] : .max, xb = nextBelow < below.count ? below[nextBelow] : .max
            let x = Int(min(xa, xb))
            let (onAbove, onBelow) = (xa == Int32(x), xb == Int32(x))
            // Past an odd number of boundaries a row is solid; on one, solid on its run's side.
            let insideAbove = nextAbove & 1 == 1, insideBelow = nextBelow & 1 == 1
            let (tl, tr) = onAbove ? (insideAbove, !insideAbove) : (insideAbove, insideAbove)
            let (bl, br) = onBelow ? (insideBelow, !insideBelow) : (insideBelow, insideBelow)
            let at = Corner(x: x, y: y, above: nextAbove, below: nextBelow)
            if onAbove { nextAbove += 1 }
            if onBelow { nextBelow += 1 }
            let up = tl != tr, left = tl != bl, down = bl != br, right = tr != br
            guard up || left || down || right else { continue }
            if up && left && down && right {
                // The left edge's carried end is taken before the right edge carries one on.
                if tl {
                    connect(.up, .left, at: at, turns: true, downLeaves: bl, carried: &carried)
                    connect(.down, .right, at: at, turns: true, downLeaves: bl, carried: &carried)
                } else {
                    connect(.left, .down, at: at, turns: true, downLeaves: bl, carried: &carried)
                    connect(.up, .right, at: at, turns: true, downLeaves: bl, carried: &carried)
                }
                continue
            }
            // Two edges: the first and the second present, in Up, Left, Down, Right order.
            let a: Side = up ? .up : left ? .left : .down
            let b: Side = right ? .right : down ? .down : .left
            connect(a, b, at: at, turns: !((a == .up && b == .down) || (a == .left && b == .right)), downLeaves: bl, carried: &carried)
        }
    }

    /// A corner of boundary y, and the places of its vertical edges (if any) among the boundaries
    /// of the row above and the row below.
    private struct Corner {
        var x: Int, y: Int32
        var above: Int, below: Int
    }

    /// One pairing at a corner: `a` before `b` in Up, Left, Down, Right order.
    private mutating func connect(_ a: Side, _ b: Side, at corner: Corner, turns: Bool, downLeaves: Bool, carried: inout Int32) {
        func existing(_ side: Side) -> Int32 { side == .up ? endsAbove[corner.above] : carried }
        let vertex = turns ? node(corner.x, corner.y) : -1
        switch (a, b) {
        case (.up, .left):
            join(existing(.up), existing(.left), vertex)
            carried = -1
        case (.up, .down), (.up, .right), (.left, .down), (.left, .right):
            // An existing end goes on, down or right.
            let end = existing(a)
            let id = chain(end >> 1)
            if end & 1 == 1 {
                if vertex >= 0 { append(vertex, to: id) }
            } else if vertex >= 0 {
                prepend(vertex, to: id)
            }
            if b == .down { endsBelow[corner.below] = id * 2 + (end & 1) } else { carried = id * 2 + (end & 1) }
            if a == .left && b == .down { carried = -1 }
        default:
            // (.down, .right): a new chain at this corner, its head end on the edge coming in; it
            // borders the run below whose boundary this is.
            chains.append((vertex, vertex, labelsBelow[corner.below / 2]))
            mergedInto.append(-1)
            let id = Int32(chains.count - 1)
            endsBelow[corner.below] = id * 2 + (downLeaves ? 1 : 0)
            carried = id * 2 + (downLeaves ? 0 : 1)
        }
    }

    private mutating func append(_ node: Int32, to id: Int32) {
        next[Int(chains[Int(id)].tail)] = node
        chains[Int(id)].tail = node
    }

    private mutating func prepend(_ node: Int32, to id: Int32) {
        next[Int(node)] = chains[Int(id)].head
        chains[Int(id)].head = node
    }

    /// Two ends meeting at a corner: a tail and a head; the same chain closes a ring.
    private mutating func join(_ first: Int32, _ second: Int32, _ corner: Int32) {
        let (tailEnd, headEnd) = first & 1 == 1 ? (first, second) : (second, first)
        let (x, y) = (chain(tailEnd >> 1), chain(headEnd >> 1))
        if corner >= 0 { append(corner, to: x) }
        if x == y {
            next[Int(chains[Int(x)].tail)] = chains[Int(x)].head
            rings.append((chains[Int(x)].head, chains[Int(x)].label))
            return
        }
        next[Int(chains[Int(x)].tail)] = chains[Int(y)].head
        chains[Int(x)].tail = chains[Int(y)].tail
        mergedInto[Int(y)] = x
    }

    /// The polygons, ordered and each ring started as ``SolidMask/exactOutline()`` gives them.
    consuming func finish() -> [OutlinePolygon] {
        var groups: [Int32: (outer: [Point]?, holes: [[Point]])] = [:]
        for ring in rings {
            var points: [Point] = []
            var node = ring.node
            repeat {
                points.append(Point(x: Double(xs[Int(node)]), y: Double(ys[Int(node)])))
                node = next[Int(node)]
            } while node != ring.node
            let top = points.indices.min { (points[$0].y, points[$0].x) < (points[$1].y, points[$1].x) }!
            points = Array(points[top...] + points[..<top])
            let group = labels.find(ring.label)
            if OutlinePolygon.signedArea(of: points) > 0 { groups[group, default: (nil, [])].outer = points } else { groups[group, default: (nil, [])].holes.append(points) }
        }
        func key(_ p: Point) -> (Double, Double) { (p.y, p.x) }
        return groups.values.compactMap { group in
            group.outer.map { OutlinePolygon(outer: $0, holes: group.holes.sorted { key($0[0]) < key($1[0]) }) }
        }.sorted { key($0.outer[0]) < key($1.outer[0]) }
    }
}

/// Union–find over the labels of 4-connected groups of solid pixels.
struct GroupLabels {
    private var parent: [Int32] = []

    mutating func make() -> Int32 {
        parent.append(Int32(parent.count))
        return Int32(parent.count - 1)
    }

    mutating func join(_ a: Int32, _ b: Int32) -> Int32 {
        let (ra, rb) = (find(a), find(b))
        if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        return min(ra, rb)
    }

    mutating func find(_ label: Int32) -> Int32 {
        var root = label
        while parent[Int(root)] != root { root = parent[Int(root)] }
        var walk = label
        while parent[Int(walk)] != root { (parent[Int(walk)], walk) = (root, parent[Int(walk)]) }
        return root
    }
}
