import AlphaHitBasics

/// Every element that can be hit, listed in each cell of a uniform grid its box overlaps, unpruned:
/// touch tolerance measures an element by its own region even where others cover it, so it needs
/// the elements the query grid leaves out behind covers.
///
/// A search visits each element once: in the cell of the window where the box's corner, pushed
/// into the window, falls. Each entry carries whether its cell is its box's first column and first
/// row (found when it was placed), so that test is those two flags and whether the entry lies in
/// the window's first column (its slot before the end of that cell's entries).
struct CandidateGrid {
    private let minX: Double, minY: Double
    private let columns: Int, rows: Int
    private let inverseCellWidth: Double, inverseCellHeight: Double
    private let cellStart: Table<Int32>
    /// Each cell's boxes.
    private let entries: Table<Entry>

    /// One box in one cell, with whether that cell is in the box's first column and first row
    /// (1 or 0).
    private struct Entry: BitwiseCopyable {
        var box = GridEntry()
        var startsColumn: UInt16 = 0, startsRow: UInt16 = 0
    }

    /// A box near the point of a search: the element and the squared distance (points²) from the
    /// point to its box, which nothing in the element's region is nearer than.
    struct Candidate: BitwiseCopyable {
        var element: Int32
        var squaredDistance: Double
    }

    init(_ boxes: [GridEntry]) {
        let finite = boxes.filter { $0.minX.isFinite && $0.minY.isFinite && $0.maxX.isFinite && $0.maxY.isFinite }
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for box in finite {
            (minX, minY) = (min(minX, Double(box.minX)), min(minY, Double(box.minY)))
            (maxX, maxY) = (max(maxX, Double(box.maxX)), max(maxY, Double(box.maxY)))
        }
        if minX > maxX { (minX, minY, maxX, maxY) = (0, 0, 1, 1) }
        let (width, height) = (max(maxX - minX, 1e-9), max(maxY - minY, 1e-9))
        // About one cell per element, shaped like the layout, coarsened while boxes spanning many
        // cells would list each element more than a few times over. (Four per element scan more
        // cells and repeats for the same few boxes.)
        let target = Double(min(max(boxes.count, 64), 1 << 22))
        var columns = Self.count((target * width / height).squareRoot()), rows = Self.count((target * height / width).squareRoot())
        while columns * rows > 1 {
            let (cw, ch) = (Double(columns) / width, Double(rows) / height)
            var total = 0
            for box in boxes {
                let span = Self.span(box, minX, minY, cw, ch, columns, rows)
                total += (span.lastColumn - span.firstColumn + 1) * (span.lastRow - span.firstRow + 1)
            }
            if total <= 8 * boxes.count + 4096 { break }
            (columns, rows) = (max(1, columns / 2), max(1, rows / 2))
        }
        let (inverseWidth, inverseHeight) = (Double(columns) / width, Double(rows) / height)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for box in boxes {
            let span = Self.span(box, minX, minY, inverseWidth, inverseHeight, columns, rows)
            for row in span.firstRow...span.lastRow {
                for column in span.firstColumn...span.lastColumn { counts[row * columns + column + 1] += 1 }
            }
        }
        for cell in 0..<columns * rows { counts[cell + 1] += counts[cell] }
        var next = counts
        var entries = [Entry](repeating: Entry(), count: Int(counts[columns * rows]))
        for box in boxes {
            let span = Self.span(box, minX, minY, inverseWidth, inverseHeight, columns, rows)
            for row in span.firstRow...span.lastRow {
                for column in span.firstColumn...span.lastColumn {
                    let starts = (column: UInt16(column == span.firstColumn ? 1 : 0), row: UInt16(row == span.firstRow ? 1 : 0))
                    entries[Int(next[row * columns + column])] = Entry(box: box, startsColumn: starts.column, startsRow: starts.row)
                    next[row * columns + column] += 1
                }
            }
        }
        (self.minX, self.minY, self.columns, self.rows) = (minX, minY, columns, rows)
        (inverseCellWidth, inverseCellHeight) = (inverseWidth, inverseHeight)
        cellStart = Table(counts)
        self.entries = Table(entries)
    }

