@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitImages
import Testing

/// The three pixel formats' layouts, and reading them back.
@Suite("Decoded formats")
struct DecoderFormatTests {
    /// Alpha of pixel (x, y) in the fixtures below: every value 0...255 appears.
    static func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 7 + y * 13) % 256) }

    static func fixture(width: Int, height: Int) throws -> [UInt8] {
        try Fixtures.rgbaPNG(width: width, height: height) { x, y in (200, 100, 50, alpha(x, y)) }
    }

    @Test(
        "mask1 sets exactly the bits where alpha >= minAlpha, LSB-first in 64-bit words, padding zero",
        arguments: [1, 63, 64, 65, 130], [UInt8(0), 1, 26, 128, 255])
    func maskBits(width: Int, minAlpha: UInt8) throws {
        let height = 23
        let image = try ImageDecoder().decode(bytes: Self.fixture(width: width, height: height), as: .mask1(minAlpha: minAlpha))
        let wordsPerRow = (width + 63) / 64
        #expect(image.bytesPerRow == wordsPerRow * 8)
        #expect(image.byteCount == wordsPerRow * 8 * height)
        image.withUnsafeBytes { raw in
            for y in 0..<height {
                for word in 0..<wordsPerRow {
                    let value = raw.load(fromByteOffset: y * image.bytesPerRow + word * 8, as: UInt64.self)
                    for bit in 0..<64 {
                        let x = word * 64 + bit
                        let set = (value >> UInt64(bit)) & 1 == 1
                        let expected = x < width && Self.alpha(x, y) >= minAlpha
                        #expect(set == expected, "x \(x) y \(y)")
                    }
                }
            }
        }
    }

    @Test("alpha8 holds one alpha byte a pixel, rows width bytes apart")
    func alpha8Layout() throws {
        let image = try ImageDecoder().decode(bytes: Self.fixture(width: 5, height: 3), as: .alpha8)
        #expect((image.width, image.height, image.bytesPerRow, image.byteCount) == (5, 3, 5, 15))
        image.withUnsafeBytes { raw in
            #expect(Array(raw) == (0..<3).flatMap { y in (0..<5).map { x in Self.alpha(x, y) } })
        }
    }

    @Test("premultipliedARGB8 holds A, R, G, B a pixel, rows 4 x width bytes apart")
    func argb8Layout() throws {
        let image = try ImageDecoder().decode(bytes: Self.fixture(width: 5, height: 3), as: .premultipliedARGB8)
        #expect((image.bytesPerRow, image.byteCount) == (20, 60))
        image.withUnsafeBytes { raw in
            // Pixel (2, 1): alpha (14 + 13) = 27; 200*27/255 = 21.18, 100*27/255 = 10.59, 50*27/255 = 5.29.
            let offset = 1 * 20 + 2 * 4
            #expect(Array(raw[offset..<offset + 4]) == [27, 21, 11, 5])
        }
    }

    @Test("alpha(atX:y:) reads the alpha of every format", arguments: [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 100)])
    func alphaAccessor(format: PixelFormat) throws {
        let image = try ImageDecoder().decode(bytes: Self.fixture(width: 70, height: 4), as: format)
        for y in 0..<4 {
            for x in 0..<70 {
                let expected: UInt8 =
                    if case .mask1(let minAlpha) = format { Self.alpha(x, y) >= minAlpha ? 255 : 0 } else { Self.alpha(x, y) }
                #expect(image.alpha(atX: x, y: y) == expected)
            }
        }
    }

    @Test("decoding a file and decoding its bytes from memory give the same image")
    func fileEqualsMemory() throws {
        let bytes = try Self.fixture(width: 9, height: 7)
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("image.png").path
        try Fixtures.write(bytes, to: path)
        for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)] {
            let fromFile = try ImageDecoder().decode(contentsOfFile: path, as: format)
            let fromMemory = try ImageDecoder().decode(bytes: bytes, as: format)
            #expect(Fixtures.packedBytes(fromFile) == Fixtures.packedBytes(fromMemory))
            #expect(fromFile.origin == fromMemory.origin)
        }
    }

    @Test("the header reports size, colour type, bit depth, interlace and tRNS as stored")
    func headerFields() throws {
        let png = try Fixtures.rawPNG(colorType: 3, bitDepth: 4, width: 3, samples: [[0, 1, 2], [2, 1, 0]], interlaced: true) {
            $0.palette = [1, 2, 3, 4, 5, 6, 7, 8, 9]
            $0.paletteAlpha = [0]
        }
        let header = try ImageDecoder().decode(bytes: png, as: .alpha8).pngHeader
        #expect(header == PNGHeader(width: 3, height: 2, bitDepth: 4, colorType: .palette, isInterlaced: true, hasTransparencyChunk: true))
    }

    @Test("the PNG encoder writes RGBA and grey+alpha pixels that decode to the same values")
    func encoderRoundTrip() throws {
        let grey = try PNGEncoder().encode(pixels: [10, 255, 20, 0, 30, 128], width: 3, height: 1, layout: .greyAlpha8)
        let image = try ImageDecoder().decode(bytes: grey, as: .premultipliedARGB8)
        // (30 * 128 + 127) / 255 = 15
        #expect(Fixtures.packedBytes(image) == [255, 10, 10, 10, 0, 0, 0, 0, 128, 15, 15, 15])
        #expect(throws: PNGEncodingError.pixelCountMismatch(expected: 12, actual: 11)) {
            try PNGEncoder().encode(pixels: [UInt8](repeating: 0, count: 11), width: 3, height: 1, layout: .rgba8)
        }
        #expect(throws: PNGEncodingError.invalidSize(width: 0, height: 1)) {
            try PNGEncoder().encode(pixels: [], width: 0, height: 1, layout: .rgba8)
        }
    }
}
