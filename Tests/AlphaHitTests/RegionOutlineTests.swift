@testable import AlphaHit
@testable import AlphaHitEngine
import AlphaHitOutline
import Foundation
import Testing

/// Issue 24, outlines in layout space: the outline of an element's own region R(e), by hand.
@Suite("Region outlines")
struct RegionOutlineTests {
    static func outer(_ polygons: [OutlinePolygon]) -> [[Double]] {
        polygons.flatMap { $0.outer.map { [$0.x, $0.y] } }
    }

    @Test("a transformed rectangle's exact outline is its four drawn corners, not rounded")
    func transformedRectangle() throws {
        // Scaled 2× across about its centre (20, 15): x from 10 + 20 − 40 = −10 to 70.
        let engine = try EngineFixtures.engine([
            Element(id: "wide", frame: EngineFixtures.rect(10, 20, 40, 30), transform: ElementTransform(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
            Element(id: "turned", frame: EngineFixtures.rect(0, 0, 10, 10), transform: ElementTransform(rotationDegrees: 30)),
        ])
        #expect(Self.outer(try engine.outline(of: try #require(engine.element(withID: "wide")))) == [[-10, 20], [70, 20], [70, 50], [-10, 50]])
        // Rotated 30° about (5, 5): corner (0, 0) goes to 5 + (−5·cos 30 + 5·sin 30), 5 + (−5·sin 30 − 5·cos 30).
        let turned = try engine.outline(of: try #require(engine.element(withID: "turned")))
        let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
        let corners = [(-5.0, -5.0), (5, -5), (5, 5), (-5, 5)].map { [5 + $0.0 * c - $0.1 * s, 5 + $0.0 * s + $0.1 * c] }
        #expect(turned.count == 1 && turned[0].outer.count == 4)
        for corner in corners {
            #expect(turned[0].outer.contains { abs($0.x - corner[0]) < 1e-12 && abs($0.y - corner[1]) < 1e-12 }, "corner \(corner)")
        }
        #expect(OutlinePolygon.signedArea(of: turned[0].outer) > 99.999 && OutlinePolygon.signedArea(of: turned[0].outer) < 100.001)
    }

    @Test("a mirroring transform keeps outer rings positive and holes negative")
    func mirroredKeepsOrientation() throws {
        let folder = try EngineFixtures.ImageFolder("regionOutlineMirror")
        // A 4 × 4 ring: the middle 2 × 2 transparent.
        try folder.image("ring.png", width: 4, height: 4) { x, y in (1...2).contains(x) && (1...2).contains(y) ? 0 : 255 }
        let engine = try folder.engine([
            Element(id: "ring", frame: EngineFixtures.rect(0, 0, 8, 8), image: "ring.png", contentMode: .scaleToFill, transform: ElementTransform(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        ])
        let polygons = try engine.outline(of: try #require(engine.element(withID: "ring")))
        #expect(polygons.count == 1 && polygons[0].holes.count == 1)
        #expect(OutlinePolygon.signedArea(of: polygons[0].outer) == 64 && OutlinePolygon.signedArea(of: polygons[0].holes[0]) == -16)
        #expect(Set(polygons[0].holes[0].map { [$0.x, $0.y] }) == [[2, 2], [6, 2], [6, 6], [2, 6]])
    }

    @Test("a clipping ancestor cuts the region to its bounds")
    func clippedByAncestor() throws {
        let engine = try EngineFixtures.engine([
            Element(id: "parent", frame: EngineFixtures.rect(10, 10, 20, 20), clipsToBounds: true, children: [
                Element(id: "child", frame: EngineFixtures.rect(15, -5, 30, 10))
            ])
        ])
        #expect(Self.outer(try engine.outline(of: try #require(engine.element(withID: "child")))) == [[25, 10], [30, 10], [30, 15], [25, 15]])
    }

    @Test("a round region has no exact outline; with epsilon its chords stay within epsilon of the circle", arguments: [0.5, 0.1, 0.01])
    func circleWithinEpsilon(epsilon: Double) throws {
        let engine = try EngineFixtures.engine([Element(id: "dot", frame: EngineFixtures.rect(0, 0, 20, 20), shape: .ellipse)])
        let dot = try #require(engine.element(withID: "dot"))
        #expect(throws: OutlineError.notPolygonal) { try engine.outline(of: dot) }
        let polygons = try engine.outline(of: dot, epsilon: epsilon)
        let ring = try #require(polygons.first?.outer)
        #expect(polygons.count == 1 && polygons[0].holes.isEmpty && OutlinePolygon.signedArea(of: ring) > 0)
        for (k, p) in ring.enumerated() {
            let q = ring[(k + 1) % ring.count]
            let vertex = hypot(p.x - 10, p.y - 10), middle = hypot((p.x + q.x) / 2 - 10, (p.y + q.y) / 2 - 10)
            #expect(abs(vertex - 10) <= epsilon && 10 - middle <= epsilon, "vertex \(p) at \(vertex), chord middle at \(middle)")
        }
        // Few vertices: chords about as long as epsilon allows (sagitta 10·(1 − cos(θ/2)) ≈ epsilon).
        let step = 2 * acos(1 - epsilon / 10)
        #expect(Double(ring.count) <= 2 * Double.pi / step * 1.5 + 4, "\(ring.count) vertices")
    }

    @Test("a huge epsilon still leaves a polygon: a circle becomes its inscribed triangle", arguments: [10.0, 1_000_000])
    func hugeEpsilonKeepsAPolygon(epsilon: Double) throws {
        let engine = try EngineFixtures.engine([Element(id: "dot", frame: EngineFixtures.rect(0, 0, 20, 20), shape: .ellipse)])
        let polygons = try engine.outline(of: try #require(engine.element(withID: "dot")), epsilon: epsilon)
        #expect(polygons.count == 1 && polygons[0].outer.count == 3 && polygons[0].outer.allSatisfy { abs(hypot($0.x - 10, $0.y - 10) - 10) < 0.001 })
    }

    @Test("an element that can never be hit, or an index no element has, has no outline")
    func unhittableHasNone() throws {
        let engine = try EngineFixtures.engine([
            Element(id: "hidden", frame: EngineFixtures.rect(0, 0, 10, 10), isHidden: true),
            Element(id: "flat", frame: EngineFixtures.rect(0, 0, 0, 10)),
            Element(id: "none", frame: EngineFixtures.rect(0, 0, 10, 10), shape: .none),
        ])
        for id in ["hidden", "flat", "none"] { #expect(try engine.outline(of: try #require(engine.element(withID: id)), epsilon: 0.5).isEmpty, "\(id)") }
        #expect(try engine.outline(of: ElementIndex(rawValue: 99)).isEmpty)
    }

    @Test("epsilon out of range, or below what rounding to the thousandth allows, is refused")
    func epsilonRange() throws {
        let engine = try EngineFixtures.engine([Element(id: "dot", frame: EngineFixtures.rect(0, 0, 20, 20), shape: .ellipse)])
        let dot = try #require(engine.element(withID: "dot"))
        for bad in [-1, Double.nan, 2_000_000] { #expect(throws: OutlineError.self) { try engine.outline(of: dot, epsilon: bad) } }
        #expect(throws: OutlineError.epsilonTooSmall(0.0005, minimum: 0.002)) { try engine.outline(of: dot, epsilon: 0.0005) }
    }

    @Test("hittest outline LAYOUT --element ID prints R(e) in points; a round one needs --epsilon")
    func commandLine() throws {
        let layout = Fixtures.packageRoot.appendingPathComponent("Samples/nested/layout.json").path
        let outcome = try HitTestRunner.run(["outline", layout, "--element", "overhang", "--convex"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])
        #expect(object["element"] as? String == "overhang" && object["owned"] == nil && object["epsilon"] as? Double == 0 && object["pieces"] as? Int == 1)
        let engine = try HitTester(contentsOfLayoutFile: layout)
        let expected = try engine.outline(of: try #require(engine.element(withID: "overhang")))
        let polygons = try #require(object["polygons"] as? [[String: Any]])
        let printed = polygons.flatMap { ($0["outer"] as? [[Double]]) ?? [] }
        #expect(printed.count == 4 && zip(printed, expected.flatMap(\.outer)).allSatisfy { abs($0[0] - $1.x) < 1e-9 && abs($0[1] - $1.y) < 1e-9 }, "exact coordinates, unrounded")
        #expect(printed.contains { $0[0] != ($0[0] * 1000).rounded() / 1000 }, "not rounded to the thousandth")
        let round = try HitTestRunner.run(["outline", layout, "--element", "panel-button"])
        #expect(round.status == 1 && round.standardError.contains("--epsilon") == false && round.standardError.contains("epsilon > 0"))
        #expect(try HitTestRunner.run(["outline", layout, "--element", "panel-button", "--epsilon", "0.1", "--triangles"]).status == 0)
        #expect(try HitTestRunner.run(["outline", layout, "--element", "panel", "--scale", "2"]).status == 2)
        #expect(try HitTestRunner.run(["outline", layout, "--element", "nobody"]).status == 1)
    }
}
