import AlphaHitBasics

/// One change to a layout's element tree, by element id: what a live scene applies
/// (`Docs/LiveScenes.md`). ``Layout/apply(_:)`` carries it out on a layout value.
public enum LayoutChange: Sendable {
    /// Changes the element with `id`: `body` may set any of its keys but `id` and `children`
    /// (changing either is refused).
    case update(id: String, @Sendable (inout Element) -> Void)
    /// Adds `element` (with its subtree) as a child of `parent` (nil: the top level), at `index`
    /// among its new siblings (nil: last, the front-most).
    case add(Element, parent: String?, index: Int?)
    /// Removes the element with `id` and its subtree.
    case remove(id: String)
    /// Moves the element with `id` (with its subtree) to `parent`, at `index` among its siblings
    /// after the move (nil: last, the front-most).
    case move(id: String, parent: Destination, index: Int?)

    /// Where a moved element goes.
    public enum Destination: Hashable, Sendable {
        /// It stays with its parent (or at the top level).
        case sameParent
        /// The top level.
        case topLevel
        /// The children of the element with this id.
        case element(String)
    }

    /// The element the change is about (the added one's id, for ``add(_:parent:index:)``).
    public var elementID: String {
        switch self {
        case .update(let id, _), .remove(let id), .move(let id, _, _): id
        case .add(let element, _, _): element.id
        }
    }
}
