import AlphaHitAtlas
import AlphaHitBasics

/// The element tree as the builder flattened it, pre-order: what results and diagnostics name
/// elements by (ids, paths, lines), in flat arrays of a few bytes an element.
struct ElementTree {
    let ids: [String]
    let topLevel: [Int32]
    let skipReasons: [HitVerdict.SkipReason?]
    /// From a file, the line each element starts at (−1 when unknown); empty when none is known.
    private let lines: [Int32]
    /// Children of element i, back to front: `childItems[childStarts[i] ..< childStarts[i + 1]]`.
    private let childStarts: [Int32], childItems: [Int32]
    /// Each id's element: an open-addressing table of element indices, keyed by the id's hash.
    private let idSlots: [Int32]

    init(ids: [String], lines: [Int?], children: [[Int32]], topLevel: [Int32], skipReasons: [HitVerdict.SkipReason?]) {
        self.ids = ids
        self.topLevel = topLevel
        self.skipReasons = skipReasons
        self.lines = lines.contains { $0 != nil } ? lines.map { $0.flatMap { Int32(exactly: $0) } ?? -1 } : []
        var starts = [Int32](repeating: 0, count: children.count + 1), items: [Int32] = []
        items.reserveCapacity(children.count)
        for (index, list) in children.enumerated() {
            items.append(contentsOf: list)
            starts[index + 1] = Int32(items.count)
        }
        (childStarts, childItems) = (starts, items)
        // At most three quarters full: a probe ends after a slot or two (four on average for a miss).
        var capacity = 2
        while capacity * 3 < 4 * ids.count { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        for (index, id) in ids.enumerated() {
            var slot = id.hashValue & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index)
        }
        idSlots = slots
    }

    /// The element with `id`, or nil. Ids are unique (the builder checks), so the first equal one is it.
    func index(ofID id: String) -> Int32? {
        let mask = idSlots.count - 1
        var slot = id.hashValue & mask
        while idSlots[slot] >= 0 {
            if ids[Int(idSlots[slot])] == id { return idSlots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The children of element `index`, back to front, in increasing index order.
    func children(of index: Int) -> ArraySlice<Int32> {
        childItems[Int(childStarts[index])..<Int(childStarts[index + 1])]
    }

    func line(of index: Int) -> Int? { index < lines.count && lines[index] >= 0 ? Int(lines[index]) : nil }

    /// `elements[2].children[0]` for element `index` (see ``ElementPath``), its place among its
    /// siblings found by bisection: pre-order numbers siblings in increasing order.
    func path(of index: Int, parents: TableReader<Int32>) -> LayoutPath {
        ElementPath.path(of: index, parent: { Int(parents[$0]) }) { element in
            let parent = Int(parents[element])
            let siblings = parent >= 0 ? children(of: parent) : topLevel[...]
            var (low, high) = (siblings.startIndex, siblings.endIndex)
            while low < high {
                let middle = (low + high) / 2
                if Int(siblings[middle]) < element { low = middle + 1 } else { high = middle }
            }
            return low - siblings.startIndex
        }
    }

    /// Walks `list` (siblings, back to front as the layout lists them) and their subtrees in the
    /// resolution order, the one definition of which element is tried first (`Docs/HitTesting.md`,
    /// "Overlaps"): the last sibling first, and each element's children before the element itself.
    ///
    /// `enter` is asked of each element on the way down: false leaves out its subtree and itself
    /// (a skipped element, a clipping one the point is outside). `visit` is then called with each
    /// element entered, after its subtree; true from it ends the walk, and the walk returns true.
    @discardableResult
    func walkInResolutionOrder(_ list: ArraySlice<Int32>, enter: (Int) -> Bool, visit: (Int) -> Bool) -> Bool {
        for index in list.reversed().map(Int.init) where enter(index) {
            if walkInResolutionOrder(children(of: index), enter: enter, visit: visit) { return true }
            if visit(index) { return true }
        }
        return false
    }

    /// The bytes these tables hold: an id at its UTF-8 length beyond the 15 a string holds inline,
    /// plus the string's 16 bytes.
    var byteCount: Int {
        let idBytes = ids.reduce(0) { $0 + 16 + ($1.utf8.count > 15 ? $1.utf8.count : 0) }
        return idBytes + 4 * (topLevel.count + lines.count + childStarts.count + childItems.count + idSlots.count)
            + skipReasons.count * MemoryLayout<HitVerdict.SkipReason?>.stride
    }
}
