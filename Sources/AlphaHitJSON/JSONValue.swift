import AlphaHitBasics

/// A parsed JSON value, seen through a ``JSONNode``: scalars by value, arrays and objects as views
/// into the document (nothing is copied or allocated to look at them).
package enum JSONValue {
    case null
    case bool(Bool)
    /// Any JSON number; out-of-range exponents become infinities, which the layout rejects.
    case number(Double)
    case string(String)
    case array(JSONArray)
    /// Members in file order; a key given twice is a syntax error (except where the parser allows it).
    case object(JSONObject)

    /// "a number", "a string", ... for messages such as "must be a number, not a string".
    @inlinable
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One value of a ``JSONDocument`` and where it starts in the file (1-based line, byte column).
package struct JSONNode {
    /// The document's buffers, not retained: looking at a value must cost no reference counting,
    /// and every reader keeps the ``JSONDocument`` itself alive (``LayoutFile/Decoded`` holds it).
    package let storage: UnsafePointer<JSONDocument.Storage>
    package let index: Int32

    @usableFromInline var node: JSONDocument.Node { storage.pointee.nodes[Int(index)] }

    @inlinable
    package var line: Int { Int(node.line) }
    /// How many values the whole document holds (a measure of its size).
    @inlinable
    package var documentNodeCount: Int { storage.pointee.nodes.count }
    @inlinable
    package var column: Int { Int(node.column) }

    @inlinable
    package var value: JSONValue {
        let node = self.node
        switch node.kind {
        case .null: return .null
        case .bool: return .bool(node.flag)
        case .number: return .number(node.number)
        case .string: return .string(storage.pointee.string(node.start, node.count, escaped: node.flag))
        case .array: return .array(JSONArray(storage: storage, start: node.start, count: node.count))
        case .object: return .object(JSONObject(storage: storage, start: node.start, count: node.count))
        }
    }
}

/// The items of a JSON array, in order.
package struct JSONArray: RandomAccessCollection {
    package let storage: UnsafePointer<JSONDocument.Storage>
    package let start: Int32
    package let count: Int32

    @inlinable
    package var startIndex: Int { 0 }
    @inlinable
    package var endIndex: Int { Int(count) }

    @inlinable
    package subscript(position: Int) -> JSONNode {
        JSONNode(storage: storage, index: storage.pointee.members[Int(start) + position].node)
    }
}

/// The members of a JSON object, in file order. Looking a key up compares bytes and makes no string.
package struct JSONObject: RandomAccessCollection {
    package let storage: UnsafePointer<JSONDocument.Storage>
    package let start: Int32
    package let count: Int32

    @inlinable
    package var startIndex: Int { 0 }
    @inlinable
    package var endIndex: Int { Int(count) }

    @inlinable
    package subscript(position: Int) -> (key: String, value: JSONNode) {
        let member = storage.pointee.members[Int(start) + position]
        return (storage.pointee.string(member.keyStart, member.keyCount, escaped: member.keyEscaped), JSONNode(storage: storage, index: member.node))
    }

    /// Whether the key of the member at `position` is `name`.
    @inlinable
    package func key(at position: Int, is name: String) -> Bool {
        let member = storage.pointee.members[Int(start) + position]
        return storage.pointee.bytesEqual(member.keyStart, member.keyCount, escaped: member.keyEscaped, name)
    }

    /// Calls `body` with the bytes of the key at `position`, without making it a string.
    @inlinable
    package func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let member = storage.pointee.members[Int(start) + position]
        return body(storage.pointee.text(member.keyStart, member.keyCount, escaped: member.keyEscaped))
    }

    /// The value of the member at `position`, without making its key a string.
    @inlinable
    package func value(at position: Int) -> JSONNode {
        JSONNode(storage: storage, index: storage.pointee.members[Int(start) + position].node)
    }

    /// The value of the member named `name`, if any (the last one, where a document that allows
    /// repeated keys gives it twice).
    @inlinable
    package func value(forKey name: String) -> JSONNode? {
        for position in (0..<Int(count)).reversed() where key(at: position, is: name) {
            return JSONNode(storage: storage, index: storage.pointee.members[Int(start) + position].node)
        }
        return nil
    }
}

/// Malformed JSON: where (line, and column in characters), and what was expected.
package struct JSONSyntaxError: Error, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    @inlinable
    package var description: String { "line \(line), column \(column): \(message)" }
}
