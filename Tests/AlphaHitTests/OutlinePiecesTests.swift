@testable import AlphaHitOutline
import AlphaHit
import Foundation
import Testing

/// Issue 24, convex pieces (`--convex`, `--max-vertices K`) and triangles (`--triangles`): convex
/// polygons of at most K vertices, oriented as outer rings, with disjoint interiors and the polygon
/// as their union; triangles with disjoint interiors whose areas add up to the polygon's.
@Suite("Convex pieces and triangles")
struct OutlinePiecesTests {
    typealias Mask = ExactOutlineTests

    /// Every rule of a cut: each piece convex, oriented and small enough, the areas adding up, and
    /// at random points (none on an edge, almost surely) the polygon inside exactly where one piece is.
    static func expectCut(_ pieces: [[Point]], of polygon: OutlinePolygon, maximumVertices: Int, _ what: String, _ g: inout SplitMix) {
        for piece in pieces {
            #expect(piece.count >= 3 && piece.count <= maximumVertices, "\(what): \(piece.count) vertices")
            #expect(OutlinePolygon.signedArea(of: piece) > 0, "\(what): oriented as an outer ring")
            let turns = piece.indices.map { OutlineChecks.cross(piece[($0 + piece.count - 1) % piece.count], piece[$0], piece[($0 + 1) % piece.count]) }
            #expect(turns.allSatisfy { $0 > 1e-12 }, "\(what): convex, corners only: \(piece)")
        }
        let total = pieces.reduce(0) { $0 + OutlinePolygon.signedArea(of: $1) }
        #expect(abs(total - polygon.area) < 1e-6 * max(1, polygon.area), "\(what): areas \(total) against \(polygon.area)")
        let xs = polygon.outer.map(\.x), ys = polygon.outer.map(\.y)
        let boxes = pieces.map { piece in (piece.map(\.x).min()!, piece.map(\.x).max()!, piece.map(\.y).min()!, piece.map(\.y).max()!) }
        for _ in 0..<300 {
            let (x, y) = (g.next(in: xs.min()!...xs.max()!) + 1e-7, g.next(in: ys.min()!...ys.max()!) + 3e-7)
            let covering = pieces.indices.filter { k in
                boxes[k].0 <= x && x <= boxes[k].1 && boxes[k].2 <= y && y <= boxes[k].3 && OutlinePolygon(outer: pieces[k]).contains(x: x, y: y)
            }.count
            #expect(covering == (polygon.contains(x: x, y: y) ? 1 : 0), "\(what): (\(x), \(y)) in \(covering) pieces")
        }
    }

    static func points(_ pairs: [(Double, Double)]) -> [Point] { Mask.points(pairs) }

    @Test("an exact U is three rectangles, a ring four, each cut in two for triangles")
    func rectanglesByHand() throws {
        let u = try #require(Mask.mask(["#.#", "#.#", "###"]).exactOutline().first)
        #expect(try u.convexPieces() == [Self.points([(0, 0), (1, 0), (1, 2), (0, 2)]), Self.points([(2, 0), (3, 0), (3, 2), (2, 2)]), Self.points([(0, 2), (3, 2), (3, 3), (0, 3)])])
        #expect(try u.triangles().count == 6)
        let ring = try #require(Mask.mask(["###", "#.#", "###"]).exactOutline().first)
        #expect(try ring.convexPieces().count == 4)
        #expect(try ring.convexPieces(maximumVertices: 3) == ring.triangles())
    }

    @Test("the simplified diamond is one convex octagon, six triangles, or pieces of at most K corners")
    func diamondByHand() throws {
        let image = try ImageDecoder().decode(contentsOfFile: Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path, as: .alpha8)
        let diamond = try #require(try outline(of: image, epsilon: 1).first)
        #expect(try diamond.convexPieces().count == 1)
        #expect(Set(try diamond.convexPieces()[0].map { [$0.x, $0.y] }) == Set(diamond.outer.map { [$0.x, $0.y] }))
        #expect(try diamond.triangles().count == 6)
        var g = SplitMix(seed: 1)
        for k in [3, 4, 5, 6, 8] {
            let pieces = try diamond.convexPieces(maximumVertices: k)
            Self.expectCut(pieces, of: diamond, maximumVertices: k, "diamond at \(k)", &g)
            // Fewest possible for an octagon: one piece takes K corners, every further one K − 2
            // more. Greedy merging may take one more (Hertel–Mehlhorn promises at most four times).
            let fewest = k >= 8 ? 1 : 1 + Int((Double(8 - k) / Double(k - 2)).rounded(.up))
            #expect(pieces.count >= fewest && pieces.count <= fewest + 1, "\(k): \(pieces.count) pieces")
        }
    }

