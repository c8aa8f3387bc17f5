import AlphaHitBasics

/// One element's full record, read in place in the table that holds it: field by field, never
/// copying the 320-byte record, and without reference counting.
///
/// One of the four types that hold AlphaHit's unsafe memory (with `Table`/`TableView`,
/// `LazyReference` and `GuaranteedReference`). A handle is made only from a table and an index,
/// which is checked in debug builds; it is valid while the table is, which the engine holding both
/// guarantees. The tests an element runs on a point are in `ElementHitTest.swift`. Sendable: the
/// records it reads are never written after the engine (or region) that owns them is built.
@frozen @usableFromInline
struct ElementHandle: @unchecked Sendable {
    @usableFromInline let address: UnsafePointer<CompiledElement>

    /// Element `index` of `table`, in `0 ..< table.count`.
    @inlinable @inline(__always)
    init(_ table: TableView<CompiledElement>, _ index: Int) {
        address = table.address(of: index)
    }

    /// Element `index` of the table `reader` reads, in `0 ..< count`.
    @inlinable @inline(__always)
    init(_ reader: TableReader<CompiledElement>, _ index: Int) {
        address = reader.address(of: index)
    }

    /// The record at `address`, in a table of records that outlives the handle.
    @inline(__always)
    init(address: UnsafePointer<CompiledElement>) {
        self.address = address
    }

    /// The record's fields: `handle.record.width` is one load, not a copy of the record.
    @inlinable
    var record: CompiledElement {
        @inline(__always) unsafeAddress { address }
    }
}

extension ElementHandle {
    /// Calls `body` with a handle to a copy of `record`, valid only inside `body`: for a record
    /// that is in no table (tests, one-off checks).
    static func withRecord<Result>(_ record: CompiledElement, _ body: (ElementHandle) throws -> Result) rethrows -> Result {
        try TableView.withElements(of: [record]) { try body(ElementHandle($0, 0)) }
    }
}
