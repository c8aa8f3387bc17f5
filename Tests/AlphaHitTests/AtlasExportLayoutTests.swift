@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// Layouts that use frames of the real exports, of all four formats.
@Suite("Atlases: real exports in layouts")
struct AtlasExportLayoutTests {
    @Test(
        "a layout of real frames answers as the same layout of each frame written out as its own PNG",
        arguments: ["texturepacker-hash/building1@2x.json", "aseprite-json/beetle.json", "starling-xml/atlas.xml", "libgdx-legacy/skin.atlas"])
    func realFrames(atlasPath: String) throws {
        let folder = try EngineFixtures.ImageFolder("realFrames\(atlasPath.hashValue)")
        let source = AtlasExportTests.root.appendingPathComponent(atlasPath)
        let atlas = try Atlas(contentsOfFile: source.path)
        let sheetFolder = source.deletingLastPathComponent()
        var framed: [Element] = [], separate: [Element] = []
        var g = SplitMix(seed: UInt64(atlasPath.utf8.count))
        for (offset, frame) in atlas.frames.prefix(12).enumerated() {
            let sheet = try AtlasExportTests.sheet(sheetFolder.appendingPathComponent(frame.sheet).path)
            let plane = frame.alphaPlane(from: sheet)
            let file = "frame\(offset).png"
            try folder.image(file, width: frame.sourceWidth, height: frame.sourceHeight) { x, y in plane[y * frame.sourceWidth + x] }
            let rect = EngineFixtures.rect(Double(offset % 4) * 80, Double(offset / 4) * 80, g.next(in: 20...70), g.next(in: 20...70))
            framed.append(Element(id: "f\(offset)", frame: rect, imageSource: .atlasFrame(atlas: source.path, frame: frame.name, index: frame.index >= 0 ? frame.index : nil)))
            separate.append(Element(id: "f\(offset)", frame: rect, image: file, imageScale: frame.scale))
        }
        let a = try folder.engine(framed), b = try folder.engine(separate)
        var hits = 0
        for _ in 0..<6000 {
            let point = Point(x: g.next(in: 0...320), y: g.next(in: 0...240))
            let answer = a.elementIndex(at: point)
            #expect(answer == b.elementIndex(at: point), "at \(point)")
            if answer != nil { hits += 1 }
        }
        #expect(hits > 200, "\(hits) hits")
    }
}
