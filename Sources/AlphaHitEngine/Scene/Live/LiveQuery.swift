import AlphaHitBasics

/// A scene snapshot's lookup: the tables of a ``LiveTables`` as plain readers, so that a query
/// allocates nothing, takes no lock and touches no reference count, as a built engine's does.
///
/// The grid is the first build's (its cells and rectangle) without cover pruning (an element that
/// covers a cell may move away): every element is listed in the cells its box overlaps that it
/// may take a pixel of (the build's cell verdict). It is changed a cell at a time; an element
/// whose box reaches beyond the grid's rectangle is also listed in `overflow`, which answers the
/// points out there. Answers element numbers, not slots: a hit reads the number from the record
/// it tested (``HotElement/numberIsSlotBit``, ``CompiledElement/sceneNumber``) and only for a
/// plain element in a reused slot from the table of numbers.
@usableFromInline
struct LiveQuery: @unchecked Sendable, BitwiseCopyable {
    let hot: PagedReader<HotElement>
    /// Each slot's element number.
    let numbers: PagedReader<Int32>
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
        hot: PagedReader<HotElement>, numbers: PagedReader<Int32>, transforms: PagedReader<InverseTransform>,
        details: PagedReader<CompiledElement>, images: TableReader<ImageSlot>, cells: LiveCellReader, overflow: TableView<GridEntry>,
        baseHot: TableReader<HotElement>, baseDetails: TableReader<CompiledElement>, baseParents: TableReader<Int32>,
        baseTransforms: TableReader<InverseTransform>, grid: SpatialGrid
    ) {
        (self.hot, self.numbers, self.transforms, self.details, self.images, self.cells) = (hot, numbers, transforms, details, images, cells)
        (self.overflow, self.baseHot, self.baseDetails, self.baseParents, self.baseTransforms) = (overflow, baseHot, baseDetails, baseParents, baseTransforms)
        (gridMinX, gridMinY, gridMaxX, gridMaxY) = (grid.minX, grid.minY, grid.maxX, grid.maxY)
        (inverseCellWidth, inverseCellHeight, columns, rows) = (grid.inverseCellWidth, grid.inverseCellHeight, grid.columns, grid.rows)
    }

    /// The number of the front-most element whose own shape takes layout point (x, y) (the
    /// canvas is the caller's). Static, on the query's address: a method called on `pointee`
    /// copied the whole query (200 bytes) for every point.
    static func frontMost(_ query: UnsafePointer<LiveQuery>, _ x: Double, _ y: Double) -> Int? {
        if let (cell, cellX, cellY) = QueryTables.cell(
            x, y, minX: query.pointee.gridMinX, minY: query.pointee.gridMinY, maxX: query.pointee.gridMaxX, maxY: query.pointee.gridMaxY,
            inverseWidth: query.pointee.inverseCellWidth, inverseHeight: query.pointee.inverseCellHeight,
            columns: query.pointee.columns, rows: query.pointee.rows)
        {
            for entry in query.pointee.cells.entries(ofCell: cell) where entry.mayContain(cellX, cellY) {
                if let number = test(query, entry.element, x, y) { return number }
            }
            return nil
        }
        for entry in query.pointee.overflow where entry.mayContain(x, y) {
            if let number = test(query, entry.element, x, y) { return number }
        }
        return nil
    }

    /// The element an entry names, when its own shape takes (x, y): its number.
    @inline(__always)
    private static func test(_ query: UnsafePointer<LiveQuery>, _ code: Int32, _ x: Double, _ y: Double) -> Int? {
        if code >= 0 {
            let (record, transforms, images) = (query.pointee.hot.address(of: Int(code)), query.pointee.transforms, query.pointee.images)
            guard QueryTables.plainHits(record, x, y, transform: { transforms.address(of: $0) }, image: { images.address(of: $0) })
            else { return nil }
            // The record's line is in the cache; the table of numbers (another line) seldom is.
            if record.pointee.bits & HotElement.numberIsSlotBit != 0 { return Int(code) }
            return Int(query.pointee.numbers.address(of: Int(code)).pointee)
        }
        let record = ElementHandle(address: query.pointee.details.address(of: Int(-1 - code)))
        guard QueryTables.generalHits(
            record, x, y, hot: query.pointee.baseHot, details: query.pointee.baseDetails, parents: query.pointee.baseParents,
            transforms: query.pointee.baseTransforms)
        else { return nil }
        return Int(record.address.pointee.sceneNumber)
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
        LiveQuery.frontMost(query.address, x, y)
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
