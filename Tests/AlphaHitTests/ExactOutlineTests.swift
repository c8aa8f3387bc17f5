@testable import AlphaHitOutline
import AlphaHit
import Foundation
import Testing

/// Issue 24, exact mode: polygons along pixel edges whose even-odd inside is exactly the solid
/// pixels' centres, one polygon per 4-connected solid component, one hole per enclosed 8-connected
/// transparent component, outer rings positive and holes negative, corners only.
@Suite("Exact outlines")
struct ExactOutlineTests {
    /// A mask drawn as text: `#` solid, anything else not, one string a row.
    static func mask(_ rows: [String]) -> SolidMask {
        let cells = rows.map { Array($0) }
        return SolidMask(width: cells.first?.count ?? 0, height: cells.count) { x, y in cells[y][x] == "#" }
    }

    static func points(_ pairs: [(Double, Double)]) -> [Point] { pairs.map { Point(x: $0.0, y: $0.1) } }

    @Test("hand-made masks give the hand-traced rings", arguments: [
        // One pixel: its four corners, from the top-left going right.
        (["#"], [[[(0, 0), (1, 0), (1, 1), (0, 1)]]]),
        // A full 3 × 2 image: one rectangle.
        (["###", "###"], [[[(0, 0), (3, 0), (3, 2), (0, 2)]]]),
        // A ring: the hole starts at its top-left corner and goes down first (counter-clockwise on screen).
        (["###", "#.#", "###"], [[[(0, 0), (3, 0), (3, 3), (0, 3)], [(1, 1), (1, 2), (2, 2), (2, 1)]]]),
        // A U: eight corners.
        (["#.#", "#.#", "###"], [[[(0, 0), (1, 0), (1, 2), (2, 2), (2, 0), (3, 0), (3, 3), (0, 3)]]]),
        // A one-pixel line.
        (["....", ".###"], [[[(1, 1), (4, 1), (4, 2), (1, 2)]]]),
        // Two pixels touching only at a corner: two polygons.
        (["#.", ".#"], [[[(0, 0), (1, 0), (1, 1), (0, 1)]], [[(1, 1), (2, 1), (2, 2), (1, 2)]]]),
        // A region touching itself at a corner: its ring passes twice through (2, 2), turning each time.
        (["###.", "#.#.", "###.", "...#"], [[[(0, 0), (3, 0), (3, 3), (0, 3)], [(1, 1), (1, 2), (2, 2), (2, 1)]], [[(3, 3), (4, 3), (4, 4), (3, 4)]]]),
    ] as [([String], [[[(Double, Double)]]])])
    func handMadeMasks(rows: [String], expected: [[[(Double, Double)]]]) {
        let outline = Self.mask(rows).exactOutline()
        let wanted = expected.map { rings in OutlinePolygon(outer: Self.points(rings[0]), holes: rings.dropFirst().map(Self.points)) }
        #expect(outline == wanted)
    }

    @Test("a region that touches itself diagonally repeats that corner, and its gap there is no hole")
    func selfTouchingCornerRepeats() {
        // One 4-connected region whose pixels (2, 1) and (1, 2) meet only at the corner (2, 2):
        // the transparent pixel (1, 1) reaches the outside through that corner (transparent
        // pixels join 8-connected), so it is no hole, and the outer ring passes (2, 2) twice.
        let outline = Self.mask(["###", "#.#", "##.", "..."]).exactOutline()
        #expect(outline == [OutlinePolygon(outer: Self.points([(0, 0), (3, 0), (3, 2), (2, 2), (2, 1), (1, 1), (1, 2), (2, 2), (2, 3), (0, 3)]))])
        #expect(outline.first?.area == 7)
    }

    @Test("an empty mask has no polygon; nested holes with an island inside make two polygons")
    func emptyAndNested() {
        #expect(Self.mask(["...", "..."]).exactOutline().isEmpty)
        #expect(SolidMask(width: 0, height: 0) { _, _ in true }.exactOutline().isEmpty)
        let nested = Self.mask(["#####", "#...#", "#.#.#", "#...#", "#####"]).exactOutline()
        #expect(nested.count == 2)
        #expect(nested[0].outer == Self.points([(0, 0), (5, 0), (5, 5), (0, 5)]))
        #expect(nested[0].holes == [Self.points([(1, 1), (1, 4), (4, 4), (4, 1)])])
        #expect(nested[1] == OutlinePolygon(outer: Self.points([(2, 2), (3, 2), (3, 3), (2, 3)])))
        #expect(nested[0].area == 16 && nested[1].area == 1)
    }

    @Test("a checkerboard gives one square a solid pixel")
    func checkerboard() {
        let outline = SolidMask(width: 6, height: 5) { x, y in (x + y) % 2 == 0 }.exactOutline()
        #expect(outline.count == 15)
        #expect(outline.allSatisfy { $0.outer.count == 4 && $0.holes.isEmpty && $0.area == 1 })
    }

