@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// `hittest decode`, `--help` and `--version`, run as a user runs them.
@Suite("hittest decode command")
struct DecodeCommandTests {
    /// A 10 x 2 image: alpha is 25 * x in row 0 and 255 - 25 * x in row 1; colour (100, 200, 50).
    static func writeFixture() throws -> String {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("ten.png").path
        try Fixtures.write(Fixtures.rgbaPNG(width: 10, height: 2) { x, y in (100, 200, 50, UInt8(y == 0 ? 25 * x : 255 - 25 * x)) }, to: path)
        return path
    }

    @Test("decode alpha8 writes width bytes a row and prints WIDTH HEIGHT FORMAT")
    func alpha8Output() throws {
        let image = try Self.writeFixture()
        let out = image + ".raw"
        let outcome = try HitTestRunner.run(["decode", image, "--format", "alpha8", "-o", out])
        #expect(outcome.status == 0)
        #expect(outcome.text == "10 2 alpha8\n")
        let expected: [UInt8] = [0, 25, 50, 75, 100, 125, 150, 175, 200, 225, 255, 230, 205, 180, 155, 130, 105, 80, 55, 30]
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))) == expected)
    }

    @Test("decode argb8 writes premultiplied A, R, G, B, 4 x width bytes a row")
    func argb8Output() throws {
        let image = try Self.writeFixture()
        let outcome = try HitTestRunner.run(["decode", image, "--format", "argb8", "-o", "-"])
        #expect(outcome.status == 0)
        let bytes = [UInt8](outcome.standardOutput)
        #expect(bytes.count == 80)
        // Pixel (1, 0), alpha 25: 100*25/255 = 9.80, 200*25/255 = 19.61, 50*25/255 = 4.90.
        #expect(Array(bytes[4..<8]) == [25, 10, 20, 5])
        // Pixel (0, 1), alpha 255: unchanged.
        #expect(Array(bytes[40..<44]) == [255, 100, 200, 50])
    }

    @Test("decode mask1 writes ceil(width / 8) bytes a row, leftmost pixel in the MSB, --min-alpha default 26")
    func mask1Output() throws {
        let image = try Self.writeFixture()
        let defaulted = try HitTestRunner.run(["decode", image, "--format", "mask1", "-o", "-"])
        #expect(defaulted.status == 0)
        // Row 0: alphas 0,25 < 26, then 50... set: 0b0011_1111, 0b11 << 6. Row 1: 255..30 all >= 26.
        #expect([UInt8](defaulted.standardOutput) == [0b0011_1111, 0b1100_0000, 0b1111_1111, 0b1100_0000])
        let strict = try HitTestRunner.run(["decode", image, "--format", "mask1", "--min-alpha", "200", "-o", "-"])
        // Row 0: 200 and 225 set (x = 8, 9). Row 1: 255, 230, 205 set (x = 0, 1, 2).
        #expect([UInt8](strict.standardOutput) == [0, 0b1100_0000, 0b1110_0000, 0])
    }

    @Test("with -o -, the bytes go to standard output and the summary to standard error")
    func standardOutputMode() throws {
        let outcome = try HitTestRunner.run(["decode", try Self.writeFixture(), "-f", "alpha8", "-o", "-"])
        #expect(outcome.standardOutput.count == 20)
        #expect(outcome.standardError == "10 2 alpha8\n")
    }

    @Test("a decoding error exits 1 with the message on standard error")
    func decodingErrorExitsOne() throws {
        let folder = try Fixtures.temporaryDirectory()
        let missing = folder.appendingPathComponent("missing.png").path
        let absent = try HitTestRunner.run(["decode", missing, "-f", "alpha8", "-o", "-"])
        #expect(absent.status == 1)
        #expect(absent.standardError == "Error: \(missing): no such file\n")
        #expect(absent.standardOutput.isEmpty)

        let corrupt = folder.appendingPathComponent("corrupt.png").path
        try Fixtures.write(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20), to: corrupt)
        let bad = try HitTestRunner.run(["decode", corrupt, "-f", "argb8", "-o", "-"])
        #expect(bad.status == 1)
        #expect(bad.standardError == "Error: \(corrupt): GIF cannot be read; export PNG or WebP\n")
    }

    @Test(
        "a usage error exits 2 with the usage line",
        arguments: [
            ["decode"], ["decode", "x.png", "-o", "-"], ["decode", "x.png", "-f", "alpha8"],
            ["decode", "x.png", "-f", "rgb", "-o", "-"], ["decode", "x.png", "-f", "mask1", "--min-alpha", "256", "-o", "-"],
            ["decode", "x.png", "-f", "alpha8", "--min-alpha", "3", "-o", "-"], ["decode", "x.png", "--bogus", "-f", "alpha8", "-o", "-"],
            ["decode", "x.png", "y.png", "-f", "alpha8", "-o", "-"], ["frobnicate"], ["help", "frobnicate"],
        ])
    func usageErrorExitsTwo(arguments: [String]) throws {
        let outcome = try HitTestRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: "))
        #expect(outcome.standardError.contains("Usage: hittest"))
        #expect(outcome.standardError.contains("See 'hittest --help' for more information."))
    }

    @Test("--help lists the subcommands; help decode equals decode --help; --version prints the version")
    func helpAndVersion() throws {
        let help = try HitTestRunner.run(["--help"])
        #expect(help.status == 0)
        for section in ["OVERVIEW:", "USAGE: hittest <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "decode"] {
            #expect(help.text.contains(section))
        }
        let helpDecode = try HitTestRunner.run(["help", "decode"])
        let decodeHelp = try HitTestRunner.run(["decode", "--help"])
        #expect(helpDecode.text == decodeHelp.text)
        #expect(helpDecode.text.contains("ARGUMENTS:") && helpDecode.text.contains("--min-alpha"))
        let version = try HitTestRunner.run(["--version"])
        #expect((version.status, version.text) == (0, HitTestCLI.version + "\n"))
    }

    /// Noisy 8-bit RGBA pixels, so the file is not trivially compressible.
    static func noisyRGBA(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var state: UInt64 = 0x2545_f491_4f6c_dd1d
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for i in words.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                words[i] = state
            }
        }
        return pixels
    }

    @Test(
        "decoding a 4096 x 4096 RGBA image to alpha8 adds about W x H bytes of peak memory, not a full RGBA copy",
        .disabled(if: Fixtures.isSanitized, "a sanitizer's shadow memory makes the figures meaningless"))
    func alpha8PeakMemory() throws {
        let folder = try Fixtures.temporaryDirectory()
        let big = folder.appendingPathComponent("big.png").path
        try Fixtures.write(PNGEncoder().encode(pixels: Self.noisyRGBA(width: 4096, height: 4096), width: 4096, height: 4096, layout: .rgba8), to: big)

        func addedBytes(_ format: String) throws -> Int {
            // Peak memory is measured by the decoding process itself: a child's ru_maxrss
            // starts at its parent's peak on Linux, which here is the whole test runner's.
            let outcome = try HitTestRunner.runBinary(["decode", big, "-f", format, "-o", "/dev/null", "--stats"], standardOutput: "/dev/null")
            #expect(outcome.status == 0)
            let line = try #require(outcome.standardError.split(separator: "\n").first { $0.hasPrefix("stats:") })
            print(line)
            let words = line.split(separator: " ")
            let index = try #require(words.lastIndex(of: "bytes"))
            return try #require(Int(words[index - 1]))
        }
        let addedAlpha8 = try addedBytes("alpha8")
        let addedARGB8 = try addedBytes("argb8")
        let plane = 4096 * 4096
        // The alpha8 plane itself is 16 MiB; a full RGBA copy would add 64 MiB more.
        #expect(addedAlpha8 >= plane)
        #expect(addedAlpha8 < plane + (8 << 20))
        // The measurement can see a large buffer when there is one.
        #expect(addedARGB8 >= 4 * plane)
    }
}
