@testable import AlphaHit
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// WebP and SVG work wherever PNG does: element images at the image scale rule, through every
/// content mode, as state images and atlas sheets, and in every command.
@Suite("WebP and SVG wherever PNG goes")
struct WebPAndSVGEverywhereTests {
    @Test("an SVG is drawn at the element's imageScale, else @2x/@3x in its name, else defaults.imageScale, else 1", arguments: [
        (4.0 as Double?, "icon.svg", nil as Double?, 4.0), (nil, "icon@2x.svg", 3, 2), (nil, "icon.svg", 3, 3), (nil, "icon.svg", nil, 1),
        (1.5, "icon@3x.svg", 2, 1.5),
    ])
    func scaleRule(elementScale: Double?, file: String, defaultScale: Double?, expected: Double) throws {
        let folder = try EngineFixtures.ImageFolder("svgScale\(file)\(elementScale ?? 0)\(defaultScale ?? 0)")
        try Fixtures.write(Array(SVGShape.circle.svg.utf8), to: folder.url.appendingPathComponent(file).path)
        let element = Element(id: "icon", frame: Rect(x: 0, y: 0, width: 24, height: 24), image: file, imageScale: elementScale)
        let engine = try folder.engine([element], defaults: Layout.Defaults(imageScale: defaultScale))
        // A 24-point icon drawn 1:1: the point (12.1, 5.3) lands on raster pixel (12.1 s, 5.3 s).
        let probe = engine.records.element(0).probe(12.1, 5.3)
        guard case .pixel(let x, let y, _) = probe else { Issue.record("\(probe)"); return }
        #expect((x, y) == (Int(12.1 * expected), Int(5.3 * expected)))
        #expect(engine.id(atX: 12, y: 12) == "icon" && engine.id(atX: 1, y: 1) == nil)
    }

    /// Where an image of `size` points sits in a frame of `frame` points under `mode`: the
    /// rules of `ContentMode`, written out again.
    static func imageRect(_ mode: ContentMode, image: (Double, Double), frame: (Double, Double)) -> (x: Double, y: Double, w: Double, h: Double) {
        let (iw, ih) = image, (fw, fh) = frame
        switch mode {
        case .scaleToFill: return (0, 0, fw, fh)
        case .aspectFit, .aspectFill:
            let k = mode == .aspectFit ? min(fw / iw, fh / ih) : max(fw / iw, fh / ih)
            return ((fw - iw * k) / 2, (fh - ih * k) / 2, iw * k, ih * k)
        case .center: return ((fw - iw) / 2, (fh - ih) / 2, iw, ih)
        case .top: return ((fw - iw) / 2, 0, iw, ih)
        case .bottom: return ((fw - iw) / 2, fh - ih, iw, ih)
        case .left: return (0, (fh - ih) / 2, iw, ih)
        case .right: return (fw - iw, (fh - ih) / 2, iw, ih)
        case .topLeft: return (0, 0, iw, ih)
        case .topRight: return (fw - iw, 0, iw, ih)
        case .bottomLeft: return (0, fh - ih, iw, ih)
        case .bottomRight: return (fw - iw, fh - ih, iw, ih)
        }
    }

