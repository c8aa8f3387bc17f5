@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// What the command line says for help, versions and typos, for input that is not a PNG, and for an image over the size limit.
@Suite("hittest messages")
struct CommandMessageTests {
    @Test("help help, -v, --version, and 'did you mean' for commands and options")
    func helpAndSuggestions() throws {
        let helpHelp = try HitTestRunner.run(["help", "help"])
        #expect(helpHelp.status == 0 && helpHelp.text.hasPrefix("OVERVIEW: Show help for a subcommand."))
        for flag in ["-v", "--version"] {
            let version = try HitTestRunner.run([flag])
            #expect(version.status == 0 && version.text == HitTestCLI.version + "\n")
        }
        let command = try HitTestRunner.run(["qery", CommandFixtures.diamonds])
        #expect(command.status == 2 && command.standardError.contains("Did you mean 'query'?"))
        let option = try HitTestRunner.run(["query", CommandFixtures.diamonds, "--jsn", "1,1"])
        #expect(option.status == 2 && option.standardError.contains("Did you mean '--json'?"))
    }

    @Test("input without a full PNG signature and header is 'not a PNG, WebP or SVG image'", arguments: [Array("hello\n".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]])
    func tooShortForPNG(bytes: [UInt8]) throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("x.png").path
        try Fixtures.write(bytes, to: path)
        let outcome = try HitTestRunner.run(["inspect", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("Error: \(path): not a PNG, WebP or SVG image"), "\(outcome.standardError)")
    }

    @Test("an image over the size limit names the command-line option that raises it, and the option works")
    func maxPixels() throws {
        let folder = try Fixtures.temporaryDirectory()
        var huge = PNGChunks(try Fixtures.rgbaPNG(width: 1, height: 1) { _, _ in (0, 0, 0, 255) })
        huge.chunks[0].data.replaceSubrange(0..<8, with: PNGChunks.bigEndian(100_000) + PNGChunks.bigEndian(100_000))
        try Fixtures.write(huge.bytes, to: folder.appendingPathComponent("huge.png").path)
        let outcome = try HitTestRunner.run(["inspect", folder.appendingPathComponent("huge.png").path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("raise --max-pixels"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("DecodingLimits"))
        let small = folder.appendingPathComponent("small.png").path
        try Fixtures.write(Fixtures.rgbaPNG(width: 20, height: 20) { _, _ in (0, 0, 0, 255) }, to: small)
        let refused = try HitTestRunner.run(["inspect", small, "--max-pixels", "399"])
        #expect(refused.status == 1 && refused.standardError.contains("raise --max-pixels (now 399)"))
        #expect(try HitTestRunner.run(["inspect", small, "--max-pixels", "400"]).status == 0)
    }
}
