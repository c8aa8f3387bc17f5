import AlphaHitBasics
import CAlphaHitPNG

/// Any PNG the format allows, described sample for sample as the file stores it:
/// the general writer behind ``PNGEncoder``, and how tests make fixtures of every
/// colour type, bit depth, palette, tRNS and gamma chunk.
struct RawPNGImage {
    var width: Int
    var height: Int
    var bitDepth: Int32
    var colorType: Int32
    /// Packed rows exactly as PNG stores them (big-endian 16-bit, MSB-first sub-byte samples).
    var rows: [UInt8]
    var rowStride: Int
    var interlaced = false
    /// PLTE entries as R, G, B triples.
    var palette: [UInt8] = []
    /// tRNS alpha entries for palette images.
    var paletteAlpha: [UInt8] = []
    /// tRNS colour key at the file's bit depth: grey, or (red, green, blue).
    var transparentGrey: UInt16?
    var transparentRGB: (UInt16, UInt16, UInt16)?
    /// gAMA value, or nil for none.
    var gamma: Double?
    var sRGB = false

    /// Writes the PNG with libpng (`png_write_*`) and returns its bytes.
    func encoded() throws(PNGEncodingError) -> [UInt8] {
        guard width > 0, height > 0, rowStride > 0, rows.count >= rowStride * height else {
            throw .invalidSize(width: width, height: height)
        }
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 512)
        let status: ahpng_status = rows.withUnsafeBufferPointer { rowBuffer in
            palette.withUnsafeBufferPointer { paletteBuffer in
                paletteAlpha.withUnsafeBufferPointer { alphaBuffer in
                    let key = transparentRGB ?? (0, 0, 0)
                    var request = ahpng_write_request(
                        width: UInt32(width), height: UInt32(height), bit_depth: bitDepth, color_type: colorType,
                        interlaced: interlaced ? 1 : 0, rows: rowBuffer.baseAddress!, row_stride: rowStride,
                        palette: paletteBuffer.baseAddress, palette_count: Int32(palette.count / 3),
                        trns_alpha: alphaBuffer.baseAddress, trns_alpha_count: Int32(paletteAlpha.count),
                        has_trns_color: transparentGrey != nil || transparentRGB != nil ? 1 : 0,
                        trns_gray: transparentGrey ?? 0, trns_red: key.0, trns_green: key.1, trns_blue: key.2,
                        gamma: gamma ?? 0, srgb: sRGB ? 1 : 0)
                    return message.withUnsafeMutableBufferPointer { text in
                        ahpng_write_memory(&request, &out, &count, text.baseAddress!, text.count)
                    }
                }
            }
        }
        defer { ahpng_free(out) }
        guard status == AHPNG_OK, let out else {
            throw .libpng(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }
}
