import AlphaHitBasics
import AlphaHitImages

/// What a touch-tolerance search needs beyond the query tables, built on an engine's first search
/// (a layout that never uses a tolerance never pays for it): the unpruned grid of candidate boxes,
/// each element's place in the resolution order, the solid-pixel tables of each image and threshold
/// in use (shared with the image, see ``SolidPixels``), and each element's fast form, if it has one.
final class ToleranceIndex: @unchecked Sendable {
    // Unchecked: everything is written in init and only read afterwards.
    let grid: CandidateGrid
    /// Each element's position in the resolution order (0 = front-most); -1 for elements that can never be hit.
    let rank: [Int32]
    /// The images' tables, kept alive here; `counts` are their count readers, by the same index.
    let owners: [SolidPixels]
    private let counts: [SolidPixelCounts.Reader]
    private let runs: [SolidRuns.Reader]
    /// Each element's table in `tables`, or -1.
    private let tableOf: [Int32]
    /// Each element's region in the fast form, where it has one.
    private let fast: [FastRegion?]

    /// - Parameter images: the engine's images, whose storage holds (or will hold) their tables.
    init(tables query: RecordTables, count: Int, candidates: [GridEntry], images: [DecodedImage]) {
        let elements = query.elements
        grid = CandidateGrid(candidates)
        var rank = [Int32](repeating: -1, count: count)
        for (position, box) in candidates.enumerated() { rank[Int(box.element)] = Int32(position) }
        self.rank = rank
        // Each image's storage, by the range of its bytes: a frame's pixels lie inside its sheet's.
        let storages: [(range: Range<UInt>, storage: PixelStorage)] = images.map { image in (image.pixelAddresses, image.storage) }
        var owners: [SolidPixels] = []
        var byKey: [CompiledElement.PixelsKey: Int32] = [:]
        var tableOf = [Int32](repeating: -1, count: count)
        for box in candidates {
            let index = Int(box.element)
            guard let pixels = elements[index].pixels else { continue }
            let key = elements[index].pixelsKey
            if let known = byKey[key] {
                tableOf[index] = known
            } else {
                let address = UInt(bitPattern: pixels)
                let storage = storages.first { $0.range.contains(address) }?.storage
                byKey[key] = Int32(owners.count)
                tableOf[index] = Int32(owners.count)
                owners.append(storage.map { SolidPixels.of(query.element(index), key: key, storage: $0) } ?? SolidPixels(query.element(index)))
            }
        }
        self.owners = owners
        counts = owners.map(\.counts.reader)
        runs = owners.map(\.runs.reader)
        self.tableOf = tableOf
        var fast = [FastRegion?](repeating: nil, count: count)
        for box in candidates { fast[Int(box.element)] = FastRegion(of: Int(box.element), tables: query) }
        self.fast = fast
    }

    /// The solid-pixel counts of element `index`'s image at its threshold; nil without an image.
    func counts(of index: Int) -> SolidPixelCounts.Reader? {
        let table = Int(tableOf[index])
        return table >= 0 ? counts[table] : nil
    }

    /// Measures the elements whose regions may lie within `radius` of the point, nearest box first
    /// (so that the first answers bound the rest and most boxes are dropped unmeasured), telling
    /// `visitor` each distance it asks for.
    func search<Visitor: CandidateVisitor>(near point: (x: Double, y: Double), radius: Double, tables: RecordTables, _ visitor: inout Visitor) {
        withUnsafeTemporaryAllocation(of: (element: Int32, distance: Double).self, capacity: Self.sortedCandidates) { queue in
            var count = 0
            grid.withBoxes(inX: point.x - radius, point.x + radius, y: point.y - radius, point.y + radius) { window in
                while let box = window.next() {
                    // The box holds the whole region: nothing in it is nearer than the box.
                    let dx = max(Double(box.minX) - point.x, 0, point.x - Double(box.maxX))
                    let dy = max(Double(box.minY) - point.y, 0, point.y - Double(box.maxY))
                    let squared = dx * dx + dy * dy
                    guard squared <= radius * radius else { continue }
                    let distance = squared.squareRoot()
                    guard count < Self.sortedCandidates else {
                        measure(Int(box.element), boxDistance: distance, point, tables, &visitor)
                        continue
                    }
                    // Insertion into the queue, nearest first.
                    var slot = count
                    while slot > 0 && queue[slot - 1].distance > distance {
                        queue[slot] = queue[slot - 1]
                        slot -= 1
                    }
                    queue[slot] = (box.element, distance)
                    count += 1
                }
            }
            for slot in 0..<count { measure(Int(queue[slot].element), boxDistance: queue[slot].distance, point, tables, &visitor) }
        }
    }

    private func measure<Visitor: CandidateVisitor>(
        _ index: Int, boxDistance: Double, _ point: (x: Double, y: Double), _ tables: RecordTables, _ visitor: inout Visitor
    ) {
        let bound = visitor.limit(for: index)
        guard bound >= 0, boxDistance <= bound else { return }
        let table = Int(tableOf[index])
        let found: (distance: Double, point: (x: Double, y: Double))?
        if let fast = fast[index] {
            found = fast.nearest(to: point, runs: table >= 0 ? runs[table] : nil, within: bound)
        } else {
            found = RegionDistance.withRegion(of: index, from: point, tables: tables, counts: table >= 0 ? counts[table] : nil) { $0.nearest(within: bound) }
        }
        if let found { visitor.accept(index, distance: found.distance, nearest: found.point) }
    }

    /// How many candidates one search orders by distance before measuring (the rest, rare, in grid order).
    /// (48: the queue stays within the kilobyte a temporary allocation may take from the stack.)
    static let sortedCandidates = 48
}

/// What a search over the elements near a point does with them (see ``ToleranceIndex/search(near:radius:tables:_:)``).
protocol CandidateVisitor {
    /// The farthest distance still worth measuring for `element`, given what was found so far
    /// (negative: skip it).
    mutating func limit(for element: Int) -> Double
    /// The element's region lies `distance` from the point (at most the limit given), nearest at `nearest`.
    mutating func accept(_ element: Int, distance: Double, nearest: (x: Double, y: Double))
}
