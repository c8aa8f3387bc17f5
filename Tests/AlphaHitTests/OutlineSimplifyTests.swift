@testable import AlphaHitOutline
import AlphaHit
import Foundation
import Testing

/// Issue 24, simplified outlines (`--epsilon E`): each ring within E of its exact ring in
/// Hausdorff distance, the same rings, each simple, none touching another, every ring on the same
/// side of every other; and few vertices, against a straightforward topology-preserving
/// Douglas–Peucker.
@Suite("Simplified outlines")
struct OutlineSimplifyTests {
    typealias Mask = ExactOutlineTests

    @Test("the diamond sample within 1 pixel keeps only its eight corners")
    func diamondByHand() throws {
        let image = try ImageDecoder().decode(contentsOfFile: Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path, as: .alpha8)
        let simplified = try outline(of: image, epsilon: 1)
        // Its staircases are one pixel a step, so each side's steps lie within 1 of its chord.
        #expect(simplified == [OutlinePolygon(outer: Mask.points([(49, 0), (51, 0), (100, 49), (100, 51), (51, 100), (49, 100), (0, 51), (0, 49)]))])
        OutlineChecks.expectValid(simplified, exact: try outline(of: image), epsilon: 1, "diamond")
    }

    @Test("no ring is lost: at any epsilon each keeps three vertices, its orientation and its side", arguments: [0.5, 2, 50, 1_000_000])
    func noRingLost(epsilon: Double) throws {
        let mask = Mask.mask(["#######", "#.....#", "#.###.#", "#.#.#.#", "#.###.#", "#.....#", "#######", "......#"])
        let exact = mask.exactOutline()
        let simplified = try mask.outline(epsilon: epsilon)
        OutlineChecks.expectValid(simplified, exact: exact, epsilon: epsilon, "nested rings at \(epsilon)")
        for ring in simplified.flatMap({ [$0.outer] + $0.holes }) { #expect(ring.count >= 3) }
    }

    @Test("pixels touching at a corner: the simplified rings pass a little inside their own pixels and never meet", arguments: [0.5, 1, 3])
    func cornersSeparated(epsilon: Double) throws {
        let checkerboard = Mask.mask(["#.#.", ".#.#", "#.#.", ".#.#"])
        OutlineChecks.expectValid(try checkerboard.outline(epsilon: epsilon), exact: checkerboard.exactOutline(), epsilon: epsilon, "checkerboard")
        // One region touching itself at (2, 2): its simplified ring is simple.
        let selfTouching = Mask.mask(["###", "#.#", "##.", "..."])
        OutlineChecks.expectValid(try selfTouching.outline(epsilon: epsilon), exact: selfTouching.exactOutline(), epsilon: epsilon, "self-touching")
    }

    @Test("an empty mask has no polygon at any epsilon; epsilon 0 is the exact outline")
    func emptyAndZero() throws {
        #expect(try Mask.mask(["...", "..."]).outline(epsilon: 2).isEmpty)
        let ring = Mask.mask(["###", "#.#", "###"])
        #expect(try ring.outline(epsilon: 0) == ring.exactOutline())
    }

    @Test("a bad epsilon is refused with its reason", arguments: [-1, .nan, .infinity, 1_000_001])
    func badEpsilon(epsilon: Double) {
        #expect(throws: OutlineError.self) { try Mask.mask(["#"]).outline(epsilon: epsilon) }
    }

    @Test("on random masks every rule holds", arguments: 0..<30)
    func randomMasks(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ 3)
        let (width, height) = (Int(g.next(in: 2...28)), Int(g.next(in: 2...28)))
        // Blobs as well as noise: a few discs, with noise on top, so that rings have long sides.
        let discs = (0..<Int(g.next(in: 1...4))).map { _ in (g.next(in: 0...Double(width)), g.next(in: 0...Double(height)), g.next(in: 2...10)) }
        let noise = g.next(in: 0...0.15)
        let mask = SolidMask(width: width, height: height) { x, y in
            let inDisc = discs.contains { hypot(Double(x) + 0.5 - $0.0, Double(y) + 0.5 - $0.1) < $0.2 }
            return inDisc != (g.next(in: 0...1) < noise)
        }
        let epsilon = [0.5, 0.75, 1, 1.5, 2.5, 4][seed % 6]
        OutlineChecks.expectValid(try mask.outline(epsilon: epsilon), exact: mask.exactOutline(), epsilon: epsilon, "seed \(seed) at \(epsilon)")
    }

    @Test("every sample's and real atlas frame's outline, simplified, keeps every rule", arguments: [1.0, 2.0])
    func realArt(epsilon: Double) throws {
        for (name, mask) in try OutlineChecks.art() where mask.width * mask.height <= 200 * 200 {
            OutlineChecks.expectValid(try mask.outline(epsilon: epsilon), exact: mask.exactOutline(), epsilon: epsilon, name)
        }
    }

    @Test("over the samples' and the atlases' art, at most 1.1 times the vertices of a straightforward topology-preserving Douglas–Peucker", arguments: [0.5, 1.0, 2.0, 4.0])
    func fewVertices(epsilon: Double) throws {
        var (ours, reference) = (0, 0)
        for (_, mask) in try OutlineChecks.art() {
            let exact = mask.exactOutline()
            ours += try mask.outline(epsilon: epsilon).reduce(0) { $0 + $1.outer.count + $1.holes.reduce(0) { $0 + $1.count } }
            reference += OutlineSimplification.reference(exact, epsilon: epsilon).reduce(0) { $0 + $1.outer.count + $1.holes.reduce(0) { $0 + $1.count } }
        }
        #expect(Double(ours) <= 1.1 * Double(reference), "\(ours) vertices against \(reference)")
        #expect(reference > 0)
    }

    @Test("hittest outline --epsilon prints the simplified rings in thousandths, and refuses a bad epsilon")
    func commandLine() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path
        let outcome = try HitTestRunner.run(["outline", path, "--epsilon", "1"])
        #expect(outcome.status == 0)
        #expect(outcome.text.contains(#""epsilon":1,"polygons":[{"outer":[[49,0],[51,0],[100,49],[100,51],[51,100],[49,100],[0,51],[0,49]],"holes":[]}]"#))
        let checkerboard = try HitTestRunner.run(["outline", path, "--epsilon", "0.5", "--rect", "0,0,3,3"])
        #expect(checkerboard.status == 0)
        for bad in ["-1", "nan", "2000000", "x"] {
            let refused = try HitTestRunner.run(["outline", path, "--epsilon", bad])
            #expect(refused.status == 2 && refused.standardError.contains("--epsilon"), "\(bad)")
        }
    }
}
