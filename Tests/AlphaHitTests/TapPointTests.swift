@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// Safe tap points (issue 24): the centre of an element's owned pixel farthest from every pixel it
/// does not own, by hand, against a brute-force distance transform, and through the CLI.
@Suite("Tap points")
struct TapPointTests {
    typealias F = EngineFixtures

    /// The brute-force answer: every owned pixel against every pixel of the map and the ring of
    /// pixels around it that the element does not own; the first maximum in raster order.
    static func bruteForce(_ map: HitMap) -> [ElementIndex: (x: Int, y: Int, squared: Int)] {
        let owners = map.owners(inRows: 0..<map.height)
        func owner(_ x: Int, _ y: Int) -> ElementIndex? {
            x >= 0 && y >= 0 && x < map.width && y < map.height ? owners[y * map.width + x] : nil
        }
        var best: [ElementIndex: (x: Int, y: Int, squared: Int)] = [:]
        for y in 0..<map.height {
            for x in 0..<map.width {
                guard let e = owner(x, y) else { continue }
                var nearest = Int.max
                for qy in -1...map.height {
                    for qx in -1...map.width where owner(qx, qy) != e {
                        nearest = min(nearest, (qx - x) * (qx - x) + (qy - y) * (qy - y))
                    }
                }
                if nearest > best[e]?.squared ?? 0 { best[e] = (x, y, nearest) }
            }
        }
        return best
    }

    @Test("a rectangle's tap point: the first pixel, in raster order, farthest from its edges")
    func rectangleByHand() throws {
        // 10 × 6 pixels: rows 2 and 3 and columns 2...7 are 3 pixels from the outside; (2, 2) first.
        let engine = try F.engine([Element(id: "r", frame: F.rect(0, 0, 10, 6))], canvas: Size(width: 20, height: 20))
        let taps = try engine.hitMap(scale: 1).tapPoints()
        let r = try #require(engine.element(withID: "r"))
        let tap = try #require(taps[r])
        #expect(tap == TapPoint(point: Point(x: 2.5, y: 2.5), clearance: 3))
        // At 2 pixels per point the point is a pixel centre of that map, and the clearance in points.
        let fine = try #require(try engine.hitMap(scale: 2).tapPoints()[r])
        #expect(fine == TapPoint(point: Point(x: 2.75, y: 2.75), clearance: 3))
    }

    @Test("a ring-shaped button's tap point is on the ring, where the bounding box's centre misses")
    func ringByHand() throws {
        // A 30 × 30 frame whose middle 20 × 20 a front element takes: the frame is 5 pixels wide.
        let engine = try F.engine(
            [Element(id: "ring", frame: F.rect(0, 0, 30, 30)), Element(id: "hole", frame: F.rect(5, 5, 20, 20))], canvas: Size(width: 30, height: 30))
        let map = try engine.hitMap(scale: 1)
        let element = try #require(engine.element(withID: "ring"))
        let ring = try #require(map.tapPoints()[element])
        // Row 2 and column 2 are 3 pixels from the outside and from the hole; (2, 2) comes first.
        #expect(ring == TapPoint(point: Point(x: 2.5, y: 2.5), clearance: 3))
        #expect(engine.hit(at: Point(x: 15, y: 15))?.id == "hole")
        #expect(engine.hit(at: ring.point)?.id == "ring")
    }

    @Test("tap points equal a brute-force distance transform of each owned mask, and hit their element", arguments: 0..<5)
    func matchesBruteForce(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 31 &+ 5)
        let layout = try LiveScenePropertyTests.canvasLayout(&g, name: "tapPoints\(seed)", tolerance: seed % 2 == 1 ? 6 : nil)
        let engine = try HitTester(layout: layout, cache: ImageCache())
        let map = try engine.hitMap(scale: [0.25, 0.3, 0.35][seed % 3])
        let taps = map.tapPoints()
        let expected = Self.bruteForce(map)
        #expect(Set(taps.keys) == Set(expected.keys))
        for (element, tap) in taps {
            let want = try #require(expected[element])
            #expect(tap.point == map.point(ofPixelX: want.x, y: want.y), "element \(engine.id(of: element))")
            #expect(tap.clearance == Double(want.squared).squareRoot() / map.scale)
            #expect(engine.elementIndex(at: tap.point, tolerance: nil) == element)
        }
    }

    @Test("audit reports tapPoint and clearance, plain and JSON; query --tap-point prints the point alone")
    func commandLine() throws {
        let folder = try F.ImageFolder("tapPointCLI")
        let layout = folder.url.appendingPathComponent("layout.json")
        try Data(#"{"version": 1, "canvas": {"width": 30, "height": 30}, "elements": [{"id": "ring", "frame": {"x": 0, "y": 0, "width": 30, "height": 30}}, {"id": "under", "frame": {"x": 6, "y": 6, "width": 4, "height": 4}}, {"id": "hole", "frame": {"x": 5, "y": 5, "width": 20, "height": 20}}]}"#.utf8).write(to: layout)
        let json = try HitTestRunner.run(["audit", layout.path, "--scale", "1", "--json", "--min-size", "1"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let entries = try #require(object["elements"] as? [[String: Any]])
        let ring = try #require(entries.first { $0["id"] as? String == "ring" })
        #expect(ring["tapPoint"] as? [Double] == [2.5, 2.5] && ring["clearance"] as? Double == 3)
        let under = try #require(entries.first { $0["id"] as? String == "under" })
        #expect(under["tapPoint"] is NSNull && under["clearance"] is NSNull, "it owns nothing")
        let plain = try HitTestRunner.run(["audit", layout.path, "--scale", "1", "--min-size", "1"])
        #expect(plain.text.contains("pass ring: owns 500 pt², 44.444% covered, largest square 5 pt, tap point (2.5, 2.5), clearance 3 pt"))
        let query = try HitTestRunner.run(["query", layout.path, "--tap-point", "ring", "--scale", "1"])
        #expect(query.status == 0 && query.text == "2.5 2.5\n")
        #expect(try HitTestRunner.run(["query", layout.path, "--tap-point", "hole"]).text == "14.875 14.875\n", "the first of the middle pixels at 4 per point")
        let nothing = try HitTestRunner.run(["query", layout.path, "--tap-point", "under"])
        #expect(nothing.status == 1 && nothing.standardError.contains("owns no pixel"))
        #expect(try HitTestRunner.run(["query", layout.path, "--tap-point", "nobody"]).standardError.contains("no element has the id \"nobody\""))
        #expect(try HitTestRunner.run(["query", layout.path, "--tap-point", "ring", "3,4"]).status == 2)
        #expect(try HitTestRunner.run(["query", layout.path, "--scale", "2", "3,4"]).status == 2, "--scale belongs to --tap-point")
    }
}
