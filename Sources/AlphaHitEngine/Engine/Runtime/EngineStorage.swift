import AlphaHitBasics
import AlphaHitImages
import Synchronization

/// Everything a built engine owns. Immutable after init; the raw buffers are read by the
/// hot path through ``QueryTables`` without reference counting.
final class EngineStorage: @unchecked Sendable {
    // Unchecked: the buffers are written once, in init, and only read afterwards.
    let hot: UnsafeMutableBufferPointer<HotElement>
    let transforms: UnsafeMutableBufferPointer<InverseTransform>
    let imageSlots: UnsafeMutableBufferPointer<ImageSlot>
    let details: UnsafeMutableBufferPointer<CompiledElement>
    let parents: UnsafeMutableBufferPointer<Int32>
    let cellStart: UnsafeMutableBufferPointer<Int32>
    let cellEntries: UnsafeMutableBufferPointer<CellEntry>
    let tables: QueryTables

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
    private let lazyRecords = AtomicLazyReference<FullRecords>()
    /// The full records' address once stored: one atomic load per use, without reference counting
    /// (the reference above keeps them alive).
    private let recordsAddress = Atomic<UInt>(0)
    private let lazyToleranceIndex = AtomicLazyReference<ToleranceIndex>()
    /// The same index's address once stored: one atomic load, without the reference counting of
    /// `AtomicLazyReference.load()`, for every later search (the reference above keeps it alive).
    private let toleranceIndexAddress = Atomic<UInt>(0)

    /// Every element's full record and chain, built by the first call that needs them (two racing
    /// first calls may both build them; the first stored is kept).
    var records: RecordTables {
        let address = recordsAddress.load(ordering: .acquiring)
        if address != 0 {
            return Unmanaged<FullRecords>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)._withUnsafeGuaranteedRef { $0.tables }
        }
        let built = lazyRecords.storeIfNil(FullRecords(expanding: tables, count: hot.count))
        recordsAddress.store(UInt(bitPattern: Unmanaged.passUnretained(built).toOpaque()), ordering: .releasing)
        return built.tables
    }


    /// The full records' bytes once built, else 0.
    var lazyFullRecordBytes: Int { lazyRecords.load()?.byteCount ?? 0 }

    /// Whether a search has built the touch-tolerance index yet.
    var hasToleranceIndex: Bool { toleranceIndexAddress.load(ordering: .acquiring) != 0 }

    /// Calls `body` with the touch-tolerance index, built by the first search that needs it (two
    /// racing first searches may both build one; the first stored is kept).
    func withToleranceIndex<Result>(_ body: (ToleranceIndex) -> Result) -> Result {
        let address = toleranceIndexAddress.load(ordering: .acquiring)
        if address != 0 {
            return Unmanaged<ToleranceIndex>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)._withUnsafeGuaranteedRef(body)
        }
        let index = lazyToleranceIndex.storeIfNil(ToleranceIndex(tables: records, count: hot.count, candidates: candidates, images: images))
        toleranceIndexAddress.store(UInt(bitPattern: Unmanaged.passUnretained(index).toOpaque()), ordering: .releasing)
        return body(index)
    }

    init(
        dense: DenseTables, grid: SpatialGrid, boxes: [ElementBox], canvas: Size?,
        tree: ElementTree, images: [DecodedImage], tolerance: TouchTolerance, inputFiles: [String] = []
    ) {
        self.inputFiles = inputFiles
        // Aligned to 64 bytes: two hot records to a cache line, never one across two; a general
        // element's full record on whole lines of its own.
        hot = Self.aligned(dense.hot)
        transforms = Self.copy(dense.transforms)
        imageSlots = Self.copy(dense.images)
        details = Self.aligned(dense.details)
        parents = Self.copy(dense.parents)
        cellStart = Self.copy(grid.cellStart)
        cellEntries = Self.copy(grid.entries)
        // A general element's entries lead straight to its full record (see `CellEntry`).
        for slot in cellEntries.indices where dense.hot[Int(cellEntries[slot].element)].isGeneral {
            cellEntries[slot].element = -1 - dense.hot[Int(cellEntries[slot].element)].detail
        }
        self.tree = tree
        self.canvas = canvas
        self.contentMaxX = boxes.map(\.maxX).filter(\.isFinite).max() ?? 0
        self.contentMaxY = boxes.map(\.maxY).filter(\.isFinite).max() ?? 0
        self.images = images
        self.candidates = boxes.map(GridEntry.init)
        self.tolerance = tolerance
        self.tables = QueryTables(
            hot: UnsafePointer(hot.baseAddress!), transforms: UnsafePointer(transforms.baseAddress!), images: UnsafePointer(imageSlots.baseAddress!),
            details: UnsafePointer(details.baseAddress!), parents: UnsafePointer(parents.baseAddress!),
            cellStart: UnsafePointer(cellStart.baseAddress!), cellEntries: UnsafePointer(cellEntries.baseAddress!),
            gridMinX: grid.minX, gridMinY: grid.minY, gridMaxX: grid.maxX, gridMaxY: grid.maxY,
            columns: grid.columns, rows: grid.rows,
            inverseCellWidth: grid.inverseCellWidth, inverseCellHeight: grid.inverseCellHeight,
            hasCanvas: canvas != nil, canvasWidth: canvas?.width ?? 0, canvasHeight: canvas?.height ?? 0,
            toleranceInUse: tolerance.inUse)
    }

    deinit {
        UnsafeMutableRawPointer(hot.baseAddress!).deallocate()
        transforms.deallocate()
        imageSlots.deallocate()
        UnsafeMutableRawPointer(details.baseAddress!).deallocate()
        parents.deallocate()
        cellStart.deallocate()
        cellEntries.deallocate()
    }

    /// A buffer with the array's elements, 64-byte aligned (freed as raw memory; at least one slot).
    private static func aligned<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let slots = max(1, array.count)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: slots * MemoryLayout<Element>.stride, alignment: 64)
        let buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: slots), count: array.count)
        _ = buffer.initialize(from: array)
        return buffer
    }

    /// A buffer with the array's elements (allocated with at least one slot, so the base address exists).
    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        // The count is the array's own: an empty array gives an empty buffer (with a base address).
        return UnsafeMutableBufferPointer(start: buffer.baseAddress, count: array.count)
    }
}

