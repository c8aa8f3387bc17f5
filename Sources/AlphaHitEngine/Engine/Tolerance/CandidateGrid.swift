import AlphaHitBasics

/// Every element that can be hit, listed in each cell of a uniform grid its box overlaps, unpruned:
/// touch tolerance measures an element by its own region even where others cover it, so it needs
/// the elements the query grid leaves out behind covers.
///
/// A search window visits each element once: in the cell where the box's corner, pushed into the
/// window, falls (computed from the very numbers that placed the box in its cells).
struct CandidateGrid {
    private let minX: Double, minY: Double
    private let columns: Int, rows: Int
    private let inverseCellWidth: Double, inverseCellHeight: Double
    private let cellStart: Table<Int32>
    /// Each cell's boxes.
    private let entries: Table<GridEntry>

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
        var entries = [GridEntry](repeating: GridEntry(), count: Int(counts[columns * rows]))
        for box in boxes {
            let span = Self.span(box, minX, minY, inverseWidth, inverseHeight, columns, rows)
            for row in span.firstRow...span.lastRow {
                for column in span.firstColumn...span.lastColumn {
                    entries[Int(next[row * columns + column])] = box
                    next[row * columns + column] += 1
                }
            }
        }
        (self.minX, self.minY, self.columns, self.rows) = (minX, minY, columns, rows)
        (inverseCellWidth, inverseCellHeight) = (inverseWidth, inverseHeight)
        cellStart = Table(counts)
        self.entries = Table(entries)
    }

    /// The boxes that meet a window `[x0, x1] × [y0, y1]`, each element once, in no set order.
    struct Window: IteratorProtocol {
        private let cellStart: TableView<Int32>, entries: TableView<GridEntry>
        private let minX: Double, minY: Double, inverseCellWidth: Double, inverseCellHeight: Double
        private let columns: Int, rows: Int
        private let x0: Double, x1: Double, y0: Double, y1: Double
        private let firstColumn: Int, lastColumn: Int, lastRow: Int
        private let singleCell: Bool
        private var row: Int, column: Int
        private var slot = 0, slotEnd = 0

        fileprivate init(
            _ grid: CandidateGrid, _ cellStart: TableView<Int32>, _ entries: TableView<GridEntry>,
            _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double
        ) {
            (self.cellStart, self.entries) = (cellStart, entries)
            (minX, minY, inverseCellWidth, inverseCellHeight) = (grid.minX, grid.minY, grid.inverseCellWidth, grid.inverseCellHeight)
            (columns, rows) = (grid.columns, grid.rows)
            (self.x0, self.x1, self.y0, self.y1) = (x0, x1, y0, y1)
            firstColumn = CandidateGrid.index(x0, minX, inverseCellWidth, columns)
            lastColumn = CandidateGrid.index(x1, minX, inverseCellWidth, columns)
            row = CandidateGrid.index(y0, minY, inverseCellHeight, rows)
            lastRow = CandidateGrid.index(y1, minY, inverseCellHeight, rows)
            singleCell = firstColumn == lastColumn && row == lastRow
            column = firstColumn
            enterCell()
        }

        private mutating func enterCell() {
            let cell = row * columns + column
            (slot, slotEnd) = (Int(cellStart[cell]), Int(cellStart[cell + 1]))
        }

        @inline(__always)
        mutating func next() -> GridEntry? {
            while true {
                while slot < slotEnd {
                    let box = entries[slot]
                    slot += 1
                    guard Double(box.minX) <= x1, x0 <= Double(box.maxX), Double(box.minY) <= y1, y0 <= Double(box.maxY) else { continue }
                    // Only in the first cell of the window that lists it (a window of one cell
                    // lists each element once anyway).
                    if singleCell { return box }
                    guard CandidateGrid.index(max(Double(box.minX), x0), minX, inverseCellWidth, columns) == column,
                        CandidateGrid.index(max(Double(box.minY), y0), minY, inverseCellHeight, rows) == row
                    else { continue }
                    return box
                }
                if column < lastColumn {
                    column += 1
                } else if row < lastRow {
                    row += 1
                    column = firstColumn
                } else {
                    return nil
                }
                enterCell()
            }
        }
    }

    /// Calls `body` with the boxes meeting the window `[x0, x1] × [y0, y1]`.
    func withBoxes<Result>(inX x0: Double, _ x1: Double, y y0: Double, _ y1: Double, _ body: (inout Window) -> Result) -> Result {
        var window = Window(self, cellStart.view, entries.view, x0, x1, y0, y1)
        return body(&window)
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
        if !(scaled > 0) { return scaled.isNaN ? count - 1 : 0 }
        return scaled >= Double(count - 1) ? count - 1 : Int(scaled)
    }
}
