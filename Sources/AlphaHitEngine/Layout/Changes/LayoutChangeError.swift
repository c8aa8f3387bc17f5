/// Why a ``LayoutChange`` was refused; the layout is then unchanged.
public enum LayoutChangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No element has this id.
    case unknownID(String)
    /// The position is beyond the siblings the element would have (`count`: the most it may be).
    case indexOutOfRange(index: Int, count: Int, parent: String?)
    /// An element cannot move into its own subtree.
    case moveIntoOwnSubtree(id: String, parent: String)
    /// An update changed the element's id or children, which only adds, removes and moves may do.
    case updateChangedStructure(id: String, key: String)
    /// The scene has handed out every element index it can (`limit` over its life): build a new one.
    case tooManyElements(limit: Int)
    /// The changed layout breaks the layout rules: every problem, with its path in the changed layout.
    case invalid(LayoutError)

    public var description: String {
        switch self {
        case .unknownID(let id):
            "no element has the id \"\(id)\""
        case .indexOutOfRange(let index, let count, let parent):
            "index \(index) is beyond the \(count) sibling\(count == 1 ? "" : "s") \(parent.map { "in \"\($0)\"" } ?? "at the top level"): give 0 (the back-most) to \(count) (the front-most)"
        case .moveIntoOwnSubtree(let id, let parent):
            "\"\(id)\" cannot move into its own subtree (\"\(parent)\" is \(parent == id ? "the element itself" : "inside it"))"
        case .updateChangedStructure(let id, let key):
            "an update of \"\(id)\" may not change its \(key): \(key == "id" ? "remove the element and add it again" : "add, remove or move the children")"
        case .tooManyElements(let limit):
            "the scene has numbered \(limit) elements over its life, as many as an ElementIndex can tell apart: build a new scene from its layout"
        case .invalid(let error):
            error.description
        }
    }
}
