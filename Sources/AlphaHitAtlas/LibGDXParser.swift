import AlphaHitBasics
import AlphaHitImages

/// libGDX / Spine `.atlas` text, legacy (`xy`, `size`, `orig`, `offset`) and current (`bounds`,
/// `offsets`) forms: pages separated by blank lines, each a sheet name, its `key: value` lines,
/// then regions, each a name and its `key: value` lines (indented or not). Keys this engine does not
/// need (`split`, `pad`, `filter`, `repeat`, `pma`, `format`, …) are accepted and ignored; a key
/// given twice for one region takes its later value.
///
/// Read in one pass over the bytes, a line at a time (LF, CR LF or a lone CR ends one), keeping only
/// the keys a frame needs: time and memory are linear in the file, whatever its lines hold.
enum LibGDXParser {
    /// The keys a frame is made from; every other key is skipped without being kept.
    private enum Key: String, CaseIterable {
        case bounds, xy, size, orig, offset, offsets, rotate, index
    }

    private struct Region {
        var name: String
        var line: Int
        /// The text after the colon and the line, by `Key` position.
        var values: [(text: ArraySlice<UInt8>, line: Int)?] = Array(repeating: nil, count: Key.allCases.count)

        subscript(key: Key) -> (text: ArraySlice<UInt8>, line: Int)? {
            get { values[Key.allCases.firstIndex(of: key)!] }
            set { values[Key.allCases.firstIndex(of: key)!] = newValue }
        }
    }

    static func frames(_ bytes: [UInt8], file: String) throws(AtlasError) -> [AtlasFrame] {
        try AtlasText.checkEncoding(bytes, file: file)
        var frames: [AtlasFrame] = []
        var page: String?
        var inPageHeader = false
        var region: Region?
        var seen: [FrameKey: Int] = [:]
        var pages = 0
        func finish() throws(AtlasError) {
            defer { region = nil }
            guard let done = region, let page else { return }
            let frame = try frame(done, sheet: page, file: file)
            if let first = seen.updateValue(frame.line, forKey: FrameKey(name: frame.name, index: frame.index)) {
                throw .duplicateFrame(file: file, name: frame.name, index: frame.index, firstLine: first, line: frame.line)
            }
            frames.append(frame)
        }
        var failure: AtlasError?
        AtlasText.forEachLine(bytes) { number, raw in
            do throws(AtlasError) {
                let line = raw.trimmingSpaces
                if line.isEmpty {
                    try finish()
                    page = nil
                    return true
                }
                if page == nil {
                    let name = String(decoding: line, as: UTF8.self)
                    try AtlasText.checkName(name, "the page's sheet", file: file, line: number)
                    page = name
                    pages += 1
                    inPageHeader = true
                    return true
                }
                if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                    let key = line[..<colon].trimmingSpaces
                    guard region != nil else {
                        guard inPageHeader else {
                            throw .malformed(file: file, line: number, message: "\"\(String(decoding: key, as: UTF8.self))\" outside a region")
                        }
                        return true  // Page settings (size, format, filter, repeat, pma): not needed here.
                    }
                    if let known = Key(rawValue: String(decoding: key, as: UTF8.self)) {
                        region?[known] = (line[line.index(after: colon)...], number)
                    }
                } else {
                    try finish()
                    inPageHeader = false
                    let name = String(decoding: line, as: UTF8.self)
                    try AtlasText.checkName(name, "the region name", file: file, line: number)
                    region = Region(name: name, line: number)
                }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        try finish()
        guard pages > 0 else { throw .malformed(file: file, line: 1, message: "no page (a sheet name, then its regions): the atlas is empty") }
        return frames
    }

    /// A frame's identity in a libGDX atlas: two regions may share a name, not a name and an index.
    private struct FrameKey: Hashable {
        var name: String
        var index: Int
    }

    private static func frame(_ region: Region, sheet: String, file: String) throws(AtlasError) -> AtlasFrame {
        func ints(_ key: Key, count: Int) throws(AtlasError) -> [Int]? {
            guard let (text, line) = region[key] else { return nil }
            let texts = text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(decoding: $0.trimmingSpaces, as: UTF8.self) }
            guard texts.count == count else {
                throw .malformed(file: file, line: line, message: "region \"\(region.name)\": \(key) must be \(count) whole numbers")
            }
            var values: [Int] = []
            for text in texts {
                switch AtlasNumber.whole(Substring(text)) {
                case .success(let value): values.append(value)
                case .failure(let problem): throw .malformed(file: file, line: line, message: "region \"\(region.name)\": " + problem.message(key.rawValue, text))
                }
            }
            return values
        }
        let x: Int, y: Int, width: Int, height: Int
        if let bounds = try ints(.bounds, count: 4) {
            (x, y, width, height) = (bounds[0], bounds[1], bounds[2], bounds[3])
        } else if let xy = try ints(.xy, count: 2), let size = try ints(.size, count: 2) {
            (x, y, width, height) = (xy[0], xy[1], size[0], size[1])
        } else {
            throw .malformed(file: file, line: region.line, message: "region \"\(region.name)\" has neither bounds nor xy and size")
        }
        var (offsetX, offsetY, sourceWidth, sourceHeight) = (0, 0, width, height)
        if let offsets = try ints(.offsets, count: 4) {
            (offsetX, offsetY, sourceWidth, sourceHeight) = (offsets[0], offsets[1], offsets[2], offsets[3])
        } else {
            if let orig = try ints(.orig, count: 2) { (sourceWidth, sourceHeight) = (orig[0], orig[1]) }
            if let offset = try ints(.offset, count: 2) { (offsetX, offsetY) = (offset[0], offset[1]) }
        }
        var rotation = AtlasFrame.Rotation.none
        if let (text, line) = region[.rotate] {
            switch String(decoding: text.trimmingSpaces, as: UTF8.self) {
            case "false", "0": rotation = .none
            case "true", "90": rotation = .counterClockwise
            case let other: throw .malformed(file: file, line: line, message: "region \"\(region.name)\": rotate: \(other) is not supported (true, false, 90 or 0)")
            }
        }
        var index = -1
        if let values = try ints(.index, count: 1) { index = values[0] }
        guard width >= 1, height >= 1, x >= 0, y >= 0 else {
            throw .malformed(file: file, line: region.line, message: "region \"\(region.name)\": its rectangle must be inside the sheet with a size of at least 1 x 1")
        }
        // The offset's y counts the empty rows below the stored pixels (y up).
        let top = sourceHeight - offsetY - height
        guard offsetX >= 0, top >= 0, offsetY >= 0, offsetX + width <= sourceWidth else {
            throw .malformed(file: file, line: region.line, message: "region \"\(region.name)\": the stored pixels do not fit in the original size")
        }
        return AtlasFrame(
            name: region.name, index: index, sheet: sheet, sheetX: x, sheetY: y, width: width, height: height, rotation: rotation,
            trimX: offsetX, trimY: top, sourceWidth: sourceWidth, sourceHeight: sourceHeight, scale: nil, line: region.line)
    }
}
