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
/// between (for a plain element's transform, in each coordinate apart: its corners bound them);
/// what cannot be decided that way (a general element's transform, a deeper chain, a shape with
/// corners, a tiled middle, a mix of pixels) makes the tile mixed.
struct TileProof {
    let tables: QueryTables
    /// The most pixels read for one entry over one tile: the proof's budget counts on it.
    let pixelLimit: Int
    /// The same for a plain image element with a transform (``readsTurned(_:)``), whose tile's
    /// local box is wider than the tile.
    let turnedPixelLimit: Int

    /// Whether the proof reads `entry`'s pixels by ``turnedPixelLimit``: a plain image element
    /// with a transform.
    func readsTurned(_ entry: CellEntry) -> Bool {
        guard entry.element >= 0 else { return false }
        let bits = tables.hot.address(of: Int(entry.element)).pointee.bits
        return bits & HotElement.transformBit != 0 && bits & HotElement.kindMask == HotElement.Kind.image.rawValue
    }

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
    /// at the tile's first and last points, or for a transformed element at the corners that bound
    /// its local points (``localRange(_:_:_:centre:)``): a box around the tile's preimage, so
    /// that some uniform tiles stay mixed, never the other way.
    private func element(_ index: Int, _ x: Span, _ y: Span) -> Verdict {
        let element = tables.hot.address(of: index)
        let bits = element.pointee.bits
        if bits & HotElement.kindMask == HotElement.Kind.general.rawValue { return .undecided }
        if bits & HotElement.transformBit != 0 { return turned(index, x, y) }
        // No point of the tile has 0 ≤ u < width (an empty extent included): a miss, whatever v.
        let u = across(index, x)
        guard !u.0.isNaN, !u.1.isNaN else { return .undecided }
        if u.1 < 0 || max(u.0, 0) >= Double(element.pointee.width) { return .misses }
        let v = down(index, y)
        guard !v.0.isNaN, !v.1.isNaN else { return .undecided }
        if v.1 < 0 || max(v.0, 0) >= Double(element.pointee.height) { return .misses }
        // (side + 1)² pixels at most: within the budget.
        return decide(index, u, v, budgeted: false)
    }

    /// ``element(_:_:_:)`` for a plain element with a transform: the box of local points
    /// ``localRange(_:_:_:centre:)`` gives, decided as an untransformed element's bounds are.
    @inline(never)
    private func turned(_ index: Int, _ x: Span, _ y: Span) -> Verdict {
        let element = tables.hot.address(of: index)
        let (width, height) = (Double(element.pointee.width), Double(element.pointee.height))
        let transform = tables.transforms[Int(element.pointee.detail)]
        let (u, v) = Self.localRange(transform, across(index, x), down(index, y), centre: (width / 2, height / 2))
        guard !u.0.isNaN, !u.1.isNaN, !v.0.isNaN, !v.1.isNaN else { return .undecided }
        if u.1 < 0 || max(u.0, 0) >= width || v.1 < 0 || max(v.0, 0) >= height { return .misses }
        return decide(index, u, v, budgeted: true)
    }

    /// Element `index`'s parent-space x less its origin at the tile's first and last points: the
    /// query's subtractions, in its order (a plain parent's origin first).
    @inline(__always)
    private func across(_ index: Int, _ x: Span) -> (Double, Double) {
        let element = tables.hot.address(of: index)
        let (parent, origin) = (element.pointee.parentOriginX, element.pointee.originX)
        return (Self.local(x.first, element.pointee.bits, parent, origin), Self.local(x.last, element.pointee.bits, parent, origin))
    }

    /// ``across(_:_:)`` for y.
    @inline(__always)
    private func down(_ index: Int, _ y: Span) -> (Double, Double) {
        let element = tables.hot.address(of: index)
        let (parent, origin) = (element.pointee.parentOriginY, element.pointee.originY)
        return (Self.local(y.first, element.pointee.bits, parent, origin), Self.local(y.last, element.pointee.bits, parent, origin))
    }

