import AlphaHitBasics
import AlphaHitImages

/// What a touch-tolerance search needs beyond the query tables, built on an engine's first search
/// (a layout that never uses a tolerance never pays for it): the unpruned grid of candidate boxes,
/// each element's place in the resolution order, the solid-pixel tables of each image and threshold
/// in use (shared with the image, see ``SolidPixels``), and each element's fast form, if it has one.
final class ToleranceIndex: @unchecked Sendable {
    // Unchecked: everything is written in init and only read afterwards.
    let grid: CandidateGrid
    /// The full records it was built on and measures with (views: the engine's storage owns them,
    /// as it owns this index), so that a search fetches one lazily built object, not two.
    let records: RecordTables
    /// Each element's position in the resolution order (0 = front-most); -1 for elements that can never be hit.
    let rank: Table<Int32>
    /// Each element's own touch tolerance (NaN where it sets none); empty when no element sets one.
    private let ownTolerances: Table<Double>
    /// The images' tables, kept alive here; `counts` are their count readers, by the same index.
    let owners: [SolidPixels]
    private let counts: Table<SolidPixelCounts.Reader>
    /// The run readers of `owners`, by the same index.
    private let runs: Table<SolidRuns.Reader>
    /// Each element's table (its index in `owners`) and fast form (in `fastRegions`), -1 for none.
    private let forms: Table<Forms>
    /// The elements' regions in the fast form, for those that have one.
    private let fastRegions: Table<FastRegion>
    /// What measuring reads of the tables above, as views: a search's closures capture this
    /// value, not the index, whose reference they would retain and release on every window.
    private var measuring: Measuring {
        Measuring(forms: forms.view, fastRegions: fastRegions.view, runs: runs.view, counts: counts.view, records: records)
    }

    private struct Forms: BitwiseCopyable {
        var table: Int32 = -1, fast: Int32 = -1
    }

    /// - Parameter images: the engine's images, whose storage holds (or will hold) their tables.
    init(tables query: RecordTables, count: Int, candidates: [GridEntry], images: [DecodedImage], tolerance: TouchTolerance) {
        let elements = query.elements
        records = query
        grid = CandidateGrid(candidates)
        var rank = [Int32](repeating: -1, count: count)
        for (position, box) in candidates.enumerated() { rank[Int(box.element)] = Int32(position) }
        self.rank = Table(rank)
        ownTolerances = Table(tolerance.own)
        // Each image's storage, by the range of its bytes: a frame's pixels lie inside its sheet's.
        let storages: [(range: Range<UInt>, storage: PixelStorage)] = images.map { image in (image.pixelAddresses, image.storage) }
        var owners: [SolidPixels] = []
        var byKey: [CompiledElement.PixelsKey: Int32] = [:]
        var forms = [Forms](repeating: Forms(), count: count)
        for box in candidates {
            let index = Int(box.element)
            guard let pixels = elements[index].pixels else { continue }
            let key = elements[index].pixelsKey
            if let known = byKey[key] {
                forms[index].table = known
            } else {
                let address = UInt(bitPattern: pixels)
                let storage = storages.first { $0.range.contains(address) }?.storage
                byKey[key] = Int32(owners.count)
                forms[index].table = Int32(owners.count)
                owners.append(storage.map { SolidPixels.of(query.element(index), key: key, storage: $0) } ?? SolidPixels(query.element(index)))
            }
        }
        self.owners = owners
        counts = Table(owners.map(\.counts.reader))
        runs = Table(owners.map(\.runs.reader))
        var fastRegions: [FastRegion] = []
        for box in candidates {
            guard let fast = FastRegion(of: Int(box.element), tables: query) else { continue }
            forms[Int(box.element)].fast = Int32(fastRegions.count)
            fastRegions.append(fast)
        }
        self.forms = Table(forms)
        self.fastRegions = Table(fastRegions)
    }

    /// Element `index`'s position in the resolution order (0 = front-most); -1 if it can never be hit.
    func rank(of index: Int) -> Int32 { rank.view[index] }

    /// The tolerances of a search with tolerance `query` (nil: the layout's default), read without
    /// reference counting while this index is alive.
    func reach(_ rules: TouchTolerance, query: Double?) -> TouchTolerance.Reader {
        TouchTolerance.Reader(own: ownTolerances.view, fallback: rules.fallback(query: query))
    }

    /// The solid-pixel counts of element `index`'s image at its threshold; nil without an image.
    func counts(of index: Int) -> SolidPixelCounts.Reader? {
        measuring.counts(of: forms.view[index])
    }