    @Test("each shape hits where its geometry says through each content mode", arguments: ContentMode.allCases)
    func contentModes(mode: ContentMode) throws {
        let folder = try EngineFixtures.ImageFolder("svgMode\(mode)")
        let (fw, fh) = (70.0, 44.0)
        for (index, shape) in SVGShape.all.enumerated() {
            try Fixtures.write(Array(shape.svg.utf8), to: folder.url.appendingPathComponent("shape\(index).svg").path)
        }
        for (index, shape) in SVGShape.all.enumerated() {
            let scale = 2.0
            let element = Element(id: "s", frame: Rect(x: 0, y: 0, width: fw, height: fh), image: "shape\(index).svg", imageScale: scale, contentMode: mode)
            let engine = try folder.engine([element])
            let rect = Self.imageRect(mode, image: (shape.width, shape.height), frame: (fw, fh))
            // Frame points per raster pixel, along each axis.
            let pixelSize = min(rect.w / (shape.width * scale), rect.h / (shape.height * scale))
            var random = SplitMix(seed: UInt64(index))
            var checked = 0
            for _ in 0..<3000 {
                let (x, y) = (Double.random(in: 0..<fw, using: &random), Double.random(in: 0..<fh, using: &random))
                let (qx, qy) = ((x - rect.x) * shape.width / rect.w, (y - rect.y) * shape.height / rect.h)
                let inImage = qx >= 0 && qy >= 0 && qx < shape.width && qy < shape.height
                guard !inImage || shape.edgeDistance(qx, qy) * rect.w / shape.width > 1.5 * pixelSize else { continue }
                checked += 1
                let expected = inImage && shape.inside(qx, qy)
                #expect((engine.id(atX: x, y: y) == "s") == expected, "\(shape) \(mode) at (\(x), \(y))")
            }
            #expect(checked > 1000)
        }
    }

    @Test("state images and atlas sheets may be WebP or SVG")
    func statesAndAtlasSheets() throws {
        let folder = try EngineFixtures.ImageFolder("webpSVGStates")
        try folder.image("plain.png", width: 24, height: 24)
        try Fixtures.write(Array(SVGShape.circle.svg.utf8), to: folder.url.appendingPathComponent("pressed.svg").path)
        let half = WebPFixtures.RGBA(width: 24, height: 24, pixels: (0..<24 * 24).flatMap { i in [9, 9, 9, i % 24 < 12 ? 255 : 0] as [UInt8] })
        try Fixtures.write(WebPFixtures.lossless(half), to: folder.url.appendingPathComponent("hover.webp").path)
        var element = Element(
            id: "b", frame: Rect(x: 0, y: 0, width: 24, height: 24), image: "plain.png",
            states: ["pressed": .file("pressed.svg"), "hover": .file("hover.webp")])
        #expect(try folder.engine([element]).id(atX: 1, y: 1) == "b")
        element.state = "pressed"
        #expect(try folder.engine([element]).id(atX: 1, y: 1) == nil)
        #expect(try folder.engine([element]).id(atX: 12, y: 12) == "b")
        element.state = "hover"
        #expect(try folder.engine([element]).id(atX: 6, y: 20) == "b")
        #expect(try folder.engine([element]).id(atX: 18, y: 20) == nil)

        // One sheet, as WebP and as SVG, under one TexturePacker atlas each.
        try Fixtures.write(WebPFixtures.lossless(half), to: folder.url.appendingPathComponent("sheet.webp").path)
        let svgSheet = SVGShape.document(width: 24, height: 24, "<rect x=\"0\" y=\"0\" width=\"12\" height=\"24\"/>")
        try Fixtures.write(Array(svgSheet.utf8), to: folder.url.appendingPathComponent("sheet.svg").path)
        for sheet in ["sheet.webp", "sheet.svg"] {
            let atlas = #"{"frames": {"right": {"frame": {"x": 8, "y": 0, "w": 16, "h": 24}}}, "meta": {"image": "\#(sheet)"}}"#
            try Fixtures.write(Array(atlas.utf8), to: folder.url.appendingPathComponent("\(sheet).json").path)
            let framed = Element(
                id: "f", frame: Rect(x: 0, y: 0, width: 16, height: 24), imageSource: .atlasFrame(atlas: "\(sheet).json", frame: "right"))
            let engine = try folder.engine([framed])
            #expect(engine.id(atX: 2, y: 5) == "f", "\(sheet)")
            #expect(engine.id(atX: 6, y: 5) == nil, "\(sheet)")
        }
    }

