import AlphaHitBasics
import AlphaHitImages
import AlphaHitJSON

/// TexturePacker's JSON atlases, hash (`frames` keyed by name) and array (`frames` of objects with
/// `filename`), which Aseprite also writes (its `frameTags`, `layers` and `slices` are ignored).
/// A key given twice takes its later value (real exports repeat `meta.version`), except a frame
/// name given twice, which is an error naming both lines.
enum TexturePackerParser {
    static func frames(_ bytes: [UInt8], file: String) throws(AtlasError) -> [AtlasFrame] {
        try AtlasText.checkEncoding(bytes, file: file)
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes, allowsRepeatedKeys: true)
        } catch {
            throw .malformed(file: file, line: error.line, message: "invalid JSON: \(error.message)")
        }
        return try withExtendedLifetime(document) { () throws(AtlasError) -> [AtlasFrame] in
            let root = document.root
            guard case .object(let members) = root.value else { throw .malformed(file: file, line: root.line, message: "the atlas must be a JSON object") }
            guard let meta = members.value(forKey: "meta"), case .object(let metaMembers) = meta.value else {
                throw .malformed(file: file, line: root.line, message: "\"meta\" (with \"image\", the sheet) is missing")
            }
            guard let image = metaMembers.value(forKey: "image"), case .string(let sheet) = image.value, !sheet.isEmpty else {
                throw .malformed(file: file, line: meta.line, message: "meta.image must name the sheet image")
            }
            try AtlasText.checkName(sheet, "meta.image", file: file, line: image.line)
            var scale: Double?
            if let node = metaMembers.value(forKey: "scale") {
                switch node.value {
                case .number(let value) where value.isFinite && value > 0: scale = value
                case .string(let text) where Double(text).map { $0.isFinite && $0 > 0 } == true: scale = Double(text)
                default: throw .malformed(file: file, line: node.line, message: "meta.scale must be a number > 0 (or a string holding one)")
                }
            }
            guard let framesNode = members.value(forKey: "frames") else { throw .malformed(file: file, line: root.line, message: "\"frames\" is missing") }
            var entries: [(name: String, node: JSONNode)] = []
            switch framesNode.value {
            case .object(let named):
                for position in named.indices { entries.append((named[position].key, named[position].value)) }
            case .array(let list):
                for item in list {
                    guard case .object(let fields) = item.value, let name = fields.value(forKey: "filename"), case .string(let text) = name.value else {
                        throw .malformed(file: file, line: item.line, message: "each frame of the array form needs a \"filename\"")
                    }
                    entries.append((text, item))
                }
            default:
                throw .malformed(file: file, line: framesNode.line, message: "\"frames\" must be an object or an array")
            }
            var seen: [String: Int] = [:]
            return try entries.map { entry throws(AtlasError) in
                try AtlasText.checkName(entry.name, "the frame name", file: file, line: entry.node.line)
                if let first = seen.updateValue(entry.node.line, forKey: entry.name) {
                    throw .duplicateFrame(file: file, name: entry.name, index: -1, firstLine: first, line: entry.node.line)
                }
                return try frame(entry.name, entry.node, sheet: sheet, scale: scale, file: file)
            }
        }
    }

    private static func frame(_ name: String, _ node: JSONNode, sheet: String, scale: Double?, file: String) throws(AtlasError) -> AtlasFrame {
        guard case .object(let fields) = node.value else { throw .malformed(file: file, line: node.line, message: "frame \"\(name)\" must be an object") }
        func rect(_ key: String, _ keys: [String]) throws(AtlasError) -> [Int] {
            guard let value = fields.value(forKey: key), case .object(let parts) = value.value else {
                throw .malformed(file: file, line: node.line, message: "frame \"\(name)\": \"\(key)\" is missing")
            }
            var numbers: [Int] = []
            for part in keys {
                guard let item = parts.value(forKey: part), case .number(let number) = item.value else {
                    throw .malformed(file: file, line: value.line, message: "frame \"\(name)\": \(key).\(part) must be a whole number")
                }
                switch AtlasNumber.whole(number) {
                case .success(let whole): numbers.append(whole)
                case .failure(let problem):
                    throw .malformed(file: file, line: item.line, message: "frame \"\(name)\": " + problem.message("\(key).\(part)", JSONText.number(number)))
                }
            }
            return numbers
        }
        let stored = try rect("frame", ["x", "y", "w", "h"])
        var rotated = false
        if let node = fields.value(forKey: "rotated") {
            guard case .bool(let flag) = node.value else {
                throw .malformed(file: file, line: node.line, message: "frame \"\(name)\": \"rotated\" must be true or false (other rotations are not supported)")
            }
            rotated = flag
        }
        let placed = fields.value(forKey: "spriteSourceSize") != nil ? try rect("spriteSourceSize", ["x", "y"]) : [0, 0]
        let source = fields.value(forKey: "sourceSize") != nil ? try rect("sourceSize", ["w", "h"]) : [stored[2], stored[3]]
        guard stored[2] >= 1, stored[3] >= 1, stored[0] >= 0, stored[1] >= 0 else {
            throw .malformed(file: file, line: node.line, message: "frame \"\(name)\": its rectangle must be inside the sheet with a size of at least 1 x 1")
        }
        guard placed[0] >= 0, placed[1] >= 0, placed[0] + stored[2] <= source[0], placed[1] + stored[3] <= source[1] else {
            throw .malformed(file: file, line: node.line, message: "frame \"\(name)\": spriteSourceSize does not fit in sourceSize")
        }
        return AtlasFrame(
            name: name, index: -1, sheet: sheet, sheetX: stored[0], sheetY: stored[1], width: stored[2], height: stored[3],
            rotation: rotated ? .clockwise : .none, trimX: placed[0], trimY: placed[1], sourceWidth: source[0], sourceHeight: source[1],
            scale: scale, line: node.line)
    }
}
