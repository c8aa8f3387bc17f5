import AlphaHitBasics

/// A table of plain records in pages of ``perPage`` (a few kilobytes), persistent as a ``PageList`` is: a scene's
/// per-element tables, which its writer changes a record at a time while snapshots read theirs.
struct PagedTable<Record: BitwiseCopyable>: @unchecked Sendable {
    /// 256 records of up to 32 bytes a page, else 16 (a 320-byte full record's page is 5 KB).
    static var shift: Int { MemoryLayout<Record>.stride <= 32 ? 8 : 4 }
    static var perPage: Int { 1 << shift }

    private(set) var pages = PageList { $0.base.bindMemory(to: Record.self, capacity: PagedTable<Record>.perPage) }
    private(set) var count = 0

    init() {}

    init(_ records: TableView<Record>) {
        for record in records { _ = append(record) }
    }

    subscript(_ index: Int) -> Record {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "paged table index out of range")
            return pages.page(index >> Self.shift).assumingMemoryBound(to: Record.self)[index & (Self.perPage - 1)]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "paged table index out of range")
            pages.writablePage(index >> Self.shift).assumingMemoryBound(to: Record.self)[index & (Self.perPage - 1)] = newValue
        }
    }

    /// Adds `record` at the end; returns its index.
    mutating func append(_ record: Record) -> Int {
        if count == pages.count * Self.perPage {
            pages.appendPage(byteCount: Self.perPage * MemoryLayout<Record>.stride)
        }
        count += 1
        self[count - 1] = record
        return count - 1
    }

    var reader: PagedReader<Record> { PagedReader(pages: pages.addresses) }

    var byteCount: Int { pages.byteCount }
}

/// A ``PagedTable`` as a query reads it: the page addresses alone.
struct PagedReader<Record: BitwiseCopyable>: @unchecked Sendable, BitwiseCopyable {
    let pages: UnsafePointer<UnsafeRawPointer>

    @inline(__always)
    func address(of index: Int) -> UnsafePointer<Record> {
        pages[index &>> PagedTable<Record>.shift].assumingMemoryBound(to: Record.self) + (index & (PagedTable<Record>.perPage - 1))
    }
}
