@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// PngSuite: every valid file decodes to the digests in `Fixtures/PngSuite/expected.json`,
/// every corrupt-by-design `x*.png` fails with a typed error. The suite is vendored (see
/// `Fixtures/PngSuite/SOURCE.txt`), so these tests run in any clone.
@Suite("PngSuite conformance")
struct PngSuiteConformanceTests {
    struct Expectation: Decodable {
        var decodes: Bool?
        var width: Int?
        var height: Int?
        var alpha8SHA256: String?
        var argb8PremultipliedSHA256: String?
        var pixelsWithAlphaAtLeast26: Int?
        var libpngMessage: String?
    }

    struct Expected: Decodable {
        var files: [String: Expectation]
    }

    static let expected: [String: Expectation] = {
        let suite = Fixtures.pngSuite
        guard let data = try? Data(contentsOf: suite.appendingPathComponent("expected.json")),
            let decoded = try? JSONDecoder().decode(Expected.self, from: data)
        else { return [:] }
        return decoded.files
    }()

    static let validFiles = expected.filter { $0.value.decodes ?? true }.keys.sorted()
    static let corruptFiles = expected.filter { !($0.value.decodes ?? true) }.keys.sorted()

    @Test("expected.json lists the 161 valid and 14 corrupt-by-design files")
    func suiteIsComplete() throws {
        #expect(Self.validFiles.count == 161)
        #expect(Self.corruptFiles.count == 14)
    }

    @Test("every valid file decodes to the expected alpha8, ARGB8 and mask1 planes", arguments: validFiles)
    func validFileMatchesDigests(name: String) throws {
        let suite = Fixtures.pngSuite
        let expectation = try #require(Self.expected[name])
        let path = suite.appendingPathComponent(name).path
        let decoder = ImageDecoder()

        let alpha = try decoder.decode(contentsOfFile: path, as: .alpha8)
        #expect(alpha.width == expectation.width)
        #expect(alpha.height == expectation.height)
        let alphaBytes = Fixtures.packedBytes(alpha)
        #expect(SHA256.hex(alphaBytes) == expectation.alpha8SHA256)

        let argb = try decoder.decode(contentsOfFile: path, as: .premultipliedARGB8)
        #expect(SHA256.hex(Fixtures.packedBytes(argb)) == expectation.argb8PremultipliedSHA256)

        let mask = try decoder.decode(contentsOfFile: path, as: .mask1(minAlpha: 26))
        var solid = 0
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let expectedBit: UInt8 = alphaBytes[y * alpha.width + x] >= 26 ? 255 : 0
                #expect(mask.alpha(atX: x, y: y) == expectedBit)
                if expectedBit != 0 { solid += 1 }
            }
        }
        #expect(solid == expectation.pixelsWithAlphaAtLeast26)
    }

    @Test("every corrupt-by-design file fails with a typed error carrying libpng's message", arguments: corruptFiles)
    func corruptFileFails(name: String) throws {
        let suite = Fixtures.pngSuite
        let message = try #require(Self.expected[name]?.libpngMessage)
        let path = suite.appendingPathComponent(name).path
        for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)] {
            let error = try #require(throws: ImageDecodingError.self) {
                try ImageDecoder().decode(contentsOfFile: path, as: format)
            }
            #expect(error.source == path)
            #expect(error.description.contains(message), "\(error) should contain \(message)")
        }
    }
}
