@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Testing

/// The sample rules of the decoder, each checked on fixtures written with libpng
/// against values computed independently of the decoder (by hand or with `Double` rounding).
@Suite("Decoder sample rules")
struct DecoderSampleRuleTests {
    static let grey: Int32 = 0, rgb: Int32 = 2, palette: Int32 = 3, greyAlpha: Int32 = 4, rgba: Int32 = 6

    /// Decodes `png` to packed alpha8 and premultiplied ARGB8 planes.
    static func planes(_ png: [UInt8]) throws -> (alpha: [UInt8], argb: [UInt8]) {
        let decoder = ImageDecoder()
        let alpha = try decoder.decode(bytes: png, as: .alpha8)
        let argb = try decoder.decode(bytes: png, as: .premultipliedARGB8)
        return (Fixtures.packedBytes(alpha), Fixtures.packedBytes(argb))
    }

    static func rounded(_ numerator: Int, _ denominator: Int) -> UInt8 {
        UInt8((Double(numerator) / Double(denominator)).rounded())
    }

    @Test("16-bit samples become round(v / 257) for all 65,536 values")
    func sixteenBitRoundingExhaustive() throws {
        let greyRows = (0..<256).map { y in (0..<256).map { x in y * 256 + x } }
        let greyPlanes = try Self.planes(Fixtures.rawPNG(colorType: Self.grey, bitDepth: 16, width: 256, samples: greyRows))
        let alphaRows = (0..<256).map { y in (0..<256).flatMap { x in [65535, y * 256 + x] } }
        let alphaPlanes = try Self.planes(Fixtures.rawPNG(colorType: Self.greyAlpha, bitDepth: 16, width: 256, samples: alphaRows))
        for v in 0..<65536 {
            let expected = Self.rounded(v, 257)
            #expect(greyPlanes.argb[v * 4 + 1] == expected, "grey \(v)")
            #expect(alphaPlanes.alpha[v] == expected, "alpha \(v)")
        }
    }

    @Test(
        "16-bit rounding, not truncation, in every 16-bit colour type",
        arguments: [grey, rgb, greyAlpha, rgba])
    func sixteenBitRoundingPerColorType(colorType: Int32) throws {
        // v16 -> round(v16 / 257), worked out by hand: 128/257 = 0.498, 129/257 = 0.502, ...
        let table: [(Int, UInt8)] = [
            (0, 0), (128, 0), (129, 1), (385, 1), (386, 2), (32767, 127), (32768, 128),
            (65406, 254), (65407, 255), (65535, 255),
        ]
        let channels = [Self.grey: 1, Self.rgb: 3, Self.greyAlpha: 2, Self.rgba: 4][colorType]!
        let hasAlpha = colorType == Self.greyAlpha || colorType == Self.rgba
        let row = table.flatMap { value, _ in
            (0..<channels).map { channel in hasAlpha && channel == channels - 1 ? 65535 : value }
        }
        let planes = try Self.planes(Fixtures.rawPNG(colorType: colorType, bitDepth: 16, width: table.count, samples: [row]))
        for (index, (value, expected)) in table.enumerated() {
            #expect(planes.alpha[index] == 255)
            #expect(Array(planes.argb[index * 4 + 1...index * 4 + 3]) == [expected, expected, expected], "v16 = \(value)")
        }
    }

    @Test("low bit depths scale up exactly: 1-bit x255, 2-bit x85, 4-bit x17", arguments: [(1, 255), (2, 85), (4, 17)])
    func lowBitDepthScaling(bitDepth: Int, factor: Int) throws {
        let values = Array(0..<(1 << bitDepth))
        let planes = try Self.planes(Fixtures.rawPNG(colorType: Self.grey, bitDepth: bitDepth, width: values.count, samples: [values]))
        for v in values {
            let c = UInt8(v * factor)
            #expect(Array(planes.argb[v * 4..<v * 4 + 4]) == [255, c, c, c], "sample \(v)")
        }
    }

    @Test("grey expands to R = G = B, premultiplied by its alpha, for every 8-bit (grey, alpha) pair")
    func greyExpandsToRGB() throws {
        let rows = (0..<256).map { a in (0..<256).flatMap { g in [g, a] } }
        let planes = try Self.planes(Fixtures.rawPNG(colorType: Self.greyAlpha, bitDepth: 8, width: 256, samples: rows))
        for a in 0..<256 {
            for g in 0..<256 {
                let i = (a * 256 + g) * 4
                let c = Self.rounded(g * a, 255)
                #expect(Array(planes.argb[i..<i + 4]) == [UInt8(a), c, c, c])
            }
        }
    }

