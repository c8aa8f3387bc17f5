import AlphaHitBasics

/// An image's solid pixels (alpha ≥ a threshold) as runs along each row: what the nearest-pixel
/// search of touch tolerance walks, row by row outwards from the tap, for the common element
/// (a rectangle whose image is drawn without stretching one axis more than the other).
///
/// Held in ``Table``s, read through their views: a search copies nothing and counts no references.
struct SolidRuns {
    let width: Int, height: Int
    /// Row y's runs are `runs[rowStart[y] ..< rowStart[y + 1]]`, left to right.
    private let rowStart: Table<Int32>
    /// `(first, end)`: solid pixel columns `first ..< end`.
    private let runs: Table<(Int32, Int32)>
    /// The smallest box (pixel edges) holding every solid pixel; empty (`x0 > x1`) without any.
    let solidBounds: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// For images of at most ``fieldPixels`` pixels, over the image and ``fieldMargin`` pixels
    /// around it: each pixel centre's distance to the solid pixels, so that a tap there starts with
    /// bounds within a pixel of the answer (and an element too far away is dropped at once).
    /// Empty for larger images.
    private var centreDistance: Table<Float>
    /// Each run's row.
    private let runRow: Table<Int32>
    /// With the field, for each pixel: the runs that can hold the nearest solid point to a tap
    /// anywhere in that pixel (every run within the pixel's centre distance plus half a diagonal
    /// of it), `nearRuns[nearStart[c] ..< nearStart[c + 1]]`; none where more than
    /// ``nearRunLimit`` would be needed (the rows are walked there instead).
    private var nearStart: Table<Int32>
    private var nearRuns: Table<Int32>

    /// The most runs a pixel lists. (32, from 8 in issue 26: a tap in the hole of a ring needs a
    /// few dozen, and a scan of them without branches costs much less than walking the rows. The
    /// field, starts and lists take at most 136 bytes a field pixel, 11.3 MB for the largest image
    /// given a field; measured, 25–28 bytes a pixel for 64-pixel discs and rings (19 at a limit of
    /// 8) and 40 for a 256-pixel ring (12.5).)
    static let nearRunLimit = 32

    /// The largest image (in pixels) given a distance field.
    static let fieldPixels = 1 << 16
    /// How far (pixels) the field reaches beyond the image on every side: taps that miss an
    /// element usually land just outside its art.
    static let fieldMargin = 16
    /// Half a pixel's diagonal, √2 / 2, and a margin of 1e-3 for the Float field: how far a tap can
    /// be from its pixel's centre. A literal, which the compiler makes a constant (`0.5 *
    /// 2.0.squareRoot() + 1e-3` was a lazy global: a `swift_once` call on every use in a search).
    fileprivate static let halfDiagonal = 0.708_106_781_186_547_6

    /// The runs of the element's alpha8 plane at its `minAlpha`.
    init(_ element: ElementHandle) {
        let (width, height) = (element.record.pixelWidth, element.record.pixelHeight)
        var rowStart: [Int32] = [0]
        var runs: [(Int32, Int32)] = []
        rowStart.reserveCapacity(height + 1)
        let stored = element.storedPixels
        for y in 0..<height {
            var x = stored.x.lowerBound
            let end = stored.y.contains(y) ? stored.x.upperBound : x
            while x < end {
                guard element.isSolidPixel(x, y) else {
                    x += 1
                    continue
                }
                let first = x
                while x < end && element.isSolidPixel(x, y) { x += 1 }
                runs.append((Int32(first), Int32(x)))
            }
            rowStart.append(Int32(runs.count))
        }
        (self.width, self.height) = (width, height)
        var bounds = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for y in 0..<height where rowStart[y] < rowStart[y + 1] {
            bounds = (
                min(bounds.x0, Double(runs[Int(rowStart[y])].0)), min(bounds.y0, Double(y)),
                max(bounds.x1, Double(runs[Int(rowStart[y + 1]) - 1].1)), Double(y + 1)
            )
        }
        solidBounds = bounds
        self.rowStart = Table(rowStart)
        self.runs = Table(runs)
        runRow = Table((0..<height).flatMap { y in Array(repeating: Int32(y), count: Int(rowStart[y + 1] - rowStart[y])) })
        centreDistance = Table([Float]())
        nearStart = Table([Int32]())
        nearRuns = Table([Int32]())
        guard width * height <= Self.fieldPixels, bounds.x0 <= bounds.x1 else { return }
        let whole = (x0: 0.0, y0: 0.0, x1: Double(width), y1: Double(height))
        let (margin, fieldWidth, fieldHeight) = (Self.fieldMargin, width + 2 * Self.fieldMargin, height + 2 * Self.fieldMargin)
        var field = [Float](repeating: 0, count: fieldWidth * fieldHeight)
        for y in 0..<fieldHeight {
            for x in 0..<fieldWidth {
                let centre = (Double(x - margin) + 0.5, Double(y - margin) + 0.5)
                field[y * fieldWidth + x] = Float(nearest(to: centre, clip: whole, limit: .infinity)?.distance ?? .infinity)
            }
        }
        centreDistance = Table(field)
        var starts: [Int32] = [0]
        var lists: [Int32] = []
        var found: [Int32] = []
        for y in 0..<fieldHeight {
            for x in 0..<fieldWidth {
                let (left, top) = (Double(x - margin), Double(y - margin))
                let reach = Double(field[y * fieldWidth + x]) + Self.halfDiagonal
                let spread = Int(min(reach + 1, Double(fieldHeight)).rounded(.up))
                found.removeAll(keepingCapacity: true)
                let (lowRow, highRow) = (max(0, y - margin - spread), min(height - 1, y - margin + spread))
                for row in lowRow..<max(lowRow, highRow + 1) where found.count <= Self.nearRunLimit {
                    for run in Int(rowStart[row])..<Int(rowStart[row + 1]) {
                        let (x0, x1) = (Double(runs[run].0), Double(runs[run].1))
                        let dx = max(x0 - (left + 1), 0, left - x1), dy = max(Double(row) - (top + 1), 0, top - Double(row + 1))
                        if (dx * dx + dy * dy).squareRoot() <= reach { found.append(Int32(run)) }
                    }
                }
                if found.count <= Self.nearRunLimit { lists += found }
                starts.append(Int32(lists.count))
            }
        }
        nearStart = Table(starts)
        nearRuns = Table(lists)
    }

