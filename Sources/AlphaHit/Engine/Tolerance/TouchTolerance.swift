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
        if !own.isEmpty, !own[element].isNaN { return own[element] }
        return query ?? layoutDefault ?? 0
    }

    /// How far from a point a search must look: the largest tolerance any element can have.
    func searchRadius(query: Double?) -> Double {
        max(largestOwn, query ?? layoutDefault ?? 0)
    }

    /// Whether a miss can ever be answered by a near element without a query tolerance.
    var inUse: Bool { largestOwn > 0 || (layoutDefault ?? 0) > 0 }
}

/// What a touch-tolerance search needs beyond the query tables, built on an engine's first search
/// (a layout that never uses a tolerance never pays for it): the unpruned grid of candidate boxes,
/// each element's place in the resolution order, and a solid-pixel count table per image and threshold.
final class ToleranceIndex: @unchecked Sendable {
    // Unchecked: everything is written in init and only read afterwards.
    let grid: CandidateGrid
    /// Each element's position in the resolution order (0 = front-most); -1 for elements that can never be hit.
    let rank: [Int32]
    private let tables: [SolidPixelCounts]
    /// Each element's table in `tables`, or -1.
    private let tableOf: [Int32]

    init(elements: UnsafePointer<CompiledElement>, count: Int, candidates: [GridEntry]) {
        grid = CandidateGrid(candidates)
        var rank = [Int32](repeating: -1, count: count)
        for (position, box) in candidates.enumerated() { rank[Int(box.element)] = Int32(position) }
        self.rank = rank
        struct Key: Hashable {
            let pixels: UnsafePointer<UInt8>
            let minAlpha: UInt8
        }
        var tables: [SolidPixelCounts] = []
        var byKey: [Key: Int32] = [:]
        var tableOf = [Int32](repeating: -1, count: count)
        for box in candidates {
            let index = Int(box.element)
            guard let pixels = elements[index].pixels else { continue }
            let key = Key(pixels: pixels, minAlpha: elements[index].minAlpha)
            if let known = byKey[key] {
                tableOf[index] = known
            } else if let counts = SolidPixelCounts(elements + index, maximumPixels: .max) {
                byKey[key] = Int32(tables.count)
                tableOf[index] = Int32(tables.count)
                tables.append(counts)
            }
        }
        self.tables = tables
        self.tableOf = tableOf
    }

    /// Calls `body` with element `index`'s solid-pixel table (nil for an element without an image).
    func withCounts<Result>(of index: Int, _ body: (UnsafePointer<SolidPixelCounts>?) -> Result) -> Result {
        let table = Int(tableOf[index])
        guard table >= 0 else { return body(nil) }
        return tables.withUnsafeBufferPointer { body($0.baseAddress! + table) }
    }

    /// Every element whose region lies within `radius` of the point, with its distance, nearest point
    /// and effective tolerance; `keep` says, from an element's tolerance and the best distance so far,
    /// the farthest distance still worth measuring (negative: skip the element).
    func forEachCandidate(
        near point: (x: Double, y: Double), radius: Double, tables: QueryTables,
        limit: (_ element: Int) -> Double,
        _ body: (_ element: Int, _ distance: Double, _ nearest: (x: Double, y: Double)) -> Void
    ) {
        grid.forEachBox(inX: point.x - radius, point.x + radius, y: point.y - radius, point.y + radius) { box in
            let index = Int(box.element)
            let bound = limit(index)
            guard bound >= 0 else { return }
            // The box holds the whole region: nothing in it is nearer than the box.
            let dx = max(Double(box.minX) - point.x, 0, point.x - Double(box.maxX))
            let dy = max(Double(box.minY) - point.y, 0, point.y - Double(box.maxY))
            guard (dx * dx + dy * dy).squareRoot() <= bound else { return }
            let found = withCounts(of: index) { counts in
                RegionDistance.withRegion(of: index, from: point, tables: tables, counts: counts) { $0.nearest(within: bound) }
            }
            if let found { body(index, found.distance, found.point) }
        }
    }
}
