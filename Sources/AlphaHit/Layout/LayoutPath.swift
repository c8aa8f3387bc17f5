/// Where something is in a layout, as a JSON path from the root: `elements[2].children[0].frame.width`.
///
/// The one way paths are built, by the layout file's decoder and by the engine's validation alike,
/// so that a problem found by both can be recognised as the same place.
struct LayoutPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []

    /// The document's root.
    static let root = LayoutPath()

    /// `elements[offset]`: a top-level element.
    static func element(_ offset: Int) -> LayoutPath { root["elements"][offset] }

    /// The member `key` of the object at this path.
    subscript(key: String) -> LayoutPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The item at `offset` of the array at this path.
    subscript(offset: Int) -> LayoutPath {
        var path = self
        path.components.append(.index(offset))
        return path
    }

    var isRoot: Bool { components.isEmpty }

    /// The path one level up; the root is its own parent.
    var parent: LayoutPath {
        var path = self
        _ = path.components.popLast()
        return path
    }

    /// Whether this path is `ancestor` or lies inside it.
    func isWithin(_ ancestor: LayoutPath) -> Bool {
        components.starts(with: ancestor.components)
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let offset): text += "[\(offset)]"
            }
        }
        return text
    }
}
