@testable import AlphaHit
@testable import AlphaHitEngine
import AlphaHitOutline
import Foundation
import Testing

/// Issue 24, outlines in layout space, `--owned`: what an element owns on the hit map at a scale,
/// traced on `render`'s pixel grid and given in layout points.
@Suite("Owned outlines")
struct OwnedOutlineTests {
    @Test("the even-odd inside of an element's owned outline is the map's pixels it owns", arguments: 0..<4)
    func insideIsOwned(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 613 &+ 9)
        let layout = try LiveScenePropertyTests.canvasLayout(&g, name: "ownedOutline\(seed)", tolerance: seed % 2 == 1 ? 4 : nil)
        let engine = try HitTester(layout: layout, cache: ImageCache())
        let map = try engine.hitMap(scale: [0.5, 1, 0.75, 1.5][seed])
        let owners = map.owners(inRows: 0..<map.height)
        for element in Set(owners.compactMap { $0 }).sorted().prefix(6) {
            let outline = try map.ownedOutline(of: element)
            for y in 0..<map.height {
                for x in 0..<map.width {
                    let centre = map.point(ofPixelX: x, y: y)
                    let inside = outline.filter { $0.contains(x: centre.x, y: centre.y) }.count
                    #expect(inside == (owners[y * map.width + x] == element ? 1 : 0), "seed \(seed) \(engine.id(of: element)) pixel (\(x), \(y))")
                }
            }
            // Every vertex a corner of the map's pixel grid, k / scale points.
            for point in outline.flatMap({ [$0.outer] + $0.holes }).joined() {
                #expect(abs((point.x * map.scale).rounded() - point.x * map.scale) < 1e-9 && abs((point.y * map.scale).rounded() - point.y * map.scale) < 1e-9)
            }
            // Simplified within E points, by every rule of simplified outlines (in points, which
            // are thousandths of a pixel only at decimal scales).
            let simplified = try map.ownedOutline(of: element, epsilon: 1)
            OutlineChecks.expectValid(simplified, exact: outline, epsilon: 1, "seed \(seed) \(engine.id(of: element)) simplified", thousandths: false)
        }
    }

    @Test("hittest outline LAYOUT --element ID --owned prints it in points; the other forms are usage errors")
    func commandLine() throws {
        let layout = Fixtures.packageRoot.appendingPathComponent("Samples/audit/layout.json").path
        let outcome = try HitTestRunner.run(["outline", layout, "--element", "tiny", "--owned", "--scale", "2", "--convex"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])
        #expect(object["element"] as? String == "tiny" && object["owned"] as? Bool == true && object["scale"] as? Double == 2)
        let engine = try HitTester(contentsOfLayoutFile: layout)
        let expected = try engine.hitMap(scale: 2).ownedOutline(of: try #require(engine.element(withID: "tiny")))
        let polygons = try #require(object["polygons"] as? [[String: Any]])
        #expect(polygons.map { ($0["outer"] as? [[Double]]) ?? [] } == expected.map { $0.outer.map { [$0.x, $0.y] } })
        #expect((object["pieces"] as? Int ?? 0) > 0)
        let nothing = try HitTestRunner.run(["outline", layout, "--element", "hidden", "--owned"])
        #expect(nothing.status == 0 && nothing.text.contains(#""polygons":[]"#), "an element that owns nothing has no polygon")
        for arguments in [["--element", "tiny", "--scale", "2"], ["--owned"], ["--element", "tiny", "--owned", "--threshold", "0.5"], ["--element", "tiny", "--owned", "-f", "svg"]] {
            #expect(try HitTestRunner.run(["outline", layout] + arguments).status == 2, "\(arguments)")
        }
        #expect(try HitTestRunner.run(["outline", layout, "--element", "nobody", "--owned"]).status == 1)
        #expect(try HitTestRunner.run(["outline", Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path, "--scale", "2"]).status == 2)
    }
}
