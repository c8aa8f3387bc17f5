@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// The outline of R(e) in layout points against the touch-tolerance reference (`RegionOracle`),
/// which builds R(e) from the geometry alone, on random layouts of every feature.
@Suite("Region outline property")
struct RegionOutlinePropertyTests {
    /// Even-odd containment over every ring, and the distance to the nearest ring edge.
    static func inside(_ polygons: [OutlinePolygon], _ p: (x: Double, y: Double)) -> Bool {
        polygons.reduce(false) { $0 != $1.contains(x: p.x, y: p.y) }
    }

    static func edgeDistance(_ polygons: [OutlinePolygon], _ p: (x: Double, y: Double)) -> Double {
        var best = Double.infinity
        for ring in polygons.flatMap({ [$0.outer] + $0.holes }) {
            for k in ring.indices {
                let (a, b) = (ring[k], ring[(k + 1) % ring.count])
                best = min(best, RegionOracle.segmentDistance(p, (a.x, a.y), (b.x, b.y)))
            }
        }
        return best
    }

    @Test("an exact outline's even-odd test is R(e)'s membership at every point off its edge", arguments: 0..<8)
    func exactMatchesMembership(seed: Int) throws {
        let (fixture, generator) = try TouchTolerancePropertyTests.fixture(seed: 500 + seed, ownTolerances: false)
        var g = generator
        var exact = 0, points = 0
        for candidate in fixture.oracle.candidates {
            let index = try #require(fixture.engine.element(withID: candidate.id))
            let polygons: [OutlinePolygon]
            do {
                polygons = try fixture.engine.outline(of: index, epsilon: 0)
            } catch {
                guard error == .notPolygonal else { throw error }
                continue
            }
            exact += 1
            for polygon in polygons { #expect(OutlinePolygon.signedArea(of: polygon.outer) > 0, "\(candidate.id): outer rings are positive") }
            for _ in 0..<300 {
                let p = (x: g.next(in: -40...220), y: g.next(in: -40...220))
                guard Self.edgeDistance(polygons, p) > 1e-6 else { continue }
                let member = RegionOracle.distance(p, to: candidate) == 0
                guard member || RegionOracle.distance(p, to: candidate) > 1e-6 else { continue }
                #expect(Self.inside(polygons, p) == member, "\(candidate.id) at \(p)")
                points += 1
            }
        }
        #expect(exact > 3 && points > 1000, "enough exact outlines (\(exact)) and points (\(points))")
    }

    @Test("a simplified outline errs only within epsilon of R(e)'s edge, and its edge lies within epsilon of R(e)",
          arguments: [(0, 0.25), (1, 0.25), (2, 0.05), (3, 0.05), (4, 1), (5, 0.1)])
    func simplifiedWithinEpsilon(seed: Int, epsilon: Double) throws {
        let (fixture, generator) = try TouchTolerancePropertyTests.fixture(seed: 600 + seed, ownTolerances: false)
        var g = generator
        var wrong = 0, points = 0
        for candidate in fixture.oracle.candidates {
            let index = try #require(fixture.engine.element(withID: candidate.id))
            let polygons = try fixture.engine.outline(of: index, epsilon: epsilon)
            for polygon in polygons { #expect(OutlinePolygon.signedArea(of: polygon.outer) > 0, "\(candidate.id): outer rings are positive") }
            for _ in 0..<300 {
                let p = (x: g.next(in: -40...220), y: g.next(in: -40...220))
                let distance = RegionOracle.distance(p, to: candidate)
                points += 1
                guard Self.inside(polygons, p) != (distance == 0) else { continue }
                wrong += 1
                // Outside R(e) but inside the outline: within epsilon of R(e); inside R(e) but
                // outside the outline: within epsilon of the outline's edge.
                #expect(distance <= epsilon + 1e-9 && Self.edgeDistance(polygons, p) <= epsilon + 1e-9, "\(candidate.id) at \(p): \(distance) from R(e)")
            }
            // Every point of every ring lies within epsilon of R(e)'s edge: not farther from R(e),
            // nor deeper inside it (some point of the circle of radius epsilon around it is outside).
            for ring in polygons.flatMap({ [$0.outer] + $0.holes }) {
                for k in ring.indices {
                    let (a, b) = (ring[k], ring[(k + 1) % ring.count])
                    for t in stride(from: 0.0, to: 1, by: 0.25) {
                        let q = (x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                        let distance = RegionOracle.distance(q, to: candidate)
                        #expect(distance <= epsilon + 1e-9, "\(candidate.id): ring point \(q) is \(distance) from R(e)")
                        guard distance == 0 else { continue }
                        let reach = epsilon + 1e-6
                        let near = (0..<64).contains { step in
                            let angle = Double(step) * Double.pi / 32
                            return RegionOracle.distance((q.x + reach * cos(angle), q.y + reach * sin(angle)), to: candidate) > 0
                        }
                        #expect(near, "\(candidate.id): ring point \(q) lies deeper than epsilon inside R(e)")
                    }
                }
            }
        }
        #expect(points > 1000)
        #expect(wrong < points / 20, "few points near the edges (\(wrong) of \(points))")
    }

    @Test("elements that can never be hit have no outline", arguments: 0..<4)
    func unhittableHaveNone(seed: Int) throws {
        let (fixture, _) = try TouchTolerancePropertyTests.fixture(seed: 700 + seed, ownTolerances: false)
        let listed = Set(fixture.oracle.candidates.map(\.id))
        for index in fixture.engine.elements where !listed.contains(fixture.engine.id(of: index)) {
            #expect(try fixture.engine.outline(of: index, epsilon: 0.5).isEmpty)
        }
    }
}
