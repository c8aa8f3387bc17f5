import AlphaHitBasics
import AlphaHitImages

/// Starling / Sparrow XML atlases: `<TextureAtlas imagePath="…">` with `<SubTexture name x y width
/// height frameX frameY frameWidth frameHeight rotated/>` elements. A small reader of exactly that:
/// declarations, comments and other elements are skipped; attributes take single or double quotes
/// and the five predefined entities (and numeric character references). The document must be
/// well nested: every element closed, one root, `<TextureAtlas>` not inside another.
enum StarlingParser {
    static func frames(_ bytes: [UInt8], file: String) throws(AtlasError) -> [AtlasFrame] {
        try AtlasText.checkEncoding(bytes, file: file)
        var reader = XMLTagReader(bytes: bytes, file: file)
        var sheet: String?
        var frames: [AtlasFrame] = []
        var open: [(name: String, line: Int)] = []
        var roots = 0
        var seen: [String: Int] = [:]
        while let event = try reader.next() {
            let tag: XMLTagReader.Tag
            switch event {
            case .end(let name, let line):
                guard let last = open.popLast() else { throw .malformed(file: file, line: line, message: "</\(name)> closes no element") }
                guard last.name == name else {
                    throw .malformed(file: file, line: line, message: "</\(name)> closes <\(last.name)> (line \(last.line))")
                }
                continue
            case .start(let start, let selfClosing):
                tag = start
                if open.isEmpty {
                    roots += 1
                    guard roots == 1 else { throw .malformed(file: file, line: tag.line, message: "a second root element <\(tag.name)>: an XML document has one") }
                }
                if !selfClosing { open.append((tag.name, tag.line)) }
            }
            switch tag.name {
            case "TextureAtlas":
                guard sheet == nil else { throw .malformed(file: file, line: tag.line, message: "a <TextureAtlas> inside another") }
                guard let path = tag.attributes["imagePath"], !path.isEmpty else {
                    throw .malformed(file: file, line: tag.line, message: "<TextureAtlas> needs imagePath, the sheet image")
                }
                try AtlasText.checkName(path, "imagePath", file: file, line: tag.line)
                sheet = path
            case "SubTexture":
                guard let sheet, open.contains(where: { $0.name == "TextureAtlas" }) else {
                    throw .malformed(file: file, line: tag.line, message: "<SubTexture> outside <TextureAtlas imagePath=…>")
                }
                let frame = try frame(tag, sheet: sheet, file: file)
                if let first = seen.updateValue(frame.line, forKey: frame.name) {
                    throw .duplicateFrame(file: file, name: frame.name, index: -1, firstLine: first, line: frame.line)
                }
                frames.append(frame)
            default:
                continue
            }
        }
        if let last = open.last { throw .malformed(file: file, line: last.line, message: "<\(last.name)> is not closed") }
        guard sheet != nil else { throw .malformed(file: file, line: 1, message: "no <TextureAtlas imagePath=…> element") }
        return frames
    }

    private static func frame(_ tag: XMLTagReader.Tag, sheet: String, file: String) throws(AtlasError) -> AtlasFrame {
        guard let name = tag.attributes["name"] else { throw .malformed(file: file, line: tag.line, message: "<SubTexture> needs a name") }
        try AtlasText.checkName(name, "the SubTexture name", file: file, line: tag.line)
        func number(_ key: String, default fallback: Int? = nil) throws(AtlasError) -> Int {
            guard let text = tag.attributes[key] else {
                if let fallback { return fallback }
                throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": \(key) is missing")
            }
            let decimal = text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            guard decimal, let value = Double(text) else {
                throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": \(key)=\"\(text)\" is not a whole number")
            }
            switch AtlasNumber.whole(value) {
            case .success(let whole): return whole
            case .failure(let problem): throw .malformed(file: file, line: tag.line, message: "SubTexture \"\(name)\": " + problem.message(key, "\"\(text)\""))
            }
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
