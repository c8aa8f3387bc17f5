/// One page of a ``PageList``: a block of memory of its own, 64-byte aligned, freed with the page.
///
/// Raw memory, like ``Table``'s: written only by the scene's one writer while no snapshot shares
/// the page (``PageList`` copies a shared page before writing), read by snapshots afterwards.
final class RawPage: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let byteCount: Int

    /// A zeroed page of `byteCount` bytes.
    init(byteCount: Int) {
        self.byteCount = max(byteCount, 64)
        base = .allocate(byteCount: self.byteCount, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: self.byteCount)
    }

    /// A page of `byteCount` bytes starting with `page`'s (the rest zeroed).
    init(copying page: RawPage, byteCount: Int) {
        self.byteCount = max(byteCount, 64)
        base = .allocate(byteCount: self.byteCount, alignment: 64)
        let kept = min(page.byteCount, self.byteCount)
        base.copyMemory(from: page.base, byteCount: kept)
        (base + kept).initializeMemory(as: UInt8.self, repeating: 0, count: self.byteCount - kept)
    }

    deinit { base.deallocate() }
}

/// A list of pages that a scene's writer changes while snapshots keep reading the pages they took:
/// persistent by copy-on-write, a page at a time.
///
/// A snapshot is a copy of the list (one retain of its root). Writing a page the list shares with
/// a snapshot copies that page, and the root (a few bytes a page) if the snapshot shares that
/// too; a page nobody else holds is written in place. Readers read the root's plain address table
/// (``addresses``), so a query touches no reference count.
struct PageList: @unchecked Sendable {
    private final class Root: @unchecked Sendable {
        // Only the scene's one writer changes a root, and only one no snapshot holds: the
        // run-time exclusivity checks would cost a change more than its writes.
        @exclusivity(unchecked) var pages: [RawPage]
        /// `pages[i].base`, in memory a reader reads without reference counting.
        @exclusivity(unchecked) var addresses: UnsafeMutablePointer<UnsafeMutableRawPointer>
        @exclusivity(unchecked) var capacity: Int

        init(pages: [RawPage]) {
            self.pages = pages
            capacity = max(pages.count, 4)
            addresses = .allocate(capacity: capacity)
            for (index, page) in pages.enumerated() { addresses[index] = page.base }
        }

        deinit { addresses.deallocate() }
    }

    private var root: Root
    /// Binds a new page's memory to the types its owner reads it as (pages are made raw).
    private let bind: @Sendable (RawPage) -> Void

    init(binding bind: @escaping @Sendable (RawPage) -> Void) {
        root = Root(pages: [])
        self.bind = bind
    }

    var count: Int { root.pages.count }

    /// Page `index`'s memory, for reading.
    func page(_ index: Int) -> UnsafeMutableRawPointer { root.addresses[index] }

    /// The pages' addresses, for a snapshot's readers (valid while this list, or a copy, is alive).
    var addresses: UnsafePointer<UnsafeRawPointer> {
        UnsafeRawPointer(root.addresses).assumingMemoryBound(to: UnsafeRawPointer.self)
    }

    /// Page `index`'s memory, for writing: the page (and the root) copied first when a snapshot
    /// shares it, or moved to a page of `byteCount` bytes when one is given.
    mutating func writablePage(_ index: Int, byteCount: Int? = nil) -> UnsafeMutableRawPointer {
        ownRoot()
        if byteCount != nil || !isKnownUniquelyReferenced(&root.pages[index]) {
            let current = root.pages[index]
            let page = RawPage(copying: current, byteCount: byteCount ?? current.byteCount)
            bind(page)
            root.pages[index] = page
            root.addresses[index] = page.base
        }
        return root.addresses[index]
    }

    /// Adds a zeroed page of `byteCount` bytes at the end.
    mutating func appendPage(byteCount: Int) {
        let page = RawPage(byteCount: byteCount)
        bind(page)
        ownRoot()
        if root.pages.count == root.capacity {
            let grown = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: root.capacity * 2)
            grown.initialize(from: root.addresses, count: root.pages.count)
            root.addresses.deallocate()
            root.addresses = grown
            root.capacity *= 2
        }
        root.addresses[root.pages.count] = page.base
        root.pages.append(page)
    }

    /// The size of page `index`, in bytes.
    func byteCount(ofPage index: Int) -> Int { root.pages[index].byteCount }

    /// The bytes of the pages and of the root.
    var byteCount: Int { root.pages.reduce(0) { $0 + $1.byteCount } + root.capacity * 16 }

    private mutating func ownRoot() {
        if !isKnownUniquelyReferenced(&root) { root = Root(pages: root.pages) }
    }
}
