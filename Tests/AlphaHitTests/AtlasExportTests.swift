@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// Sprite atlases (issue 12): the real exports in `Fixtures/Atlases` (copied from `shared/atlases`
/// with their sources and licences) rebuild to the expected frames.
@Suite("Atlases: real exports")
struct AtlasExportTests {
    static let root = Fixtures.packageRoot.appendingPathComponent("Tests/AlphaHitTests/Fixtures/Atlases")

    static func sheet(_ path: String) throws -> DecodedImage {
        try ImageDecoder().decode(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), as: .alpha8)
    }

    /// Every frame of an atlas with its rebuilt alpha plane.
    static func planes(_ relative: String) throws -> [String: (frame: AtlasFrame, alpha: [UInt8])] {
        let path = root.appendingPathComponent(relative).path
        let atlas = try Atlas(contentsOfFile: path)
        var sheets: [String: DecodedImage] = [:]
        var result: [String: (AtlasFrame, [UInt8])] = [:]
        for frame in atlas.frames {
            let sheetPath = (path as NSString).deletingLastPathComponent + "/" + frame.sheet
            if sheets[sheetPath] == nil { sheets[sheetPath] = try sheet(sheetPath) }
            let image = sheets[sheetPath]!
            #expect(frame.fits(sheetWidth: image.width, height: image.height), "\(frame.name) inside its sheet")
            result[frame.name + (frame.index >= 0 ? "#\(frame.index)" : "")] = (frame, frame.alphaPlane(from: image))
        }
        return result
    }

    @Test("TexturePacker: every rotated, trimmed frame equals its twin packed neither rotated nor trimmed")
    func texturePackerRotatedEqualsUnrotated() throws {
        let packed = try Self.planes("texturepacker-hash/building1@2x.json")
        var reference = try Self.planes("texturepacker-hash/reference_multipack_unrotated/building1-0.json")
        reference.merge(try Self.planes("texturepacker-hash/reference_multipack_unrotated/building1-1.json")) { first, _ in first }
        #expect(packed.values.contains { $0.frame.rotation == .clockwise } && packed.values.contains { $0.frame.isTrimmed })
        #expect(Set(packed.keys) == Set(reference.keys))
        for (name, frame) in packed {
            let twin = try #require(reference[name])
            #expect((frame.frame.sourceWidth, frame.frame.sourceHeight) == (twin.frame.sourceWidth, twin.frame.sourceHeight), "\(name) size")
            #expect(frame.alpha == twin.alpha, "\(name): the rebuilt frame equals the unrotated one")
        }
    }

    @Test("TexturePacker: meta.scale is read, as a string too")
    func texturePackerScale() throws {
        let atlas = try Atlas(contentsOfFile: Self.root.appendingPathComponent("texturepacker-hash/building1.json").path)
        #expect(atlas.frames.allSatisfy { $0.scale == 0.5 })
        #expect(atlas.frames.first { $0.name == "star1.png" }.map { ($0.rotation, $0.trimX, $0.trimY, $0.sourceWidth) } ?? (.none, 0, 0, 0) == (.clockwise, 2, 2, 32))
    }

    @Test("libGDX legacy: every stripped region rebuilt to its original size equals its source image's alpha")
    func libGDXEqualsSources() throws {
        let planes = try Self.planes("libgdx-legacy/skin.atlas")
        var compared = 0
        for (name, plane) in planes {
            let source = Self.root.appendingPathComponent("libgdx-legacy/raw/\(name).png").path
            // 9-patch sources carry a one-pixel border the packer strips: not comparable.
            guard FileManager.default.fileExists(atPath: source) else { continue }
            let image = try Self.sheet(source)
            #expect((image.width, image.height) == (plane.frame.sourceWidth, plane.frame.sourceHeight), "\(name) size")
            let expected = (0..<image.height).flatMap { y in (0..<image.width).map { x in image.alpha(atX: x, y: y) } }
            #expect(plane.alpha == expected, "\(name)")
            compared += 1
        }
        #expect(compared >= 10)
        #expect(planes.values.contains { $0.frame.isTrimmed })
    }

    @Test("Starling: 23 sprites, 7 stored rotated, 16 trimmed, every one inside its sheet")
    func starling() throws {
        let planes = try Self.planes("starling-xml/atlas.xml")
        #expect(planes.count == 23)
        #expect(planes.values.filter { $0.frame.rotation == .clockwise }.count == 7)
        #expect(planes.values.filter { $0.frame.isTrimmed }.count == 16)
        // A rotated frame's footprint in the sheet is its size turned: width × height as stored.
        let flight = try #require(planes["flight_02"]?.frame)
        #expect((flight.width, flight.height, flight.sheetRect.width, flight.sheetRect.height) == (167, 151, 151, 167))
    }

    @Test("Aseprite: the same schema as TexturePacker; names with spaces; tags and slices ignored")
    func aseprite() throws {
        let planes = try Self.planes("aseprite-json/beetle.json")
        #expect(!planes.isEmpty)
        #expect(planes.keys.contains { $0.contains(" ") })
    }
}
