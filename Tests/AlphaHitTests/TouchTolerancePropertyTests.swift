@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// The rule against the independent reference (`RegionOracle`) on random layouts of every feature.
@Suite("Touch tolerance property")
struct TouchTolerancePropertyTests {
    static let images: [String: (size: (Int, Int), alpha: @Sendable (Int, Int) -> UInt8)] = [
        "blob.png": ((16, 16), { x, y in UInt8(truncatingIfNeeded: (x * 37 + y * 91) % 256) }),
        "ring@2x.png": ((12, 8), { x, y in (x - 6) * (x - 6) + (y - 4) * (y - 4) < 12 ? 255 : 0 }),
        "dots@3x.png": ((18, 18), { x, y in (x + 2 * y) % 5 == 0 ? 255 : 0 }),
    ]

    struct Fixture {
        let engine: HitTester
        let oracle: RegionOracle
        let defaults: Layout.Defaults
    }

    static func fixture(seed: Int, ownTolerances: Bool, defaultTolerance: Double? = nil) throws -> (Fixture, SplitMix) {
        let folder = try EngineFixtures.ImageFolder("touchTolerance\(seed)\(ownTolerances)")
        for (name, image) in images { try folder.image(name, width: image.size.0, height: image.size.1, alpha: image.alpha) }
        var g = SplitMix(seed: UInt64(seed) &* 104_729 &+ 17)
        var elements = SpatialIndexPropertyTests.randomLayout(&g, images: Array(images.keys).sorted(), count: 8 + seed % 8)
        if ownTolerances {
            func assign(_ list: inout [Element]) {
                for index in list.indices {
                    if Int.random(in: 0..<3, using: &g) == 0 { list[index].touchTolerance = [0, 2, 6, 15].randomElement(using: &g) }
                    assign(&list[index].children)
                }
            }
            assign(&elements)
        }
        let defaults = Layout.Defaults(touchTolerance: defaultTolerance)
        let engine = try folder.engine(elements, defaults: defaults)
        let oracle = RegionOracle(
            elements, alpha: images.mapValues { $0.alpha }, sizes: images.mapValues { $0.size }, defaults: defaults)
        return (Fixture(engine: engine, oracle: oracle, defaults: defaults), g)
    }

    /// The oracle's answer for a point no element hits exactly; nil when nothing is within reach, or
    /// `.ambiguous` when the contract leaves it open (distances within 0.02 of each other or of a tolerance).
    enum Expected: Equatable {
        case none, ambiguous
        case element(String, Double)
    }

    static func expected(_ oracle: RegionOracle, _ p: (x: Double, y: Double), query: Double?, defaults: Layout.Defaults) -> Expected {
        var eligible: [(id: String, rank: Int, distance: Double)] = []
        for candidate in oracle.candidates {
            let reach = candidate.ownTolerance ?? query ?? defaults.touchTolerance ?? 0
            guard reach > 0 else { continue }
            let d = RegionOracle.distance(p, to: candidate)
            if abs(d - reach) <= 0.02 { eligible.append((candidate.id, candidate.rank, -1)) } else if d <= reach { eligible.append((candidate.id, candidate.rank, d)) }
        }
        let sorted = eligible.filter { $0.distance >= 0 }.sorted { $0.distance < $1.distance }
        let borderline = eligible.filter { $0.distance < 0 }
        guard let best = sorted.first else { return borderline.isEmpty ? .none : .ambiguous }
        if !borderline.isEmpty { return .ambiguous }
        if sorted.count > 1, sorted[1].distance - best.distance <= 0.02 { return .ambiguous }
        return .element(best.id, best.distance)
    }

