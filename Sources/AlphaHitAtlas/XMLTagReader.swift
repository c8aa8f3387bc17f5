import AlphaHitBasics

/// Reads the tags of an XML document, one by one: start tags with their attributes and lines, and
/// end tags; text, comments and declarations are skipped.
struct XMLTagReader {
    struct Tag {
        var name: String
        var attributes: [String: String]
        var line: Int
    }

    /// A start tag (`<a …>`, or `<a …/>` when self-closing) or an end tag (`</a>`).
    enum Event {
        case start(Tag, selfClosing: Bool)
        case end(name: String, line: Int)
    }

    let bytes: [UInt8]
    let file: String
    private var index = 0
    private var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func advance() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    private func starts(with text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return bytes.count - index >= utf8.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    /// Skips to just after `end`, or throws naming what was left open.
    private mutating func skip(past end: String, what: String) throws(AtlasError) {
        let start = line
        while index < bytes.count {
            if starts(with: end) {
                for _ in 0..<end.utf8.count { advance() }
                return
            }
            advance()
        }
        throw .malformed(file: file, line: start, message: "\(what) is not closed")
    }

    /// The next start, empty-element or end tag; nil at the end.
    mutating func next() throws(AtlasError) -> Event? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "a declaration")
            } else if starts(with: "<!") {
                try skip(past: ">", what: "a declaration")
            } else if starts(with: "</") {
                let start = line
                advance()
                advance()
                let nameStart = index
                while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), !name.isEmpty else {
                    throw .malformed(file: file, line: start, message: "an end tag </\(name) is not closed by >")
                }
                advance()
                return .end(name: name, line: start)
            } else {
                return try tag()
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isNameByte(_ byte: UInt8) -> Bool { !isSpace(byte) && byte != UInt8(ascii: "=") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") }

    private mutating func tag() throws(AtlasError) -> Event {
        let start = line
        advance()  // <
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard !name.isEmpty else { throw .malformed(file: file, line: start, message: "a tag without a name") }
        var attributes: [String: String] = [:]
        var selfClosing = false
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
            guard index < bytes.count else { throw .malformed(file: file, line: start, message: "<\(name)> is not closed") }
            if bytes[index] == UInt8(ascii: ">") {
                advance()
                break
            }
            if starts(with: "/>") {
                advance()
                advance()
                selfClosing = true
                break
            }
            let keyStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
            let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
            while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
            guard !key.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw .malformed(file: file, line: line, message: "<\(name)>: an attribute needs a name and =\"value\"")
            }
            advance()
            while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw .malformed(file: file, line: line, message: "<\(name)>: the value of \(key) must be in quotes")
            }
            let quote = bytes[index]
            advance()
            let valueStart = index
            while index < bytes.count, bytes[index] != quote { advance() }
            guard index < bytes.count else { throw .malformed(file: file, line: start, message: "<\(name)>: the value of \(key) is not closed") }
            let raw = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            advance()
            guard attributes[key] == nil else { throw .malformed(file: file, line: line, message: "<\(name)>: \(key) is given twice") }
            attributes[key] = try Self.unescape(raw, file: file, line: line)
        }
        return .start(Tag(name: name, attributes: attributes, line: start), selfClosing: selfClosing)
    }

    /// `&amp;` and the other predefined entities, and `&#…;` references.
    private static func unescape(_ text: String, file: String, line: Int) throws(AtlasError) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw .malformed(file: file, line: line, message: "an unfinished entity in \"\(text)\"") }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                guard entity.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) else {
                    throw .malformed(file: file, line: line, message: "unknown entity &\(entity);")
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