    @Test("premultiplied colour is (c * a + 127) / 255, equal to round(c * a / 255) for all 65,536 pairs")
    func premultiplicationExhaustive() throws {
        let png = try Fixtures.rgbaPNG(width: 256, height: 256) { x, y in
            (UInt8(x), UInt8(255 - x), UInt8((x + y) & 255), UInt8(y))
        }
        let planes = try Self.planes(png)
        for y in 0..<256 {
            for x in 0..<256 {
                let i = (y * 256 + x) * 4
                let expected: [UInt8] = [
                    UInt8(y), Self.rounded(x * y, 255), Self.rounded((255 - x) * y, 255), Self.rounded(((x + y) & 255) * y, 255),
                ]
                #expect(Array(planes.argb[i..<i + 4]) == expected)
                #expect(planes.alpha[y * 256 + x] == UInt8(y))
            }
        }
        // The integer formula itself, pair by pair, against the rounding it claims to equal.
        for c in 0..<256 {
            for a in 0..<256 {
                #expect(RowConverter.premultiply(UInt8(c), UInt32(a)) == Self.rounded(c * a, 255))
            }
        }
    }

    @Test("palette images take alpha from tRNS; entries past the tRNS list are 255", arguments: [1, 2, 4, 8])
    func paletteAlphaFromTRNS(bitDepth: Int) throws {
        let colors: [[UInt8]] = [[10, 20, 30], [40, 50, 60], [70, 80, 90], [200, 210, 220]]
        let entries = min(1 << bitDepth, colors.count)
        let trns: [UInt8] = entries == 2 ? [0] : [0, 128]
        let expectedAlpha: [UInt8] = entries == 2 ? [0, 255] : [0, 128, 255, 255]
        let png = try Fixtures.rawPNG(colorType: Self.palette, bitDepth: bitDepth, width: entries, samples: [Array(0..<entries)]) {
            $0.palette = Array(colors.prefix(entries).joined())
            $0.paletteAlpha = trns
        }
        let planes = try Self.planes(png)
        #expect(planes.alpha == expectedAlpha)
        for index in 0..<entries {
            let a = Int(expectedAlpha[index])
            let expected = [UInt8(a)] + colors[index].map { Self.rounded(Int($0) * a, 255) }
            #expect(Array(planes.argb[index * 4..<index * 4 + 4]) == expected, "palette entry \(index)")
        }
    }

    @Test(
        "a grey tRNS colour key makes exactly the matching pixels transparent, compared at the file's bit depth",
        arguments: [
            (16, 0x1234, [0x1234, 0x1235, 0x1233, 0], [UInt8(0), 255, 255, 255]),  // 0x1234..0x1235 all round to 18
            (8, 7, [7, 8, 6], [0, 255, 255]),
            (4, 15, [15, 14, 0], [0, 255, 255]),
            (2, 1, [0, 1, 2, 3], [255, 0, 255, 255]),
            (1, 0, [0, 1], [0, 255]),
        ])
    func greyColorKey(bitDepth: Int, key: Int, samples: [Int], expectedAlpha: [UInt8]) throws {
        let png = try Fixtures.rawPNG(colorType: Self.grey, bitDepth: bitDepth, width: samples.count, samples: [samples]) {
            $0.transparentGrey = UInt16(key)
        }
        let planes = try Self.planes(png)
        #expect(planes.alpha == expectedAlpha)
        for (i, a) in expectedAlpha.enumerated() where a == 0 {
            #expect(Array(planes.argb[i * 4..<i * 4 + 4]) == [0, 0, 0, 0], "a transparent pixel premultiplies to zero")
        }
    }

    @Test(
        "an RGB tRNS colour key makes exactly the matching pixels transparent, compared at the file's bit depth",
        arguments: [
            // 0x1001 and 0x1000 both round to 16 at 8 bits, yet only the exact key is transparent.
            (16, [0x1000, 0x2000, 0x3000], [[0x1000, 0x2000, 0x3000], [0x1001, 0x2000, 0x3000], [0x1000, 0x2000, 0x3001]], [UInt8(0), 255, 255]),
            (8, [1, 2, 3], [[1, 2, 3], [1, 2, 4], [3, 2, 1]], [0, 255, 255]),
        ])
    func rgbColorKey(bitDepth: Int, key: [Int], pixels: [[Int]], expectedAlpha: [UInt8]) throws {
        let png = try Fixtures.rawPNG(colorType: Self.rgb, bitDepth: bitDepth, width: pixels.count, samples: [pixels.flatMap { $0 }]) {
            $0.transparentRGB = (UInt16(key[0]), UInt16(key[1]), UInt16(key[2]))
        }
        #expect(try Self.planes(png).alpha == expectedAlpha)
    }