    @Test("fewer than three vertices a piece, and a polygon over the budget, are refused")
    func refusals() throws {
        let square = OutlinePolygon(outer: Self.points([(0, 0), (1, 0), (1, 1), (0, 1)]))
        #expect(throws: OutlineError.maximumVertices(2)) { try square.convexPieces(maximumVertices: 2) }
        let circle = OutlinePolygon(outer: (0..<(OutlinePieces.maximumVertices + 1)).map { k in
            let angle = Double(k) / Double(OutlinePieces.maximumVertices + 1) * 2 * .pi
            return Point(x: 1000 * cos(angle), y: 1000 * sin(angle))
        })
        #expect(throws: OutlineError.tooManyVertices(OutlinePieces.maximumVertices + 1, limit: OutlinePieces.maximumVertices)) { try circle.triangles() }
    }

    @Test("on random masks, exact and simplified, pieces and triangles cut each polygon exactly", arguments: 0..<24)
    func randomMasks(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 0x2545_F491 &+ 17)
        let (width, height) = (Int(g.next(in: 2...24)), Int(g.next(in: 2...24)))
        let discs = (0..<Int(g.next(in: 1...4))).map { _ in (g.next(in: 0...Double(width)), g.next(in: 0...Double(height)), g.next(in: 2...9)) }
        let noise = g.next(in: 0...0.2)
        let mask = SolidMask(width: width, height: height) { x, y in
            discs.contains { hypot(Double(x) + 0.5 - $0.0, Double(y) + 0.5 - $0.1) < $0.2 } != (g.next(in: 0...1) < noise)
        }
        let epsilon = [0, 0.5, 1, 2][seed % 4]
        let k = [3, 4, 6, 8, Int.max][seed % 5]
        for (index, polygon) in try mask.outline(epsilon: epsilon).enumerated() {
            Self.expectCut(try polygon.convexPieces(maximumVertices: k), of: polygon, maximumVertices: k, "seed \(seed) polygon \(index) convex", &g)
            Self.expectCut(try polygon.triangles(), of: polygon, maximumVertices: 3, "seed \(seed) polygon \(index) triangles", &g)
        }
    }

    @Test("every sample's and real atlas frame's simplified outline cuts exactly", arguments: [1.0, 2.0])
    func realArt(epsilon: Double) throws {
        var g = SplitMix(seed: 7)
        for (name, mask) in try OutlineChecks.art() where mask.width * mask.height <= 200 * 200 {
            for polygon in try mask.outline(epsilon: epsilon) {
                Self.expectCut(try polygon.convexPieces(maximumVertices: 8), of: polygon, maximumVertices: 8, "\(name) convex", &g)
                Self.expectCut(try polygon.triangles(), of: polygon, maximumVertices: 3, "\(name) triangles", &g)
            }
        }
    }

    @Test("hittest outline --convex --max-vertices K --triangles adds the pieces to each polygon and counts them")
    func commandLine() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path
        let outcome = try HitTestRunner.run(["outline", path, "--epsilon", "1", "--convex", "--max-vertices", "4", "--triangles"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any])
        let polygons = try #require(object["polygons"] as? [[String: Any]])
        func rings(_ value: Any?) -> [[Point]] { ((value as? [[[Double]]]) ?? []).map { $0.map { Point(x: $0[0], y: $0[1]) } } }
        let outer = rings([polygons[0]["outer"] as Any])[0]
        var g = SplitMix(seed: 3)
        Self.expectCut(rings(polygons[0]["convex"]), of: OutlinePolygon(outer: outer), maximumVertices: 4, "CLI convex", &g)
        Self.expectCut(rings(polygons[0]["triangles"]), of: OutlinePolygon(outer: outer), maximumVertices: 3, "CLI triangles", &g)
        #expect(object["pieces"] as? Int == rings(polygons[0]["convex"]).count && object["triangleCount"] as? Int == 6)
        let plain = try HitTestRunner.run(["outline", path])
        #expect(!plain.text.contains("convex") && !plain.text.contains("triangles"), "only when asked for")
        #expect(try HitTestRunner.run(["outline", path, "--max-vertices", "4"]).status == 2, "--max-vertices needs --convex")
        #expect(try HitTestRunner.run(["outline", path, "--convex", "--max-vertices", "2"]).status == 2)
        let svg = try HitTestRunner.run(["outline", path, "--epsilon", "2", "--convex", "--format", "svg"])
        #expect(svg.text.contains("<polygon points=\"") && svg.status == 0)
    }
}