extension HitTester {
    /// The bytes of the engine's own tables, excluding decoded images: the per-point tables (hot
    /// records, general elements' full records, transforms, parents, grid cells and entries), the
    /// full records once something has built them, the candidate boxes, and the tree kept for results
    /// (see ``ElementTree/byteCount``). For the benchmarks' memory-per-element figure.
    package var engineByteCount: Int { engineBytes.reduce(0) { $0 + $1.bytes } }

    /// ``engineByteCount`` by table, largest first.
    package var engineBytes: [(table: String, bytes: Int)] {
        let s = storage
        let parts = [
            ("hot records", s.hot.count * MemoryLayout<HotElement>.stride),
            ("full records of general elements", s.details.count * MemoryLayout<CompiledElement>.stride),
            ("transforms and images of plain elements", s.transforms.count * MemoryLayout<InverseTransform>.stride + s.imageSlots.count * MemoryLayout<ImageSlot>.stride),
            ("parents", s.parents.count * 4),
            ("full records, built on first use", s.lazyFullRecordBytes),
            ("grid cells", s.cellStart.count * 4),
            ("grid entries", s.cellEntries.count * MemoryLayout<CellEntry>.stride),
            ("candidate boxes", s.candidates.count * MemoryLayout<GridEntry>.stride),
            ("tree: ids, id lookup, child lists, lines, skip reasons", s.tree.byteCount),
        ]
        return parts.sorted { $0.1 > $1.1 }.map { (table: $0.0, bytes: $0.1) }
    }
}

extension HitTester {
    /// The full records, for everything off the query's hot path (built on first use).
    var records: RecordTables { storage.records }
}
