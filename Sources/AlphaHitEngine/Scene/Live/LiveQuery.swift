import AlphaHitBasics

/// A scene snapshot's lookup: the tables of a ``LiveTables`` as plain readers, so that a query
/// allocates nothing, takes no lock and touches no reference count, as a built engine's does.
///
/// The grid is the first build's (its cells and rectangle) without cover pruning (an element that
/// covers a cell may move away): the first build's elements are in every cell their boxes overlap,
/// an element placed since only in those it may take a pixel of. It is changed a cell at a time;
/// an element whose box reaches beyond the grid's rectangle is also listed in `overflow`, which
/// answers the points out there. Answers element numbers, not slots.
@usableFromInline
struct LiveQuery: @unchecked Sendable, BitwiseCopyable {
    let hot: PagedReader<HotElement>
    let slots: PagedReader<SlotInfo>
    let transforms: PagedReader<InverseTransform>
    /// The full records of the general elements.
    let details: PagedReader<CompiledElement>
    let images: TableReader<ImageSlot>
    let cells: LiveCellReader
    let overflow: TableView<GridEntry>
    /// The first build's tables, which a general element's walk down its ancestors reads (an
    /// element changed in place never walks, and no ancestor is changed in place: see ``LiveTables``).
    let baseHot: TableReader<HotElement>, baseDetails: TableReader<CompiledElement>
    let baseParents: TableReader<Int32>, baseTransforms: TableReader<InverseTransform>
    /// The grid's rectangle and cells (plain numbers: a query copies nothing that is counted).
    let gridMinX: Double, gridMinY: Double, gridMaxX: Double, gridMaxY: Double
    let inverseCellWidth: Double, inverseCellHeight: Double
    let columns: Int, rows: Int

    init(
        hot: PagedReader<HotElement>, slots: PagedReader<SlotInfo>, transforms: PagedReader<InverseTransform>,
        details: PagedReader<CompiledElement>, images: TableReader<ImageSlot>, cells: LiveCellReader, overflow: TableView<GridEntry>,
        baseHot: TableReader<HotElement>, baseDetails: TableReader<CompiledElement>, baseParents: TableReader<Int32>,
        baseTransforms: TableReader<InverseTransform>, grid: SpatialGrid
    ) {
        (self.hot, self.slots, self.transforms, self.details, self.images, self.cells) = (hot, slots, transforms, details, images, cells)
        (self.overflow, self.baseHot, self.baseDetails, self.baseParents, self.baseTransforms) = (overflow, baseHot, baseDetails, baseParents, baseTransforms)
        (gridMinX, gridMinY, gridMaxX, gridMaxY) = (grid.minX, grid.minY, grid.maxX, grid.maxY)
        (inverseCellWidth, inverseCellHeight, columns, rows) = (grid.inverseCellWidth, grid.inverseCellHeight, grid.columns, grid.rows)
    }

    /// The number of the front-most element whose own shape takes layout point (x, y) (the
    /// canvas is the caller's).
    func frontMost(_ x: Double, _ y: Double) -> Int? {
        if let (cell, cellX, cellY) = QueryTables.cell(
            x, y, minX: gridMinX, minY: gridMinY, maxX: gridMaxX, maxY: gridMaxY,
            inverseWidth: inverseCellWidth, inverseHeight: inverseCellHeight, columns: columns, rows: rows)
        {
            for entry in cells.entries(ofCell: cell) where entry.mayContain(cellX, cellY) {
                if let number = test(entry.element, x, y) { return number }
            }
            return nil
        }
        for entry in overflow where entry.mayContain(x, y) {
            if let number = test(entry.element, x, y) { return number }
        }
        return nil
    }

    /// The element an entry names, when its own shape takes (x, y): its number.
    @inline(__always)
    private func test(_ code: Int32, _ x: Double, _ y: Double) -> Int? {
        if code >= 0 {
            let (hot, transforms, images) = (hot, transforms, images)
            guard QueryTables.plainHits(hot.address(of: Int(code)), x, y, transform: { transforms.address(of: $0) }, image: { images.address(of: $0) })
            else { return nil }
            return Int(slots.address(of: Int(code)).pointee.number)
        }
        let record = ElementHandle(address: details.address(of: Int(-1 - code)))
        guard QueryTables.generalHits(record, x, y, hot: baseHot, details: baseDetails, parents: baseParents, transforms: baseTransforms) else { return nil }
        return Int(slots.address(of: Int(record.record.element)).pointee.number)
    }
}

/// Where a snapshot's ``LiveQuery`` is, for a ``QueryTables`` to carry (valid while the
/// ``LiveSnapshot`` that owns it is alive, which the ``HitTester`` holding both guarantees).
@frozen @usableFromInline
struct LiveQueryReference: @unchecked Sendable {
    @usableFromInline let address: UnsafePointer<LiveQuery>
}

extension QueryTables {
    /// A scene snapshot's ``QueryTables/frontMost(_:_:)``: out of line, so that a built engine's
    /// inlined query grows by one test.
    @usableFromInline @inline(never)
    static func liveFrontMost(_ query: LiveQueryReference, _ x: Double, _ y: Double) -> Int? {
        query.address.pointee.frontMost(x, y)
    }
}

extension QueryTables {
    /// A scene snapshot's query tables: its canvas and tolerance, and its live query, which
    /// ``frontMost(_:_:)`` hands the point to (the built grid here has no point inside it, and
    /// the built tables are empty and never read).
    static func live(_ snapshot: LiveSnapshot) -> QueryTables {
        let empty = EmptyTables.shared
        let canvas = snapshot.tables.header.canvas
        return QueryTables(
            hot: empty.hot.view.reader, transforms: empty.transforms.view.reader, images: empty.images.view.reader,
            details: empty.details.view.reader, parents: empty.parents.view.reader, cellStart: empty.cellStart.view.reader,
            cellEntries: empty.cellEntries.view.reader, gridMinX: 0, gridMinY: 0, gridMaxX: -1, gridMaxY: -1, columns: 1, rows: 1,
            inverseCellWidth: 0, inverseCellHeight: 0, hasCanvas: canvas != nil, canvasWidth: canvas?.width ?? 0,
            canvasHeight: canvas?.height ?? 0, toleranceInUse: snapshot.tables.toleranceInUse, numbering: ElementNumbering.identity.reader,
            live: LiveQueryReference(address: UnsafePointer(snapshot.query)))
    }
}

/// Empty tables, for a ``QueryTables`` whose lookups go elsewhere.
private final class EmptyTables: Sendable {
    let hot = Table<HotElement>([]), transforms = Table<InverseTransform>([]), images = Table<ImageSlot>([])
    let details = Table<CompiledElement>([]), parents = Table<Int32>([]), cellStart = Table<Int32>([0, 0]), cellEntries = Table<CellEntry>([])
    static let shared = EmptyTables()
}