    @Test("a mask of an image takes the hit test's threshold rule, and refuses a bad threshold or region")
    func maskOfAnImage() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("mask.png").path
        // Alpha 100 at (x, 0) for x < 2, 255 at (2, 0), 0 elsewhere; 100 / 255 = 0.392.
        try Fixtures.write(Fixtures.rgbaPNG(width: 3, height: 2) { x, y in (0, 0, 0, y > 0 ? 0 : x < 2 ? 100 : 255) }, to: path)
        let image = try ImageDecoder().decode(contentsOfFile: path, as: .alpha8)
        let low = try SolidMask(image: image, threshold: 0.39), high = try SolidMask(image: image, threshold: 0.4)
        #expect((0..<3).map { low[$0, 0] } == [true, true, true] && (0..<3).map { high[$0, 0] } == [false, false, true])
        #expect(!low[0, 1] && !low[-1, 0] && !low[3, 0])
        let part = try SolidMask(image: image, threshold: 0.4, region: PixelRegion(x: 1, y: 0, width: 2, height: 1))
        #expect(part.width == 2 && part.height == 1 && !part[0, 0] && part[1, 0])
        #expect(try SolidMask(image: image).solidCount == 3)
        for bad in [1.5, -0.1, .nan] {
            let error = try #require(throws: OutlineError.self) { try SolidMask(image: image, threshold: bad) }
            guard case .threshold(let value) = error else {
                Issue.record("threshold \(bad) refused as \(error)")
                continue
            }
            #expect(value == bad || (value.isNaN && bad.isNaN))
            #expect(error.description.hasPrefix("the threshold must be a number from 0 to 1"))
        }
        let outside = PixelRegion(x: 2, y: 0, width: 2, height: 1)
        let error = try #require(throws: OutlineError.self) { try SolidMask(image: image, region: outside) }
        #expect(error == .region(outside, width: 3, height: 2))
        #expect(error.description == "the region 2×1 at (2, 0) does not lie inside the 3×2 image")
    }

    @Test("on random masks: even-odd at every pixel centre is the mask, and rings count the components", arguments: 0..<40)
    func randomMasksAgainstFloodFill(seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &* 2_654_435_761 &+ 7)
        let (width, height) = (Int(g.next(in: 1...24)), Int(g.next(in: 1...24)))
        let density = g.next(in: 0.2...0.8)
        let mask = SolidMask(width: width, height: height) { _, _ in g.next(in: 0...1) < density }
        let outline = mask.exactOutline()
        for y in 0..<height {
            for x in 0..<width {
                let inside = outline.filter { $0.contains(x: Double(x) + 0.5, y: Double(y) + 0.5) }.count
                #expect(inside == (mask[x, y] ? 1 : 0), "pixel (\(x), \(y)) of seed \(seed)")
            }
        }
        #expect(outline.count == Self.components(of: mask, solid: true, neighbours: 4))
        #expect(outline.reduce(0) { $0 + $1.holes.count } == Self.components(of: mask, solid: false, neighbours: 8) - 1)
        #expect(outline.reduce(0.0) { $0 + $1.area } == Double(mask.solidCount))
        for polygon in outline {
            #expect(OutlinePolygon.signedArea(of: polygon.outer) > 0)
            for hole in polygon.holes { #expect(OutlinePolygon.signedArea(of: hole) < 0) }
            for ring in [polygon.outer] + polygon.holes { Self.expectCornersOnly(ring, mask: mask) }
        }
    }

    /// No three consecutive vertices collinear; a repeated vertex only where two solid pixels meet
    /// diagonally (and the other two around it are not solid).
    static func expectCornersOnly(_ ring: [Point], mask: SolidMask) {
        for index in ring.indices {
            let (a, b, c) = (ring[index], ring[(index + 1) % ring.count], ring[(index + 2) % ring.count])
            #expect((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) != 0, "collinear at \(b)")
        }
        var seen: Set<Point> = []
        for vertex in ring where !seen.insert(vertex).inserted {
            let (x, y) = (Int(vertex.x), Int(vertex.y))
            let (a, b, c, d) = (mask[x - 1, y - 1], mask[x, y - 1], mask[x - 1, y], mask[x, y])
            #expect((a && d && !b && !c) || (b && c && !a && !d), "vertex \(vertex) repeats away from a diagonal touch")
        }
    }

    /// The components of solid (or transparent) pixels, counted by flood fill; transparent ones in
    /// the mask with a transparent border around it, so that everything outside is one component.
    static func components(of mask: SolidMask, solid: Bool, neighbours: Int) -> Int {
        let (width, height) = (mask.width + 2, mask.height + 2)
        func wanted(_ x: Int, _ y: Int) -> Bool { mask[x - 1, y - 1] == solid }
        var seen = Set<Int>(), count = 0
        for start in 0..<width * height where !seen.contains(start) && wanted(start % width, start / width) {
            count += 1
            var stack = [start]
            seen.insert(start)
            while let pixel = stack.popLast() {
                let (x, y) = (pixel % width, pixel / width)
                let steps = neighbours == 4 ? [(1, 0), (-1, 0), (0, 1), (0, -1)] : [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
                for (dx, dy) in steps {
                    let (nx, ny) = (x + dx, y + dy)
                    guard nx >= 0, ny >= 0, nx < width, ny < height, wanted(nx, ny), seen.insert(ny * width + nx).inserted else { continue }
                    stack.append(ny * width + nx)
                }
            }
        }
        return count
    }
}

/// The one-pass tracer against the tracer over a map of every edge, its general form.
@Suite("Exact outlines, one pass")
struct RowTracerTests {
    @Test("on random masks the one-pass tracer gives exactly the edge-map tracer's polygons, rings and order", arguments: 0..<200)
    func sameAsEdgeMap(seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &* 0x51_7CC1 &+ 77)
        let (width, height) = (Int(g.next(in: 1...30)), Int(g.next(in: 1...30)))
        let density = g.next(in: 0.1...0.9)
        let mask = SolidMask(width: width, height: height) { _, _ in g.next(in: 0...1) < density }
        #expect(mask.exactOutline() == mask.exactOutlineByEdges(), "seed \(seed)")
    }

    @Test("every sample's and real atlas frame's art: the one-pass tracer equals the edge-map tracer")
    func sameOnRealArt() throws {
        for (name, mask) in try OutlineChecks.art() {
            #expect(mask.exactOutline() == mask.exactOutlineByEdges(), "\(name)")
        }
    }
}
