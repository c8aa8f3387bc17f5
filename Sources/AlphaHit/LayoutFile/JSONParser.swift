/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports the line and column of the
/// first error and refuses nesting deeper than ``maximumDepth`` instead of exhausting the stack.
///
/// Lines end at LF, CRLF or a lone CR; columns count characters (Unicode scalars), not bytes.
/// The result is a flat ``JSONDocument``.
struct JSONParser {
    /// Arrays and objects nested deeper than this are rejected.
    static let maximumDepth = 600

    private let bytes: [UInt8]
    private var nodes = FlatBuffer<JSONDocument.Node>(capacity: 1024)
    private var members = FlatBuffer<JSONDocument.Member>(capacity: 1024)
    private var unescaped: [UInt8] = []
    /// The items of the containers being read, innermost last; moved to `members` when each closes.
    private var pending = FlatBuffer<JSONDocument.Member>(capacity: 256)
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(bytes: bytes)
        var adopted = false
        defer {
            parser.pending.discard()
            if !adopted {
                parser.nodes.discard()
                parser.members.discard()
            }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw parser.error("byte 0x89: this looks like a PNG image, not a layout file")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // a UTF-8 byte order mark
        parser.skipWhitespace()
        _ = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON document") }
        adopted = true
        return JSONDocument(bytes: bytes, nodes: parser.nodes.adopt(), members: parser.members.adopt(), unescaped: parser.unescaped)
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

    /// Reads one value into `nodes` and returns its index.
    private mutating func parseValue() throws(JSONSyntaxError) -> Int32 {
        guard let byte = current else { throw error("unexpected end of the file; a value was expected") }
        let node = Int32(nodes.count)
        nodes.append(JSONDocument.Node(kind: .null, line: Int32(clamping: line), column: Int32(clamping: index - lineStart + 1)))
        switch byte {
        case UInt8(ascii: "{"): try parseObject(node)
        case UInt8(ascii: "["): try parseArray(node)
        case UInt8(ascii: "\""):
            let (start, count, escaped) = try parseString()
            (nodes[Int(node)].kind, nodes[Int(node)].start, nodes[Int(node)].count, nodes[Int(node)].flag) = (.string, start, count, escaped)
        case UInt8(ascii: "t"): try expectWord("true"); (nodes[Int(node)].kind, nodes[Int(node)].flag) = (.bool, true)
        case UInt8(ascii: "f"): try expectWord("false"); nodes[Int(node)].kind = .bool
        case UInt8(ascii: "n"): try expectWord("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try parseNumber()
            nodes[Int(node)].kind = .number
            nodes[Int(node)].number = number
        default:
            if byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") {
                throw error("NaN and Infinity are not JSON numbers; use a finite number")
            }
            throw error("\(Self.describe(byte)); a value was expected")
        }
        return node
    }

    /// Moves the items the container `node` read (from `pendingStart` on) into `members`.
    private mutating func close(_ node: Int32, kind: JSONDocument.Kind, from pendingStart: Int) {
        nodes[Int(node)].kind = kind
        nodes[Int(node)].start = Int32(members.count)
        nodes[Int(node)].count = Int32(pending.count - pendingStart)
        members.append(contentsOf: pending, from: pendingStart)
        pending.removeLast(from: pendingStart)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject(_ node: Int32) throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        let first = pending.count
        var manyKeys: Set<ArraySlice<UInt8>>?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return close(node, kind: .object, from: first)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("a key in double quotes was expected") }
            let (start, count, escaped) = try parseString()
            let key = (escaped ? unescaped : bytes)[Int(start)..<Int(start + count)]
            if isRepeatedKey(key, among: first, set: &manyKeys) {
                throw error("the key \"\(String(decoding: key, as: UTF8.self))\" appears twice in this object")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("':' was expected after the key \"\(String(decoding: key, as: UTF8.self))\"") }
            index += 1
            skipWhitespace()
            pending.append(JSONDocument.Member(keyStart: start, keyCount: count, keyEscaped: escaped, node: -1))
            let member = pending.count - 1
            let value = try parseValue()
            pending[member].node = value
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return close(node, kind: .object, from: first)
            default: throw error("',' or '}' was expected")
            }
        }
    }

    /// Whether `key` repeats a key of the object whose members start at `first` in `pending`.
    /// Layout objects have a handful of keys, so a scan costs less than a set per object; past 32
    /// keys a set takes over, so that a huge object is not quadratic.
    private func isRepeatedKey(_ key: ArraySlice<UInt8>, among first: Int, set: inout Set<ArraySlice<UInt8>>?) -> Bool {
        if set == nil && pending.count - first < 32 {
            for position in first..<pending.count where Int(pending[position].keyCount) == key.count {
                if self.key(of: pending[position]).elementsEqual(key) { return true }
            }
            return false
        }
        if set == nil {
            var keys = Set<ArraySlice<UInt8>>()
            for position in first..<pending.count { keys.insert(self.key(of: pending[position])) }
            set = keys
        }
        return !set!.insert(key).inserted
    }

    private func key(of member: JSONDocument.Member) -> ArraySlice<UInt8> {
        (member.keyEscaped ? unescaped : bytes)[Int(member.keyStart)..<Int(member.keyStart + member.keyCount)]
    }

    private mutating func parseArray(_ node: Int32) throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        let first = pending.count
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return close(node, kind: .array, from: first)
        }
        while true {
            skipWhitespace()
            pending.append(JSONDocument.Member(node: -1))
            let item = pending.count - 1
            let value = try parseValue()
            pending[item].node = value
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return close(node, kind: .array, from: first)
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
        return Self.fastDecimal(bytes[start..<index])
            ?? bytes.withUnsafeBufferPointer { Platform.decimalNumber(UnsafeBufferPointer(rebasing: $0[start..<index])) }
    }

    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// The value of a number with at most 15 digits, no exponent and at most 22 decimals, computed
    /// without strtod: the digits as a whole number and the power of ten are both exact in a
    /// `Double`, so one division rounds correctly (Clinger's fast path). Nil for anything else.
    private static func fastDecimal(_ text: ArraySlice<UInt8>) -> Double? {
        var mantissa: Int64 = 0, digits = 0, decimals = 0, afterPoint = false, negative = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                // Past 15 digits the whole number may not be exact (or may not fit): strtod's turn.
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                if afterPoint { decimals += 1 }
            default: return nil
            }
        }
        guard decimals <= 22 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[decimals]
        return negative ? -value : value
    }

    /// Reads a string; returns where its bytes are: in the source (no escapes), or copied,
    /// unescaped, to `unescaped`. Only strings with bytes above 0x7F are checked as UTF-8.
    private mutating func parseString() throws(JSONSyntaxError) -> (start: Int32, count: Int32, escaped: Bool) {
        index += 1
        let start = index
        var nonASCII = false
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            if byte >= 0x80 { nonASCII = true }
            index += 1
        }
        guard let stop = current else { throw error("the string is not closed") }
        if stop == UInt8(ascii: "\"") {
            if nonASCII, !Self.isUTF8(bytes[start..<index]) { throw error("the string is not valid UTF-8") }
            index += 1
            return (Int32(start), Int32(index - 1 - start), false)
        }
        // An escape or a control character: copy what was read, then go on byte by byte.
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw error("the string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard Self.isUTF8(utf8[...]) else { throw error("the string is not valid UTF-8") }
                let stored = Int32(unescaped.count)
                unescaped.append(contentsOf: utf8)
                return (stored, Int32(utf8.count), true)
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

    private static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
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