    @Test("a live scene redraws an SVG when an update changes its scale, and switches to SVG and WebP states")
    func liveScene() throws {
        let folder = try EngineFixtures.ImageFolder("svgLive")
        try Fixtures.write(Array(SVGShape.circle.svg.utf8), to: folder.url.appendingPathComponent("icon.svg").path)
        let half = WebPFixtures.RGBA(width: 24, height: 24, pixels: (0..<24 * 24).flatMap { i in [9, 9, 9, i % 24 < 12 ? 255 : 0] as [UInt8] })
        try Fixtures.write(WebPFixtures.lossless(half), to: folder.url.appendingPathComponent("half.webp").path)
        let element = Element(
            id: "icon", frame: Rect(x: 0, y: 0, width: 24, height: 24), image: "icon.svg", states: ["half": .file("half.webp")])
        let scene = try HitScene(layout: Layout(elements: [element], imageDirectory: folder.url.path), cache: ImageCache())
        func pixel() -> Int? {
            guard case .pixel(let x, _, _) = scene.snapshot.records.element(0).probe(12.1, 5.3) else { return nil }
            return x
        }
        #expect(pixel() == 12)
        var scaled = element
        scaled.imageScale = 4
        try scene.apply(.update(id: "icon") { [scaled] in $0 = scaled })
        #expect(pixel() == 48)
        try scene.setState("icon", "half")
        #expect(scene.snapshot.id(atX: 6, y: 20) == "icon" && scene.snapshot.id(atX: 18, y: 20) == nil)
        try scene.setState("icon", Element.normalState)
        #expect(scene.snapshot.id(atX: 12, y: 12) == "icon" && scene.snapshot.id(atX: 1, y: 1) == nil && pixel() == 48)
    }

    @Test("inspect, decode, outline and query read WebP and SVG")
    func commands() throws {
        let folder = try Fixtures.temporaryDirectory()
        let png = folder.appendingPathComponent("art.png").path
        let webp = folder.appendingPathComponent("art.webp").path
        let svg = folder.appendingPathComponent("icon.svg").path
        let image = WebPFixtures.random(width: 30, height: 20, seed: 4)
        try Fixtures.write(WebPFixtures.lossless(image), to: webp)
        try Fixtures.write(PNGEncoder().encode(pixels: image.pixels, width: 30, height: 20, layout: .rgba8), to: png)
        try Fixtures.write(Array(SVGShape.circle.svg.utf8), to: svg)

        let inspect = try HitTestRunner.run(["inspect", webp, "--json"])
        #expect(inspect.status == 0)
        #expect(inspect.text.contains(#""format":"webp","compression":"lossless","hasAlpha":true"#), "\(inspect.text)")
        let inspectSVG = try HitTestRunner.run(["inspect", svg, "--json", "--scale", "4"])
        #expect(inspectSVG.text.hasPrefix(#"{"file":"\#(svg)","width":96,"height":96,"format":"svg","pointWidth":24,"pointHeight":24,"imageScale":4"#), "\(inspectSVG.text)")

        for format in ["alpha8", "argb8", "mask1"] {
            let fromWebP = try HitTestRunner.run(["decode", webp, "-f", format, "-o", "-"])
            let fromPNG = try HitTestRunner.run(["decode", png, "-f", format, "-o", "-"])
            #expect(fromWebP.status == 0 && fromWebP.standardOutput == fromPNG.standardOutput, "\(format)")
        }
        let decodeSVG = try HitTestRunner.run(["decode", svg, "-f", "alpha8", "-o", "-", "--scale", "2"])
        #expect(decodeSVG.standardOutput.count == 48 * 48 && decodeSVG.standardError == "48 48 alpha8\n")

        let outline = try HitTestRunner.run(["outline", svg, "--scale", "2"])
        #expect(outline.status == 0, "\(outline.standardError)")

        let layout = folder.appendingPathComponent("layout.json").path
        let text = #"{"version": 1, "elements": [{"id": "icon", "frame": {"x": 0, "y": 0, "width": 24, "height": 24}, "image": "icon.svg", "imageScale": 4}, {"id": "art", "frame": {"x": 30, "y": 0, "width": 30, "height": 20}, "image": "art.webp"}]}"#
        try Fixtures.write(Array(text.utf8), to: layout)
        let query = try HitTestRunner.run(["query", layout, "12,12", "1,1"])
        #expect(query.status == 0, "\(query.standardError)")
        #expect(query.text.hasPrefix("icon"), "\(query.text)")
    }
}
