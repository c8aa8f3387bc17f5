import AlphaHitBasics
import AlphaHitImages

/// Squares of the layout, 1, 2 or 4 points a side, each with the answer the grid gives at every
/// point inside it, proven at build time; a query whose tile is proven reads one two-byte code and
/// tests nothing. A tile is *mixed* (and its points take the grid's path) unless every element the
/// query could test there is decided over the whole tile: a plain element (with or without a
/// transform) or a general one without a transform, at the top level or under a parent that only
/// moves it (its arithmetic, bit for bit, at the tile's first and last points or corners: every
/// step is monotonic), that covers the tile, misses it, or whose pixels under it are all solid or
/// all transparent (``TileProof``).
///
/// Built only where it pays and fits its budgets (see the statics); a scene's snapshots have none.
@usableFromInline
struct AnswerTiles: Sendable {
    /// Tile sides tried, finest first: the first whose raster has at most ``maximumTiles`` is used.
    static let sides: [Double] = [1, 2, 4]
    /// At most 65,536 tiles: 128 KiB, inside this machine's L2 and far below a layout's own tables.
    static let maximumTiles = 65_536
    /// A bound on the proof's work (tiles × the entries of their cells × pixels read under each),
    /// checked before it starts: 4 million steps, a few milliseconds. (The diamonds take 0.5 million.)
    static let maximumProofSteps = 1 << 22
    /// A raster with fewer proven tiles than this share is dropped: its load would rarely answer.
    static let minimumProvenShare = 0.5

    /// The code of a tile with no element: a miss.
    @usableFromInline static let none: UInt16 = 0
    /// The code of a tile whose points may have different answers: ask the grid.
    @usableFromInline static let mixed: UInt16 = .max

    let codes: Table<UInt16>
    let reader: Reader

    /// What a query reads: the raster's edges in layout points and its codes (element position + 1).
    @usableFromInline
    struct Reader: BitwiseCopyable, Sendable {
        /// The tiles cover `minX ..< maxX` × `minY ..< maxY`, with `minX, minY ≥ 0`, so that truncating
        /// `x / side` is its floor.
        @usableFromInline let minX: Double, minY: Double, maxX: Double, maxY: Double
        /// 1 / side: a power of two, so `x · inverseSide` is exact.
        @usableFromInline let inverseSide: Double
        /// The first tile's column and row counted from (0, 0), and the raster's width in tiles.
        @usableFromInline let firstColumn: Int, firstRow: Int, columns: Int
        @usableFromInline let codes: TableReader<UInt16>

        /// No tiles: every point is outside (an empty range fails the first comparison).
        static let none = Reader(
            minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity, inverseSide: 1,
            firstColumn: 0, firstRow: 0, columns: 0, codes: EmptyCodes.shared.table.view.reader)

        /// The code of the tile holding (x, y); ``AnswerTiles/mixed`` outside the raster.
        @inlinable @inline(__always)
        func code(_ x: Double, _ y: Double) -> UInt16 {
            guard minX <= x && x < maxX && minY <= y && y < maxY else { return AnswerTiles.mixed }
            // Inside, 0 ≤ x · inverseSide < 2⁴⁰ (checked at build): truncation is the floor.
            let column = Int(uncheckedTruncating: x * inverseSide) &- firstColumn
            let row = Int(uncheckedTruncating: y * inverseSide) &- firstRow
            return codes[row &* columns &+ column]
        }
    }

    /// The proven raster over `tables`' grid (cut to its canvas), or nil where none fits the
    /// budgets, fewer than `minimumProvenShare` of the tiles are proven, or there are too many
    /// elements for two-byte codes.
    init?(tables: QueryTables, elementCount: Int, minimumProvenShare: Double = Self.minimumProvenShare) {
        guard elementCount < Int(Self.mixed) - 1, let raster = Raster(tables) else { return nil }
        guard let codes = Self.prove(raster, tables, minimumProvenShare: minimumProvenShare) else { return nil }
        self.codes = Table(codes)
        reader = Reader(
            minX: Double(raster.firstColumn) * raster.side, minY: Double(raster.firstRow) * raster.side,
            maxX: Double(raster.firstColumn + raster.columns) * raster.side, maxY: Double(raster.firstRow + raster.rows) * raster.side,
            inverseSide: 1 / raster.side, firstColumn: raster.firstColumn, firstRow: raster.firstRow, columns: raster.columns,
            codes: self.codes.view.reader)
    }

    var byteCount: Int { codes.byteCount }

    /// Where the tiles lie: whole tiles inside the grid's extent (and the canvas), at x, y ≥ 0.
    struct Raster {
        let side: Double, firstColumn: Int, firstRow: Int, columns: Int, rows: Int

