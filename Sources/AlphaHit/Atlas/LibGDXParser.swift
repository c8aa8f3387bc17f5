/// libGDX / Spine `.atlas` text, legacy (`xy`, `size`, `orig`, `offset`) and current (`bounds`,
/// `offsets`) forms: pages separated by blank lines, each a sheet name, its `key: value` lines,
/// then regions, each a name and its `key: value` lines (indented or not). Keys this engine does not
/// need (`split`, `pad`, `filter`, `repeat`, `pma`, `format`, …) are accepted and ignored.
enum LibGDXParser {
    private struct Region {
        var name: String
        var line: Int
        var values: [String: (numbers: [String], line: Int)] = [:]
    }

    static func frames(_ bytes: [UInt8], file: String) throws(AtlasError) -> [AtlasFrame] {
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { String($0) }
        lines = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        var frames: [AtlasFrame] = []
        var page: String?
        var inPageHeader = false
        var region: Region?
        func finish() throws(AtlasError) {
            if let done = region, let page { frames.append(try frame(done, sheet: page, file: file)) }
            region = nil
        }
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = raw.trimmingSpaces
            if line.isEmpty {
                try finish()
                page = nil
                continue
            }
            if page == nil {
                page = line
                inPageHeader = true
                continue
            }
            if let colon = line.firstIndex(of: ":") {
                let key = line[..<colon].trimmingSpaces
                let values = line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingSpaces }
                if region == nil {
                    guard inPageHeader else { throw .malformed(file: file, line: number, message: "\"\(key)\" outside a region") }
                    continue  // Page settings (size, format, filter, repeat, pma): not needed here.
                }
                guard region?.values[key] == nil else { throw .malformed(file: file, line: number, message: "\"\(key)\" is given twice for region \"\(region!.name)\"") }
                region?.values[key] = (values, number)
            } else {
                try finish()
                inPageHeader = false
                region = Region(name: line, line: number)
            }
        }
        try finish()
        return frames
    }

    private static func frame(_ region: Region, sheet: String, file: String) throws(AtlasError) -> AtlasFrame {
        func ints(_ key: String, count: Int) throws(AtlasError) -> [Int]? {
            guard let (texts, line) = region.values[key] else { return nil }
            let values = texts.compactMap { Int($0) }
            guard values.count == count, texts.count == count else {
                throw .malformed(file: file, line: line, message: "region \"\(region.name)\": \(key) must be \(count) whole numbers")
            }
            return values
        }
        let x: Int, y: Int, width: Int, height: Int
        if let bounds = try ints("bounds", count: 4) {
            (x, y, width, height) = (bounds[0], bounds[1], bounds[2], bounds[3])
        } else if let xy = try ints("xy", count: 2), let size = try ints("size", count: 2) {
            (x, y, width, height) = (xy[0], xy[1], size[0], size[1])
        } else {
            throw .malformed(file: file, line: region.line, message: "region \"\(region.name)\" has neither bounds nor xy and size")
        }
        var (offsetX, offsetY, sourceWidth, sourceHeight) = (0, 0, width, height)
        if let offsets = try ints("offsets", count: 4) {
            (offsetX, offsetY, sourceWidth, sourceHeight) = (offsets[0], offsets[1], offsets[2], offsets[3])
        } else {
            if let orig = try ints("orig", count: 2) { (sourceWidth, sourceHeight) = (orig[0], orig[1]) }
            if let offset = try ints("offset", count: 2) { (offsetX, offsetY) = (offset[0], offset[1]) }
        }
        var rotation = AtlasFrame.Rotation.none
        if let (texts, line) = region.values["rotate"] {
            switch texts.joined(separator: ",") {
            case "false", "0": rotation = .none
            case "true", "90": rotation = .counterClockwise
            case let other: throw .malformed(file: file, line: line, message: "region \"\(region.name)\": rotate: \(other) is not supported (true, false, 90 or 0)")
            }
        }
        var index = -1
        if let values = try ints("index", count: 1) { index = values[0] }
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

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
