@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// `hittest audit` and `HitTester.audit` (issue 13, first part): the figures by hand and against a
/// brute-force count.
@Suite("Target-size audit")
struct AuditTests {
    typealias F = EngineFixtures

    static func entry(_ audit: TargetAudit, _ id: String) -> TargetAudit.Entry? { audit.entries.first { $0.id == id } }

    @Test("owned and own area, covered fraction and largest square, counted by hand")
    func figures() throws {
        // back 30 × 30 with front 30 × 20 on top of its upper part; one pixel per point.
        let engine = try F.engine([Element(id: "back", frame: F.rect(0, 0, 30, 30)), Element(id: "front", frame: F.rect(0, 0, 30, 20))], canvas: Size(width: 40, height: 40))
        let audit = try engine.audit(scale: 1, minimumSize: 24)
        let back = try #require(Self.entry(audit, "back")), front = try #require(Self.entry(audit, "front"))
        #expect((back.owned, back.own, back.largestSquare) == (300, 900, 10))
        #expect(abs(back.covered - 2.0 / 3) < 1e-12)
        #expect((front.owned, front.own, front.covered, front.largestSquare) == (600, 600, 0, 20))
        // At 2 pixels per point the areas stay in points; squares count whole pixels.
        let fine = try engine.audit(scale: 2, minimumSize: 24)
        #expect(Self.entry(fine, "back").map { ($0.owned, $0.largestSquare) }! == (300, 10))
    }

    @Test("an element big enough passes; one that owns nothing fails with that reason")
    func passAndOwnsNothing() throws {
        let engine = try F.engine([
            Element(id: "hidden-behind", frame: F.rect(0, 0, 10, 10)), Element(id: "big", frame: F.rect(0, 0, 30, 30)),
        ])
        let audit = try engine.audit(scale: 1, minimumSize: 24)
        #expect(Self.entry(audit, "big")?.passes == true && Self.entry(audit, "big")?.reason == nil)
        #expect(Self.entry(audit, "hidden-behind").map { ($0.passes, $0.reason, $0.covered) }! == (false, "owns nothing", 1))
    }

    @Test("the largest square of an L-shaped owned region")
    func lShape() throws {
        // An L: 20 × 6 along the top and 6 × 20 down the left; a 6-point square fits, no more.
        let engine = try F.engine([
            Element(id: "l", frame: F.rect(0, 0, 20, 20), shape: .none, children: [
                Element(id: "top", frame: F.rect(0, 0, 20, 6)), Element(id: "left", frame: F.rect(0, 0, 6, 20)),
            ])
        ])
        let audit = try engine.audit(scale: 1, minimumSize: 5)
        #expect(Self.entry(audit, "left")?.largestSquare == 6)
        #expect(Self.entry(audit, "top")?.largestSquare == 6, "its owned part is 14 × 6 once left takes the corner")
        #expect(audit.entries.map(\.id) == ["top", "left"], "shape none is not audited")
    }

