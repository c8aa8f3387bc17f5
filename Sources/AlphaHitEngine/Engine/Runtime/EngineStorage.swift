import AlphaHitBasics
import AlphaHitImages

/// Everything a built engine owns. Immutable after init; the raw buffers are read by the
/// hot path through ``QueryTables`` without reference counting.
final class EngineStorage: Sendable {
    let hot: Table<HotElement>
    let transforms: Table<InverseTransform>
    let imageSlots: Table<ImageSlot>
    let details: Table<CompiledElement>
    let parents: Table<Int32>
    let cellStart: Table<Int32>
    let cellEntries: Table<CellEntry>
    let tables: QueryTables
    /// The tiles proven at build time, when the layout has a raster that fits (see ``AnswerTiles``).
    let answerTiles: AnswerTiles?

    // Used off the hot path (results, explain, hit maps, diagnostics).
    let tree: ElementTree
    var ids: [String] { tree.ids }
    var topLevel: [Int32] { tree.topLevel }
    var skipReasons: [HitVerdict.SkipReason?] { tree.skipReasons }
    let canvas: Size?
    /// Every image, sheet and atlas file the engine was built from, as resolved (not the layout file).
    let inputFiles: [String]
    /// The far edges of everything that can be hit, in layout points (0 when nothing can be).
    let contentMaxX: Double, contentMaxY: Double
    /// Keeps every image the elements point into alive.
    let images: [DecodedImage]
    /// The boxes of the elements that can be hit, in resolution order (front-most first).
    let candidates: [GridEntry]
    let tolerance: TouchTolerance
    private let lazyRecords = LazyReference<FullRecords>()
    private let lazyToleranceIndex = LazyReference<ToleranceIndex>()

    /// Every element's full record and chain, built by the first call that needs them.
    var records: RecordTables {
        lazyRecords.withValue(orMake: { FullRecords(expanding: tables, count: hot.count) }) { $0.tables }
    }

    /// The full records' bytes once built, else 0.
    var lazyFullRecordBytes: Int { lazyRecords.madeValue?.byteCount ?? 0 }

    /// Whether a search has built the touch-tolerance index yet.
    var hasToleranceIndex: Bool { lazyToleranceIndex.isMade }

    /// Calls `body` with the touch-tolerance index, built by the first search that needs it.
    func withToleranceIndex<Result>(_ body: (ToleranceIndex) -> Result) -> Result {
        lazyToleranceIndex.withValue(orMake: { ToleranceIndex(tables: records, count: hot.count, candidates: candidates, images: images, tolerance: tolerance) }, body)
    }

    init(
        dense: DenseTables, grid: SpatialGrid, boxes: [ElementBox], canvas: Size?,
        tree: ElementTree, images: [DecodedImage], tolerance: TouchTolerance, inputFiles: [String] = []
    ) {
        self.inputFiles = inputFiles
        // Aligned to 64 bytes (as every Table is): two hot records to a cache line, never one
        // across two; a general element's full record on whole lines of its own.
        hot = Table(dense.hot)
        transforms = Table(dense.transforms)
        imageSlots = Table(dense.images)
        details = Table(dense.details)
        parents = Table(dense.parents)
        cellStart = Table(grid.cellStart)
        // A general element's entries lead straight to its full record (see `CellEntry`).
        cellEntries = Table(grid.entries.map { entry in
            var entry = entry
            if dense.hot[Int(entry.element)].isGeneral { entry.element = -1 - dense.hot[Int(entry.element)].detail }
            return entry
        })
        self.tree = tree
        self.canvas = canvas
        self.contentMaxX = boxes.map(\.maxX).filter(\.isFinite).max() ?? 0
        self.contentMaxY = boxes.map(\.maxY).filter(\.isFinite).max() ?? 0
        self.images = images
        self.candidates = boxes.map(GridEntry.init)
        self.tolerance = tolerance
        let gridTables = QueryTables(
            hot: hot.view.reader, transforms: transforms.view.reader, images: imageSlots.view.reader, details: details.view.reader,
            parents: parents.view.reader, cellStart: cellStart.view.reader, cellEntries: cellEntries.view.reader,
            gridMinX: grid.minX, gridMinY: grid.minY, gridMaxX: grid.maxX, gridMaxY: grid.maxY,
            columns: grid.columns, rows: grid.rows,
            inverseCellWidth: grid.inverseCellWidth, inverseCellHeight: grid.inverseCellHeight,
            hasCanvas: canvas != nil, canvasWidth: canvas?.width ?? 0, canvasHeight: canvas?.height ?? 0,
            toleranceInUse: tolerance.inUse, numbering: ElementNumbering.identity.reader)
        answerTiles = AnswerTiles(tables: gridTables, elementCount: hot.count)
        var tables = gridTables
        tables.answers = answerTiles?.reader ?? .none
        self.tables = tables
    }
}

extension HitTester {
    /// The full records, for everything off the query's hot path (built on first use).
    var records: RecordTables { storage.records }
}
