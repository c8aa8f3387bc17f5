/// The layout path of an element, `elements[2].children[0]`: the one way a flattened element's
/// place in its layout is written, for the builder's problems (``ElementPlacement``, offsets kept
/// while flattening) and for results and diagnostics (``ElementTree``, offsets found on demand).
enum ElementPath {
    /// The path of element `index`, from each element's `parent` (−1 at the top level) and its
    /// `offset` among its siblings (or in the top-level list).
    static func path(of index: Int, parent: (Int) -> Int, offset: (Int) -> Int) -> LayoutPath {
        var chain: [Int] = []
        var current = index
        while current >= 0 {
            chain.append(current)
            current = parent(current)
        }
        var path = LayoutPath.element(offset(chain.removeLast()))
        while let next = chain.popLast() { path = path["children"][offset(next)] }
        return path
    }
}
