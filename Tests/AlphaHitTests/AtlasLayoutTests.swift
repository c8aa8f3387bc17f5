@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// Layouts that reference atlas frames: every format, every rule, every error.
@Suite("Atlases in layouts")
struct AtlasLayoutTests {
    typealias F = EngineFixtures

    /// A sprite of `width` × `height` with a recognisable, asymmetric alpha pattern.
    static func sprite(_ width: Int, _ height: Int, seed: Int) -> @Sendable (Int, Int) -> UInt8 {
        { x, y in (x * 7 + y * 13 + seed) % 5 < 2 || (x == 0 && y == 0) ? 255 : ((x + 2 * y + seed) % 7 == 0 ? 100 : 0) }
    }

    struct Sprite: Sendable {
        let name: String
        let width: Int, height: Int
        let trimX: Int, trimY: Int, sourceWidth: Int, sourceHeight: Int
        let rotation: AtlasFrame.Rotation
        let sheetX: Int, sheetY: Int
        let alpha: @Sendable (Int, Int) -> UInt8  // of the stored (un-rotated) pixels
    }

    /// Packs sprites into one sheet, each stored as its rotation says, and writes the sheet and
    /// each sprite's full source image (trimmed border transparent) as separate PNGs.
    static func pack(_ sprites: [Sprite], in folder: F.ImageFolder, sheet: String, size: (Int, Int)) throws {
        var sheetAlpha = [UInt8](repeating: 0, count: size.0 * size.1)
        for sprite in sprites {
            let frame = AtlasFrame(
                name: sprite.name, index: -1, sheet: sheet, sheetX: sprite.sheetX, sheetY: sprite.sheetY, width: sprite.width, height: sprite.height,
                rotation: sprite.rotation, trimX: sprite.trimX, trimY: sprite.trimY, sourceWidth: sprite.sourceWidth, sourceHeight: sprite.sourceHeight,
                scale: nil, line: 0)
            for v in 0..<sprite.height {
                for u in 0..<sprite.width {
                    let at = frame.sheetPixel(x: sprite.trimX + u, y: sprite.trimY + v)!
                    sheetAlpha[at.y * size.0 + at.x] = sprite.alpha(u, v)
                }
            }
            try folder.image("\(sprite.name).png", width: sprite.sourceWidth, height: sprite.sourceHeight) { x, y in
                let (u, v) = (x - sprite.trimX, y - sprite.trimY)
                return u >= 0 && u < sprite.width && v >= 0 && v < sprite.height ? sprite.alpha(u, v) : 0
            }
        }
        try folder.image(sheet, width: size.0, height: size.1) { x, y in sheetAlpha[y * size.0 + x] }
    }

    static let sprites: [Sprite] = [
        Sprite(name: "plain", width: 9, height: 7, trimX: 0, trimY: 0, sourceWidth: 9, sourceHeight: 7, rotation: .none, sheetX: 1, sheetY: 1, alpha: sprite(9, 7, seed: 1)),
        Sprite(name: "trimmed", width: 6, height: 5, trimX: 2, trimY: 3, sourceWidth: 11, sourceHeight: 10, rotation: .none, sheetX: 12, sheetY: 1, alpha: sprite(6, 5, seed: 2)),
        Sprite(name: "turned", width: 8, height: 5, trimX: 1, trimY: 2, sourceWidth: 10, sourceHeight: 9, rotation: .clockwise, sheetX: 1, sheetY: 10, alpha: sprite(8, 5, seed: 3)),
        Sprite(name: "back", width: 7, height: 4, trimX: 3, trimY: 0, sourceWidth: 12, sourceHeight: 6, rotation: .counterClockwise, sheetX: 10, sheetY: 10, alpha: sprite(7, 4, seed: 4)),
    ]