    /// Measures the elements whose regions may lie within `radius` of the point, nearest box first
    /// (so that the first answers bound the rest and most boxes are dropped unmeasured), telling
    /// `visitor` each distance it asks for.
    func search<Visitor: CandidateVisitor>(near point: (x: Double, y: Double), radius: Double, _ visitor: inout Visitor) {
        let measuring = self.measuring
        withUnsafeTemporaryAllocation(of: CandidateGrid.Candidate.self, capacity: Self.sortedCandidates) { queue in
            grid.collect(near: point, radius: radius, into: queue) { queue, count in
                // Each candidate's records are asked for before any is measured, the forms before
                // the sort and the fast regions after it: independent loads the memory serves
                // together, where measuring would wait for each in turn, after branches it
                // mispredicts (Benchmarks/README.md, "Candidates' records asked for early").
                for slot in 0..<count { measuring.forms.prefetch(Int(queue[slot].element)) }
                // Nearest first, by insertion: a miss usually has a handful of boxes in reach.
                for next in 1..<max(count, 1) {
                    let candidate = queue[next]
                    var slot = next
                    while slot > 0 && queue[slot - 1].squaredDistance > candidate.squaredDistance {
                        queue[slot] = queue[slot - 1]
                        slot -= 1
                    }
                    queue[slot] = candidate
                }
                for slot in 0..<count {
                    let fast = measuring.forms[Int(queue[slot].element)].fast
                    if fast >= 0 { measuring.fastRegions.prefetch(Int(fast)) }
                }
                for slot in 0..<count {
                    // Nearest box first: once a box lies beyond every element's limit, so do the
                    // rest (one branch taken once, where the box test and the loop's end would each
                    // be a coin toss).
                    guard Self.boxReaches(queue[slot].squaredDistance, within: visitor.farthestLimit) else { break }
                    measuring.measure(queue[slot], point, &visitor)
                }
            }
        }
    }

    /// The tables a candidate is measured with, read without reference counting while the index lives.
    private struct Measuring {
        let forms: TableView<Forms>
        let fastRegions: TableView<FastRegion>
        let runs: TableView<SolidRuns.Reader>
        let counts: TableView<SolidPixelCounts.Reader>
        let records: RecordTables

        /// The solid-pixel counts of the image of an element with `forms`; nil without an image.
        @inline(__always)
        func counts(of forms: Forms) -> SolidPixelCounts.Reader? {
            forms.table >= 0 ? counts[Int(forms.table)] : nil
        }

        @inline(__always)
        func measure<Visitor: CandidateVisitor>(
            _ candidate: CandidateGrid.Candidate, _ point: (x: Double, y: Double), _ visitor: inout Visitor
        ) {
            let index = Int(candidate.element)
            let bound = visitor.limit(for: index)
            // The box's own distance, as every region's search measures it: none nearer than that.
            guard bound >= 0, ToleranceIndex.boxReaches(candidate.squaredDistance, within: bound) else { return }
            let forms = self.forms[index]
            let found: (distance: Double, point: (x: Double, y: Double))?
            if forms.fast >= 0 {
                let region = fastRegions[Int(forms.fast)]
                if forms.table >= 0 {
                    found = region.nearest(to: point, runs: runs[Int(forms.table)], within: bound)
                } else {
                    found = region.nearestOfBounds(to: point, within: bound)
                }
            } else {
                found = RegionDistance.withRegion(of: index, from: point, tables: records, counts: counts(of: forms)) { $0.nearest(within: bound) }
            }
            if let found { visitor.accept(index, distance: found.distance, nearest: found.point) }
        }
    }

    /// Whether a box `squaredDistance` (points²) from the point can hold anything within `limit`
    /// points: compared squared, with a few ulps to spare, so never stricter than comparing the
    /// root, and no square root on every box.
    @inline(__always)
    fileprivate static func boxReaches(_ squaredDistance: Double, within limit: Double) -> Bool {
        squaredDistance <= limit * limit * (1 + 1e-12)
    }

    /// How many candidates one search orders by distance before measuring them (the rare search
    /// with more orders each batch of this many on its own). (48: the queue stays within the
    /// kilobyte a temporary allocation may take from the stack.)
    static let sortedCandidates = 48
}

/// What a search over the elements near a point does with them (see ``ToleranceIndex/search(near:radius:_:)``).
protocol CandidateVisitor {
    /// The farthest distance still worth measuring for `element`, given what was found so far
    /// (negative: skip it).
    mutating func limit(for element: Int) -> Double
    /// At least every element's ``limit(for:)`` now (infinity when no bound is known).
    var farthestLimit: Double { get }
    /// The element's region lies `distance` from the point (at most the limit given), nearest at `nearest`.
    mutating func accept(_ element: Int, distance: Double, nearest: (x: Double, y: Double))
}
