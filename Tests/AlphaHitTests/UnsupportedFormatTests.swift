@testable import AlphaHit
@testable import AlphaHitImages
import Foundation
import Testing

/// Files whose content is another image format are refused by name, with what to do; text and
/// anything unknown are "not a PNG, WebP or SVG image". The signatures are written out here from the formats'
/// specifications, independently of ImageContent.
@Suite("Other image formats are refused by name")
struct UnsupportedFormatTests {
    static func bytes(_ values: [Int]) -> [UInt8] { values.map { UInt8($0) } }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// The leading bytes of a real file of each format (the rest is padding).
    static let signatures: [(UnsupportedImageFormat, [UInt8])] = [
        (.jpeg, bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + ascii("JFIF\0")),
        (.gif, ascii("GIF89a") + bytes([0x01, 0x00, 0x01, 0x00])),
        (.gif, ascii("GIF87a")),
        (.bmp, ascii("BM") + le32(70) + le32(0) + le32(54) + le32(40) + le32(1) + le32(1)),
        (.bmp, ascii("BM") + le32(200) + le32(0) + le32(138) + le32(124)),
        (.tiff, ascii("II*\0") + le32(8)),
        (.tiff, ascii("MM\0*") + bytes([0, 0, 0, 8])),
        (.avif, bytes([0, 0, 0, 0x1C]) + ascii("ftypavif") + le32(0) + ascii("avifmif1miaf")),
        (.avif, bytes([0, 0, 0, 0x20]) + ascii("ftypmif1") + le32(0) + ascii("mif1avifmiafMA1B")),
        (.heic, bytes([0, 0, 0, 0x18]) + ascii("ftypheic") + le32(0) + ascii("mif1heic")),
        (.jpegXL, bytes([0xFF, 0x0A, 0xFA, 0x7F])),
        (.jpegXL, bytes([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])),
        (.ktx, bytes([0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]) + le32(0x0403_0201)),
        (.ktx2, bytes([0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])),
        (.dds, ascii("DDS ") + le32(124) + le32(0x1007)),
        (.basisUniversal, ascii("sB") + bytes([0x13, 0x00, 77, 0x00])),
        (.astc, bytes([0x13, 0xAB, 0xA1, 0x5C, 4, 4, 1])),
        (.pvr, bytes([0x50, 0x56, 0x52, 0x03]) + le32(0)),
        (.pvr, le32(52) + [UInt8](repeating: 0, count: 40) + ascii("PVR!")),
    ]

    static func error(_ content: [UInt8]) -> ImageDecodingError? {
        do {
            _ = try ImageDecoder().decode(bytes: content, name: "art.png", as: .alpha8)
            return nil
        } catch {
            return error
        }
    }

    @Test("every refused format is named by its magic bytes, in memory and from a file, whatever the file's name", arguments: signatures.indices)
    func refusedByMagic(index: Int) throws {
        let (format, signature) = Self.signatures[index]
        let content = signature + [UInt8](repeating: 0, count: 64)
        #expect(Self.error(content) == .unsupportedFormat(source: "art.png", format: format))
        // A file too short for libpng's header is named all the same.
        #expect(Self.error(signature) == .unsupportedFormat(source: "art.png", format: format))
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("art.png").path
        try Fixtures.write(content, to: path)
        #expect(throws: ImageDecodingError.unsupportedFormat(source: path, format: format)) {
            try ImageDecoder().decode(contentsOfFile: path, as: .premultipliedARGB8)
        }
    }

    @Test("the message names the format and says what to do")
    func messages() {
        #expect(ImageDecodingError.unsupportedFormat(source: "a.dds", format: .dds).description == "a.dds: DDS (a GPU-compressed texture) cannot be read; export PNG or WebP")
        #expect(ImageDecodingError.unsupportedFormat(source: "a.jpg", format: .jpeg).description
            == "a.jpg: JPEG cannot be read; it has no transparency to test against; export PNG or WebP with an alpha channel")
        for format in UnsupportedImageFormat.allCases {
            #expect(format.description.hasPrefix("\(format.name) cannot be read; "))
        }
    }

    @Test("text, weak look-alikes and unknown bytes are neither PNG, WebP nor SVG", arguments: [
        "this is a text file", "BM but only two letters of a bitmap", "DDS without its header size", "sB and nothing more",
        "<html><body><svg/></body></html>", "<?xml version=\"1.0\"?><svgfont/>", "<!-- an unterminated comment <svg>",
        "RIFF....WAVEfmt ", "....ftypisom....", "GIF88a",
    ])
    func unknownStaysNotPNG(text: String) throws {
        let content = Self.ascii(text) + Self.ascii(String(repeating: " ", count: 40))
        let error = try #require(Self.error(content))
        #expect(error == .notPNG(source: "art.png", libpngMessage: "Not a PNG file"), "\(error)")
        #expect(error.description == "art.png: not a PNG, WebP or SVG image (libpng: Not a PNG file)")
    }

    @Test("a PNG's own signature, truncated, is never taken for another format")
    func truncatedPNGIsNotRefused() throws {
        let png = try DecoderErrorTests.validPNG()
        for length in 1..<40 {
            let error = try #require(Self.error(Array(png.prefix(length))))
            if case .unsupportedFormat = error { Issue.record("prefix of \(length) bytes refused as \(error)") }
        }
    }

    @Test("every command names the format, whatever the file's name: inspect, decode, and a layout's image")
    func commandsNameTheFormat() throws {
        let folder = try Fixtures.temporaryDirectory()
        let gif = folder.appendingPathComponent("icon.svg").path
        try Fixtures.write(Self.ascii("GIF89a") + [UInt8](repeating: 0, count: 40), to: gif)
        let inspect = try HitTestRunner.run(["inspect", gif])
        #expect(inspect.status == 1)
        #expect(inspect.standardError == "Error: \(gif): GIF cannot be read; export PNG or WebP\n")
        let decode = try HitTestRunner.run(["decode", gif, "-f", "alpha8", "-o", "-"])
        #expect(decode.status == 1)
        #expect(decode.standardOutput.isEmpty)

        let dds = folder.appendingPathComponent("sprite.png")
        try Fixtures.write(Self.ascii("DDS ") + Self.le32(124) + [UInt8](repeating: 0, count: 120), to: dds.path)
        let layout = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Self.ascii("{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"image\": \"sprite.png\"}]}"), to: layout)
        let query = try HitTestRunner.run(["query", layout, "0.5,0.5"])
        #expect(query.status == 1)
        #expect(query.standardError.contains("elements[0].image"))
        #expect(query.standardError.contains("sprite.png: DDS (a GPU-compressed texture) cannot be read; export PNG or WebP"), "\(query.standardError)")
    }
}