    @inline(__always)
    private static func local(_ value: Double, _ bits: UInt8, _ parent: Float, _ origin: Float) -> Double {
        (bits & HotElement.parentMovesBit != 0 ? value - Double(parent) : value) - Double(origin)
    }

    /// What a plain element whose local points over the tile lie in `u` × `v` (which meets its
    /// bounds) answers: a solid rectangle takes the tile when the box lies inside its bounds; an
    /// image misses it when every pixel under the box's part inside them is transparent, and takes
    /// it when the box lies inside and every pixel under it is solid. `budgeted`: the box may
    /// cover more pixels than the proof reads for one turned entry, and then leaves the tile mixed.
    @inline(__always)
    private func decide(_ index: Int, _ u: (Double, Double), _ v: (Double, Double), budgeted: Bool) -> Verdict {
        let element = tables.hot.address(of: index)
        let (width, height) = (Double(element.pointee.width), Double(element.pointee.height))
        let covers = u.0 >= 0 && u.1 < width && v.0 >= 0 && v.1 < height
        switch element.pointee.bits & HotElement.kindMask {
        case HotElement.Kind.solid.rawValue: return covers ? .takes : .undecided
        case HotElement.Kind.image.rawValue:
            // The pixels under the tile's part inside the bounds (bounds and image agree: identity,
            // so these are inside the image and its sizes are below 2²⁴).
            let (firstColumn, lastColumn) = (Int(max(u.0, 0)), Int(min(u.1, width.nextDown)))
            let (firstRow, lastRow) = (Int(max(v.0, 0)), Int(min(v.1, height.nextDown)))
            let count = (lastRow - firstRow + 1) * (lastColumn - firstColumn + 1)
            if budgeted && count > turnedPixelLimit { return .undecided }
            let slot = tables.images.address(of: Int(element.pointee.image))
            let (pixels, rowBytes, minAlpha) = (slot.pointee.pixels, slot.pointee.rowBytes, element.pointee.minAlpha)
            var solid = 0
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn where AlphaThreshold.isSolid(alpha: pixels[row &* rowBytes &+ column], minimumAlpha: minAlpha) {
                    solid &+= 1
                }
            }
            if solid == 0 { return .misses }
            return covers && solid == count ? .takes : .undecided
        default: return .misses
        }
    }

    /// The smallest and largest local coordinates ``InverseTransform/localPoint(_:_:centreX:centreY:)``
    /// gives over a rectangle of parent-space points less the origin (`across` × `down`, each
    /// range's ends): each of its steps, rounding included, is monotonic in one coordinate while
    /// the other is held (`a · dx` rises with dx when a ≥ 0 and falls when a < 0), so each
    /// coordinate's extremes lie at corners, and which corners the signs of the terms say.
    @inline(never)
    static func localRange(
        _ t: InverseTransform, _ across: (Double, Double), _ down: (Double, Double), centre: (x: Double, y: Double)
    ) -> (u: (Double, Double), v: (Double, Double)) {
        func local(_ px: Double, _ py: Double) -> (x: Double, y: Double) { t.localPoint(px, py, centreX: centre.x, centreY: centre.y) }
        // u = cx + (a·dx + c·dy): its least at the low x when a ≥ 0 (else the high), the low y when c ≥ 0.
        let u = (local(t.a >= 0 ? across.0 : across.1, t.c >= 0 ? down.0 : down.1).x, local(t.a >= 0 ? across.1 : across.0, t.c >= 0 ? down.1 : down.0).x)
        // v = cy + (b·dx + d·dy), the same with b and d.
        let v = (local(t.b >= 0 ? across.0 : across.1, t.d >= 0 ? down.0 : down.1).y, local(t.b >= 0 ? across.1 : across.0, t.d >= 0 ? down.1 : down.0).y)
        return (u, v)
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