        init?(_ tables: QueryTables) {
            var maxX = tables.gridMaxX, maxY = tables.gridMaxY
            if tables.hasCanvas { (maxX, maxY) = (min(maxX, tables.canvasWidth), min(maxY, tables.canvasHeight)) }
            let minX = max(tables.gridMinX, 0), minY = max(tables.gridMinY, 0)
            // Bounds far out would overflow the tile numbers; such a layout has too many tiles anyway.
            guard minX <= maxX, minY <= maxY, maxX < 0x1p40, maxY < 0x1p40 else { return nil }
            for side in AnswerTiles.sides {
                // Whole tiles only: the last tile's last point is below the grid's far edge.
                let first = (x: Int((minX / side).rounded(.up)), y: Int((minY / side).rounded(.up)))
                let end = (x: Int((maxX / side).rounded(.down)), y: Int((maxY / side).rounded(.down)))
                let (columns, rows) = (end.x - first.x, end.y - first.y)
                guard columns > 0, rows > 0 else { return nil }
                if columns <= AnswerTiles.maximumTiles / rows {
                    (self.side, firstColumn, firstRow, self.columns, self.rows) = (side, first.x, first.y, columns, rows)
                    return
                }
            }
            return nil
        }

        /// The layout-space span of tile `index` along one axis: its first point and its last
        /// (the next tile's edge, one step down).
        func span(_ index: Int, from first: Int) -> (first: Double, last: Double) {
            (Double(first + index) * side, (Double(first + index + 1) * side).nextDown)
        }
    }

    /// Every tile's code, or nil when the proof's work would exceed its budget or too few tiles are proven.
    private static func prove(_ raster: Raster, _ tables: QueryTables, minimumProvenShare: Double) -> [UInt16]? {
        let pixelsPerEntry = Int((raster.side + 1) * (raster.side + 1))
        // A tile turned at any angle, at one pixel per point, lies over at most ⌈side·√2⌉ + 1
        // pixels a side: what a turned image element may read over one tile.
        let turnedAcross = (raster.side * 2.0.squareRoot()).rounded(.up) + 1
        let turnedPixelsPerEntry = Int(turnedAcross * turnedAcross)
        let proof = TileProof(tables: tables, pixelLimit: pixelsPerEntry, turnedPixelLimit: turnedPixelsPerEntry)
        func spans(_ count: Int, from first: Int, vertical: Bool) -> [TileProof.Span] {
            (0..<count).map { index in
                let span = raster.span(index, from: first)
                return proof.span(span.first, span.last, vertical: vertical)
            }
        }
        let columns = spans(raster.columns, from: raster.firstColumn, vertical: false)
        let rows = spans(raster.rows, from: raster.firstRow, vertical: true)
        // The work is bounded before it starts: each tile reads the entries of the cells it touches,
        // and at most (side + 1)² pixels of each (a turned image's, the turned limit); counted cell
        // by cell, with the tiles touching each.
        func touching(_ spans: [TileProof.Span], _ count: Int) -> [Int] {
            var touching = [Int](repeating: 0, count: count)
            for span in spans { for cell in span.cells { touching[cell] += 1 } }
            return touching
        }
        let (columnTiles, rowTiles) = (touching(columns, tables.columns), touching(rows, tables.rows))
        // In Double: a hostile grid's product may exceed Int's range; the budget is far inside both.
        var steps = 0.0
        // (Entries are looked at one by one only in a layout with turned images.)
        let anyTurned = (0..<tables.cellStart[tables.columns * tables.rows]).contains { proof.readsTurned(tables.cellEntries[Int($0)]) }
        for row in 0..<tables.rows where rowTiles[row] > 0 {
            for column in 0..<tables.columns where columnTiles[column] > 0 {
                let cell = row * tables.columns + column
                let entries = Int(tables.cellStart[cell])..<Int(tables.cellStart[cell + 1])
                let turned = anyTurned ? entries.reduce(0) { $0 + (proof.readsTurned(tables.cellEntries[$1]) ? 1 : 0) } : 0
                let pixels = (entries.count - turned) * pixelsPerEntry + turned * turnedPixelsPerEntry
                steps += Double(pixels) * Double(rowTiles[row] * columnTiles[column])
            }
            guard steps <= Double(maximumProofSteps) else { return nil }
        }
        var codes = [UInt16](repeating: mixed, count: raster.columns * raster.rows)
        var proven = 0
        for (r, row) in rows.enumerated() {
            for (c, column) in columns.enumerated() {
                let code = proof.code(column, row)
                codes[r * raster.columns + c] = code
                if code != mixed { proven += 1 }
            }
        }
        guard Double(proven) >= minimumProvenShare * Double(codes.count) else { return nil }
        return codes
    }
}

/// The empty raster's codes, shared.
private final class EmptyCodes: Sendable {
    let table = Table<UInt16>([])
    static let shared = EmptyCodes()
}
