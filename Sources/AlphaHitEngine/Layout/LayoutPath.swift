import AlphaHitBasics

/// Where something is in a layout, as a JSON path from the root: `elements[2].children[0].frame.width`.
///
/// The one way paths are built, by the layout file's decoder and by the engine's validation alike,
/// so that a problem found by both can be recognised as the same place.
package struct LayoutPath: Hashable, Sendable, CustomStringConvertible {
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    package private(set) var components: [Component] = []

    /// The document's root.
    package static let root = LayoutPath()

    /// `elements[offset]`: a top-level element.
    package static func element(_ offset: Int) -> LayoutPath { root["elements"][offset] }

    /// The member `key` of the object at this path.
    package subscript(key: String) -> LayoutPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The item at `offset` of the array at this path.
    package subscript(offset: Int) -> LayoutPath {
        var path = self
        path.components.append(.index(offset))
        return path
    }

    package var isRoot: Bool { components.isEmpty }

    /// The path one level up; the root is its own parent.
    package var parent: LayoutPath {
        var path = self
        _ = path.components.popLast()
        return path
    }

    /// Whether this path is `ancestor` or lies inside it.
    package func isWithin(_ ancestor: LayoutPath) -> Bool {
        components.starts(with: ancestor.components)
    }

    package var description: String {
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
