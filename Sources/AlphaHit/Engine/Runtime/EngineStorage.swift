import Synchronization

/// Everything a built engine owns. Immutable after init; the raw buffers are read by the
/// hot path through ``QueryTables`` without reference counting.
final class EngineStorage: @unchecked Sendable {
    // Unchecked: the buffers are written once, in init, and only read afterwards.
    let elements: UnsafeMutableBufferPointer<CompiledElement>
    let chains: UnsafeMutableBufferPointer<Int32>
    let cellStart: UnsafeMutableBufferPointer<Int32>
    let cellEntries: UnsafeMutableBufferPointer<GridEntry>
    let tables: QueryTables

    // Used off the hot path (results, explain, hit maps, diagnostics).
    let tree: ElementTree
    var ids: [String] { tree.ids }
    var lines: [Int?] { tree.lines }
    var children: [[Int32]] { tree.children }
    var topLevel: [Int32] { tree.topLevel }
    var skipReasons: [HitVerdict.SkipReason?] { tree.skipReasons }
    /// Each id's element.
    let indexByID: [String: Int32]
    let canvas: Size?
    /// The far edges of everything that can be hit, in layout points (0 when nothing can be).
    let contentMaxX: Double, contentMaxY: Double
    /// Keeps every image the elements point into alive.
    let images: [DecodedImage]
    /// The boxes of the elements that can be hit, in resolution order (front-most first).
    let candidates: [GridEntry]
    let tolerance: TouchTolerance
    private let lazyToleranceIndex = AtomicLazyReference<ToleranceIndex>()
    /// The same index's address once stored: one atomic load, without the reference counting of
    /// `AtomicLazyReference.load()`, for every later search (the reference above keeps it alive).
    private let toleranceIndexAddress = Atomic<UInt>(0)

    /// Whether a search has built the touch-tolerance index yet.
    var hasToleranceIndex: Bool { toleranceIndexAddress.load(ordering: .acquiring) != 0 }

    /// Calls `body` with the touch-tolerance index, built by the first search that needs it (two
    /// racing first searches may both build one; the first stored is kept).
    func withToleranceIndex<Result>(_ body: (ToleranceIndex) -> Result) -> Result {
        let address = toleranceIndexAddress.load(ordering: .acquiring)
        if address != 0 {
            return Unmanaged<ToleranceIndex>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)._withUnsafeGuaranteedRef(body)
        }
        let index = lazyToleranceIndex.storeIfNil(ToleranceIndex(tables: tables, count: elements.count, candidates: candidates, images: images))
        toleranceIndexAddress.store(UInt(bitPattern: Unmanaged.passUnretained(index).toOpaque()), ordering: .releasing)
        return body(index)
    }

    /// The element tree as the builder flattened it, pre-order.
    struct ElementTree {
        var ids: [String]
        /// Where each element is in the layout, for its path (`elements[2].children[0]`); and, from
        /// a file, its line.
        var placement: ElementPlacement
        var lines: [Int?]
        /// Children of each element, back to front; `topLevel` likewise for the layout.
        var children: [[Int32]]
        var topLevel: [Int32]
        var skipReasons: [HitVerdict.SkipReason?]
    }

    /// Takes ownership of `elements`, made by ``buffer(moving:)``.
    init(
        elements: UnsafeMutableBufferPointer<CompiledElement>, chains: [Int32], grid: SpatialGrid, boxes: [ElementBox], canvas: Size?,
        tree: ElementTree, indexByID: [String: Int32], images: [DecodedImage], tolerance: TouchTolerance
    ) {
        self.elements = elements
        self.chains = Self.copy(chains)
        self.cellStart = Self.copy(grid.cellStart)
        self.cellEntries = Self.copy(grid.entries)
        self.tree = tree
        self.indexByID = indexByID
        self.canvas = canvas
        self.contentMaxX = boxes.map(\.maxX).filter(\.isFinite).max() ?? 0
        self.contentMaxY = boxes.map(\.maxY).filter(\.isFinite).max() ?? 0
        self.images = images
        self.candidates = boxes.map(GridEntry.init)
        self.tolerance = tolerance
        self.tables = QueryTables(
            elements: UnsafePointer(elements.baseAddress!), chains: UnsafePointer(self.chains.baseAddress!),
            cellStart: UnsafePointer(cellStart.baseAddress!), cellEntries: UnsafePointer(cellEntries.baseAddress!),
            gridMinX: grid.minX, gridMinY: grid.minY, gridMaxX: grid.maxX, gridMaxY: grid.maxY,
            columns: grid.columns, rows: grid.rows,
            inverseCellWidth: grid.inverseCellWidth, inverseCellHeight: grid.inverseCellHeight,
            hasCanvas: canvas != nil, canvasWidth: canvas?.width ?? 0, canvasHeight: canvas?.height ?? 0,
            toleranceInUse: tolerance.inUse)
    }

    deinit {
        UnsafeMutableRawPointer(elements.baseAddress!).deallocate()
        chains.deallocate()
        cellStart.deallocate()
        cellEntries.deallocate()
    }

    /// A buffer holding the array's elements, leaving the array empty: aligned to 64 bytes, so that
    /// each record's first 64 bytes (what the common tests read) are one cache line.
    static func buffer(moving array: inout [CompiledElement]) -> UnsafeMutableBufferPointer<CompiledElement> {
        let count = array.count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<CompiledElement>.stride, alignment: 64)
        let buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: CompiledElement.self, capacity: max(1, count)), count: count)
        _ = buffer.initialize(from: array)
        array = []
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
    /// The bytes of the engine's own tables, excluding decoded images: the per-point tables (element
    /// records, chains, grid cells and entries), the candidate boxes, and the tree kept for results
    /// (ids counted at their UTF-8 length plus a string's 16 bytes, child lists, lines, the id
    /// lookup at two words an entry). For the benchmarks' memory-per-element figure.
    package var engineByteCount: Int {
        let s = storage
        let hot = s.elements.count * MemoryLayout<CompiledElement>.stride + s.chains.count * 4
            + s.cellStart.count * 4 + s.cellEntries.count * MemoryLayout<GridEntry>.stride
        let ids = s.ids.reduce(0) { $0 + 16 + ($1.utf8.count > 15 ? $1.utf8.count : 0) }
        let tree = s.children.reduce(0) { $0 + 32 + $1.count * 4 } + s.lines.count * 9 + s.skipReasons.count * 2
        return hot + s.candidates.count * MemoryLayout<GridEntry>.stride + ids + tree + s.indexByID.count * 48
    }
}
