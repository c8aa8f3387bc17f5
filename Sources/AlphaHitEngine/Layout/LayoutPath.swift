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

    /// The element at `place`, offsets from the top-level list down: `[2, 0]` is `elements[2].children[0]`.
    package static func element(at place: [Int]) -> LayoutPath {
        place.dropFirst().reduce(element(place[0])) { $0["children"][$1] }
    }

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
            case .key(let key) where Self.isPlainKey(key): text += text.isEmpty ? key : "." + key
            case .key(let key): text += "[" + Self.quoted(key) + "]"
            case .index(let offset): text += "[\(offset)]"
            }
        }
        return text
    }

    /// Whether a key can be written bare: letters, digits and `_`, not starting with a digit.
    /// Any other key (a state name may be any string) is written `["key"]`, quoted as in JSON.
    private static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    private static func quoted(_ key: String) -> String {
        var text = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