    /// What a search reads, as a plain value: every table's view and the figures, passed to each
    /// search without reference counting; valid while these runs are alive.
    var reader: Reader {
        Reader(
            width: width, height: height, solidBounds: solidBounds, rowStart: rowStart.view, runs: runs.view,
            centreDistance: centreDistance.view, runRow: runRow.view, nearStart: nearStart.view, nearRuns: nearRuns.view)
    }

    /// ``Reader/nearest(to:clip:limit:)`` of these runs.
    func nearest(
        to q: (x: Double, y: Double), clip: (x0: Double, y0: Double, x1: Double, y1: Double), limit: Double
    ) -> (distance: Double, point: (x: Double, y: Double))? {
        reader.nearest(to: q, clip: clip, limit: limit)
    }

    /// The runs' tables as views, with the figures a search needs (see ``SolidRuns``).
    struct Reader: BitwiseCopyable {
        let width: Int, height: Int
        let solidBounds: (x0: Double, y0: Double, x1: Double, y1: Double)
        let rowStart: TableView<Int32>, runs: TableView<(Int32, Int32)>
        let centreDistance: TableView<Float>, runRow: TableView<Int32>
        let nearStart: TableView<Int32>, nearRuns: TableView<Int32>

        /// The nearest point of the solid pixels (closed squares) inside `clip` (pixel coordinates, the
        /// element's bounds) to `q`, when nearer than `limit` (all in pixel units).
        func nearest(
            to q: (x: Double, y: Double), clip: (x0: Double, y0: Double, x1: Double, y1: Double), limit: Double
        ) -> (distance: Double, point: (x: Double, y: Double))? {
            // Only rows with solid pixels, inside the clip, can hold the answer; and nothing in them is
            // nearer than the box around all of them.
            let clip = (x0: max(clip.x0, solidBounds.x0), y0: max(clip.y0, solidBounds.y0), x1: min(clip.x1, solidBounds.x1), y1: min(clip.y1, solidBounds.y1))
            guard clip.x0 <= clip.x1, clip.y0 <= clip.y1 else { return nil }
            let (bx, by) = (max(clip.x0 - q.x, 0, q.x - clip.x1), max(clip.y0 - q.y, 0, q.y - clip.y1))
            guard bx * bx + by * by <= limit * limit else { return nil }
            var bound = limit
            let margin = Double(SolidRuns.fieldMargin)
            if centreDistance.count > 0, q.x >= -margin, q.x < Double(width) + margin, q.y >= -margin, q.y < Double(height) + margin {
                // Within half a diagonal of the centre's distance: a lower bound always (clipping only
                // takes pixels away), an upper one when the clip keeps every solid pixel.
                let (fieldWidth, fieldHeight) = (width &+ 2 &* SolidRuns.fieldMargin, height &+ 2 &* SolidRuns.fieldMargin)
                // Truncation, not `rounded(.down)` (a call to libm's `floor` without SSE4.1), and
                // unchecked: both sums lie in 0...size + 2·margin here, so every figure stays within
                // the field (at most 2^16 pixels and its margin). Where adding the margin rounds a
                // tap a hair outside a pixel into it (at the far edge, past the last), the bounds
                // still hold: they allow 1e-3 beyond half a diagonal.
                let column = min(Int(uncheckedTruncating: q.x + margin), fieldWidth &- 1)
                let row = min(Int(uncheckedTruncating: q.y + margin), fieldHeight &- 1)
                let cell = row &* fieldWidth &+ column
                let centre = Double(centreDistance[cell])
                guard centre - SolidRuns.halfDiagonal <= limit else { return nil }
                if clip == solidBounds {
                    // Unclipped, the cell's own list holds the answer, when it has one.
                    let (first, end) = (Int(nearStart[cell]), Int(nearStart[cell &+ 1]))
                    if first < end { return nearest(to: q, among: first..<end, limit: limit) }
                    bound = min(bound, centre + SolidRuns.halfDiagonal)
                }
            }
            let rowLow = Int(clamping: clip.y0.rounded(.down), to: 0...height), rowHigh = Int(clamping: clip.y1.rounded(.up) - 1, to: -1...height - 1)
            guard rowLow <= rowHigh else { return nil }
            let start = min(max(Int(min(max(q.y, -1), Double(height)).rounded(.down)), rowLow), rowHigh)
            var search = SolidRuns.Search(runs: runs, rowStart: rowStart, q: q, clip: clip, best: bound * bound)
            // Row by row outwards from the tap's, each way until the rows are too far to matter.
            var up = start, down = start + 1
            var upward = true, downward = true
            while upward || downward {
                if upward {
                    upward = up >= rowLow && search.visit(up)
                    up -= 1
                }
                if downward {
                    downward = down <= rowHigh && search.visit(down)
                    down += 1
                }
            }
            return search.found.map { (search.best.squareRoot(), $0) }
        }

