import AlphaHitBasics

/// What a file is, told from its first bytes (never from its name): the one place magic numbers
/// are written. A format is named only on a signature strong enough not to catch text by chance.
package enum ImageContent: Hashable, Sendable {
    case png
    /// `RIFF`, a size, `WEBP`.
    case webP
    /// An XML document whose root element is `svg`.
    case svg
    case known(UnsupportedImageFormat)
    case unknown

    /// How many leading bytes ``init(prefix:)`` looks at: enough for an XML declaration, a comment
    /// and a doctype before an SVG's root element.
    package static let prefixLength = 4096

    /// The PNG signature, which every PNG starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` start with the PNG signature: the common case, told without a copy.
    package static func hasPNGSignature(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 8 && pngSignature.indices.allSatisfy { bytes[$0] == pngSignature[$0] }
    }

    /// The content of the regular file at `path`, from its first ``prefixLength`` bytes; nil when
    /// the path is no regular file or cannot be read (the decoder then reports why).
    package init?(contentsOfFile path: String) {
        guard let prefix = Platform.readPrefix(path, byteCount: Self.prefixLength) else { return nil }
        self.init(prefix: prefix)
    }

    /// The content the leading bytes `prefix` (up to ``prefixLength`` of them) show.
    package init(prefix bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(Self.prefixLength))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + signature.count && Array(b[offset..<offset + signature.count]) == signature
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        func littleEndian32(at offset: Int) -> UInt32? {
            guard b.count >= offset + 4 else { return nil }
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[offset + $1]) << (8 * $1) }
        }

        if starts(Self.pngSignature) {
            self = .png
        } else if ascii("RIFF"), ascii("WEBP", at: 8) {
            self = .webP
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .known(.jpeg)
        } else if ascii("GIF87a") || ascii("GIF89a") {
            self = .known(.gif)
        } else if ascii("BM"), let header = littleEndian32(at: 14), [12, 40, 52, 56, 64, 108, 124].contains(header) {
            self = .known(.bmp)  // "BM" alone is too weak: the size of the DIB header must follow too
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) || starts([0x49, 0x49, 0x2B, 0x00])
            || starts([0x4D, 0x4D, 0x00, 0x2B])
        {
            self = .known(.tiff)  // classic and BigTIFF, either byte order
        } else if ascii("ftyp", at: 4), let brand = Self.isoBrand(b) {
            self = .known(brand)
        } else if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            self = .known(.jpegXL)  // a bare codestream, or the container
        } else if starts([0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .known(.ktx)
        } else if starts([0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .known(.ktx2)
        } else if ascii("DDS "), littleEndian32(at: 4) == 124 {
            self = .known(.dds)  // the magic, then the DDS_HEADER's own size
        } else if ascii("sB"), b.count >= 6, b[4] == 77, b[5] == 0 {
            self = .known(.basisUniversal)  // "sB", a version, then the 77-byte header's size
        } else if starts([0x13, 0xAB, 0xA1, 0x5C]) {
            self = .known(.astc)
        } else if starts([0x50, 0x56, 0x52, 0x03]) || ascii("PVR!", at: 44) {
            self = .known(.pvr)  // version 3, or the legacy header's tag at byte 44
        } else if Self.isSVG(b) {
            self = .svg
        } else {
            self = .unknown
        }
    }

    /// AVIF or HEIC from an ISO base media file's `ftyp` box: its major brand, else the compatible
    /// brands it lists (AVIF before HEIC: an AVIF file may list the generic `mif1` too).
    private static func isoBrand(_ b: [UInt8]) -> UnsupportedImageFormat? {
        guard b.count >= 12 else { return nil }
        let boxSize = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let end = min(b.count, max(12, boxSize))
        let brands = stride(from: 8, to: end - 3, by: 4).map { String(decoding: b[$0..<$0 + 4], as: UTF8.self) }
            .enumerated().filter { $0.offset != 1 }.map(\.element)  // the word after the major brand is its version
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return .avif }
        if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"].contains($0) }) {
            return .heic
        }
        return nil
    }

    /// Whether the bytes are an XML document whose root element is `svg` (in any namespace prefix):
    /// after a byte-order mark, white space, an XML declaration, comments, processing instructions
    /// and a doctype, the first element's local name is `svg`.
    private static func isSVG(_ b: [UInt8]) -> Bool {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skip(past terminator: [UInt8]) -> Bool {
            var j = i
            while j + terminator.count <= b.count {
                if Array(b[j..<j + terminator.count]) == terminator {
                    i = j + terminator.count
                    return true
                }
                j += 1
            }
            return false
        }
        while true {
            while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
            guard i + 1 < b.count, b[i] == UInt8(ascii: "<") else { return false }
            if b[i + 1] == UInt8(ascii: "?") {
                guard skip(past: Array("?>".utf8)) else { return false }
            } else if b[i...].starts(with: Array("<!--".utf8)) {
                guard skip(past: Array("-->".utf8)) else { return false }
            } else if b[i...].starts(with: Array("<!DOCTYPE".utf8)) {
                // An internal subset in brackets may hold '>' characters of its own.
                var depth = 0
                while i < b.count {
                    if b[i] == UInt8(ascii: "[") { depth += 1 }
                    if b[i] == UInt8(ascii: "]") { depth -= 1 }
                    if b[i] == UInt8(ascii: ">"), depth <= 0 { break }
                    i += 1
                }
                guard i < b.count else { return false }
                i += 1
            } else {
                var end = i + 1
                while end < b.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(b[end]) { end += 1 }
                guard end < b.count else { return false }
                let name = b[(i + 1)..<end]
                let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
                return Array(local) == Array("svg".utf8)
            }
        }
    }
}
