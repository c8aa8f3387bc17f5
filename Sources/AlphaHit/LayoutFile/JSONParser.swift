/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports the line and column of the
/// first error and refuses nesting deeper than ``maximumDepth`` instead of exhausting the stack.
///
/// Lines end at LF, CRLF or a lone CR; columns count characters (Unicode scalars), not bytes.
struct JSONParser {
    /// Arrays and objects nested deeper than this are rejected.
    static let maximumDepth = 600

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw parser.error("byte 0x89: this looks like a PNG image, not a layout file")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // a UTF-8 byte order mark
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON document") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: characterColumn, message: message)
    }

    /// The column of `index` in characters: UTF-8 continuation bytes do not count.
    private var characterColumn: Int {
        var column = 1
        for i in lineStart..<min(index, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09: index += 1
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                index += 1  // CRLF: the LF ends the line
            case 0x0A, 0x0D:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = line, startColumn = index - lineStart + 1
        guard let byte = current else { throw error("unexpected end of the file; a value was expected") }
        let value: JSONValue
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        default:
            if byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") {
                throw error("NaN and Infinity are not JSON numbers; use a finite number")
            }
            throw error("\(Self.describe(byte)); a value was expected")
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        // Layout objects have a handful of keys: a scan is cheaper than a set per object; the set
        // comes in past 16 keys, where a scan per key would make a large object quadratic.
        var keys: [String] = []
        var largeKeys = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("a key in double quotes was expected") }
            let key = try parseString()
            let repeated = keys.count < 16 ? keys.contains(key) : !largeKeys.insert(key).inserted
            if keys.count < 16 {
                keys.append(key)
                if keys.count == 16 { largeKeys = Set(keys) }
            }
            guard !repeated else { throw error("the key \"\(key)\" appears twice in this object") }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("':' was expected after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("',' or '}' was expected")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("',' or ']' was expected")
            }
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error("unexpected word; true, false or null was expected")
        }
        index += expected.count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, converted by strtod (correctly rounded).
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a digit was expected in the number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a digit was expected after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a digit was expected in the exponent") }
        }
        return bytes.withUnsafeBufferPointer { Platform.decimalNumber(UnsafeBufferPointer(rebasing: $0[start..<index])) }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("the string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = current else { throw error("the string is not closed") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try parseUnicodeEscape())
                default: throw error("unknown escape '\\\(Self.printable(escape))' in the string")
                }
            case 0..<0x20:
                throw error("a control character must be escaped inside a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// The UTF-8 bytes of `\uXXXX`, or of a `\uD8xx\uDCxx` surrogate pair.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("a lone surrogate in a \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("a lone surrogate in a \\u escape")
        }
        return Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("four hex digits were expected after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("four hex digits were expected after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    /// "unexpected character 'x'" for printable ASCII, else "unexpected byte 0x89".
    private static func describe(_ byte: UInt8) -> String {
        guard byte >= 0x20 && byte < 0x7F else {
            return "unexpected byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return "unexpected character '\(String(UnicodeScalar(byte)))'"
    }
}
