@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// Bad input gets a typed error naming the source, and nothing else.
@Suite("Decoder errors and limits")
struct DecoderErrorTests {
    static func validPNG() throws -> [UInt8] {
        try Fixtures.rgbaPNG(width: 16, height: 16) { x, y in (UInt8(x * 16), UInt8(y * 16), 0, UInt8((x + y) * 8)) }
    }

    static let formats: [PixelFormat] = [.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)]

    static func decodeError(_ bytes: [UInt8], limits: DecodingLimits = .default, format: PixelFormat = .alpha8) -> ImageDecodingError? {
        do {
            _ = try ImageDecoder(limits: limits).decode(bytes: bytes, name: "fixture.png", as: format)
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing file throws fileNotFound naming the path")
    func missingFile() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("absent.png").path
        #expect(throws: ImageDecodingError.fileNotFound(source: path)) {
            try ImageDecoder().decode(contentsOfFile: path, as: .alpha8)
        }
        #expect(throws: ImageDecodingError.fileNotFound(source: path)) {
            try ImageCache(byteBudget: 1 << 20).image(contentsOfFile: path, as: .alpha8)
        }
    }

    @Test("an unreadable path (a directory) throws unreadable naming the path and the reason")
    func unreadableFile() throws {
        let path = try Fixtures.temporaryDirectory().path
        let error = try #require(throws: ImageDecodingError.self) { try ImageDecoder().decode(contentsOfFile: path, as: .alpha8) }
        guard case .unreadable(let source, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(source == path)
        #expect(reason.lowercased().contains("directory"))
        let cached = try #require(throws: ImageDecodingError.self) { try ImageCache().image(contentsOfFile: path, as: .alpha8) }
        #expect(cached == .unreadable(source: path, reason: "it is a directory"))
    }

    @Test("an empty file throws empty")
    func emptyFile() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("empty.png").path
        try Fixtures.write([], to: path)
        #expect(throws: ImageDecodingError.empty(source: path)) { try ImageDecoder().decode(contentsOfFile: path, as: .alpha8) }
        #expect(Self.decodeError([]) == .empty(source: "fixture.png"))
    }

    @Test("a file that is not a PNG throws notPNG with libpng's message")
    func notPNG() throws {
        let text = Array("this is a text file, not an image at all".utf8)
        #expect(Self.decodeError(text) == .notPNG(source: "fixture.png", libpngMessage: "Not a PNG file"))
        let error = try #require(Self.decodeError(text))
        #expect(error.description == "fixture.png: not a PNG, WebP or SVG image (libpng: Not a PNG file)")
    }

    @Test("every prefix of a PNG throws empty (no bytes), not a PNG (short of the 33-byte signature and header), or truncated, in every format")
    func truncatedData() throws {
        let png = try Self.validPNG()
        for length in 0..<png.count {
            for format in Self.formats {
                let error = Self.decodeError(Array(png.prefix(length)), format: format)
                if length == 0 {
                    #expect(error == .empty(source: "fixture.png"))
                } else if length < 33 {
                    #expect(error == .incompleteHeader(source: "fixture.png", byteCount: length))
                    #expect(error?.description.hasPrefix("fixture.png: not a PNG, WebP or SVG image: it has \(length) byte") == true)
                } else if case .truncated = error {
                } else {
                    Issue.record("prefix of \(length) of \(png.count) bytes gave \(String(describing: error))")
                }
            }
        }
    }

    @Test("a chunk whose CRC does not match throws checksumMismatch")
    func crcMismatch() throws {
        // The stored CRC itself is changed: corrupting the data instead would make
        // libpng fail on the bad compressed stream before it reaches the CRC.
        var png = try Self.validPNG()
        let chunks = PNGChunks(png)
        let offset = try #require(chunks.dataOffset(of: "IDAT"))
        let length = try #require(chunks.chunks.first { $0.type == "IDAT" }).data.count
        png[offset + length] ^= 0x40
        #expect(Self.decodeError(png) == .checksumMismatch(source: "fixture.png", libpngMessage: "IDAT: CRC error"))
    }

    @Test("an unknown critical chunk or a chunk out of place throws malformed with libpng's message")
    func badChunk() throws {
        var unknown = PNGChunks(try Self.validPNG())
        unknown.chunks.insert(PNGChunks.Chunk(type: "ZZZZ", data: [1, 2, 3]), at: 1)
        let error = try #require(Self.decodeError(unknown.bytes))
        guard case .malformed(_, let message) = error else { Issue.record("got \(error)"); return }
        #expect(message.contains("ZZZZ"))

        var misplaced = PNGChunks(try Self.validPNG())
        misplaced.chunks.insert(PNGChunks.Chunk(type: "IHDR", data: misplaced.chunks[0].data), at: 1)
        let misplacedError = try #require(Self.decodeError(misplaced.bytes))
        guard case .malformed(_, let misplacedMessage) = misplacedError else { Issue.record("got \(misplacedError)"); return }
        #expect(misplacedMessage.contains("IHDR"))
    }

    @Test(
        "an IHDR with impossible values throws invalidHeader",
        arguments: [
            ("zero width", 0, [UInt8(0), 0, 0, 0]),
            ("zero height", 4, [0, 0, 0, 0]),
            ("bit depth 3", 8, [3]),
            ("colour type 5", 9, [5]),
            ("compression method 1", 10, [1]),
            ("filter method 1", 11, [1]),
            ("interlace method 2", 12, [2]),
        ])
    func badHeader(label: String, offset: Int, replacement: [UInt8]) throws {
        var chunks = PNGChunks(try Self.validPNG())
        chunks.chunks[0].data.replaceSubrange(offset..<offset + replacement.count, with: replacement)
        let error = try #require(Self.decodeError(chunks.bytes), "\(label)")
        guard case .invalidHeader(let source, let message) = error else { Issue.record("\(label): got \(error)"); return }
        #expect(source == "fixture.png")
        #expect(!message.isEmpty)
    }

    /// A PNG whose IHDR claims `width` x `height` RGBA pixels, with one tiny IDAT.
    static func claimedSize(width: UInt32, height: UInt32) throws -> [UInt8] {
        var chunks = PNGChunks(try Fixtures.rgbaPNG(width: 1, height: 1) { _, _ in (0, 0, 0, 255) })
        chunks.chunks[0].data.replaceSubrange(0..<8, with: PNGChunks.bigEndian(width) + PNGChunks.bigEndian(height))
        return chunks.bytes
    }

    @Test("an image over the default 16384 x 16384 limit fails before its pixels are allocated")
    func dimensionLimit() throws {
        let bomb = try Self.claimedSize(width: 100_000, height: 100_000)
        for format in Self.formats {
            #expect(
                Self.decodeError(bomb, format: format)
                    == .dimensionsExceedLimit(source: "fixture.png", width: 100_000, height: 100_000, maxWidth: 16384, maxHeight: 16384))
        }
    }

    @Test("an image whose decoded buffer would pass 256 MiB fails before its pixels are allocated")
    func byteLimit() throws {
        // 16384 x 16384 is within the size limits, but its ARGB buffer is 1 GiB.
        let bomb = try Self.claimedSize(width: 16384, height: 16384)
        #expect(
            Self.decodeError(bomb, format: .premultipliedARGB8)
                == .decodedSizeExceedsLimit(source: "fixture.png", bytes: 1 << 30, maxBytes: 256 << 20))
        // Its alpha8 buffer is exactly 256 MiB, so the limit lets it through to the (truncated) image data.
        #expect(Self.decodeError(bomb, format: .alpha8).map { if case .truncated = $0 { true } else { false } } != false)
    }

    @Test("the limits are the caller's to set", arguments: [10, 11])
    func configurableLimits(side: Int) throws {
        let png = try Fixtures.rgbaPNG(width: side, height: side) { _, _ in (0, 0, 0, 255) }
        let limits = DecodingLimits(maxWidth: 10, maxHeight: 10, maxDecodedBytes: 100)
        let error = Self.decodeError(png, limits: limits)
        if side == 10 {
            #expect(error == nil)
            #expect(
                Self.decodeError(png, limits: limits, format: .premultipliedARGB8)
                    == .decodedSizeExceedsLimit(source: "fixture.png", bytes: 400, maxBytes: 100))
        } else {
            #expect(error == .dimensionsExceedLimit(source: "fixture.png", width: 11, height: 11, maxWidth: 10, maxHeight: 10))
        }
    }

    @Test("an image is over the limits when its width or height, its pixel count or its decoded bytes are over theirs, overflow counting as over; the message and the decoder's error agree")
    func limitsAgainstWideArithmetic() {
        var random = SplitMix(seed: 26)
        let sides = [0, 1, 7, 64, 65, 100, 16_384, 16_385, 1 << 31, 1 << 40, Int.max / 4, Int.max]
        for _ in 0..<2000 {
            let (width, height) = (sides.randomElement(using: &random)!, sides.randomElement(using: &random)!)
            let format = [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 1)].randomElement(using: &random)!
            let limits = DecodingLimits(
                maxWidth: sides.randomElement(using: &random)!, maxHeight: sides.randomElement(using: &random)!,
                maxDecodedBytes: sides.randomElement(using: &random)!, maxPixelCount: sides.randomElement(using: &random)!)
            // The slow reference: every product in 128 bits, the byte count of a row written out.
            func product(_ a: Int, _ b: Int) -> (high: Int, low: UInt) { a.multipliedFullWidth(by: b) }
            func fits(_ value: (high: Int, low: UInt), _ limit: Int) -> Bool { value.high == 0 && value.low <= UInt(limit) }
            let rowBytes: Int? = switch format {
            case .alpha8: width
            case .premultipliedARGB8: width <= Int.max / 4 ? width * 4 : nil
            case .mask1: width == 0 ? 0 : ((width - 1) / 64 + 1) * 8
            }
            let expected: String? =
                if width > limits.maxWidth || height > limits.maxHeight { "over the limit of \(limits.maxWidth)x\(limits.maxHeight)" }
                else if !fits(product(width, height), limits.maxPixelCount) { "over the limit of \(limits.maxPixelCount) pixels" }
                else if rowBytes.map({ fits(product($0, height), limits.maxDecodedBytes) }) != true { "over the limit of \(limits.maxDecodedBytes) decoded bytes" }
                else { nil }
            #expect(limits.excess(width: width, height: height, format: format) == expected, "\(width)x\(height) \(format) \(limits)")
            let admitted = Result { () throws(ImageDecodingError) in
                try ImageDecoder(limits: limits).admit(width: width, height: height, as: format, source: "a.png")
            }
            switch admitted {
            case .success(let size):
                #expect(expected == nil && size.bytesPerRow == rowBytes && size.byteCount == rowBytes! * height)
            case .failure(let error):
                #expect(expected != nil && error.description.contains(expected!), "\(error)")
            }
        }
    }

    @Test("every error message names its source", arguments: [
        ImageDecodingError.fileNotFound(source: "a.png"), .unreadable(source: "a.png", reason: "Permission denied"),
        .empty(source: "a.png"), .notPNG(source: "a.png", libpngMessage: "Not a PNG file"),
        .truncated(source: "a.png", libpngMessage: "x"), .checksumMismatch(source: "a.png", libpngMessage: "x"),
        .invalidHeader(source: "a.png", libpngMessage: "x"), .malformed(source: "a.png", libpngMessage: "x"),
        .dimensionsExceedLimit(source: "a.png", width: 1, height: 1, maxWidth: 0, maxHeight: 0),
        .decodedSizeExceedsLimit(source: "a.png", bytes: 1, maxBytes: 0), .outOfMemory(source: "a.png"),
        .unsupportedFormat(source: "a.png", format: .gif),
    ])
    func messagesNameSource(error: ImageDecodingError) {
        #expect(error.description.hasPrefix("a.png: "))
        #expect(error.source == "a.png")
    }
}
