import AlphaHitBasics

/// A scene's grid cells: each cell's ``CellEntry`` list, front first, in pages of 16 cells that
/// the writer changes an entry at a time while snapshots read the pages they took (``PageList``).
///
/// A page holds 17 `Int32` offsets (cell `c`'s entries are `entries[starts[c] ..< starts[c + 1]]`)
/// and then the entries, with room to spare: an insertion moves the page's later entries up one
/// slot (so pages are small: 16 cells of a few entries each), and a full page moves to one half as
/// large again.
struct LiveCells: @unchecked Sendable {
    static let cellsPerPage = 16
    /// Where a page's entries start: after its 17 offsets, on an 8-byte boundary.
    static let entriesOffset = 72

    private(set) var pages = PageList { page in
        page.base.bindMemory(to: Int32.self, capacity: LiveCells.cellsPerPage + 1)
        (page.base + LiveCells.entriesOffset).bindMemory(to: CellEntry.self, capacity: (page.byteCount - LiveCells.entriesOffset) / 8)
    }
    let cellCount: Int

    /// The cells of a grid in compressed rows: cell `c`'s entries are `entries[cellStart[c] ..< cellStart[c + 1]]`.
    init(cellStart: [Int32], entries: [CellEntry]) {
        cellCount = cellStart.count - 1
        for first in stride(from: 0, to: cellCount, by: Self.cellsPerPage) {
            let last = min(first + Self.cellsPerPage, cellCount)
            let (lower, upper) = (Int(cellStart[first]), Int(cellStart[last]))
            pages.appendPage(byteCount: Self.byteCount(forEntries: upper - lower + (upper - lower) / 4 + 8))
            let page = pages.writablePage(pages.count - 1)
            let starts = page.assumingMemoryBound(to: Int32.self)
            for cell in 0...Self.cellsPerPage { starts[cell] = cellStart[min(first + cell, last)] - Int32(lower) }
            let into = (page + Self.entriesOffset).assumingMemoryBound(to: CellEntry.self)
            for slot in lower..<upper { into[slot - lower] = entries[slot] }
        }
    }

    private static func byteCount(forEntries count: Int) -> Int { entriesOffset + count * MemoryLayout<CellEntry>.stride }

    /// Cell `cell`'s entries, front first (valid until the next change).
    func entries(ofCell cell: Int) -> UnsafeBufferPointer<CellEntry> {
        LiveCellReader(pages: pages.addresses).entries(ofCell: cell)
    }

    /// Puts `entry` at `position` in cell `cell`'s list.
    mutating func insert(_ entry: CellEntry, cell: Int, at position: Int) {
        let (index, local) = (cell / Self.cellsPerPage, cell % Self.cellsPerPage)
        let total = Int(pages.page(index).assumingMemoryBound(to: Int32.self)[Self.cellsPerPage])
        let capacity = (pages.byteCount(ofPage: index) - Self.entriesOffset) / MemoryLayout<CellEntry>.stride
        let page = pages.writablePage(index, byteCount: total < capacity ? nil : Self.byteCount(forEntries: total + total / 2 + 8))
        let starts = page.assumingMemoryBound(to: Int32.self)
        let entries = (page + Self.entriesOffset).assumingMemoryBound(to: CellEntry.self)
        let at = Int(starts[local]) + position
        precondition(at <= Int(starts[local + 1]), "cell position out of range")
        (entries + at + 1).update(from: entries + at, count: total - at)
        entries[at] = entry
        for later in local + 1...Self.cellsPerPage { starts[later] += 1 }
    }

    /// Takes the entry at `position` out of cell `cell`'s list.
    mutating func remove(cell: Int, at position: Int) {
        let (index, local) = (cell / Self.cellsPerPage, cell % Self.cellsPerPage)
        let page = pages.writablePage(index)
        let starts = page.assumingMemoryBound(to: Int32.self)
        let entries = (page + Self.entriesOffset).assumingMemoryBound(to: CellEntry.self)
        let total = Int(starts[Self.cellsPerPage])
        let at = Int(starts[local]) + position
        precondition(at < Int(starts[local + 1]), "cell position out of range")
        entries.advanced(by: at).update(from: entries + at + 1, count: total - at - 1)
        for later in local + 1...Self.cellsPerPage { starts[later] -= 1 }
    }

    var reader: LiveCellReader { LiveCellReader(pages: pages.addresses) }

    var byteCount: Int { pages.byteCount }
}

/// ``LiveCells`` as a query reads them: the page addresses alone.
struct LiveCellReader: @unchecked Sendable, BitwiseCopyable {
    let pages: UnsafePointer<UnsafeRawPointer>

    @inline(__always)
    func entries(ofCell cell: Int) -> UnsafeBufferPointer<CellEntry> {
        let page = pages[cell / LiveCells.cellsPerPage]
        let starts = page.assumingMemoryBound(to: Int32.self), local = cell % LiveCells.cellsPerPage
        let entries = (page + LiveCells.entriesOffset).assumingMemoryBound(to: CellEntry.self)
        return UnsafeBufferPointer(start: entries + Int(starts[local]), count: Int(starts[local + 1] &- starts[local]))
    }
}
