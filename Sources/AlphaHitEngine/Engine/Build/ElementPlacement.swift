import AlphaHitBasics

/// Where each element of a flattened layout sits: its parent and its position in its parent's
/// list of children (or in the top-level list). An element's path is made from these on demand,
/// so that building an engine makes no path for the elements that never need one.
struct ElementPlacement: Sendable {
    private var parents: [Int32] = []
    private var offsets: [Int32] = []

    mutating func reserveCapacity(_ count: Int) {
        parents.reserveCapacity(count)
        offsets.reserveCapacity(count)
    }

    mutating func removeAll() {
        parents.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
    }

    mutating func append(parent: Int32, offset: Int32) {
        parents.append(parent)
        offsets.append(offset)
    }

    /// `elements[2].children[0]` for the element at pre-order position `index` (see ``ElementPath``).
    func path(of index: Int) -> LayoutPath {
        ElementPath.path(of: index, parent: { Int(parents[$0]) }, offset: { Int(offsets[$0]) })
    }
}
