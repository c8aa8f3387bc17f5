/// A parsed JSON value, each with the line where it starts, so layout problems can point into the file.
indirect enum JSONValue {
    case null
    case bool(Bool)
    /// Any JSON number; out-of-range exponents become infinities, which the layout rejects.
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order; a key given twice is a syntax error.
    case object([(key: String, value: JSONNode)])

    /// "a number", "a string", ... for messages such as "must be a number, not a string".
    var kind: String {
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

/// A JSON value and where it starts in the file (1-based line and byte column).
struct JSONNode {
    var value: JSONValue
    var line: Int
    var column: Int
}

/// Malformed JSON: where, and what was expected.
struct JSONSyntaxError: Error, Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String

    var description: String { "line \(line), column \(column): \(message)" }
}
