@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// The atlas readers under hostile input, rule by rule as issue 21 lists them.
@Suite("Hardening: atlases")
struct AtlasHardeningTests {
    static func atlas(_ text: String) -> Result<Atlas, AtlasError> {
        Result { () throws(AtlasError) in try Atlas(bytes: Array(text.utf8), name: "a.atlas") }
    }

    static func message(_ text: String) -> String {
        switch atlas(text) {
        case .success(let atlas): "parsed \(atlas.frames.count) frames"
        case .failure(let error): error.description
        }
    }

    static let libGDXHead = "sheet.png\nsize: 64, 64\nplay\n"

    @Test(
        "an atlas number beyond 2^24 is refused with its line and value ('too large: at most 16777216'), never trapped on",
        arguments: [
            (libGDXHead + "  xy: 9223372036854775807, 0\n  size: 4, 4\n", "a.atlas:4: region \"play\": xy: 9223372036854775807 is too large: at most 16777216"),
            (libGDXHead + "  xy: 0, 0\n  size: 4, 99999999999999999999999\n", "a.atlas:5: region \"play\": size: 99999999999999999999999 is too large: at most 16777216"),
            (libGDXHead + "  xy: 0, 0\n  size: 4, 4\n  orig: 16777217, 4\n", "a.atlas:6: region \"play\": orig: 16777217 is too large: at most 16777216"),
            (libGDXHead + "  bounds: 0, 0, 4, 4\n  offsets: -9223372036854775808, 0, 4, 4\n", "a.atlas:5: region \"play\": offsets: -9223372036854775808 is too small: at least -16777216"),
            (libGDXHead + "  xy: 0, 0\n  size: 4, 4\n  index: 9223372036854775807\n", "a.atlas:6: region \"play\": index: 9223372036854775807 is too large: at most 16777216"),
            (libGDXHead + "  xy: 0x10, 0\n  size: 4, 4\n", "a.atlas:4: region \"play\": xy: 0x10 is not a whole number"),
            (#"{"frames": {"p": {"frame": {"x": 0, "y": 0, "w": 1e300, "h": 4}}}, "meta": {"image": "s.png"}}"#, "a.atlas:1: frame \"p\": frame.w: 1e+300 is too large: at most 16777216"),
            (#"{"frames": {"p": {"frame": {"x": -1e19, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "s.png"}}"#, "a.atlas:1: frame \"p\": frame.x: -1e+19 is too small: at least -16777216"),
            (#"{"frames": {"p": {"frame": {"x": 0.5, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "s.png"}}"#, "a.atlas:1: frame \"p\": frame.x: 0.5 is not a whole number"),
            ("<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"p\" x=\"1e20\" y=\"0\" width=\"4\" height=\"4\"/>\n</TextureAtlas>", "a.atlas:2: SubTexture \"p\": x: \"1e20\" is too large: at most 16777216"),
            ("<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"p\" x=\"0x10\" y=\"0\" width=\"4\" height=\"4\"/>\n</TextureAtlas>", "a.atlas:2: SubTexture \"p\": x=\"0x10\" is not a whole number"),
        ])
    func numbersAreRangeChecked(text: String, expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test("the largest allowed numbers still parse, and every sum of them fits", arguments: [AtlasNumber.limit])
    func limitItselfParses(limit: Int) throws {
        let text = "sheet.png\nplay\n  xy: \(limit), \(limit)\n  size: \(limit), \(limit)\n  orig: \(limit), \(limit)\n  offset: 0, 0\n"
        let frame = try #require(try? Self.atlas(text).get().frames.first)
        #expect(frame.sheetX + frame.width == 2 * limit)
        #expect(!frame.fits(sheetWidth: 16, height: 16))
    }

    @Test("AtlasNumber agrees with a slow reference on every kind of text", arguments: [
        "0", "-0", "+7", "16777216", "16777217", "-16777216", "-16777217", "000000000000016777216", "9223372036854775808", "", "-", "1.0", " 1", "1e3", "١٢",
    ])
    func wholeNumberText(text: String) {
        // The reference: digits with an optional sign, then the value compared as a decimal string.
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let digits = !body.isEmpty && body.unicodeScalars.allSatisfy { $0.value >= 48 && $0.value <= 57 }
        let expected: String
        if !digits {
            expected = "notWhole"
        } else {
            let trimmed = String(body.drop { $0 == "0" })
            let big = trimmed.count > 8 || (trimmed.count == 8 && trimmed > "16777216")
            expected = big ? (text.hasPrefix("-") ? "tooSmall" : "tooLarge") : "\((text.hasPrefix("-") ? -1 : 1) * (Int(trimmed.isEmpty ? "0" : trimmed) ?? 0))"
        }
        let actual: String
        switch AtlasNumber.whole(Substring(text)) {
        case .success(let value): actual = "\(value)"
        case .failure(let problem): actual = "\(problem)"
        }
        #expect(actual == expected)
    }

    @Test("a repeated key in an atlas takes its later value (real exports repeat meta.version)")
    func repeatedKeysTakeTheLaterValue() throws {
        let text = #"{"frames": {"p": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}, "frame": {"x": 1, "y": 2, "w": 3, "h": 4}}}, "meta": {"version": "1.0", "image": "s.png", "version": "1.1", "scale": "1", "scale": "2"}}"#
        let frame = try #require(try? Self.atlas(text).get().frames.first)
        #expect((frame.sheetX, frame.sheetY, frame.width, frame.scale) == (1, 2, 3, 2))
        let gdx = Self.libGDXHead + "  xy: 0, 0\n  xy: 5, 6\n  size: 4, 4\n"
        let region = try #require(try? Self.atlas(gdx).get().frames.first)
        #expect((region.sheetX, region.sheetY) == (5, 6))
    }

    @Test(
        "a frame name given twice is an error naming both lines, in every format",
        arguments: [
            ("{\"frames\": {\n\"p\": {\"frame\": {\"x\": 0, \"y\": 0, \"w\": 4, \"h\": 4}},\n\"p\": {\"frame\": {\"x\": 4, \"y\": 0, \"w\": 4, \"h\": 4}}},\n\"meta\": {\"image\": \"s.png\"}}", "a.atlas:3: a second frame named \"p\" (the first is on line 2); frame names must be unique"),
            ("{\"frames\": [\n{\"filename\": \"p\", \"frame\": {\"x\": 0, \"y\": 0, \"w\": 4, \"h\": 4}},\n{\"filename\": \"p\", \"frame\": {\"x\": 4, \"y\": 0, \"w\": 4, \"h\": 4}}],\n\"meta\": {\"image\": \"s.png\"}}", "a.atlas:3: a second frame named \"p\" (the first is on line 2); frame names must be unique"),
            ("<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"p\" x=\"0\" y=\"0\" width=\"4\" height=\"4\"/>\n<SubTexture name=\"p\" x=\"4\" y=\"0\" width=\"4\" height=\"4\"/>\n</TextureAtlas>", "a.atlas:3: a second frame named \"p\" (the first is on line 2); frame names must be unique"),
            ("sheet.png\np\n  xy: 0, 0\n  size: 4, 4\n  index: 1\np\n  xy: 4, 0\n  size: 4, 4\n  index: 1\n", "a.atlas:6: a second frame named \"p\" with index 1 (the first is on line 2); frame names must be unique"),
        ])
    func duplicateFrameNames(text: String, expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test("libGDX regions may share a name with different indices")
    func sharedNamesWithIndices() throws {
        let atlas = try Self.atlas("sheet.png\np\n  xy: 0, 0\n  size: 4, 4\n  index: 0\np\n  xy: 4, 0\n  size: 4, 4\n  index: 1\n").get()
        #expect(try atlas.frame(named: "p", index: 1).sheetX == 4)
        #expect(throws: AtlasError.self) { try atlas.frame(named: "p", index: 7) }
        do {
            _ = try atlas.frame(named: "p", index: 7)
        } catch {
            #expect(error.description == "a.atlas: 2 regions are named \"p\" (indices 0, 1); give \"index\" to choose one of them")
        }
    }

    @Test("CR and CR LF end lines in libGDX atlases as LF does", arguments: ["\r", "\r\n", "\n"])
    func lineBreaks(newline: String) throws {
        let text = ["sheet.png", "size: 64, 64", "play", "  xy: 1, 2", "  size: 3, 4", "", "other.png", "stop", "  bounds: 5, 6, 7, 8"].joined(separator: newline) + newline
        let frames = try Self.atlas(text).get().frames
        #expect(frames.map(\.name) == ["play", "stop"])
        #expect(frames.map(\.sheet) == ["sheet.png", "other.png"])
        #expect((frames[0].sheetX, frames[0].sheetY, frames[0].width, frames[0].height) == (1, 2, 3, 4))
        #expect(frames[1].line == 8)
        #expect(Self.message(["sheet.png", "play", "  rotate: 180", "  xy: 0, 0", "  size: 1, 1"].joined(separator: newline)) == "a.atlas:3: region \"play\": rotate: 180 is not supported (true, false, 90 or 0)")
    }

    static let littleEndian: [UInt8] = [0xFF, 0xFE] + "s.png\n".utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    static let bigEndianWithoutMark: [UInt8] = "s.png\n".utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    static let encodingCases: [([UInt8], String)] = [
        (littleEndian, "a.atlas:1: the atlas is UTF-16 (or UTF-32) text; save it as UTF-8"),
        (bigEndianWithoutMark, "a.atlas:1: the atlas is UTF-16 (or UTF-32) text; save it as UTF-8"),
        (Array("s.png\npl".utf8) + [0xE9] + Array("y\n".utf8), "a.atlas:2: byte 0xE9 is not UTF-8: save the atlas as UTF-8"),
        (Array("s.png\n\npl".utf8) + [0] + Array("y\n".utf8), "a.atlas:3: a NUL byte: the atlas must be UTF-8 text"),
        (Array("{\"frames\": {}, \"meta\": {\"image\": \"s".utf8) + [0xC3] + Array(".png\"}}".utf8), "a.atlas:1: byte 0xC3 is not UTF-8: save the atlas as UTF-8"),
    ]

    @Test("text that is not UTF-8 is refused by name, never read as garbage", arguments: encodingCases)
    func encodings(bytes: [UInt8], expected: String) {
        let result = Result { () throws(AtlasError) in try Atlas(bytes: bytes, name: "a.atlas") }
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.description == expected)
    }

    @Test(
        "frame names and sheet paths with control characters or NUL are refused, never printed raw or cut short",
        arguments: [
            (#"{"frames": {"a\nb": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "s.png"}}"#, "a.atlas:1: the frame name \"a\\nb\" holds the control character U+000A"),
            (#"{"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "s.png\u0000.txt"}}"#, "a.atlas:1: meta.image \"s.png\\u0000.txt\" holds the control character U+0000"),
            ("<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"a&#10;b\" x=\"0\" y=\"0\" width=\"4\" height=\"4\"/>\n</TextureAtlas>", "a.atlas:2: the SubTexture name \"a\\nb\" holds the control character U+000A"),
            ("<TextureAtlas imagePath=\"s&#0;.png\">\n</TextureAtlas>", "a.atlas:1: imagePath \"s\\u0000.png\" holds the control character U+0000"),
        ])
    func controlCharacters(text: String, expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test(
        "XML must be well nested: unclosed elements, stray end tags, a second root and a TextureAtlas inside another are errors with the line",
        arguments: [
            ("<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"a\" x=\"0\" y=\"0\" width=\"4\" height=\"4\"/>\n", "a.atlas:1: <TextureAtlas> is not closed"),
            ("<TextureAtlas imagePath=\"s.png\">\n<TextureAtlas imagePath=\"t.png\">\n</TextureAtlas>\n</TextureAtlas>", "a.atlas:2: a <TextureAtlas> inside another"),
            ("<TextureAtlas imagePath=\"s.png\">\n</TextureAtlas>\n<TextureAtlas imagePath=\"t.png\"/>", "a.atlas:3: a second root element <TextureAtlas>: an XML document has one"),
            ("<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"a\" x=\"0\" y=\"0\" width=\"4\" height=\"4\">\n</TextureAtlas>", "a.atlas:3: </TextureAtlas> closes <SubTexture> (line 2)"),
            ("<TextureAtlas imagePath=\"s.png\"/>\n</TextureAtlas>", "a.atlas:2: </TextureAtlas> closes no element"),
            ("<TextureAtlas imagePath=\"s.png\">\n</TextureAtlas>\n<SubTexture name=\"a\" x=\"0\" y=\"0\" width=\"4\" height=\"4\"/>", "a.atlas:3: a second root element <SubTexture>: an XML document has one"),
        ])
    func xmlNesting(text: String, expected: String) {
        #expect(Self.message(text) == expected)
    }

    @Test("well-nested XML with comments, declarations and other elements still parses")
    func wellNestedXML() throws {
        let text = "<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<TextureAtlas imagePath=\"s.png\">\n<meta><tool>x</tool></meta>\n<SubTexture name=\"a\" x=\"0\" y=\"0\" width=\"4\" height=\"4\"></SubTexture>\n</TextureAtlas>\n"
        #expect(try Self.atlas(text).get().frames.map(\.name) == ["a"])
    }

    @Test(
        "a frame's source size is checked against the decoding limits before anything of its size is allocated",
        arguments: [(100_000, 100_000, true), (16_384, 16_384, false), (16_385, 1, true), (1 << 24, 1 << 24, true)])
    func sourceSizeAgainstLimits(width: Int, height: Int, refused: Bool) {
        let frame = AtlasFrame(name: "f", sheet: "s.png", sheetX: 0, sheetY: 0, width: 1, height: 1, sourceWidth: width, sourceHeight: height, line: 7)
        let result = Result { () throws(AtlasError) in try frame.checkSize(against: .default, file: "a.atlas") }
        if refused {
            guard case .failure(let error) = result else { return #expect(Bool(false)) }
            #expect(error.description.hasPrefix("a.atlas:7: frame \"f\" is \(width)x\(height) pixels, over the limit of"))
            #expect(error.description.hasSuffix("; raise DecodingLimits to accept it"))
        } else {
            #expect(throws: Never.self) { try result.get() }
        }
        // Pixel count and decoded bytes count too, overflow included.
        let tight = DecodingLimits(maxWidth: .max, maxHeight: .max, maxDecodedBytes: 100, maxPixelCount: .max)
        #expect(tight.excess(width: 11, height: 10, format: .alpha8) == "over the limit of 100 decoded bytes")
        #expect(tight.excess(width: 10, height: 10, format: .alpha8) == nil)
        #expect(DecodingLimits(maxWidth: .max, maxHeight: .max, maxPixelCount: .max).excess(width: 1 << 40, height: 1 << 40, format: .alpha8) != nil)
    }

    @Test("scans of a frame cover only its stored pixels: the tables of a huge, mostly empty frame are the size of what it stores")
    func storedPixelsOnly() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Fixtures.write(try Fixtures.rgbaPNG(width: 4, height: 4) { _, _ in (0, 0, 0, 255) }, to: folder.appendingPathComponent("s.png").path)
        try Fixtures.write(Array("s.png\nf\n  xy: 1, 1\n  size: 2, 3\n  orig: 16000, 16000\n  offset: 100, 200\n".utf8), to: folder.appendingPathComponent("a.atlas").path)
        let layout = Layout(
            elements: [Element(id: "e", frame: Rect(x: 0, y: 0, width: 16000, height: 16000), imageSource: .atlasFrame(atlas: "a.atlas", frame: "f"))],
            imageDirectory: folder.path)
        let engine = try HitTester(layout: layout)
        let element = engine.records.element(0)
        let stored = element.storedPixels
        #expect(stored.x == 100..<102 && stored.y == (16000 - 200 - 3)..<(16000 - 200))
        let counts = try #require(SolidPixelCounts(element))
        #expect((counts.width, counts.height) == (2, 3))
        #expect(counts.count(x0: 0, y0: 0, x1: 15999, y1: 15999) == 6)
        #expect(counts.count(x0: 0, y0: 0, x1: 100, y1: 15999) == 3)
        #expect(counts.count(x0: 0, y0: 0, x1: 99, y1: 15999) == 0)
        // Answers are those of the frame: solid exactly at the stored pixels.
        #expect(engine.hit(at: Point(x: 100.5, y: Double(16000 - 200 - 3) + 0.5))?.id == "e")
        #expect(engine.hit(at: Point(x: 99.5, y: Double(16000 - 200 - 3) + 0.5)) == nil)
        #expect(engine.touchHit(at: Point(x: 90, y: Double(16000 - 200 - 2)), tolerance: 20)?.id == "e")
    }
}
