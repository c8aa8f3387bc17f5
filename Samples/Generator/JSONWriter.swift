/// A JSON value that keeps its keys in the order written, printed two spaces to a level with
/// short arrays and small objects on one line, so the sample layouts read well.
indirect enum JSON {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([(String, JSON)])

    func text(indent: String = "") -> String {
        switch self {
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .bool(let value): return value ? "true" : "false"
        case .array(let items):
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.text() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.count <= 4 && members.allSatisfy({ $0.1.isScalar }) {
                return "{" + members.map { "\"\($0.0)\": \($0.1.text())" }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            return "{\n" + members.map { inner + "\"\($0.0)\": " + $0.1.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    static func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> JSON {
        .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
    }
}