    /// Every element whose box lies within `radius` of `point` (by the box's squared distance, at
    /// most `radius²`), each once, in no set order: written to `queue`, whose first `count` slots
    /// are handed to `flush` whenever it is full and once at the end (`count` possibly 0).
    ///
    /// Without a branch on any box: each entry is written to the queue's next slot and kept (the
    /// slot taken) only when it is near enough and this is its first cell in the window. Near a
    /// miss, whether a box is in reach is a coin toss the branch predictor would lose.
    func collect(
        near point: (x: Double, y: Double), radius: Double, into queue: UnsafeMutableBufferPointer<Candidate>,
        flush: (_ queue: UnsafeMutableBufferPointer<Candidate>, _ count: Int) -> Void
    ) {
        let (px, py, reach) = (point.x, point.y, radius * radius)
        let firstColumn = Self.index(px - radius, minX, inverseCellWidth, columns)
        let lastColumn = Self.index(px + radius, minX, inverseCellWidth, columns)
        let firstRow = Self.index(py - radius, minY, inverseCellHeight, rows)
        let lastRow = Self.index(py + radius, minY, inverseCellHeight, rows)
        let (cellStart, entries, capacity) = (cellStart.view, entries.view, queue.count)
        let point = SIMD2(px, py)
        // Each row's entries asked for before the rows are walked (a row's cells are contiguous):
        // the walk's branches at the ends of lists would otherwise hold each row's loads back.
        for row in firstRow...lastRow { entries.prefetch(Int(cellStart[row * columns + firstColumn])) }
        var count = 0
        for row in firstRow...lastRow {
            // A box in reach meets the window, and the first of the window's cells that lists it
            // is the one its corner, pushed into the window, falls in: in the window's first row
            // (or column) every box listed there, elsewhere only those whose box starts in that
            // row (or column). A row's cells are contiguous, so they are walked as one list (one
            // loop end to mispredict, not one a cell), the first cell's entries told by their slot.
            let (rowBegins, inFirstRow) = (row &* columns &+ firstColumn, UInt16(truncatingIfNeeded: row == firstRow ? 1 : 0))
            let (begin, firstCellEnd, end) = (Int(cellStart[rowBegins]), Int(cellStart[rowBegins &+ 1]), Int(cellStart[rowBegins &+ lastColumn &- firstColumn &+ 1]))
            for slot in begin..<end {
                let entry = entries[slot]
                let box = entry.box
                let squared = box.squaredDistance(to: point)
                let firstListing = ((slot < firstCellEnd ? 1 : 0) | Int(entry.startsColumn)) & Int(inFirstRow | entry.startsRow)
                let kept = (squared <= reach ? 1 : 0) & firstListing
                queue[count] = Candidate(element: box.element, squaredDistance: squared)
                count &+= kept
                if count == capacity {
                    flush(queue, count)
                    count = 0
                }
            }
        }
        flush(queue, count)
    }

    private static func count(_ value: Double) -> Int {
        value.isFinite ? Int(min(4096, max(1, value.rounded()))) : 1
    }

    private static func span(
        _ box: GridEntry, _ minX: Double, _ minY: Double, _ inverseWidth: Double, _ inverseHeight: Double, _ columns: Int, _ rows: Int
    ) -> (firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int) {
        (
            index(Double(box.minX), minX, inverseWidth, columns), index(Double(box.maxX), minX, inverseWidth, columns),
            index(Double(box.minY), minY, inverseHeight, rows), index(Double(box.maxY), minY, inverseHeight, rows)
        )
    }

    /// `floor((value − origin) · inverse)` kept in `0..<count`, monotonic in `value` (infinities and
    /// NaN go to an end).
    fileprivate static func index(_ value: Double, _ origin: Double, _ inverse: Double, _ count: Int) -> Int {
        let scaled = (value - origin) * inverse
        // (`count` is at least 1; the truncation, unchecked, of a figure in 0 < scaled < count − 1.)
        if !(scaled > 0) { return scaled.isNaN ? count &- 1 : 0 }
        return scaled >= Double(count &- 1) ? count &- 1 : Int(uncheckedTruncating: scaled)
    }
}
