/// Starling / Sparrow XML atlases: `<TextureAtlas imagePath="…">` with `<SubTexture name x y width
/// height frameX frameY frameWidth frameHeight rotated/>` elements. A small reader of exactly that:
/// declarations, comments and other elements are skipped; attributes take single or double quotes
/// and the five predefined entities (and numeric character references).
enum StarlingParser {
    static func frames(_ bytes: [UInt8], file: String) throws(AtlasError) -> [AtlasFrame] {
        var reader = XMLTagReader(bytes: bytes, file: file)
        var sheet: String?
        var frames: [AtlasFrame] = []
        while let tag = try reader.nextTag() {
            switch tag.name {
            case "TextureAtlas":
                guard let path = tag.attributes["imagePath"], !path.isEmpty else {
                    throw .malformed(file: file, line: tag.line, message: "<TextureAtlas> needs imagePath, the sheet image")
                }
                sheet = path
            case "SubTexture":
                guard let sheet else { throw .malformed(file: file, line: tag.line, message: "<SubTexture> outside <TextureAtlas imagePath=…>") }
                frames.append(try frame(tag, sheet: sheet, file: file))
            default:
                continue
            }
        }
        guard sheet != nil else { throw .malformed(file: file, line: 1, message: "no <TextureAtlas imagePath=…> element") }
        return frames
    }

    private static func frame(_ tag: XMLTagReader.Tag, sheet: String, file: String) throws(AtlasError) -> AtlasFrame {
        guard let name = tag.attributes["name"] else { throw .malformed(file: file, line: tag.line, message: "<SubTexture> needs a name") }
        func number(_ key: String, default fallback: Int? = nil) throws(AtlasError) -> Int {
            guard let text = tag.attributes[key] else {
                if let fallback { return fallback }
                throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": \(key) is missing")
            }
            guard let value = Double(text), value == value.rounded(), abs(value) < 1e9 else {
                throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": \(key)=\"\(text)\" is not a whole number")
            }
            return Int(value)
        }
        let rotated: Bool
        switch tag.attributes["rotated"] {
        case nil, "false": rotated = false
        case "true": rotated = true
        case let other?: throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": rotated=\"\(other)\" is not supported (true or false)")
        }
        // width × height is the footprint as stored: turned back, a rotated one is height × width.
        let (x, y, footprintWidth, footprintHeight) = (try number("x"), try number("y"), try number("width"), try number("height"))
        let (width, height) = rotated ? (footprintHeight, footprintWidth) : (footprintWidth, footprintHeight)
        let (frameX, frameY) = (try number("frameX", default: 0), try number("frameY", default: 0))
        let (sourceWidth, sourceHeight) = (try number("frameWidth", default: width), try number("frameHeight", default: height))
        guard width >= 1, height >= 1, x >= 0, y >= 0 else {
            throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": its rectangle must be inside the sheet with a size of at least 1 x 1")
        }
        guard -frameX >= 0, -frameY >= 0, -frameX + width <= sourceWidth, -frameY + height <= sourceHeight else {
            throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": the stored pixels do not fit in frameWidth x frameHeight")
        }
        return AtlasFrame(
            name: name, index: -1, sheet: sheet, sheetX: x, sheetY: y, width: width, height: height, rotation: rotated ? .clockwise : .none,
            trimX: -frameX, trimY: -frameY, sourceWidth: sourceWidth, sourceHeight: sourceHeight, scale: nil, line: tag.line)
    }
}

/// Reads the start tags of an XML document, one by one, with their attributes and lines.
struct XMLTagReader {
    struct Tag {
        var name: String
        var attributes: [String: String]
        var line: Int
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

    /// The next start (or empty-element) tag; nil at the end.
    mutating func nextTag() throws(AtlasError) -> Tag? {
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
                try skip(past: ">", what: "an end tag")
            } else {
                return try tag()
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isNameByte(_ byte: UInt8) -> Bool { !isSpace(byte) && byte != UInt8(ascii: "=") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") }

    private mutating func tag() throws(AtlasError) -> Tag {
        let start = line
        advance()  // <
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard !name.isEmpty else { throw .malformed(file: file, line: start, message: "a tag without a name") }
        var attributes: [String: String] = [:]
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
        return Tag(name: name, attributes: attributes, line: start)
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
