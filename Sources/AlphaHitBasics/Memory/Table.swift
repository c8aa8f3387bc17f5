import CAlphaHitNumerics

/// A fixed table of plain values in memory of its own, 64-byte aligned: what an engine's tables
/// are stored in, so that the hot path reads them through ``TableView`` without reference counting.
///
/// One of the four types that hold AlphaHit's unsafe memory (with the engine's `LazyReference`,
/// `GuaranteedReference` and `ElementHandle`; `Docs/Architecture.md` lists where else raw
/// pointers may appear).
/// The memory is written once, in `init`, and only read afterwards, hence `Sendable`.
package final class Table<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The elements, read-only, valid while this table is alive.
    package let view: TableView<Element>

    /// A table holding `elements`, in order. At least one slot is allocated, so that even an empty
    /// table has an address; the aligned start keeps two 32-byte records to a cache line.
    @inlinable
    package init(_ elements: [Element]) {
        let count = elements.count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<Element>.stride, alignment: 64)
        let typed = raw.bindMemory(to: Element.self, capacity: max(1, count))
        // One copy of the array's contiguous storage (a memcpy for these plain values).
        elements.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { typed.initialize(from: base, count: count) }
        }
        view = TableView(base: UnsafePointer(typed), count: count)
    }

    deinit {
        // Plain values (BitwiseCopyable) need no deinitialization.
        UnsafeMutableRawPointer(mutating: view.base).deallocate()
    }

    @inlinable package var count: Int { view.count }

    /// The bytes the elements take (the table's own figure for memory reports).
    @inlinable package var byteCount: Int { view.count * MemoryLayout<Element>.stride }
}

/// The elements of a ``Table``, read without reference counting: a base address and a count, with
/// subscripts that check the index in debug builds (and trap on a bad one there) and cost nothing
/// in release builds. Valid only while the table that made it is alive; the engine that holds both
/// guarantees that.
@frozen @usableFromInline
package struct TableView<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline package let base: UnsafePointer<Element>
    @usableFromInline package let count: Int

    @inlinable @usableFromInline
    package init(base: UnsafePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The element at `index`, in `0 ..< count`.
    @inlinable @usableFromInline
    package subscript(_ index: Int) -> Element {
        @inline(__always) get {
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "table index \(index) out of 0..<\(count)")
            return base[index]
        }
    }

    /// The address of the element at `index`, in `0 ..< count`, for a type that reads one large
    /// record field by field (the engine's `ElementHandle`) rather than copying it.
    @inlinable @usableFromInline @inline(__always)
    package func address(of index: Int) -> UnsafePointer<Element> {
        assert(UInt(bitPattern: index) < UInt(bitPattern: count), "table index \(index) out of 0..<\(count)")
        return base + index
    }

    /// Asks the memory for the cache line of element `index`'s first byte ahead of reading it,
    /// without waiting (no effect on results, and none for an index out of range). One line, not
    /// every line a large element spans: for the near miss's 144-byte records, hints for all three
    /// lines measured slower than one (Benchmarks/README.md, "Candidates' records asked for early").
    @inlinable @inline(__always)
    package func prefetch(_ index: Int) {
        alphahit_prefetch(UnsafeRawPointer(base + index))
    }

    /// The elements at `range`, a subrange of `0 ..< count`, as a collection of their own.
    @inlinable @usableFromInline
    package subscript(_ range: Range<Int>) -> TableView<Element> {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "table range \(range) out of 0..<\(count)")
        return TableView(base: base + range.lowerBound, count: range.count)
    }
}

extension TableView: RandomAccessCollection {
    @inlinable @usableFromInline package var startIndex: Int { 0 }
    @inlinable @usableFromInline package var endIndex: Int { count }
}

extension TableView {
    /// Calls `body` with a view of `array`'s elements, valid only inside `body`: for a builder that
    /// reads a large array through the same code the built tables are read by, without a copy.
    @inlinable
    package static func withElements<Result>(of array: [Element], _ body: (TableView<Element>) throws -> Result) rethrows -> Result {
        try array.withUnsafeBufferPointer { buffer in
            // An empty array may have no address; one slot of scratch stands in (never read: count 0).
            guard let base = buffer.baseAddress else {
                return try withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { try body(TableView(base: UnsafePointer($0.baseAddress!), count: 0)) }
            }
            return try body(TableView(base: base, count: buffer.count))
        }
    }
}

/// A ``TableView`` as the hot path reads it: the base address alone in release builds (8 bytes,
/// so that a query's tables stay in registers), with the count kept and every index checked in
/// debug builds. Valid while the table that made it is alive.
@frozen @usableFromInline
package struct TableReader<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline package let base: UnsafePointer<Element>
    #if DEBUG
    @usableFromInline package let count: Int
    #endif

    @inlinable @usableFromInline
    package init(_ view: TableView<Element>) {
        base = view.base
        #if DEBUG
        count = view.count
        #endif
    }

    /// The element at `index`, in `0 ..< count`.
    @inlinable @usableFromInline
    package subscript(_ index: Int) -> Element {
        @inline(__always) get {
            #if DEBUG
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "table index \(index) out of 0..<\(count)")
            #endif
            return base[index]
        }
    }

    /// The address of the element at `index`, in `0 ..< count` (see ``TableView/address(of:)``).
    @inlinable @usableFromInline @inline(__always)
    package func address(of index: Int) -> UnsafePointer<Element> {
        #if DEBUG
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "table index \(index) out of 0..<\(count)")
        #endif
        return base + index
    }
}

extension TableView {
    /// The view as the hot path reads it.
    @inlinable @usableFromInline
    package var reader: TableReader<Element> { TableReader(self) }
}
