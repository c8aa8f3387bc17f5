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
/// between; what cannot be decided that way (a transform, a deeper chain, a shape with corners,
/// a tiled middle, a mix of pixels) makes the tile mixed.
struct TileProof {
    let tables: QueryTables
    /// The most pixels read for one entry over one tile: the proof's budget counts on it.
    let pixelLimit: Int

    /// A tile's extent on one axis: its first point, its last, and the grid columns (or rows)
    /// holding them and every one between; worked out once per column (or row) of tiles.
    struct Span {
        let first: Double, last: Double
        /// Grid coordinates (`(x − min) · inverse`) of `first` and `last`.
        let scaledFirst: Double, scaledLast: Double
        let cells: ClosedRange<Int>
        /// `first`'s and `last`'s 256ths in the first of `cells` (all there is, mostly).
        let fractions: (Int, Int)

        /// `first`'s and `last`'s 256ths in cell `cell` (clamped to it, as the query's are).
        func fractions(in cell: Int) -> (Int, Int) {
            cell == cells.lowerBound ? fractions : (Int(CellEntry.fraction(scaledFirst, in: cell)), Int(CellEntry.fraction(scaledLast, in: cell)))
        }
    }

    /// The span from `first` to `last` (inside the grid's extent) along x, or y when `vertical`.
    func span(_ first: Double, _ last: Double, vertical: Bool) -> Span {
        let t = tables
        let (minimum, inverse, count) = vertical ? (t.gridMinY, t.inverseCellHeight, t.rows) : (t.gridMinX, t.inverseCellWidth, t.columns)
        let (a, b) = ((first - minimum) * inverse, (last - minimum) * inverse)
        let cells = QueryTables.axisCell(a, count: count)...QueryTables.axisCell(b, count: count)
        let fractions = (Int(CellEntry.fraction(a, in: cells.lowerBound)), Int(CellEntry.fraction(b, in: cells.lowerBound)))
        return Span(first: first, last: last, scaledFirst: a, scaledLast: b, cells: cells, fractions: fractions)
    }

    /// The tile's code: ``AnswerTiles/none``, element position + 1, or ``AnswerTiles/mixed``.
    func code(_ x: Span, _ y: Span) -> UInt16 {
        var code: UInt16?
        for row in y.cells {
            for column in x.cells {
                let verdict = self.verdict(x, y, column: column, row: row)
                if verdict == AnswerTiles.mixed || (code != nil && code != verdict) { return AnswerTiles.mixed }
                code = verdict
            }
        }
        return code ?? AnswerTiles.mixed
    }

    /// The tile's code as the entries of the cell at (`column`, `row`) give it.
    private func verdict(_ x: Span, _ y: Span, column: Int, row: Int) -> UInt16 {
        let t = tables
        let cell = row * t.columns + column
        // The tile's 256ths in this cell: the query's arithmetic at its first and last points.
        let fx = x.fractions(in: column), fy = y.fractions(in: row)
        for slot in Int(t.cellStart[cell])..<Int(t.cellStart[cell + 1]) {
            let entry = t.cellEntries[slot]
            guard Self.admits(low: Int(entry.minX), span: Int(entry.spanX), fx), Self.admits(low: Int(entry.minY), span: Int(entry.spanY), fy) else { continue }
            guard entry.element >= 0 else {
                // A general element: its entry leads to its full record, which says its position.
                let record = ElementHandle(t.details, -1 - Int(entry.element))
                switch general(record, x, y) {
                case .misses: continue
                case .takes: return UInt16(Int(record.record.element) + 1)
                case .undecided: return AnswerTiles.mixed
                }
            }
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
        let element = tables.hot.address(of: index)
        let bits = element.pointee.bits, kind = bits & HotElement.kindMask
        if kind == HotElement.Kind.general.rawValue || bits & HotElement.transformBit != 0 { return .undecided }
        let moves = bits & HotElement.parentMovesBit != 0
        func local(_ value: Double, parent: Float, origin: Float) -> Double {
            (moves ? value - Double(parent) : value) - Double(origin)
        }
        // No point of the tile has 0 ≤ u < width (an empty extent included): a miss, whatever v.
        let width = Double(element.pointee.width)
        let u = (local(x.first, parent: element.pointee.parentOriginX, origin: element.pointee.originX),
                 local(x.last, parent: element.pointee.parentOriginX, origin: element.pointee.originX))
        guard !u.0.isNaN, !u.1.isNaN else { return .undecided }
        if u.1 < 0 || max(u.0, 0) >= width { return .misses }
        let height = Double(element.pointee.height)
        let v = (local(y.first, parent: element.pointee.parentOriginY, origin: element.pointee.originY),
                 local(y.last, parent: element.pointee.parentOriginY, origin: element.pointee.originY))
        guard !v.0.isNaN, !v.1.isNaN else { return .undecided }
        if v.1 < 0 || max(v.0, 0) >= height { return .misses }
        let covers = u.0 >= 0 && u.1 < width && v.0 >= 0 && v.1 < height
        switch kind {
        case HotElement.Kind.solid.rawValue: return covers ? .takes : .undecided
        case HotElement.Kind.image.rawValue:
            // The pixels under the tile's part inside the bounds (bounds and image agree: identity,
            // so these are inside the image and its sizes are below 2²⁴).
            let (firstColumn, lastColumn) = (Int(max(u.0, 0)), Int(min(u.1, width.nextDown)))
            let (firstRow, lastRow) = (Int(max(v.0, 0)), Int(min(v.1, height.nextDown)))
            let slot = tables.images.address(of: Int(element.pointee.image))
            let (pixels, rowBytes, minAlpha) = (slot.pointee.pixels, slot.pointee.rowBytes, element.pointee.minAlpha)
            var solid = 0
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn where AlphaThreshold.isSolid(alpha: pixels[row &* rowBytes &+ column], minimumAlpha: minAlpha) {
                    solid &+= 1
                }
            }
            if solid == 0 { return .misses }
            return covers && solid == (lastRow - firstRow + 1) * (lastColumn - firstColumn + 1) ? .takes : .undecided
        default: return .misses
        }
    }