    @Test("the chosen element and its distance match the independent reference on random layouts", arguments: 0..<10)
    func matchesReference(seed: Int) throws {
        let (fixture, generator) = try Self.fixture(seed: seed, ownTolerances: seed % 2 == 1, defaultTolerance: seed % 3 == 0 ? 4 : nil)
        var g = generator
        var checked = 0, near = 0
        for _ in 0..<600 {
            let point = Point(x: g.next(in: -40...220), y: g.next(in: -40...220))
            guard fixture.engine.scanAll(point).isEmpty else { continue }
            let query: Double? = [nil, 3, 8, 20].randomElement(using: &g)!
            let expected = Self.expected(fixture.oracle, (point.x, point.y), query: query, defaults: fixture.defaults)
            let found = fixture.engine.touchHit(at: point, tolerance: query)
            switch expected {
            case .ambiguous:
                continue
            case .none:
                #expect(found == nil, "at \(point), query \(String(describing: query)): expected nothing, got \(String(describing: found?.id))")
            case .element(let id, let distance):
                #expect(found?.id == id, "at \(point), query \(String(describing: query))")
                if let found { #expect(abs(found.distance - distance) <= 0.01, "distance at \(point) to \(id): \(found.distance) vs \(distance)") }
                near += 1
            }
            checked += 1
        }
        #expect(checked > 200)
        #expect(near > 15, "enough near hits to mean something (\(near))")
    }

    @Test("every ranked candidate's distance matches the reference", arguments: 0..<4)
    func candidateDistances(seed: Int) throws {
        let (fixture, generator) = try Self.fixture(seed: 100 + seed, ownTolerances: false)
        var g = generator
        for _ in 0..<150 {
            let point = Point(x: g.next(in: -40...220), y: g.next(in: -40...220))
            for candidate in fixture.engine.touchCandidates(at: point, tolerance: 12) where !candidate.isExactHit {
                let reference = fixture.oracle.candidates.first { $0.id == candidate.id }.map { RegionOracle.distance((point.x, point.y), to: $0) }
                #expect(reference.map { abs($0 - candidate.distance) <= 0.01 } == true, "\(candidate.id) at \(point): \(candidate.distance) vs \(String(describing: reference))")
            }
        }
    }

    @Test("with every tolerance 0 the answer is exactly the exact query's", arguments: 0..<4)
    func zeroToleranceIsExact(seed: Int) throws {
        let (fixture, generator) = try Self.fixture(seed: 200 + seed, ownTolerances: false)
        var g = generator
        for _ in 0..<1000 {
            let point = Point(x: g.next(in: -40...220), y: g.next(in: -40...220))
            #expect(fixture.engine.elementIndex(at: point, tolerance: 0) == fixture.engine.scanAll(point).first)
        }
    }

    @Test("without own tolerances, a larger query tolerance never changes an answer a point already has", arguments: 0..<4)
    func growingToleranceKeepsAnswers(seed: Int) throws {
        let (fixture, generator) = try Self.fixture(seed: 300 + seed, ownTolerances: false)
        var g = generator
        var kept = 0
        for _ in 0..<400 {
            let point = Point(x: g.next(in: -40...220), y: g.next(in: -40...220))
            var previous: ElementIndex?
            for tolerance in [0.0, 2, 5, 10, 20, 40] {
                let answer = fixture.engine.elementIndex(at: point, tolerance: tolerance)
                if let previous {
                    #expect(answer == previous, "at \(point): tolerance \(tolerance) changed the answer")
                    kept += 1
                }
                previous = answer ?? previous
            }
        }
        #expect(kept > 100)
    }

    @Test("with own tolerances, a larger query tolerance can change an answer: a near element with a small tolerance of its own loses to a farther one the query now admits")
    func ownTolerancesCanChangeAnswers() throws {
        let engine = try EngineFixtures.engine([
            Element(id: "fixed", frame: EngineFixtures.rect(0, 0, 10, 10), touchTolerance: 3),
            Element(id: "open", frame: EngineFixtures.rect(14, 0, 10, 10)),
        ])
        // 2 from "fixed" (within its own 3), 2.5 from "open" (admitted only by a query of 2.5 or more):
        // the nearer still wins. At 12.5: 2.5 from "fixed" and 1.5 from "open".
        #expect(engine.touchHit(at: Point(x: 12.5, y: 5), tolerance: 1)?.id == "fixed")
        #expect(engine.touchHit(at: Point(x: 12.5, y: 5), tolerance: 2)?.id == "open")
        // From the right: 2.5 from "fixed"? no — 5.5 beyond its own 3; a query of 6 does not help it.
        #expect(engine.touchHit(at: Point(x: 15.5, y: 12), tolerance: 1) == nil)
        #expect(engine.touchHit(at: Point(x: 15.5, y: 12), tolerance: 2)?.id == "open")
    }
}
