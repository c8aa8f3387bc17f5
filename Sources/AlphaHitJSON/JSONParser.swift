import AlphaHitBasics

/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports the line and column of the
/// first error and refuses nesting deeper than ``maximumDepth`` instead of exhausting the stack.
///
/// Lines end at LF, CRLF or a lone CR; columns count characters (Unicode scalars), not bytes.
/// The result is a flat ``JSONDocument``.
package struct JSONParser {
    /// Arrays and objects nested deeper than this are rejected.
    package static let maximumDepth = 600

    private let bytes: [UInt8]
    /// The same bytes, read through a pointer on the hot paths (every byte passes through
    /// `current`): valid for the parser's whole life, which ``parse(_:)`` keeps inside
    /// `withUnsafeBufferPointer`.
    private let text: UnsafeBufferPointer<UInt8>
    private var nodes: FlatBuffer<JSONDocument.Node>
    private var members: FlatBuffer<JSONDocument.Member>
    private var unescaped: [UInt8] = []
    /// The items of the containers being read, innermost last; moved to `members` when each closes.
    private var pending = FlatBuffer<JSONDocument.Member>(capacity: 256)
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Whether a key may repeat in an object (both members are kept; lookups find the later one).
    private var allowsRepeatedKeys = false

    /// Parses one JSON document. A key given twice in one object is a syntax error, unless
    /// `allowsRepeatedKeys` (atlas files, which real tools write so): then both members are kept
    /// in file order and ``JSONObject/value(forKey:)`` finds the later one.
    package static func parse(_ bytes: [UInt8], allowsRepeatedKeys: Bool = false) throws(JSONSyntaxError) -> JSONDocument {
        let parsed: Result<JSONDocument, JSONSyntaxError> = bytes.withUnsafeBufferPointer { text in
            var parser = JSONParser(bytes: bytes, text: text)
            parser.allowsRepeatedKeys = allowsRepeatedKeys
            var adopted = false
            defer {
                parser.pending.discard()
                if !adopted {
                    parser.nodes.discard()
                    parser.members.discard()
                }
            }
            do throws(JSONSyntaxError) {
                try parser.parseDocument()
            } catch {
                return .failure(error)
            }
            adopted = true
            return .success(
                JSONDocument(bytes: bytes, nodes: parser.nodes.adopt(), members: parser.members.adopt(), unescaped: parser.unescaped))
        }
        return try parsed.get()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw error("byte 0x89: this looks like a PNG image, not a layout file")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte order mark
        skipWhitespace()
        _ = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON document") }
    }

    private init(bytes: [UInt8], text: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.text = text
        // Layout files spend about ten bytes a value: sized for that up front, a large file's
        // buffers are not moved again and again as they grow (pages never written cost nothing).
        let expected = bytes.count / 8 + 1024
        nodes = FlatBuffer(capacity: expected)
        members = FlatBuffer(capacity: expected)
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

    private var current: UInt8? { index < text.count ? text[index] : nil }

    /// Inlined: it runs between every two tokens, and most of the time there is nothing to skip.
    @inline(__always)
    private mutating func skipWhitespace() {
        guard let byte = current, byte <= 0x20 else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09: index += 1
            case 0x0D where index + 1 < text.count && text[index + 1] == 0x0A:
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
        var keySketch: UInt64 = 0
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
            // A 64-bit sketch of the keys so far (by length, first and last byte): a key whose bit is
            // new cannot repeat one, which spares the comparisons for nearly every key of a layout.
            let bit: UInt64 = key.isEmpty ? 1 : 1 << ((UInt64(count) &* 31 &+ UInt64(key.first!) &+ UInt64(key.last!) &* 7) & 63)
            let mayRepeat = keySketch & bit != 0 || pending.count - first >= 32
            keySketch |= bit
            if mayRepeat, !allowsRepeatedKeys, isRepeatedKey(key, among: first, set: &manyKeys) {
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

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, converted exactly: short decimals without
    /// an exponent directly (see ``exactDecimal(mantissa:digits:decimals:negative:)``), the rest by strtod.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        // The digits as a whole number, read on the way: most layout numbers take the fast path.
        var mantissa: Int64 = 0, digitCount = 0
        func digits() -> Int {
            let first = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if digitCount < 16 { mantissa = mantissa &* 10 &+ Int64(byte &- UInt8(ascii: "0")) }
                digitCount += 1
                index += 1
            }
            return index - first
        }
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            digitCount = 1
        } else if digits() == 0 {
            throw error("a digit was expected in the number")
        }
        var decimals = 0
        if current == UInt8(ascii: ".") {
            index += 1
            decimals = digits()
            guard decimals > 0 else { throw error("a digit was expected after the decimal point") }
        }
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a digit was expected in the exponent") }
        }
        if !hasExponent, let value = Self.exactDecimal(mantissa: mantissa, digits: digitCount, decimals: decimals, negative: negative) {
            return value
        }
        return Platform.decimalNumber(UnsafeBufferPointer(rebasing: text[start..<index]))
    }

    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// The value of a number of at most 15 digits and 22 decimals, without strtod: the digits as a
    /// whole number and the power of ten are both exact in a `Double`, so one division rounds
    /// correctly (Clinger's fast path). Nil for anything longer.
    private static func exactDecimal(mantissa: Int64, digits: Int, decimals: Int, negative: Bool) -> Double? {
        // Past 15 digits the whole number may not be exact (or may not fit): strtod's turn.
        guard digits <= 15, decimals <= 22 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[decimals]
        return negative ? -value : value
    }

    /// Reads a string; returns where its bytes are: in the source (no escapes), or copied,
    /// unescaped, to `unescaped`. Only strings with bytes above 0x7F are checked as UTF-8.
    private mutating func parseString() throws(JSONSyntaxError) -> (start: Int32, count: Int32, escaped: Bool) {
        index += 1
        let start = index
        // The plain run, in locals: this loop sees most bytes of a layout file.
        var nonASCII = false
        var position = index
        let end = text.count
        while position < end {
            let byte = text[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            nonASCII = nonASCII || byte >= 0x80
            position += 1
        }
        index = position
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
