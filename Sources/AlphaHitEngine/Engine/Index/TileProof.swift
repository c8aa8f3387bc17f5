import AlphaHitBasics
import AlphaHitImages

/// Whether the grid's answer is the same at every point of a tile, and which: the rule behind
/// ``AnswerTiles``, in the query's own arithmetic.
///
/// A query reads the cell holding its point and takes the first entry whose box admits the point
/// and whose element takes it. Over a tile, each entry of each cell the tile touches is decided:
/// its box (in 256ths, as the query computes them) admits no point of the tile, or its element
/// misses or takes every point of the tile. Every step from a coordinate to a cell, a 256th, a
/// local point and a pixel is monotonic, so the tile's first and last points bound every point
/// between; what cannot be decided that way (a transform, a general element) makes the tile mixed.
struct TileProof {
    let tables: QueryTables

    /// A tile's span on each axis: its first point and its last.
    typealias Span = (first: Double, last: Double)

    /// The tile's code: ``AnswerTiles/none``, element position + 1, or ``AnswerTiles/mixed``.
    func code(_ x: Span, _ y: Span) -> UInt16 {
        var code: UInt16?
        forEachCell(x, y) { cell in
            let verdict = self.verdict(x, y, cell: cell)
            code = verdict == AnswerTiles.mixed || (code != nil && code != verdict) ? AnswerTiles.mixed : verdict
            return code != AnswerTiles.mixed
        }
        return code ?? AnswerTiles.mixed
    }

    /// How many entries the tile's cells hold: the proof's work, before any pixel.
    func entryCount(_ x: Span, _ y: Span) -> Int {
        var count = 0
        forEachCell(x, y) { cell in
            count += Int(tables.cellStart[cell.index + 1] - tables.cellStart[cell.index])
            return true
        }
        return count
    }

    private struct Cell { let index: Int, column: Int, row: Int }

    /// Calls `body` with the cells holding the tile's first and last points and every cell
    /// between, until it returns false.
    private func forEachCell(_ x: Span, _ y: Span, _ body: (Cell) -> Bool) {
        let t = tables
        func locate(_ px: Double, _ py: Double) -> Int? {
            QueryTables.cell(
                px, py, minX: t.gridMinX, minY: t.gridMinY, maxX: t.gridMaxX, maxY: t.gridMaxY,
                inverseWidth: t.inverseCellWidth, inverseHeight: t.inverseCellHeight, columns: t.columns, rows: t.rows)?.cell
        }
        guard let first = locate(x.first, y.first), let last = locate(x.last, y.last) else { return }
        for row in (first / t.columns)...(last / t.columns) {
            for column in (first % t.columns)...(last % t.columns) where !body(Cell(index: row * t.columns + column, column: column, row: row)) {
                return
            }
        }
    }

    /// The tile's code as `cell`'s entries give it.
    private func verdict(_ x: Span, _ y: Span, cell: Cell) -> UInt16 {
        let t = tables
        // The tile's 256ths in this cell: the query's arithmetic at its first and last points.
        func fraction(_ value: Double, min: Double, inverse: Double, cell: Int) -> Int {
            Int(CellEntry.fraction((value - min) * inverse, in: cell))
        }
        let fx = (fraction(x.first, min: t.gridMinX, inverse: t.inverseCellWidth, cell: cell.column),
                  fraction(x.last, min: t.gridMinX, inverse: t.inverseCellWidth, cell: cell.column))
        let fy = (fraction(y.first, min: t.gridMinY, inverse: t.inverseCellHeight, cell: cell.row),
                  fraction(y.last, min: t.gridMinY, inverse: t.inverseCellHeight, cell: cell.row))
        for slot in Int(t.cellStart[cell.index])..<Int(t.cellStart[cell.index + 1]) {
            let entry = t.cellEntries[slot]
            guard Self.admits(low: Int(entry.minX), span: Int(entry.spanX), fx), Self.admits(low: Int(entry.minY), span: Int(entry.spanY), fy) else { continue }
            guard entry.element >= 0 else { return AnswerTiles.mixed }
            switch element(Int(entry.element), x, y) {
            case .misses: continue
            case .takes: return UInt16(entry.element + 1)
            case .undecided: return AnswerTiles.mixed
            }
        }
        return AnswerTiles.none
    }

    /// Whether a box edge `low` with extent `span` (in 256ths) may admit a point between `range`'s
    /// ends: ``CellEntry/mayContain(_:_:)``'s rule, answered for a range; a box that wraps past 255
    /// admits anything.
    private static func admits(low: Int, span: Int, _ range: (Int, Int)) -> Bool {
        low + span > 255 || (range.0 <= low + span && low <= range.1)
    }

    private enum Verdict { case misses, takes, undecided }

    /// What plain element `index` answers over the tile: ``QueryTables/plainHits(_:_:_:transform:image:)``
    /// at the tile's first and last points.
    private func element(_ index: Int, _ x: Span, _ y: Span) -> Verdict {
        let element = tables.hot[index]
        let kind = element.bits & HotElement.kindMask
        if kind == HotElement.Kind.general.rawValue || element.bits & HotElement.transformBit != 0 { return .undecided }
        let moves = element.bits & HotElement.parentMovesBit != 0
        func local(_ value: Double, parent: Float, origin: Float) -> Double {
            var value = value
            if moves { value -= Double(parent) }
            return value - Double(origin)
        }
        let u = (local(x.first, parent: element.parentOriginX, origin: element.originX), local(x.last, parent: element.parentOriginX, origin: element.originX))
        let v = (local(y.first, parent: element.parentOriginY, origin: element.originY), local(y.last, parent: element.parentOriginY, origin: element.originY))
        let (width, height) = (Double(element.width), Double(element.height))
        guard !u.0.isNaN, !u.1.isNaN, !v.0.isNaN, !v.1.isNaN else { return .undecided }
        // No point of the tile has 0 ≤ u < width (an empty extent included).
        if u.1 < 0 || max(u.0, 0) >= width || v.1 < 0 || max(v.0, 0) >= height { return .misses }
        let covers = u.0 >= 0 && u.1 < width && v.0 >= 0 && v.1 < height
        switch kind {
        case HotElement.Kind.solid.rawValue: return covers ? .takes : .undecided
        case HotElement.Kind.image.rawValue:
            // The pixels under the tile's part inside the bounds (bounds and image agree: identity).
            let columns = Int(max(u.0, 0))...Int(min(u.1, width.nextDown))
            let rows = Int(max(v.0, 0))...Int(min(v.1, height.nextDown))
            let slot = tables.images[Int(element.image)]
            var solid = 0
            for row in rows {
                for column in columns where AlphaThreshold.isSolid(alpha: slot.pixels[row * slot.rowBytes + column], minimumAlpha: element.minAlpha) {
                    solid += 1
                }
            }
            if solid == 0 { return .misses }
            return covers && solid == rows.count * columns.count ? .takes : .undecided
        default: return .misses
        }
    }
}
