@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitImages
@testable import AlphaHitJSON
import Foundation
@testable import HitTestCLI
import Testing

/// `hittest outline` (issue 24, exact mode), run as a user runs it.
@Suite("hittest outline command")
struct OutlineCommandTests {
    /// A 4 × 4 PNG: a ring of alpha 255 round pixel (1, 1), pixel (3, 3) at alpha 100 (touching
    /// the ring only at the corner (3, 3)), everything else transparent.
    static func writeRing() throws -> String {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("ring.png").path
        let solid: Set<[Int]> = [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]]
        try Fixtures.write(Fixtures.rgbaPNG(width: 4, height: 4) { x, y in
            (10, 20, 30, solid.contains([x, y]) ? 255 : x == 3 && y == 3 ? 100 : 0)
        }, to: path)
        return path
    }

    @Test("outline prints each polygon's outer ring and holes as JSON, in image pixels")
    func jsonOfAPNG() throws {
        let image = try Self.writeRing()
        let outcome = try HitTestRunner.run(["outline", image])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        // Hand-traced: the ring, its hole, and the pixel at alpha 100 (solid at the default 0.1),
        // which touches the ring only at the corner (3, 3).
        #expect(outcome.text == """
            {"image":\(JSONText.string(image)),"threshold":0.1,"epsilon":0,"polygons":[\
            {"outer":[[0,0],[3,0],[3,3],[0,3]],"holes":[[[1,1],[1,2],[2,2],[2,1]]]},\
            {"outer":[[3,3],[4,3],[4,4],[3,4]],"holes":[]}]}

            """)
    }

    @Test("the threshold is the hit test's: a pixel is solid when alpha / 255 reaches it")
    func thresholdDecides() throws {
        let image = try Self.writeRing()
        // 100 / 255 = 0.392: solid at 0.39, not at 0.4.
        let low = try HitTestRunner.run(["outline", image, "--threshold", "0.39"])
        let high = try HitTestRunner.run(["outline", image, "--threshold", "0.4"])
        #expect(low.text.contains("[[3,3],[4,3],[4,4],[3,4]]"))
        #expect(!high.text.contains("[[3,3],[4,3],[4,4],[3,4]]") && high.text.contains("\"threshold\":0.4"))
    }

    @Test("--rect outlines that rectangle of a PNG, in its own coordinates")
    func rectangle() throws {
        let outcome = try HitTestRunner.run(["outline", try Self.writeRing(), "--rect", "1,0,3,4"])
        #expect(outcome.status == 0)
        // Columns 1...3: the ring cut open at its left, and the corner pixel, now at (2, 3).
        #expect(outcome.text.contains(#""rect":[1,0,3,4]"#))
        #expect(outcome.text.contains(#"{"outer":[[0,0],[2,0],[2,3],[0,3],[0,2],[1,2],[1,1],[0,1]],"holes":[]}"#))
        #expect(outcome.text.contains(#"{"outer":[[2,3],[3,3],[3,4],[2,4]],"holes":[]}"#))
    }

    @Test("an atlas frame is outlined at its source size: the even-odd inside is its solid pixels")
    func atlasFrame() throws {
        let atlasPath = "\(AtlasCommandTests.root)/texturepacker-hash/building1.json"
        for name in ["star1.png", "star2.png", "goldmine_10_5.png"] {
            let outcome = try HitTestRunner.run(["outline", atlasPath, "--frame", name])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let atlas = try Atlas(contentsOfFile: atlasPath)
            let frame = try atlas.frame(named: name, index: nil)
            let sheet = try ImageDecoder().decode(contentsOfFile: FrameSelection.sheetPath(of: frame, atlas: atlasPath), as: .alpha8)
            let plane = frame.alphaPlane(from: sheet)
            let polygons = try Self.polygons(outcome.text)
            for y in 0..<frame.sourceHeight {
                for x in 0..<frame.sourceWidth {
                    let inside = polygons.filter { $0.contains(x: Double(x) + 0.5, y: Double(y) + 0.5) }.count
                    #expect(inside == (plane[y * frame.sourceWidth + x] >= AlphaThreshold.defaultMinimumAlpha ? 1 : 0), "\(name) pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("--format svg draws the image and a path per polygon with the even-odd rule")
    func svg() throws {
        let outcome = try HitTestRunner.run(["outline", try Self.writeRing(), "--format", "svg"])
        #expect(outcome.status == 0)
        #expect(outcome.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"32\" height=\"32\" viewBox=\"0 0 4 4\">"))
        #expect(outcome.text.contains("href=\"data:image/png;base64,"))
        #expect(outcome.text.contains(##"<path d="M0 0 L3 0 L3 3 L0 3 Z M1 1 L1 2 L2 2 L2 1 Z" fill="#e0306080" stroke="#e03060" stroke-width="0.08" fill-rule="evenodd"/>"##))
        #expect(outcome.text.components(separatedBy: "<path ").count == 3)
    }

    @Test("bad options are usage errors naming what was expected", arguments: [
        (["--threshold", "1.5"], "--threshold"), (["--format", "png"], "--format"), (["--frame", "x"], "--frame"),
    ])
    func usageErrors(extra: [String], option: String) throws {
        let outcome = try HitTestRunner.run(["outline", try Self.writeRing()] + extra)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(option))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("an atlas without --frame, and a file that is no image, fail with a message")
    func failures() throws {
        let atlas = try HitTestRunner.run(["outline", "\(AtlasCommandTests.root)/texturepacker-hash/building1.json"])
        #expect(atlas.status == 2 && atlas.standardError.contains("--frame"))
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("not.png").path
        try Fixtures.write([0x89, 0x50, 0x4E, 0x47, 1, 2, 3], to: path)
        let broken = try HitTestRunner.run(["outline", path])
        #expect(broken.status == 1 && broken.standardError.contains("not.png") && broken.standardOutput.isEmpty)
    }

    /// The polygons of `outline`'s JSON.
    static func polygons(_ text: String) throws -> [OutlinePolygon] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let polygons = try #require(object["polygons"] as? [[String: Any]])
        func ring(_ value: Any?) throws -> [Point] {
            try #require(value as? [[Double]]).map { Point(x: $0[0], y: $0[1]) }
        }
        return try polygons.map { polygon in
            OutlinePolygon(outer: try ring(polygon["outer"]), holes: try #require(polygon["holes"] as? [Any]).map(ring))
        }
    }
}
