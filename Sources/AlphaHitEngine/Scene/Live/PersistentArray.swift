/// An array of values in pages of 32, persistent by copy-on-write a page at a time: a scene's
/// elements, which its writer changes one at a time while snapshots keep the ones they took.
struct PersistentArray<Value: Sendable>: Sendable {
    private final class Page: @unchecked Sendable {
        // Written only by the scene's writer, on a page no snapshot holds.
        @exclusivity(unchecked) var values: [Value]
        init(_ values: [Value]) { self.values = values }
    }

    private static var shift: Int { 5 }
    private var pages: [Page] = []
    private(set) var count = 0

    init() {}

    subscript(_ index: Int) -> Value {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return pages[index >> Self.shift].values[index & ((1 << Self.shift) - 1)]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            let page = index >> Self.shift
            if !isKnownUniquelyReferenced(&pages[page]) { pages[page] = Page(pages[page].values) }
            pages[page].values[index & ((1 << Self.shift) - 1)] = newValue
        }
    }

    /// What `body` reads of the value at `index`, without copying the value.
    func reading<Result>(_ index: Int, _ body: (borrowing Value) -> Result) -> Result {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
        return body(pages[index >> Self.shift].values[index & ((1 << Self.shift) - 1)])
    }

    /// Changes the value at `index` where it is (its page copied first when a snapshot holds it).
    mutating func modify(_ index: Int, _ body: (inout Value) -> Void) {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
        let page = index >> Self.shift
        if !isKnownUniquelyReferenced(&pages[page]) { pages[page] = Page(pages[page].values) }
        body(&pages[page].values[index & ((1 << Self.shift) - 1)])
    }

    mutating func append(_ value: Value) {
        if count & ((1 << Self.shift) - 1) == 0 {
            pages.append(Page([]))
            pages[pages.count - 1].values.reserveCapacity(1 << Self.shift)
        } else if !isKnownUniquelyReferenced(&pages[pages.count - 1]) {
            pages[pages.count - 1] = Page(pages[pages.count - 1].values)
        }
        pages[pages.count - 1].values.append(value)
        count += 1
    }
}
