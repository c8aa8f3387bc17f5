@testable import AlphaHit
@testable import AlphaHitImages
import Foundation
import Testing

/// The decoder's rules on WebP (`Docs/Decoding.md`): recognised by content, lossless files equal
/// the PNGs they were made from in every format, lossy files give libwebp's alpha, files without
/// alpha are opaque, animations are refused, and truncated or lying files are typed errors.
@Suite("WebP decoding")
struct WebPDecodingTests {
    static let formats: [PixelFormat] = [.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26), .mask1(minAlpha: 0), .mask1(minAlpha: 255)]

    static func decode(_ bytes: [UInt8], as format: PixelFormat, limits: DecodingLimits = .default) throws(ImageDecodingError) -> DecodedImage {
        try ImageDecoder(limits: limits).decode(bytes: bytes, name: "art.webp", as: format)
    }

    /// The planes a straight RGBA image gives, by the rules written out independently of the
    /// decoder: alpha as is, colour times alpha rounded to nearest, a bit where alpha >= minAlpha.
    static func expectedPlane(_ image: WebPFixtures.RGBA, as format: PixelFormat) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<image.height {
            switch format {
            case .alpha8:
                for x in 0..<image.width { bytes.append(image.alpha(x: x, y: y)) }
            case .premultipliedARGB8:
                for x in 0..<image.width {
                    let p = Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
                    let a = Double(p[3])
                    bytes += [p[3]] + (0..<3).map { UInt8((Double(p[$0]) * a / 255).rounded()) }
                }
            case .mask1(let minAlpha):
                var row = [UInt8](repeating: 0, count: (image.width + 7) / 8)
                for x in 0..<image.width where image.alpha(x: x, y: y) >= minAlpha { row[x / 8] |= 0x80 >> UInt8(x % 8) }
                bytes += row
            }
        }
        return bytes
    }

    @Test("a lossless WebP made from each valid PngSuite image equals the PNG in every format", arguments: PngSuiteConformanceTests.validFiles)
    func losslessEqualsPngSuite(name: String) throws {
        let path = Fixtures.pngSuite.appendingPathComponent(name).path
        let webp = WebPFixtures.lossless(try WebPFixtures.straightRGBA(ofPNG: path))
        for format in Self.formats {
            let fromPNG = try ImageDecoder().decode(contentsOfFile: path, as: format)
            let fromWebP = try Self.decode(webp, as: format)
            #expect(Fixtures.packedBytes(fromWebP) == Fixtures.packedBytes(fromPNG), "\(name) as \(format)")
        }
    }

    static let atlasSheets: [String] = {
        let root = Fixtures.packageRoot.appendingPathComponent("Tests/AlphaHitTests/Fixtures/Atlases")
        let names = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted().map { root.appendingPathComponent($0).path }
    }()

    @Test("a lossless WebP made from each real atlas sheet equals the PNG in every format", arguments: atlasSheets)
    func losslessEqualsAtlasSheets(path: String) throws {
        let webp = WebPFixtures.lossless(try WebPFixtures.straightRGBA(ofPNG: path))
        for format in Self.formats {
            let fromPNG = try ImageDecoder().decode(contentsOfFile: path, as: format)
            #expect(Fixtures.packedBytes(try Self.decode(webp, as: format)) == Fixtures.packedBytes(fromPNG), "\(path) as \(format)")
        }
    }

    @Test("random lossless images decode to the pixels encoded, premultiplied by the PNG rule", arguments: 0..<12)
    func losslessRandom(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let image = WebPFixtures.random(width: Int(1 + random.next() % 140), height: Int(1 + random.next() % 70), seed: seed)
        let webp = WebPFixtures.lossless(image)
        for format in Self.formats {
            let decoded = try Self.decode(webp, as: format)
            #expect((decoded.width, decoded.height) == (image.width, image.height))
            #expect(Fixtures.packedBytes(decoded) == Self.expectedPlane(image, as: format), "seed \(seed) as \(format)")
        }
        #expect(try Self.decode(webp, as: .alpha8).origin == .webP(WebPHeader(width: image.width, height: image.height, hasAlpha: true, compression: .lossless)))
    }

    @Test("a lossy WebP with alpha gives the alpha (and colour) libwebp decodes", arguments: [(40, 30, 50 as Float), (129, 65, 90), (1, 1, 10)])
    func lossyWithAlpha(width: Int, height: Int, quality: Float) throws {
        let webp = WebPFixtures.lossy(WebPFixtures.random(width: width, height: height, seed: UInt64(width)), quality: quality)
        let reference = try #require(WebPFixtures.referenceRGBA(webp))
        for format in Self.formats {
            #expect(Fixtures.packedBytes(try Self.decode(webp, as: format)) == Self.expectedPlane(reference, as: format), "\(format)")
        }
        let header = try Self.decode(webp, as: .alpha8).origin
        #expect(header == .webP(WebPHeader(width: width, height: height, hasAlpha: true, compression: .lossy)))
    }

    @Test("a WebP without alpha is opaque in every format", arguments: [true, false])
    func withoutAlphaIsOpaque(lossless: Bool) throws {
        let image = WebPFixtures.random(width: 33, height: 17, seed: 7)
        let webp = WebPFixtures.opaque(image, lossless: lossless)
        let alpha = try Self.decode(webp, as: .alpha8)
        #expect(Fixtures.packedBytes(alpha).allSatisfy { $0 == 255 })
        #expect(alpha.origin == .webP(WebPHeader(width: 33, height: 17, hasAlpha: false, compression: lossless ? .lossless : .lossy)))
        let argb = Fixtures.packedBytes(try Self.decode(webp, as: .premultipliedARGB8))
        #expect(stride(from: 0, to: argb.count, by: 4).allSatisfy { argb[$0] == 255 })
        let reference = try #require(WebPFixtures.referenceRGBA(webp))
        #expect(argb == Self.expectedPlane(reference, as: .premultipliedARGB8))
        let mask = try Self.decode(webp, as: .mask1(minAlpha: 255))
        #expect((0..<17).allSatisfy { y in (0..<33).allSatisfy { mask.alpha(atX: $0, y: y) == 255 } })
    }

    @Test("an animated WebP is refused, saying so")
    func animatedIsRefused() throws {
        let still = WebPFixtures.lossless(WebPFixtures.random(width: 4, height: 3, seed: 1))
        let animated = WebPFixtures.animated(from: still, width: 4, height: 3)
        #expect(ImageContent(prefix: animated) == .webP)
        for format in Self.formats {
            #expect(throws: ImageDecodingError.animatedWebP(source: "art.webp")) { try Self.decode(animated, as: format) }
        }
        #expect(ImageDecodingError.animatedWebP(source: "a.webp").description.contains("animated"))
    }

    @Test("a WebP cut at every length is a typed error in every format, never an image", arguments: [true, false])
    func truncatedAtEveryLength(lossless: Bool) throws {
        let image = WebPFixtures.random(width: 9, height: 7, seed: 3)
        let webp = lossless ? WebPFixtures.lossless(image) : WebPFixtures.lossy(image)
        for length in 0..<webp.count {
            for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)] {
                do {
                    _ = try Self.decode(Array(webp.prefix(length)), as: format)
                    Issue.record("\(length) of \(webp.count) bytes decoded as \(format)")
                } catch {
                    #expect(error.source == "art.webp")
                }
            }
        }
    }

    /// A still lossless WebP whose VP8L header claims `width` x `height` (its 14-bit fields, after
    /// the 0x2F signature at byte 20), optionally behind a VP8X chunk claiming the same canvas.
    static func claiming(_ width: Int, _ height: Int, from still: [UInt8], extended: Bool) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        var vp8l = Array(still[12...])
        let old = Int(vp8l[9]) | Int(vp8l[10]) << 8 | Int(vp8l[11]) << 16 | Int(vp8l[12]) << 24
        let bits = (width - 1) | (height - 1) << 14 | (old & ~((1 << 28) - 1))
        vp8l.replaceSubrange(9..<13, with: le(bits, 4))
        let vp8x = extended ? Array("VP8X".utf8) + le(10, 4) + [0x10, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3) : []
        let body = Array("WEBP".utf8) + vp8x + vp8l
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    @Test("a header that lies about the size is an error, and a size over the limits is refused before decoding")
    func lyingHeader() throws {
        let still = WebPFixtures.lossless(WebPFixtures.random(width: 4, height: 3, seed: 2))
        #expect(Self.claiming(4, 3, from: still, extended: false) == still)
        #expect(Fixtures.packedBytes(try Self.decode(Self.claiming(4, 3, from: still, extended: true), as: .alpha8)).count == 12)
        for extended in [false, true] {
            let lying = Self.claiming(400, 300, from: still, extended: extended)
            for format in Self.formats {
                #expect(throws: ImageDecodingError.self) { try Self.decode(lying, as: format) }
            }
            let tight = DecodingLimits(maxWidth: 100, maxHeight: 100)
            #expect(throws: ImageDecodingError.dimensionsExceedLimit(source: "art.webp", width: 400, height: 300, maxWidth: 100, maxHeight: 100)) {
                try Self.decode(lying, as: .alpha8, limits: tight)
            }
        }
        // From a file, the headers' size is admitted before the file is read whole: the size limit
        // speaks first, though the file is also over the file-size limit.
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("lying.webp").path
        try Fixtures.write(Self.claiming(400, 300, from: still, extended: true), to: path)
        #expect(throws: ImageDecodingError.dimensionsExceedLimit(source: path, width: 400, height: 300, maxWidth: 100, maxHeight: 100)) {
            try ImageDecoder(limits: DecodingLimits(maxWidth: 100, maxHeight: 100, maxEncodedBytes: 10)).decode(contentsOfFile: path, as: .alpha8)
        }
        // A VP8X canvas that disagrees with the bitstream in it.
        var disagreeing = Self.claiming(4, 3, from: still, extended: true)
        disagreeing[24] = 9
        #expect(throws: ImageDecodingError.corruptWebP(source: "art.webp", libwebpStatus: "BITSTREAM_ERROR")) { try Self.decode(disagreeing, as: .alpha8) }
        let small = DecodingLimits(maxDecodedBytes: 10)
        #expect(throws: ImageDecodingError.decodedSizeExceedsLimit(source: "art.webp", bytes: 48, maxBytes: 10)) {
            try Self.decode(still, as: .premultipliedARGB8, limits: small)
        }
    }

    @Test("a WebP is read by its content whatever its name, from a file and through the cache, within the file-size limit")
    func readByContent() throws {
        let folder = try Fixtures.temporaryDirectory()
        let image = WebPFixtures.random(width: 20, height: 10, seed: 9)
        let path = folder.appendingPathComponent("sprite.png").path
        try Fixtures.write(WebPFixtures.lossless(image), to: path)
        let decoded = try ImageDecoder().decode(contentsOfFile: path, as: .alpha8)
        #expect(Fixtures.packedBytes(decoded) == Self.expectedPlane(image, as: .alpha8))
        let cache = ImageCache()
        let first = try cache.image(contentsOfFile: path, as: .alpha8, scale: 1)
        let second = try cache.image(contentsOfFile: path, as: .alpha8, scale: 3)
        #expect(first.pixelAddress == second.pixelAddress)
        #expect(cache.statistics.misses == 1)
        let size = try Fixtures.bytes(of: URL(fileURLWithPath: path)).count
        #expect(throws: ImageDecodingError.fileTooLarge(source: path, bytes: size, maxBytes: 10)) {
            try ImageDecoder(limits: DecodingLimits(maxEncodedBytes: 10)).decode(contentsOfFile: path, as: .alpha8)
        }
    }
}
