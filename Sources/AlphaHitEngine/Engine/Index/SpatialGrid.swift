import AlphaHitBasics

/// A uniform grid over the layout-space bounding boxes of the hittable elements.
///
/// Each cell lists the elements whose box overlaps it, in resolution order (front first),
/// so a query reads one cell and stops at the first element that takes the point.
/// Stored as one offsets array and one entries array (compressed rows).
struct SpatialGrid {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let columns: Int, rows: Int
    /// `maxX − minX` and `maxY − minY`, or infinity when the extents are too large to subtract.
    let extentWidth: Double, extentHeight: Double
    let inverseCellWidth: Double, inverseCellHeight: Double
    /// Entries of cell c are `entries[cellStart[c] ..< cellStart[c + 1]]`.
    private(set) var cellStart: [Int32]
    private(set) var entries: [CellEntry]

    /// What a cell's filter decides for one element in that cell.
    enum CellVerdict {
        /// The element may take some point of the cell.
        case keep
        /// The element takes no point of the cell: leave it out.
        case drop
        /// The element takes every point of the cell: keep it and leave out everything behind it.
        case cover
    }

    /// A cell's rectangle, `(minX, minY, maxX, maxY)` in layout points.
    typealias CellRect = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// The rectangle of layout points that fall in a cell, padded outwards against rounding.
    private static func cellRect(_ cell: Int, bounds: CellRect, columns: Int, rows: Int) -> CellRect {
        let (minX, minY, maxX, maxY) = bounds
        let column = cell % columns, row = cell / columns
        let cellWidth = (maxX - minX) / Double(columns), cellHeight = (maxY - minY) / Double(rows)
        let rect = (
            minX + Double(column) * cellWidth, minY + Double(row) * cellHeight,
            minX + Double(column + 1) * cellWidth, minY + Double(row + 1) * cellHeight
        )
        let pad = 1e-7 * (1 + max(abs(minX), abs(maxX), abs(minY), abs(maxY)))
        return (rect.0 - pad, rect.1 - pad, rect.2 + pad, rect.3 + pad)
    }

    /// Grids with at least this many entries are judged by all cores at once.
    static let parallelPruningEntries = 65_536

