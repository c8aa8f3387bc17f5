/// Takes PNG files apart into chunks and puts them back together with correct CRCs,
/// to craft precisely corrupted inputs (a bad IHDR with a valid CRC, an unknown critical chunk).
struct PNGChunks {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    var chunks: [Chunk]

    init(_ bytes: [UInt8]) {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        self.chunks = chunks
    }

    /// The file with every CRC computed afresh.
    var bytes: [UInt8] {
        var out = Self.signature
        for chunk in chunks {
            out += Self.bigEndian(UInt32(chunk.data.count))
            let typed = Array(chunk.type.utf8) + chunk.data
            out += typed
            out += Self.bigEndian(Self.crc32(typed))
        }
        return out
    }

    /// The byte offset in `bytes` of the first data byte of the first chunk of `type`.
    func dataOffset(of type: String) -> Int? {
        var offset = 8
        for chunk in chunks {
            if chunk.type == type { return offset + 8 }
            offset += 12 + chunk.data.count
        }
        return nil
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