    @Test("the spacing exception: an undersized target passes when its circle meets no other target and no other undersized circle")
    func spacing() throws {
        // 10 × 10 targets: alone, the 24-point circle around (5, 5) meets nothing.
        let alone = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10))], canvas: Size(width: 100, height: 100))
        #expect(Self.entry(try alone.audit(scale: 1), "a")?.passes == true)
        // 15 apart: the circles (24 across) intersect, and each meets the other target.
        let close = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10)), Element(id: "b", frame: F.rect(15, 0, 10, 10))])
        let audit = try close.audit(scale: 1)
        #expect(audit.entries.allSatisfy { !$0.passes && $0.reason?.hasPrefix("largest square 10 < 24") == true })
        // 30 apart: the circles just miss each other (24 < 30) and the other target (its nearest pixel centre 20.5 from the centre).
        let apart = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10)), Element(id: "b", frame: F.rect(30, 0, 10, 10))])
        #expect(try apart.audit(scale: 1).entries.allSatisfy(\.passes))
        // A big target 5 points away: the small one's circle (radius 12 around (5, 5)) meets its pixel
        // centre (15.5, 5); 8 points away, its nearest centre (18.5, 5) is 13.5 from it and the circle is clear.
        let neighbour = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10)), Element(id: "big", frame: F.rect(15, 0, 40, 40))])
        #expect(Self.entry(try neighbour.audit(scale: 1), "a")?.passes == false)
        let further = try F.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10)), Element(id: "big", frame: F.rect(18, 0, 40, 40))])
        #expect(Self.entry(try further.audit(scale: 1), "a")?.passes == true)
    }

    @Test("against a brute-force count on random layouts", arguments: 0..<4)
    func bruteForce(seed: Int) throws {
        let folder = try F.ImageFolder("auditBrute\(seed)")
        var g = SplitMix(seed: UInt64(seed) &+ 77)
        try folder.image("blob.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: (x * 37 + y * 91) % 256) }
        let elements = SpatialIndexPropertyTests.randomLayout(&g, images: ["blob.png"], count: 6)
        let engine = try folder.engine(elements, canvas: Size(width: 120, height: 120))
        let scale = 0.5
        let audit = try engine.audit(scale: scale, minimumSize: 12)
        let side = 60
        var owner = [Int](repeating: -1, count: side * side)
        for y in 0..<side { for x in 0..<side { owner[y * side + x] = engine.elementIndex(at: Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)).map { Int($0.rawValue) } ?? -1 } }
        for entry in audit.entries {
            let e = Int(entry.element.rawValue)
            let owned = owner.filter { $0 == e }.count
            var own = 0
            for y in 0..<side { for x in 0..<side where engine.scanAll(Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)).contains(entry.element) { own += 1 } }
            var largest = 0
            for y in 0..<side {
                for x in 0..<side where owner[y * side + x] == e {
                    var n = largest + 1
                    while y + n <= side && x + n <= side && (y..<y + n).allSatisfy({ yy in (x..<x + n).allSatisfy { owner[yy * side + $0] == e } }) {
                        largest = n
                        n += 1
                    }
                }
            }
            #expect(entry.owned == Double(owned) / (scale * scale), "\(entry.id) owned")
            #expect(entry.own == Double(own) / (scale * scale), "\(entry.id) own")
            #expect(entry.largestSquare == Double(largest) / scale, "\(entry.id) largest square")
        }
    }

    @Test("hittest audit: failing first, exit 3 when any fails, 0 when all pass; JSON for every audited element; --standard")
    func command() throws {
        let folder = try Fixtures.temporaryDirectory("auditCLI")
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("""
            {"version": 1, "canvas": {"width": 100, "height": 60}, "elements": [
              {"id": "big", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}},
              {"id": "small", "frame": {"x": 52, "y": 0, "width": 10, "height": 10}}
            ]}
            """.utf8), to: path)
        let plain = try HitTestRunner.run(["audit", path, "--scale", "1"])
        #expect(plain.status == 3)
        #expect(plain.text.hasPrefix("audit at 1 pixels per point, minimum 24 points: 1 of 2 fail\nFAIL small: owns 100 pt², 0% covered, largest square 10 pt, tap point (56.5, 4.5), clearance 5 pt"))
        let json = try HitTestRunner.run(["audit", path, "--scale", "1", "--json"])
        #expect(json.text.hasPrefix(#"{"minSize":24,"scale":1,"elements":[{"id":"big","owned":2500,"own":2500,"covered":0,"largestSquare":50,"pass":true,"bySpacing":false,"reason":null,"tapPoint":[24.5,24.5],"clearance":25},{"id":"small""#))
        #expect(try HitTestRunner.run(["audit", path, "--scale", "1", "--min-size", "10"]).status == 0)
        #expect(try HitTestRunner.run(["audit", path, "--scale", "1", "--standard", "apple"]).text.contains("minimum 44 points: 1 of 2 fail"))
        #expect(try HitTestRunner.run(["audit", path, "--standard", "apple", "--min-size", "3"]).status == 2)
    }
}