    /// Keeps, in each cell, only the elements `verdict` does not drop, and (when `coversHide`)
    /// nothing behind a cover.
    ///
    /// Two steps: every cell is judged (a large grid's cells by all cores, in bands, as `verdict`
    /// reads only what does not change), then the kept entries move towards the front of the one
    /// array, so that a large layout's grid is never held twice.
    mutating func prune(coversHide: Bool = true, _ verdict: (_ element: Int32, _ cell: CellRect) -> CellVerdict) {
        let (bounds, columns, rows) = ((minX, minY, maxX, maxY), columns, rows)
        let cellCount = columns * rows
        // One byte an entry: whether it stays. Entries behind a cover are never judged and go.
        var keep = [Bool](repeating: false, count: entries.count)
        let bands = entries.count >= Self.parallelPruningEntries ? 8 * Platform.processorCount : 1
        keep.withUnsafeMutableBufferPointer { keep in
            entries.withUnsafeBufferPointer { entries in
                cellStart.withUnsafeBufferPointer { cellStart in
                    Parallel.forEach(bands) { band in
                        for cell in cellCount * band / bands..<cellCount * (band + 1) / bands {
                            let rect = Self.cellRect(cell, bounds: bounds, columns: columns, rows: rows)
                            for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                                let decision = verdict(entries[slot].element, rect)
                                keep[slot] = decision != .drop
                                if decision == .cover && coversHide { break }
                            }
                        }
                    }
                }
            }
        }
        var kept = 0
        var cellEnd = Int(cellStart[0])
        entries.withUnsafeMutableBufferPointer { entries in
            cellStart.withUnsafeMutableBufferPointer { cellStart in
                for cell in 0..<cellCount {
                    let slots = cellEnd..<Int(cellStart[cell + 1])
                    cellEnd = slots.upperBound
                    cellStart[cell] = Int32(kept)
                    for slot in slots where keep[slot] {
                        entries[kept] = entries[slot]
                        kept += 1
                    }
                }
                cellStart[cellCount] = Int32(kept)
            }
        }
        entries.removeLast(entries.count - kept)
    }

    /// Builds the grid for `exactBoxes`, given in resolution order, each padded against rounding.
    init(boxes exactBoxes: [ElementBox]) {
        let boxes = exactBoxes.map { $0.paddedAgainstRounding() }
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for box in boxes where box.isFinite {
            (minX, minY) = (min(minX, box.minX), min(minY, box.minY))
            (maxX, maxY) = (max(maxX, box.maxX), max(maxY, box.maxY))
        }
        if minX > maxX { (minX, minY, maxX, maxY) = (0, 0, 0, 0) }
        if maxX <= minX { maxX = minX + 1 }
        if maxY <= minY { maxY = minY + 1 }
        var width = maxX - minX, height = maxY - minY
        // About one cell per four elements (at least 1,024), shaped like the layout: with 8-byte entries
        // a cell's few dozen candidates are a cache line or two, and fewer cells hold fewer copies of
        // each element (measured against one and two cells per element: Benchmarks/README.md).
        // Coarsened below while elements
        // that span many cells would make the entries outgrow a few per element.
        let target = Double(min(max(boxes.count / 4, 1024), 1 << 22))
        var columns = 1, rows = 1
        if width.isFinite && height.isFinite {
            columns = Self.cellCount((target * width / height).squareRoot())
            rows = Self.cellCount((target * height / width).squareRoot())
        } else {
            // Extents too large to measure: one cell, whose index every point maps to.
            (width, height) = (.infinity, .infinity)
        }
        let budget = 16 * boxes.count + 65_536
        var spans: [(firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int)] = []
        spans.reserveCapacity(boxes.count)
        while true {
            spans.removeAll(keepingCapacity: true)
            var total = 0
            for box in boxes {
                let span = Self.span(box, minX: minX, minY: minY, width: width, height: height, columns: columns, rows: rows)
                total += (span.lastColumn - span.firstColumn + 1) * (span.lastRow - span.firstRow + 1)
                spans.append(span)
            }
            if total <= budget || (columns == 1 && rows == 1) { break }
            columns = max(1, columns / 2)
            rows = max(1, rows / 2)
        }

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for span in spans {
            for row in span.firstRow...span.lastRow {
                for column in span.firstColumn...span.lastColumn { counts[row * columns + column + 1] += 1 }
            }
        }
        for cell in 0..<columns * rows { counts[cell + 1] += counts[cell] }
        var next = counts
        var entries = [CellEntry](repeating: CellEntry(element: 0, minX: 0, minY: 0, maxX: 0, maxY: 0), count: Int(counts[columns * rows]))
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.columns = columns
        self.rows = rows
        self.extentWidth = width
        self.extentHeight = height
        self.inverseCellWidth = Double(columns) / width
        self.inverseCellHeight = Double(rows) / height
        self.cellStart = counts
        self.entries = []
        for (box, span) in zip(boxes, spans) {
            forEachEntry(of: box, span: span) { cell, entry in
                entries[Int(next[cell])] = entry
                next[cell] += 1
            }
        }
        self.entries = entries
    }

    /// The grid's cells and rectangle without its entries, for a scene's grid that places
    /// elements in the same cells, with the same arithmetic, as this one placed them.
    var geometry: SpatialGrid { var empty = self; (empty.cellStart, empty.entries) = ([], []); return empty }

    /// The entries of an element whose box (padded against rounding, as ``init(boxes:)`` pads
    /// them) is `box`, one for each cell it overlaps: the one definition of which cells a box
    /// is in and of its 256ths there.
    func forEachEntry(of box: ElementBox, _ body: (_ cell: Int, _ entry: CellEntry) -> Void) {
        let span = Self.span(box, minX: minX, minY: minY, width: extentWidth, height: extentHeight, columns: columns, rows: rows)
        forEachEntry(of: box, span: span, body)
    }

    private func forEachEntry(
        of box: ElementBox, span: (firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int), _ body: (_ cell: Int, _ entry: CellEntry) -> Void
    ) {
        let (inverseWidth, inverseHeight) = (inverseCellWidth, inverseCellHeight)
        // The box's edges as the query scales a point, in 256ths of the cells they fall in.
        let (scaledMinX, scaledMaxX) = ((box.minX - minX) * inverseWidth, (box.maxX - minX) * inverseWidth)
        let (scaledMinY, scaledMaxY) = ((box.minY - minY) * inverseHeight, (box.maxY - minY) * inverseHeight)
        for row in span.firstRow...span.lastRow {
            let low = Self.lowEdge(scaledMinY, row == span.firstRow, row), high = Self.highEdge(scaledMaxY, row == span.lastRow, row)
            for column in span.firstColumn...span.lastColumn {
                body(
                    row * columns + column,
                    CellEntry(
                        element: box.element, minX: Self.lowEdge(scaledMinX, column == span.firstColumn, column), minY: low,
                        maxX: Self.highEdge(scaledMaxX, column == span.lastColumn, column), maxY: high))
            }
        }
    }

    /// Cell `cell`'s rectangle, padded outwards against rounding (what the pruning judges).
    func cellRect(_ cell: Int) -> CellRect {
        Self.cellRect(cell, bounds: (minX, minY, maxX, maxY), columns: columns, rows: rows)
    }

    /// The columns and rows of the cells a padded box overlaps.
    func span(of box: ElementBox) -> (firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int) {
        Self.span(box, minX: minX, minY: minY, width: extentWidth, height: extentHeight, columns: columns, rows: rows)
    }

    /// A box's low edge in a cell it spans: 0 unless the edge is in that cell.
    private static func lowEdge(_ scaled: Double, _ inCell: Bool, _ column: Int) -> UInt8 {
        inCell && scaled.isFinite ? CellEntry.fraction(scaled, in: column) : 0
    }

    /// A box's high edge in a cell it spans: 255 unless the edge is in that cell.
    private static func highEdge(_ scaled: Double, _ inCell: Bool, _ column: Int) -> UInt8 {
        inCell && scaled.isFinite ? CellEntry.fraction(scaled, in: column) : 255
    }

    /// A cell count from 1 to 4096 near `value` (1 when it is not a number).
    private static func cellCount(_ value: Double) -> Int {
        value.isFinite ? Int(min(4096, max(1, value.rounded()))) : (value > 0 ? 4096 : 1)
    }

    /// The cells a box overlaps, computed with the same arithmetic as a query's cell, so
    /// every point inside the box falls in one of them. A box that is not finite covers everything.
    private static func span(
        _ box: ElementBox,
        minX: Double, minY: Double, width: Double, height: Double, columns: Int, rows: Int
    ) -> (firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int) {
        let inverseWidth = Double(columns) / width, inverseHeight = Double(rows) / height
        return (
            cellIndex(box.minX, minX, inverseWidth, columns, ifNotFinite: 0),
            cellIndex(box.maxX, minX, inverseWidth, columns, ifNotFinite: columns - 1),
            cellIndex(box.minY, minY, inverseHeight, rows, ifNotFinite: 0),
            cellIndex(box.maxY, minY, inverseHeight, rows, ifNotFinite: rows - 1)
        )
    }

    /// `floor((value − origin) · inverseSize)`, clamped into `0 ..< count`: monotonic in `value`.
    @inline(__always)
    static func cellIndex(_ value: Double, _ origin: Double, _ inverseSize: Double, _ count: Int, ifNotFinite: Int = 0) -> Int {
        let scaled = (value - origin) * inverseSize
        guard scaled.isFinite else { return scaled.isNaN ? count - 1 : ifNotFinite }
        if scaled <= 0 { return 0 }
        return scaled >= Double(count - 1) ? count - 1 : Int(scaled)
    }
}