    /// The atlas description of `sprites` in each format.
    static func describe(_ format: String, sheet: String, size: (Int, Int)) -> (name: String, text: String) {
        switch format {
        case "json":
            let frames = sprites.filter { $0.rotation != .counterClockwise }.map { s in
                #""\#(s.name)": {"frame": {"x": \#(s.sheetX), "y": \#(s.sheetY), "w": \#(s.width), "h": \#(s.height)}, "rotated": \#(s.rotation == .clockwise), "trimmed": true, "spriteSourceSize": {"x": \#(s.trimX), "y": \#(s.trimY), "w": \#(s.width), "h": \#(s.height)}, "sourceSize": {"w": \#(s.sourceWidth), "h": \#(s.sourceHeight)}}"#
            }
            return ("sheet.json", #"{"frames": {\#(frames.joined(separator: ",\n"))}, "meta": {"image": "\#(sheet)", "size": {"w": \#(size.0), "h": \#(size.1)}, "scale": "1"}}"#)
        case "xml":
            let frames = sprites.filter { $0.rotation != .counterClockwise }.map { s in
                let (w, h) = s.rotation == .clockwise ? (s.height, s.width) : (s.width, s.height)
                return #"<SubTexture name="\#(s.name)" x="\#(s.sheetX)" y="\#(s.sheetY)" width="\#(w)" height="\#(h)" frameX="-\#(s.trimX)" frameY="-\#(s.trimY)" frameWidth="\#(s.sourceWidth)" frameHeight="\#(s.sourceHeight)"\#(s.rotation == .clockwise ? #" rotated="true""# : "")/>"#
            }
            return ("sheet.xml", "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<TextureAtlas imagePath=\"\(sheet)\">\n\(frames.joined(separator: "\n"))\n</TextureAtlas>\n")
        default:
            let regions = sprites.filter { $0.rotation != .clockwise }.map { s in
                // y up: the empty rows below the stored pixels.
                "\(s.name)\n  rotate: \(s.rotation == .counterClockwise)\n  xy: \(s.sheetX), \(s.sheetY)\n  size: \(s.width), \(s.height)\n  orig: \(s.sourceWidth), \(s.sourceHeight)\n  offset: \(s.trimX), \(s.sourceHeight - s.trimY - s.height)\n  index: -1"
            }
            return ("sheet.atlas", "\n\(sheet)\nsize: \(size.0), \(size.1)\nformat: RGBA8888\nfilter: Nearest,Nearest\nrepeat: none\n\(regions.joined(separator: "\n"))\n")
        }
    }

    @Test("a layout of atlas frames answers as the same layout of separate PNGs, in every format", arguments: ["json", "xml", "atlas"])
    func framesMatchSeparatePNGs(format: String) throws {
        let folder = try F.ImageFolder("atlasFrames\(format)")
        try Self.pack(Self.sprites, in: folder, sheet: "sheet.png", size: (24, 22))
        let (atlasName, text) = Self.describe(format, sheet: "sheet.png", size: (24, 22))
        try Fixtures.write(Array(text.utf8), to: folder.url.appendingPathComponent(atlasName).path)
        let atlas = try Atlas(contentsOfFile: folder.url.appendingPathComponent(atlasName).path)
        var g = SplitMix(seed: UInt64(format.utf8.count))
        var framed: [Element] = [], separate: [Element] = []
        for (offset, frame) in atlas.frames.enumerated() {
            for copy in 0..<3 {
                var element = Element(id: "\(frame.name)\(copy)", frame: F.rect(Double(offset * 40 + copy * 7), Double(copy * 15), g.next(in: 8...30), g.next(in: 8...30)))
                element.contentMode = ContentMode.allCases.randomElement(using: &g)
                if copy == 2 { element.transform = ElementTransform(rotationDegrees: 30) }
                if copy == 1 {
                    element.contentMode = nil
                    element.capInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
                    element.resizingMode = offset % 2 == 0 ? .tile : .stretch
                }
                element.alphaThreshold = [0.1, 0.5].randomElement(using: &g)
                var withFrame = element
                withFrame.imageSource = .atlasFrame(atlas: atlasName, frame: frame.name)
                element.image = "\(frame.name).png"
                framed.append(withFrame)
                separate.append(element)
            }
        }
        let a = try folder.engine(framed), b = try folder.engine(separate)
        var hits = 0
        for _ in 0..<4000 {
            let point = Point(x: g.next(in: -5...160), y: g.next(in: -5...62))
            let (x, y) = (a.elementIndex(at: point), b.elementIndex(at: point))
            #expect(x == y, "at \(point)")
            #expect(a.hit(at: point)?.pixel == b.hit(at: point)?.pixel)
            #expect(a.touchHit(at: point, tolerance: 3)?.id == b.touchHit(at: point, tolerance: 3)?.id)
            if x != nil { hits += 1 }
        }
        #expect(hits > 60, "enough hits to mean something (\(hits))")
    }

    @Test("a region of a PNG is that rectangle of its pixels")
    func region() throws {
        let folder = try F.ImageFolder()
        try folder.image("big.png", width: 20, height: 10) { x, y in x >= 12 && y >= 4 ? 255 : 0 }
        let engine = try folder.engine([
            Element(id: "r", frame: F.rect(0, 0, 8, 6), imageSource: .region(file: "big.png", x: 12, y: 4, width: 8, height: 6))
        ])
        #expect(engine.elementIndex(at: Point(x: 0.5, y: 0.5)) != nil)
        #expect(engine.hit(at: Point(x: 7.5, y: 5.5))?.pixel == PixelCoordinate(x: 7, y: 5))
        let outside = try #require(throws: LayoutError.self) {
            try folder.engine([Element(id: "r", frame: F.rect(0, 0, 8, 6), imageSource: .region(file: "big.png", x: 15, y: 4, width: 8, height: 6))])
        }
        #expect(outside.problems.map(\.description).contains { $0.contains("elements[0].image: the rect (15, 4, 8 x 6) reaches outside big.png, which is 20 x 10 pixels") })
    }

