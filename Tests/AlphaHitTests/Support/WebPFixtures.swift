@testable import AlphaHitImages
import CWebPEncoder

/// WebP files made in the tests with libwebp's encoder, and the references they are checked
/// against: the straight RGBA of a PNG as libpng expands it, and libwebp's own RGBA decode.
enum WebPFixtures {
    /// Straight (not premultiplied) 8-bit R, G, B, A pixels, row by row.
    struct RGBA: Equatable {
        var width: Int
        var height: Int
        var pixels: [UInt8]

        func alpha(x: Int, y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }
    }

    /// A lossless WebP of `image` (every alpha exact; colour under alpha 0 may change).
    static func lossless(_ image: RGBA) -> [UInt8] {
        encode(image) { WebPEncodeLosslessRGBA($0, $1, $2, $3, $4) }
    }

    /// A lossy WebP of `image` at `quality` (0-100), its alpha stored apart.
    static func lossy(_ image: RGBA, quality: Float = 75) -> [UInt8] {
        encode(image) { WebPEncodeRGBA($0, $1, $2, $3, quality, $4) }
    }

    /// A WebP without alpha of `image`'s colour (lossless or lossy).
    static func opaque(_ image: RGBA, lossless: Bool) -> [UInt8] {
        var rgb: [UInt8] = []
        for i in 0..<image.width * image.height { rgb += image.pixels[i * 4..<i * 4 + 3] }
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgb.withUnsafeBufferPointer { buffer in
            lossless
                ? WebPEncodeLosslessRGB(buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3), &output)
                : WebPEncodeRGB(buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3), 80, &output)
        }
        defer { WebPFree(output) }
        precondition(size > 0, "libwebp could not encode the fixture")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    private static func encode(
        _ image: RGBA, _ call: (UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int
    ) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer { buffer in
            call(buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        defer { WebPFree(output) }
        precondition(size > 0, "libwebp could not encode the fixture")
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// libwebp's plain RGBA decode of `webp` (WebPDecodeRGBA), the reference for lossy files.
    static func referenceRGBA(_ webp: [UInt8]) -> RGBA? {
        var width: Int32 = 0, height: Int32 = 0
        guard let decoded = webp.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height) }) else { return nil }
        defer { WebPFree(decoded) }
        return RGBA(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: decoded, count: Int(width * height * 4))))
    }

    /// The 8-bit straight RGBA libpng expands the PNG at `path` to (every colour type, bit depth
    /// and tRNS), de-interlaced: the pixels a lossless WebP made from the PNG holds.
    static func straightRGBA(ofPNG path: String) throws -> RGBA {
        let reader = try LibPNGReader(path: path)
        let header = try reader.readHeader()
        let (width, height) = (header.width, header.height)
        let rowBytes = try reader.startRGBA8()
        var image = RGBA(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        var row = [UInt8](repeating: 0, count: rowBytes)
        func place(columns: Int, y: Int, xStart: Int, xStep: Int) {
            for i in 0..<columns {
                let x = xStart + i * xStep
                for c in 0..<4 { image.pixels[(y * width + x) * 4 + c] = row[i * 4 + c] }
            }
        }
        let passes = header.isInterlaced ? Adam7Pass.passes : [Adam7Pass(xStart: 0, yStart: 0, xStep: 1, yStep: 1)]
        for pass in passes {
            let columns = pass.columns(inWidth: width), rows = pass.rows(inHeight: height)
            guard columns > 0, rows > 0 else { continue }
            for passRow in 0..<rows {
                try row.withUnsafeMutableBufferPointer { buffer in try reader.readRow(into: buffer.baseAddress!) }
                place(columns: columns, y: pass.yStart + passRow * pass.yStep, xStart: pass.xStart, xStep: pass.xStep)
            }
        }
        return image
    }

    /// An animated WebP of one frame, built by hand from a still lossless file: RIFF, a VP8X
    /// chunk with the animation flag, ANIM, and one ANMF frame holding the still's VP8L chunk.
    static func animated(from still: [UInt8], width: Int, height: Int) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
            Array(tag.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        let frameChunk = Array(still[12...])  // the VP8L chunk after "RIFF....WEBP"
        let vp8x = chunk("VP8X", [0x12, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))  // animation + alpha
        let anim = chunk("ANIM", [0, 0, 0, 0] + le(0, 2))
        let anmf = chunk("ANMF", le(0, 3) + le(0, 3) + le(width - 1, 3) + le(height - 1, 3) + le(100, 3) + [0] + frameChunk)
        let body = Array("WEBP".utf8) + vp8x + anim + anmf
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// Random straight RGBA pixels, alpha drawn from a few typical values and the whole range.
    static func random(width: Int, height: Int, seed: UInt64) -> RGBA {
        var random = SplitMix(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<width * height {
            for c in 0..<3 { pixels[i * 4 + c] = UInt8(truncatingIfNeeded: random.next()) }
            let choice = random.next() % 4
            pixels[i * 4 + 3] = choice == 0 ? 0 : choice == 1 ? 255 : UInt8(truncatingIfNeeded: random.next())
        }
        return RGBA(width: width, height: height, pixels: pixels)
    }
}