    @Test(
        "without an alpha channel or tRNS, alpha is 255 everywhere",
        arguments: [(grey, 1), (grey, 8), (grey, 16), (rgb, 8), (rgb, 16), (palette, 8)])
    func opaqueWithoutAlpha(colorType: Int32, bitDepth: Int) throws {
        let channels = colorType == Self.rgb ? 3 : 1
        let maxSample = colorType == Self.palette ? 1 : (1 << bitDepth) - 1
        let rows = (0..<3).map { y in (0..<5 * channels).map { x in (x + y) % (maxSample + 1) } }
        let png = try Fixtures.rawPNG(colorType: colorType, bitDepth: bitDepth, width: 5, samples: rows) {
            if colorType == Self.palette { $0.palette = [1, 2, 3, 4, 5, 6] }
        }
        #expect(try Self.planes(png).alpha == [UInt8](repeating: 255, count: 15))
    }

    @Test("gAMA, sRGB and cHRM chunks do not change sample values", arguments: ["gAMA 0.45455", "gAMA 1.0", "gAMA 2.2", "sRGB", "cHRM"])
    func colorChunksAreIgnored(chunk: String) throws {
        let rows: [[Int]] = (0..<4).map { (y: Int) -> [Int] in
            (0..<6).flatMap { (x: Int) -> [Int] in [x * 40, y * 60, 255 - x * 30, 50 + x * 30] }
        }
        let plain = try Fixtures.rawPNG(colorType: Self.rgba, bitDepth: 8, width: 6, samples: rows)
        var tagged = try Fixtures.rawPNG(colorType: Self.rgba, bitDepth: 8, width: 6, samples: rows) { image in
            if chunk.hasPrefix("gAMA") { image.gamma = 1 / Double(chunk.dropFirst(5))! }
            if chunk == "sRGB" { image.sRGB = true }
        }
        if chunk == "cHRM" {
            var chunks = PNGChunks(tagged)
            let values: [UInt32] = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
            chunks.chunks.insert(PNGChunks.Chunk(type: "cHRM", data: values.flatMap(PNGChunks.bigEndian)), at: 1)
            tagged = chunks.bytes
        }
        #expect(tagged != plain)
        let expected = try Self.planes(plain)
        let actual = try Self.planes(tagged)
        #expect(actual.argb == expected.argb)
        // And the plain file's values are the straight samples, premultiplied.
        #expect(Array(expected.argb[4..<8]) == [80, Self.rounded(40 * 80, 255), 0, Self.rounded(225 * 80, 255)])
    }

    static let interlaceCases: [(Int32, Int)] = [
        (grey, 1), (grey, 2), (grey, 4), (grey, 8), (grey, 16), (rgb, 8), (rgb, 16),
        (palette, 1), (palette, 2), (palette, 4), (palette, 8), (greyAlpha, 8), (greyAlpha, 16), (rgba, 8), (rgba, 16),
    ]

    @Test("interlaced (Adam7) files decode to the same pixels as non-interlaced ones, at every size", arguments: interlaceCases)
    func interlacedEqualsProgressive(colorType: Int32, bitDepth: Int) throws {
        let channels = [Self.grey: 1, Self.rgb: 3, Self.palette: 1, Self.greyAlpha: 2, Self.rgba: 4][colorType]!
        let maxSample = colorType == Self.palette ? min(15, (1 << bitDepth) - 1) : (1 << bitDepth) - 1
        for (width, height) in [(1, 1), (2, 3), (7, 5), (9, 9), (17, 11), (33, 8), (5, 1), (1, 6)] {
            var seed: UInt64 = 0x9e37_79b9_7f4a_7c15 &* UInt64(width * 31 + height)
            let rows = (0..<height).map { _ in
                (0..<width * channels).map { _ in
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return Int(seed >> 33) % (maxSample + 1)
                }
            }
            func encode(_ interlaced: Bool) throws -> [UInt8] {
                try Fixtures.rawPNG(colorType: colorType, bitDepth: bitDepth, width: width, samples: rows, interlaced: interlaced) {
                    if colorType == Self.palette {
                        $0.palette = (0...maxSample).flatMap { (i: Int) -> [UInt8] in [UInt8(i * 16), UInt8(255 - i * 16), UInt8(i * 5)] }
                        $0.paletteAlpha = (0..<min(10, maxSample)).map { UInt8($0 * 25) }
                    }
                }
            }
            let progressive = try encode(false)
            let interlaced = try encode(true)
            #expect(try ImageDecoder().decode(bytes: interlaced, as: .alpha8).pngHeader?.isInterlaced == true)
            for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 100)] {
                let a = try ImageDecoder().decode(bytes: progressive, as: format)
                let b = try ImageDecoder().decode(bytes: interlaced, as: format)
                #expect(Fixtures.packedBytes(a) == Fixtures.packedBytes(b), "\(width)x\(height) \(format)")
            }
        }
    }
}