    @Test("the frame's scale: the element's, else @2x in the sheet's name, else the atlas's meta.scale, else the layout default")
    func scaleOrder() throws {
        let folder = try F.ImageFolder()
        try folder.image("s.png", width: 8, height: 8)
        try folder.image("s@2x.png", width: 8, height: 8)
        for (sheet, meta, own, expected) in [("s.png", "3", nil, 8.0 / 3), ("s@2x.png", "3", nil, 4), ("s.png", "3", 4.0, 2), ("s.png", nil, nil, 8 / 1.5)] as [(String, String?, Double?, Double)] {
            let metaScale = meta.map { #", "scale": "\#($0)""# } ?? ""
            try Fixtures.write(Array(#"{"frames": {"f": {"frame": {"x": 0, "y": 0, "w": 8, "h": 8}}}, "meta": {"image": "\#(sheet)"\#(metaScale)}}"#.utf8), to: folder.url.appendingPathComponent("a.json").path)
            var element = Element(id: "e", frame: F.rect(0, 0, 20, 20), contentMode: .topLeft, imageSource: .atlasFrame(atlas: "a.json", frame: "f"))
            element.imageScale = own
            let engine = try folder.engine([element], defaults: Layout.Defaults(imageScale: 1.5))
            // The image is `expected` points wide: hit just inside, missed just outside.
            #expect(engine.elementIndex(at: Point(x: expected - 0.01, y: 0.5)) != nil, "\(sheet) \(String(describing: meta)) \(String(describing: own))")
            #expect(engine.elementIndex(at: Point(x: expected + 0.01, y: 0.5)) == nil, "\(sheet) \(String(describing: meta)) \(String(describing: own))")
        }
    }

    @Test("libGDX regions that share a name are chosen by index; without one, index -1 or the only one; else an error listing the indices")
    func indexSelection() throws {
        let text = "page.png\nsize: 4, 4\nwalk\n  xy: 0, 0\n  size: 1, 1\n  index: 0\nwalk\n  xy: 1, 0\n  size: 2, 1\n  index: 1\nidle\n  xy: 0, 1\n  size: 3, 1\n  index: 4\n"
        let atlas = try Atlas(bytes: Array(text.utf8), name: "a.atlas")
        #expect(try atlas.frame(named: "walk", index: 1).width == 2)
        #expect(try atlas.frame(named: "idle").width == 3)
        #expect(throws: AtlasError.ambiguousFrame(file: "a.atlas", name: "walk", indices: [0, 1])) { try atlas.frame(named: "walk") }
        #expect(throws: AtlasError.unknownFrame(file: "a.atlas", name: "wlak", suggestions: ["walk"])) { try atlas.frame(named: "wlak") }
    }

    @Test("the current libGDX syntax: bounds and offsets, no indentation, no leading blank line, unknown keys ignored, several pages")
    func libGDXCurrentSyntax() throws {
        let text = "one.png\nsize:8,8\nfilter:Linear,Linear\npma:true\nbtn\nbounds:1,2,3,4\noffsets:1,1,6,7\nrotate:90\nsplit:1,1,1,1\npad:1,1,1,1\n\ntwo.png\nsize:4,4\nicon\n\tbounds:0,0,2,2\n"
        let frames = try Atlas(bytes: Array(text.utf8), name: "a.atlas").frames
        #expect(frames.map(\.sheet) == ["one.png", "two.png"])
        let button = frames[0]
        #expect((button.sheetX, button.sheetY, button.width, button.height, button.rotation) == (1, 2, 3, 4, .counterClockwise))
        // 7 rows tall, 1 empty row below the stored 4: they start at row 7 − 1 − 4 = 2.
        #expect((button.trimX, button.trimY, button.sourceWidth, button.sourceHeight) == (1, 2, 6, 7))
    }

    @Test(
        "every atlas error names the file and, for text formats, the line",
        arguments: [
            ("a.json", #"{"frames": {"f": {"frame": {"x": 0, "y": 0, "w": "8", "h": 8}}}, "meta": {"image": "s.png"}}"#, "a.json:1: frame \"f\": frame.w must be a whole number"),
            ("a.json", #"{"frames": {}}"#, "a.json:1: \"meta\" (with \"image\", the sheet) is missing"),
            ("a.json", "{\"frames\": [", "a.json:1: invalid JSON"),
            ("a.xml", "<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"f\" x=\"0\" y=\"0\" width=\"4\" height=\"4\" rotated=\"maybe\"/>", "a.xml:2: SubTexture \"f\": rotated=\"maybe\" is not supported"),
            ("a.xml", "<TextureAtlas imagePath=\"s.png\">\n<SubTexture name=\"f\" x=\"0\"", "a.xml:2: <SubTexture> is not closed"),
            ("a.atlas", "p.png\nsize: 4, 4\nf\n  xy: 0, 0\n  size: 1, 1\n  rotate: 180\n", "a.atlas:6: region \"f\": rotate: 180 is not supported"),
            ("a.atlas", "p.png\nf\n  xy: 0\n  size: 1, 1\n", "a.atlas:3: region \"f\": xy must be 2 whole numbers"),
        ])
    func errors(name: String, text: String, message: String) throws {
        #expect(throws: AtlasError.self) { try Atlas(bytes: Array(text.utf8), name: name) }
        do {
            _ = try Atlas(bytes: Array(text.utf8), name: name)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("in a layout: a missing atlas, an unknown frame (with suggestions), a frame outside its sheet and a missing sheet are each reported at the element's image")
    func layoutErrors() throws {
        let folder = try F.ImageFolder()
        try folder.image("s.png", width: 4, height: 4)
        try Fixtures.write(Array(#"{"frames": {"button": {"frame": {"x": 2, "y": 2, "w": 4, "h": 4}}, "ok": {"frame": {"x": 0, "y": 0, "w": 2, "h": 2}}}, "meta": {"image": "s.png"}}"#.utf8), to: folder.url.appendingPathComponent("a.json").path)
        try Fixtures.write(Array(#"{"frames": {"f": {"frame": {"x": 0, "y": 0, "w": 1, "h": 1}}}, "meta": {"image": "gone.png"}}"#.utf8), to: folder.url.appendingPathComponent("b.json").path)
        let error = try #require(throws: LayoutError.self) {
            try folder.engine([
                Element(id: "a", frame: F.rect(0, 0, 4, 4), imageSource: .atlasFrame(atlas: "missing.json", frame: "x")),
                Element(id: "b", frame: F.rect(0, 0, 4, 4), imageSource: .atlasFrame(atlas: "a.json", frame: "buton")),
                Element(id: "c", frame: F.rect(0, 0, 4, 4), imageSource: .atlasFrame(atlas: "a.json", frame: "button")),
                Element(id: "d", frame: F.rect(0, 0, 4, 4), imageSource: .atlasFrame(atlas: "b.json", frame: "f")),
                Element(id: "e", frame: F.rect(0, 0, 4, 4), imageSource: .atlasFrame(atlas: "a.json", frame: "ok")),
            ])
        }
        let messages = error.problems.map(\.description)
        #expect(messages.count == 4)
        #expect(messages[0].contains("elements[0].image: \(folder.url.path)/missing.json: cannot read the atlas"))
        #expect(messages[1].contains(#"elements[1].image: \#(folder.url.path)/a.json: no frame named "buton"; did you mean "button"?"#))
        #expect(messages[2].contains("elements[2].image: \(folder.url.path)/a.json:1: frame \"button\" reaches outside its sheet of 4 x 4 pixels"))
        #expect(messages[3].contains("elements[3].image:") && messages[3].contains("gone.png"))
    }

    @Test("the layout file's image key takes an atlas frame or a rect, each checked with its path")
    func layoutFile() throws {
        let layout = try LayoutFile.decode(Array("""
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": {"atlas": "ui.atlas", "frame": "walk", "index": 2}},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": {"file": "s.png", "rect": {"x": 1, "y": 2, "width": 3, "height": 4}}},
              {"id": "c", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": "plain.png"}
            ]}
            """.utf8))
        #expect(layout.elements.map(\.imageSource) == [
            .atlasFrame(atlas: "ui.atlas", frame: "walk", index: 2), .region(file: "s.png", x: 1, y: 2, width: 3, height: 4), .file("plain.png"),
        ])
        let bad = LayoutFileTests.issues("""
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": {"atlas": "ui.atlas"}},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": {"file": "s.png", "rect": {"x": 1, "y": 2, "width": 0, "height": 4}}},
              {"id": "c", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": {"atlas": "ui.atlas", "frame": "f", "idx": 1}}
            ]}
            """)
        #expect(bad.contains { $0.contains("elements[0].image.frame: is required") })
        #expect(bad.contains { $0.contains("elements[1].image.rect.width: must be a whole number ≥ 1") })
        #expect(bad.contains { $0.contains(#"elements[2].image.idx: unknown key; did you mean "index"?"#) })
    }
}