        /// The nearest point of the listed runs (pixel rectangles) to `q`, when within `limit`.
        private func nearest(to q: (x: Double, y: Double), among list: Range<Int>, limit: Double) -> (distance: Double, point: (x: Double, y: Double))? {
            // The first of the nearest runs, chosen by selects rather than branches (which run is
            // nearer is a coin toss), then held to the limit.
            var (best, bestRun) = (Double.infinity, 0)
            for slot in list {
                let run = Int(nearRuns[slot])
                let point = nearestPoint(of: run, to: q)
                let d = (point.x - q.x) * (point.x - q.x) + (point.y - q.y) * (point.y - q.y)
                let nearer = d < best
                best = nearer ? d : best
                bestRun = nearer ? run : bestRun
            }
            guard best <= limit * limit else { return nil }
            return (best.squareRoot(), nearestPoint(of: bestRun, to: q))
        }

        /// The point of run `run`'s pixels (a closed rectangle) nearest to `q`.
        @inline(__always)
        private func nearestPoint(of run: Int, to q: (x: Double, y: Double)) -> (x: Double, y: Double) {
            let (x0, x1) = (Double(runs[run].0), Double(runs[run].1))
            let y0 = Double(runRow[run])
            return (x: min(max(q.x, x0), x1), y: min(max(q.y, y0), y0 + 1))
        }
    }

    /// One search's state: the best squared distance so far and where.
    fileprivate struct Search {
        let runs: TableView<(Int32, Int32)>
        let rowStart: TableView<Int32>
        let q: (x: Double, y: Double)
        let clip: (x0: Double, y0: Double, x1: Double, y1: Double)
        var best: Double
        var found: (x: Double, y: Double)?

        /// Measures row `y`; false once the row itself is too far (so are all beyond it).
        @inline(__always)
        mutating func visit(_ y: Int) -> Bool {
            let top = max(Double(y), clip.y0), bottom = min(Double(y + 1), clip.y1)
            let dy = max(top - q.y, 0, q.y - bottom)
            guard dy * dy <= best else { return false }
            // The runs that reach into the clip form one stretch of the row's (sorted) runs:
            // those ending at or right of its left edge and starting at or left of its right edge.
            var first = Int(rowStart[y]), end = Int(rowStart[y + 1])
            guard first < end else { return true }
            first = firstRun(from: first, to: end) { Double($0.1) >= clip.x0 }
            end = firstRun(from: first, to: end) { Double($0.0) > clip.x1 }
            guard first < end else { return true }
            // Among them, the first ending right of the tap: it and the one before are the only
            // ones that can be nearest.
            let low = firstRun(from: first, to: end) { min(Double($0.1), clip.x1) > q.x }
            if low > first { consider(runs[low - 1], dy, top, bottom) }
            if low < end { consider(runs[low], dy, top, bottom) }
            return true
        }

        /// The first index in `from..<to` whose run satisfies `isPast` (which must hold for a
        /// suffix of the runs), or `to`.
        @inline(__always)
        private func firstRun(from: Int, to: Int, _ isPast: ((Int32, Int32)) -> Bool) -> Int {
            var (low, high) = (from, to)
            while low < high {
                let middle = (low + high) &>> 1
                if isPast(runs[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }

        @inline(__always)
        private mutating func consider(_ run: (Int32, Int32), _ dy: Double, _ top: Double, _ bottom: Double) {
            let left = max(Double(run.0), clip.x0), right = min(Double(run.1), clip.x1)
            guard left <= right else { return }
            let x = min(max(q.x, left), right)
            let d = (x - q.x) * (x - q.x) + dy * dy
            if d < best || (d == best && found == nil) {
                best = d
                found = (x, min(max(q.y, top), bottom))
            }
        }
    }
}
