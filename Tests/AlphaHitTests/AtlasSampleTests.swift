@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// `Samples/atlas`: what its README line says, over a PNG or a WebP sheet.
@Suite("Atlas sample")
struct AtlasSampleTests {
    @Test("the WebP sheet is the PNG sheet, pixel for pixel, in every format")
    func webPSheet() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Samples/atlas")
        for format in [PixelFormat.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)] {
            let png = try ImageDecoder().decode(contentsOfFile: folder.appendingPathComponent("ui-texturepacker.png").path, as: format)
            let webp = try ImageDecoder().decode(contentsOfFile: folder.appendingPathComponent("ui-texturepacker.webp").path, as: format)
            #expect(Fixtures.packedBytes(webp) == Fixtures.packedBytes(png))
        }
    }

    @Test("every form of the atlas sample answer as the README says, and alike at every point of a grid")
    func sample() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Samples/atlas")
        let packer = try HitTester(contentsOfLayoutFile: folder.appendingPathComponent("layout.json").path, cache: ImageCache())
        let gdx = try HitTester(contentsOfLayoutFile: folder.appendingPathComponent("layout-libgdx.json").path, cache: ImageCache())
        let webp = try HitTester(contentsOfLayoutFile: folder.appendingPathComponent("layout-webp.json").path, cache: ImageCache())
        for engine in [packer, gdx, webp] {
            let answers = [(30.0, 33.0), (70, 25), (95, 25), (74, 75)].map { engine.hit(at: Point(x: $0.0, y: $0.1))?.id }
            #expect(answers == ["play", "stop", nil, "badge"])
        }
        for y in stride(from: 0.25, to: 100, by: 0.5) {
            for x in stride(from: 0.25, to: 160, by: 0.5) {
                #expect(packer.elementIndex(at: Point(x: x, y: y)) == gdx.elementIndex(at: Point(x: x, y: y)))
                #expect(packer.elementIndex(at: Point(x: x, y: y)) == webp.elementIndex(at: Point(x: x, y: y)))
            }
        }
    }
}