    /// What general element `element` answers over the tile: ``QueryTables/generalHits(_:_:_:hot:details:parents:transforms:)``
    /// at the tile's first and last points. Decided for an element without a transform, at the top
    /// level or under a parent that only moves it: a miss when the tile lies outside its bounds or
    /// no pixel under the tile's part inside them is solid; for a rectangle, a take when the tile
    /// lies inside its bounds and on its image, every pixel under it solid (or it has no image).
    /// Cap insets are read branch by branch of their map (``CompiledElement/cappedPieces(_:_:extent:natural:low:high:tiles:)``).
    private func general(_ element: ElementHandle, _ x: Span, _ y: Span) -> Verdict {
        let record = element.record
        guard !record.hasTransform, !record.isNested || record.parentOnlyMoves else { return .undecided }
        // The query's subtractions, in its order: the parent's origin first, for a nested element.
        func local(_ value: Double, parent: Double, origin: Double) -> Double {
            (record.isNested ? value - parent : value) - origin
        }
        let u = (local(x.first, parent: record.parentOriginX, origin: record.originX), local(x.last, parent: record.parentOriginX, origin: record.originX))
        let v = (local(y.first, parent: record.parentOriginY, origin: record.originY), local(y.last, parent: record.parentOriginY, origin: record.originY))
        let (width, height) = (record.width, record.height)
        // Finite numbers map to image points that are numbers (no ∞ − ∞ on the way).
        // Checked one by one: this runs once per entry and tile, so no array is built for it.
        let queryFinite = u.0.isFinite && u.1.isFinite && v.0.isFinite && v.1.isFinite
        let sizesFinite = width.isFinite && height.isFinite && record.imageWidth.isFinite && record.imageHeight.isFinite
        let mapFinite = record.offsetX.isFinite && record.offsetY.isFinite && record.factor.isFinite
        let capsFinite = record.capTop.isFinite && record.capLeft.isFinite && record.capBottom.isFinite && record.capRight.isFinite
        guard queryFinite, sizesFinite, mapFinite, capsFinite, record.factor > 0 else { return .undecided }
        if u.1 < 0 || max(u.0, 0) >= width || v.1 < 0 || max(v.0, 0) >= height { return .misses }
        let covers = u.0 >= 0 && u.1 < width && v.0 >= 0 && v.1 < height
        // Only the points inside the bounds reach the image.
        let inside = (x: max(u.0, 0)...min(u.1, width.nextDown), y: max(v.0, 0)...min(v.1, height.nextDown))
        let pieces: (x: [ClosedRange<Double>], y: [ClosedRange<Double>])
        switch record.placement {
        case .none: return covers && record.shape == .rect ? .takes : .undecided
        case .scaleToFill, .scaled, .natural, .identity: pieces = ([inside.x], [inside.y])
        case .capInsets:
            // Each branch of the caps' map apart: monotonic within one, not across.
            guard let x = CompiledElement.cappedPieces(
                    inside.x.lowerBound, inside.x.upperBound, extent: width, natural: record.imageWidth, low: record.capLeft, high: record.capRight, tiles: record.tiles),
                let y = CompiledElement.cappedPieces(
                    inside.y.lowerBound, inside.y.upperBound, extent: height, natural: record.imageHeight, low: record.capTop, high: record.capBottom, tiles: record.tiles)
            else { return .undecided }
            pieces = (x, y)
        }
        var anySolid = false, allSolid = true
        // The proof's budget counts (side + 1)² pixels an entry, whatever the pieces.
        let limit = pixelLimit / max(pieces.x.count * pieces.y.count, 1)
        for x in pieces.x {
            for y in pieces.y {
                // A piece none of whose points falls on the image has no solid pixel under it.
                let under = element.solidity(under: x.lowerBound, y.lowerBound, x.upperBound, y.upperBound, counts: nil, pixelLimit: limit)
                anySolid = anySolid || under?.anySolid == true
                allSolid = allSolid && under?.allSolid == true && under?.onImage == true
            }
        }
        if !anySolid { return .misses }
        return allSolid && covers && record.shape == .rect ? .takes : .undecided
    }
}
