import AlphaHitBasics

/// The exact outline of a union of disjoint boxes (an element's region as ``RegionCover`` gives
/// it, in the engine): the boxes' distinct edges make a grid of cells, each cell covered or not,
/// and the grid is traced (``RowTracer``) a row at a time, each row as the runs of the boxes
/// across it (so the time goes with the boxes' edges, never with the grid's area), then put back
/// in the boxes' coordinates. The same rules as an image's exact outline: boxes that share an edge are one
/// polygon, boxes touching at a corner only are two; outer rings positive (x right, y down).
package enum BoxUnion {

    /// The outline of the union of `boxes` (`x0 < x1`, `y0 < y1`; boxes with no area are skipped).
    package static func outline(of boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)]) -> [OutlinePolygon] {
        let boxes = boxes.filter { $0.x0 < $0.x1 && $0.y0 < $0.y1 }
        guard !boxes.isEmpty else { return [] }
        let xs = Array(Set(boxes.flatMap { [$0.x0, $0.x1] })).sorted(), ys = Array(Set(boxes.flatMap { [$0.y0, $0.y1] })).sorted()
        let (width, height) = (xs.count - 1, ys.count - 1)
        let column = Dictionary(uniqueKeysWithValues: xs.enumerated().map { ($1, Int32($0)) })
        let row = Dictionary(uniqueKeysWithValues: ys.enumerated().map { ($1, $0) })
        // Each box as cell ranges, in the order rows reach their tops.
        let spans = boxes.map { (x0: column[$0.x0]!, x1: column[$0.x1]!, y0: row[$0.y0]!, y1: row[$0.y1]!) }.sorted { $0.y0 < $1.y0 }
        var nextStart = 0
        // The boxes across the current row, by their left edges.
        var active: [(x0: Int32, x1: Int32, y1: Int)] = []
        var tracer = RowTracer(width: width)
        var runs: [Int32] = []
        for y in 0..<height {
            active.removeAll { $0.y1 <= y }
            while nextStart < spans.count && spans[nextStart].y0 <= y {
                let box = spans[nextStart]
                var (low, high) = (0, active.count)
                while low < high {
                    let middle = (low + high) / 2
                    if active[middle].x0 < box.x0 { low = middle + 1 } else { high = middle }
                }
                let place = low
                active.insert((box.x0, box.x1, box.y1), at: place)
                nextStart += 1
            }
            // Boxes that touch side by side make one run.
            runs.removeAll(keepingCapacity: true)
            for box in active {
                if let last = runs.last, last == box.x0 { runs[runs.count - 1] = box.x1 } else { runs += [box.x0, box.x1] }
            }
            tracer.add(runs: runs, at: y)
        }
        tracer.add(row: nil, at: height)
        // Grid corners are whole numbers.
        return tracer.finish().map { $0.mapped { Point(x: xs[Int($0.x)], y: ys[Int($0.y)]) } }
    }
}
