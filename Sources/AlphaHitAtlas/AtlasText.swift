import AlphaHitBasics
import AlphaHitJSON

/// What every atlas format asks of its text before it is parsed, and of the names it holds.
package enum AtlasText {
    /// Refuses text that is not UTF-8: UTF-16 and UTF-32 (by their byte order marks or their zero
    /// bytes), invalid UTF-8 sequences and NUL bytes, naming the line, so that nothing is read as garbage.
    static func checkEncoding(_ bytes: [UInt8], file: String) throws(AtlasError) {
        if isWideText(bytes) {
            throw .malformed(file: file, line: 1, message: "the atlas is UTF-16 (or UTF-32) text; save it as UTF-8")
        }
        if !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil { return }
        var line = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 { throw .malformed(file: file, line: line, message: "a NUL byte: the atlas must be UTF-8 text") }
                if byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) { line += 1 }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
            guard length > 0, index + length <= count,
                String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else {
                throw .malformed(file: file, line: line, message: "byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8: save the atlas as UTF-8")
            }
            index += length
        }
    }

    /// Whether `bytes` start as UTF-16 or UTF-32 text: a byte order mark, or a zero byte beside a
    /// non-zero one (ASCII text in a wide encoding). What the atlas readers refuse by name, and
    /// what the command line takes for an atlas rather than an image.
    package static func isWideText(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(2))
        return head == [0xFF, 0xFE] || head == [0xFE, 0xFF] || (head.count == 2 && (head[0] == 0) != (head[1] == 0))
    }

    /// Calls `body` with each line (1-based number, bytes without the line break) until it returns
    /// false, after a UTF-8 byte order mark if there is one. LF, CR LF and a lone CR each end a
    /// line, as in layout files.
    static func forEachLine(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Bool) {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var start = bom, number = 1, index = bom
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                guard body(number, bytes[start..<index]) else { return }
                index += byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
                number += 1
            } else {
                index += 1
            }
        }
        if start < count { _ = body(number, bytes[start..<count]) }
    }

    /// Refuses a frame name or sheet path holding a control character (a NUL, a line break…), which
    /// would cut a path short or forge a line of output.
    static func checkName(_ name: String, _ what: String, file: String, line: Int) throws(AtlasError) {
        if let bad = name.unicodeScalars.first(where: \.isControl) {
            throw .malformed(file: file, line: line, message: "\(what) \(JSONText.string(name)) holds the control character \(bad.codePointName)")
        }
    }
}

extension ArraySlice<UInt8> {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[startIndex..<startIndex] }
        return self[first...last]
    }
}
