/// Everything a built engine owns. Immutable after init; the raw buffers are read by the
/// hot path through ``QueryTables`` without reference counting.
final class EngineStorage: @unchecked Sendable {
    let elements: UnsafeMutableBufferPointer<CompiledElement>
    let chains: UnsafeMutableBufferPointer<Int32>
    let cellStart: UnsafeMutableBufferPointer<Int32>
    let cellEntries: UnsafeMutableBufferPointer<GridEntry>
    let tables: QueryTables

    // Used off the hot path (results, explain, diagnostics).
    let ids: [String]
    /// Each element's path in the layout (`elements[2].children[0]`) and, from a file, its line.
    let paths: [String]
    let lines: [Int?]
    /// Children of each element, back to front; `topLevel` likewise for the layout.
    let children: [[Int32]]
    let topLevel: [Int32]
    let skipReasons: [HitVerdict.SkipReason?]
    /// Keeps every image the elements point into alive.
    let images: [DecodedImage]

    init(
        compiled: [CompiledElement], chains: [Int32], grid: SpatialGrid, canvas: Size?,
        ids: [String], paths: [String], lines: [Int?], children: [[Int32]], topLevel: [Int32], skipReasons: [HitVerdict.SkipReason?], images: [DecodedImage]
    ) {
        self.elements = Self.copy(compiled)
        self.chains = Self.copy(chains)
        self.cellStart = Self.copy(grid.cellStart)
        self.cellEntries = Self.copy(grid.entries)
        self.ids = ids
        self.paths = paths
        self.lines = lines
        self.children = children
        self.topLevel = topLevel
        self.skipReasons = skipReasons
        self.images = images
        self.tables = QueryTables(
            elements: UnsafePointer(elements.baseAddress!), chains: UnsafePointer(self.chains.baseAddress!),
            cellStart: UnsafePointer(cellStart.baseAddress!), cellEntries: UnsafePointer(cellEntries.baseAddress!),
            gridMinX: grid.minX, gridMinY: grid.minY, gridMaxX: grid.maxX, gridMaxY: grid.maxY,
            columns: grid.columns, rows: grid.rows,
            inverseCellWidth: grid.inverseCellWidth, inverseCellHeight: grid.inverseCellHeight,
            hasCanvas: canvas != nil, canvasWidth: canvas?.width ?? 0, canvasHeight: canvas?.height ?? 0)
    }

    deinit {
        elements.deallocate()
        chains.deallocate()
        cellStart.deallocate()
        cellEntries.deallocate()
    }

    /// A buffer with the array's elements (at least one slot, so the base address exists).
    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<max(1, array.count)])
    }
}
