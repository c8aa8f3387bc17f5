@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// Tiles answered at build time (`AnswerTiles`) must give the grid's answer, which is the plain
/// walk's, at every point inside them; and exist only within their budgets.
@Suite("Answer tiles")
struct AnswerTilesTests {
    /// The engine's grid alone, tiles left out: what every proven tile must agree with.
    static func gridAnswer(_ engine: HitTester, _ point: Point) -> ElementIndex? {
        var tables = engine.queryTables
        tables.answers = .none
        return tables.frontMost(point.x, point.y).map { tables.index(ofPosition: $0) }
    }

    /// Every tile's code, row by row, read through the query's own lookup at the tile's centre.
    static func codes(_ tiles: AnswerTiles) -> [[UInt16]] {
        let r = tiles.reader
        let side = 1 / r.inverseSide
        let rows = Int(((r.maxY - r.minY) / side).rounded())
        return (0..<rows).map { row in
            (0..<r.columns).map { column in r.code(r.minX + (Double(column) + 0.5) * side, r.minY + (Double(row) + 0.5) * side) }
        }
    }

    @Test("a tile is proven, and with the front-most element, exactly where a hand count says")
    func handCountedTiles() throws {
        let folder = try EngineFixtures.ImageFolder()
        // 4 × 4 at one pixel per point: its left two columns solid, its right two transparent.
        let half = try folder.image("half.png", width: 4, height: 4) { x, _ in x < 2 ? 255 : 0 }
        let engine = try folder.engine([
            Element(id: "a", frame: Rect(x: 0, y: 0, width: 3, height: 2)),
            Element(id: "b", frame: Rect(x: 4, y: 0, width: 4, height: 4), image: half),
            // A half-point left edge: the tiles it cuts (columns 2 and 4) have two answers.
            Element(id: "c", frame: Rect(x: 2.5, y: 5, width: 2, height: 1)),
            // In front of a: it owns the tiles they share.
            Element(id: "e", frame: Rect(x: 1, y: 1, width: 2, height: 2)),
        ], canvas: Size(width: 8, height: 6))
        let tiles = try #require(engine.storage.answerTiles)
        let m = AnswerTiles.mixed
        #expect(tiles.reader.inverseSide == 1)
        #expect((tiles.reader.minX, tiles.reader.minY, tiles.reader.maxX, tiles.reader.maxY) == (0, 0, 8, 6))
        // Codes are positions + 1: a 1, b 2, c 3, e 4; 0 is none.
        #expect(Self.codes(tiles) == [
            [1, 1, 1, 0, 2, 2, 0, 0],
            [1, 4, 4, 0, 2, 2, 0, 0],
            [0, 4, 4, 0, 2, 2, 0, 0],
            [0, 0, 0, 0, 2, 2, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, m, 3, m, 0, 0, 0],
        ])
        #expect(engine.engineBytes.first { $0.table == "answer tiles" }?.bytes == 48 * 2)
    }

    @Test("a general element decides the tiles it covers on one kind of pixel, or misses, by a hand count")
    func handCountedGeneralTiles() throws {
        let folder = try EngineFixtures.ImageFolder()
        // 2 × 1 pixels, the left solid, stretched over 4 × 2 points from x = 0.5: local x = x − 0.5,
        // image x = local x · 2 / 4, so pixel 0 under x in [0.5, 2.5) and pixel 1 under [2.5, 4.5).
        let pair = try folder.image("pair.png", width: 2, height: 1) { x, _ in x == 0 ? 255 : 0 }
        let engine = try folder.engine([
            Element(id: "s", frame: Rect(x: 0.5, y: 0, width: 4, height: 2), image: pair, contentMode: .scaleToFill),
            Element(id: "t", frame: Rect(x: 6, y: 3, width: 1, height: 1)),
        ], canvas: Size(width: 8, height: 4))
        #expect(engine.storage.hot.view[0].isGeneral)
        let tiles = try #require(engine.storage.answerTiles)
        let m = AnswerTiles.mixed
        // Whole tiles inside the grid's extent, 0.5 ... 7 across: x from 1 to 7.
        #expect((tiles.reader.minX, tiles.reader.minY, tiles.reader.maxX, tiles.reader.maxY) == (1, 0, 7, 4))
        // x in [1, 2) sees pixel 0 alone; [2, 3) both; [3, 4) pixel 1 alone, and so does the
        // part of [4, 5) inside the bounds: misses.
        #expect(Self.codes(tiles) == [
            [1, m, 0, 0, 0, 0],
            [1, m, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2],
        ])
        for (x, y) in [(1.0, 0.0), (1.999, 1.999), (3.5, 1), (4.4, 1.5), (2.4, 1), (2.6, 1)] {
            #expect(engine.elementIndex(at: Point(x: x, y: y)) == engine.scanAll(Point(x: x, y: y)).first)
        }
    }

    /// Snapped random layouts (half-point frames, images one pixel per point: mostly plain) and
    /// free ones (most elements general), on a canvas small enough for one-point tiles.
    @Test("a proven tile answers what the grid and the plain walk answer at every point in it, on random layouts", arguments: 0..<10)
    func provenTilesMatchTheWalk(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("provenTiles\(seed)")
        var g = SplitMix(seed: UInt64(seed) &* 104_729 &+ 3)
        let images = try SpatialIndexPropertyTests.writeImages(folder)
        var elements = SpatialIndexPropertyTests.randomLayout(&g, images: images, count: 12 + seed * 4, snapped: seed % 2 == 0)
        if seed % 3 == 0 {
            // Sub-pixel origins Float holds exactly (eighths): plain, but on no tile's edge.
            for i in elements.indices { elements[i].frame.x = (elements[i].frame.x * 8).rounded() / 8 + 0.125 }
        }
        let engine = try folder.engine(elements, canvas: Size(width: 160, height: 160))
        // Every tile the proof finds, kept whatever their share (the engine keeps them only
        // when at least half are proven), read through the query's own lookup.
        var grid = engine.queryTables
        grid.answers = .none
        let tiles = try #require(AnswerTiles(tables: grid, elementCount: engine.storage.hot.count, minimumProvenShare: 0))
        var tiled = grid
        tiled.answers = tiles.reader
        let r = tiles.reader
        let side = 1 / r.inverseSide
        #expect(side == 1)
        var proven = 0, provenGeneral = 0
        withExtendedLifetime(tiles) {
            for (row, codes) in Self.codes(tiles).enumerated() {
                for (column, code) in codes.enumerated() where code != AnswerTiles.mixed {
                    proven += 1
                    if code != AnswerTiles.none && engine.storage.hot.view[Int(code) - 1].isGeneral { provenGeneral += 1 }
                    let x0 = r.minX + Double(column) * side, y0 = r.minY + Double(row) * side
                    // Its corners (the last point is one step below the next tile), its middle, and a random point.
                    var points = [(x0, y0), ((x0 + side).nextDown, y0), (x0, (y0 + side).nextDown), ((x0 + side).nextDown, (y0 + side).nextDown)]
                    points.append((x0 + side / 2, y0 + side / 2))
                    points.append((x0 + g.next(in: 0...side).nextDown, y0 + g.next(in: 0...side).nextDown))
                    for (x, y) in points {
                        let point = Point(x: x, y: y)
                        let expected = engine.scanAll(point).first
                        let answer = tiled.frontMost(x, y).map { tiled.index(ofPosition: $0) }
                        #expect(answer == expected, "tile (\(column), \(row)) code \(code) at \(point)")
                        #expect(Self.gridAnswer(engine, point) == expected)
                    }
                }
            }
        }
        #expect(proven > 1000, "the proof should decide many tiles (\(proven))")
        // Free layouts' elements are mostly general: some of them take tiles too.
        if seed % 2 == 1 { #expect(provenGeneral > 50, "general elements should take tiles (\(provenGeneral))") }
        // The engine itself, anywhere (inside tiles, mixed ones, outside the raster and the
        // canvas), on the quarter-point grid and off it.
        for _ in 0..<2000 {
            var point = Point(x: g.next(in: -10...170), y: g.next(in: -10...170))
            if Bool.random(using: &g) { point = Point(x: (point.x * 4).rounded() / 4, y: (point.y * 4).rounded() / 4) }
            #expect(engine.elementIndex(at: point) == engine.scanAll(point).first, "at \(point)")
            #expect(engine.hit(at: point)?.element == engine.scanAll(point).first)
        }
    }

    @Test("a renumbered engine hands out its numbers for a proven tile, and nil for an empty one")
    func renumberedTiles() throws {
        let engine = try EngineFixtures.engine([
            Element(id: "a", frame: Rect(x: 0, y: 0, width: 4, height: 4)),
            Element(id: "b", frame: Rect(x: 4, y: 0, width: 4, height: 4)),
        ], canvas: Size(width: 10, height: 4))
        #expect(engine.storage.answerTiles != nil)
        let numbered = engine.numbered(by: [7, 3])
        #expect(numbered.elementIndex(at: Point(x: 1, y: 1)) == ElementIndex(rawValue: 7))
        #expect(numbered.elementIndex(at: Point(x: 5, y: 1)) == ElementIndex(rawValue: 3))
        #expect(numbered.elementIndex(at: Point(x: 9, y: 1)) == nil)
    }

    @Test("a proven empty tile still lets touch tolerance search")
    func emptyTileSearches() throws {
        let engine = try EngineFixtures.engine([Element(id: "a", frame: Rect(x: 0, y: 0, width: 4, height: 4))], canvas: Size(width: 10, height: 4))
        #expect(engine.storage.answerTiles != nil)
        #expect(engine.elementIndex(at: Point(x: 6, y: 1)) == nil)
        #expect(engine.elementIndex(at: Point(x: 6, y: 1), tolerance: 3) == ElementIndex(rawValue: 0))
        #expect(engine.elementIndex(at: Point(x: 6, y: 1), tolerance: 1) == nil)
    }

    @Test("tiles are a point a side where 65,536 fit, else two or four points, else none", arguments: [
        (200.0, 200.0, 1.0), (300, 300, 2), (600, 600, 4), (1100, 1000, nil),
    ] as [(Double, Double, Double?)])
    func tileSideFitsTheBudget(width: Double, height: Double, side: Double?) throws {
        let engine = try EngineFixtures.engine([Element(id: "all", frame: Rect(x: 0, y: 0, width: width, height: height))])
        #expect(engine.storage.answerTiles.map { 1 / $0.reader.inverseSide } == side)
        if let tiles = engine.storage.answerTiles {
            #expect(tiles.codes.count <= AnswerTiles.maximumTiles)
            #expect(engine.engineBytes.first { $0.table == "answer tiles" }?.bytes == tiles.codes.count * 2)
        }
    }

    @Test("a proof that would take more than 2²² steps is not started", arguments: [(200, true), (300, false)])
    func proofWithinItsBudget(count: Int, proves: Bool) throws {
        // Rotated squares over the whole 64 × 64 canvas: no cell is pruned, so each of the 4,096
        // one-point tiles reads every entry (and up to 4 pixels of each): 3.3 or 4.9 million steps.
        let elements = (0..<count).map { i in
            Element(id: "r\(i)", frame: Rect(x: -40, y: -40, width: 144, height: 144), transform: ElementTransform(rotationDegrees: 45))
        }
        let engine = try EngineFixtures.engine(elements, canvas: Size(width: 64, height: 64))
        var grid = engine.queryTables
        grid.answers = .none
        #expect(count * 4096 * 4 > AnswerTiles.maximumProofSteps || proves)
        #expect((AnswerTiles(tables: grid, elementCount: count, minimumProvenShare: 0) != nil) == proves)
    }

    @Test("a turned element takes the tiles whose local box lies inside it, misses those whose box lies outside, by a hand count",
          arguments: [45.0, -45.0])
    func handCountedTurnedTiles(degrees: Double) throws {
        // A 20-point square turned about its centre (50, 50): the diamond |x − 50| + |y − 50| ≤ 10√2.
        // A unit tile's local points lie in a box √2 a side around its centre's local point,
        // (u, v) = 10 + R(∓45°)·(centre − (50, 50)), which the proof decides against 0 ≤ u, v < 20.
        let engine = try EngineFixtures.engine([
            Element(id: "turned", frame: Rect(x: 40, y: 40, width: 20, height: 20), transform: ElementTransform(rotationDegrees: degrees)),
        ], canvas: Size(width: 100, height: 100))
        var grid = engine.queryTables
        grid.answers = .none
        let tiles = try #require(AnswerTiles(tables: grid, elementCount: 1, minimumProvenShare: 0))
        #expect(tiles.reader.inverseSide == 1)
        let code = { (x: Double, y: Double) in withExtendedLifetime(tiles) { tiles.reader.code(x + 0.5, y + 0.5) } }
        // Centre offset (0.5, 0.5): |u − 10|, |v − 10| ≤ 0.71, the box's half side 0.71 more. Takes.
        #expect(code(50, 50) == 1)
        // (6.5, 0.5): 4.95 and 4.24 from the middle, inside with room. Takes.
        #expect(code(56, 50) == 1)
        // (0.5, −13.5): 9.19 and 9.90, so the box crosses the square's edge; so does the tile
        // (its corner (51, 36) is 15 from the centre by |dx| + |dy|). Mixed.
        #expect(code(50, 36) == AnswerTiles.mixed)
        // (−13.5, −7.5): 14.85 and 4.24, the box outside; every point is at least 20 away. A miss.
        #expect(code(36, 42) == AnswerTiles.none)
        // The raster starts at the first whole point of the grid's extent, 50 − 10√2 (padded).
        #expect((tiles.reader.minX, tiles.reader.minY) == (36, 36))
        // (10.5, 10.5): 14.85 and 0, outside. A miss.
        #expect(code(60, 60) == AnswerTiles.none)
        // Every proven tile answers as the scan does at its corners and middle.
        for (row, codes) in Self.codes(tiles).enumerated() {
            for (column, code) in codes.enumerated() where code != AnswerTiles.mixed {
                let x0 = tiles.reader.minX + Double(column), y0 = tiles.reader.minY + Double(row)
                for (x, y) in [(x0, y0), ((x0 + 1).nextDown, y0), (x0, (y0 + 1).nextDown), ((x0 + 1).nextDown, (y0 + 1).nextDown), (x0 + 0.5, y0 + 0.5)] {
                    #expect(engine.scanAll(Point(x: x, y: y)).first.map { Int($0.rawValue) + 1 } ?? 0 == Int(code), "tile (\(column), \(row))")
                }
            }
        }
    }

    @Test("a tile that would read more of a shrunk element's pixels than the proof allows an entry stays mixed")
    func shrunkElementStaysWithinThePixelBudget() throws {
        let folder = try EngineFixtures.ImageFolder()
        // 200 × 200 solid pixels drawn one per point, shrunk to 10 × 10 points about (50, 50): a
        // one-point tile covers 20 × 20 of its pixels, all solid, where the proof reads at most
        // (1 + 1)² an entry. Without that limit it would prove the middle tiles taken.
        let solid = try folder.image("solid.png", width: 200, height: 200)
        let engine = try folder.engine([
            Element(id: "shrunk", frame: Rect(x: -50, y: -50, width: 200, height: 200), image: solid,
                    transform: ElementTransform(scaleX: 0.05, scaleY: 0.05)),
        ], canvas: Size(width: 100, height: 100))
        var grid = engine.queryTables
        grid.answers = .none
        let tiles = try #require(AnswerTiles(tables: grid, elementCount: 1, minimumProvenShare: 0))
        #expect(tiles.reader.inverseSide == 1)
        withExtendedLifetime(tiles) {
            #expect(tiles.reader.code(50.5, 50.5) == AnswerTiles.mixed)
            #expect(tiles.reader.code(45.5, 50.5) == AnswerTiles.mixed)
        }
        #expect(engine.elementIndex(at: Point(x: 50.5, y: 50.5)) == ElementIndex(rawValue: 0))
    }

    @Test("a turned image's tile is decided when its local box lies over at most (⌈side·√2⌉ + 1)² pixels, the turned limit")
    func turnedImagesReadTheTurnedLimit() throws {
        let folder = try EngineFixtures.ImageFolder()
        // 20 × 20 solid pixels, one per point, turned 45° about (50, 50). The tile (52, 50)'s
        // centre is (2.5, 0.5) from it: its local centre 10 + 0.71·(2.5 ± 0.5) on one axis and
        // 10 ± 0.71·(0.5 ∓ 2.5) on the other, 11.41 or 12.12 and 12.12 or 8.59, each ± 0.71: a box
        // over 3 × 2 pixels, inside the image. More than (1 + 1)², within (⌈√2⌉ + 1)² = 9.
        let solid = try folder.image("solid.png", width: 20, height: 20)
        let engine = try folder.engine([
            Element(id: "turned", frame: Rect(x: 40, y: 40, width: 20, height: 20), image: solid, transform: ElementTransform(rotationDegrees: 45)),
        ], canvas: Size(width: 100, height: 100))
        var grid = engine.queryTables
        grid.answers = .none
        func code(turnedLimit: Int) -> UInt16 {
            let proof = TileProof(tables: grid, pixelLimit: 4, turnedPixelLimit: turnedLimit)
            return proof.code(proof.span(52, 53.0.nextDown, vertical: false), proof.span(50, 51.0.nextDown, vertical: true))
        }
        #expect(code(turnedLimit: 4) == AnswerTiles.mixed)
        #expect(code(turnedLimit: 5) == AnswerTiles.mixed)
        #expect(code(turnedLimit: 6) == 1)
        // The engine's own raster uses the turned limit for one-point tiles: 9.
        let tiles = try #require(AnswerTiles(tables: grid, elementCount: 1, minimumProvenShare: 0))
        #expect(withExtendedLifetime(tiles) { tiles.reader.code(52.5, 50.5) } == 1)
    }

    @Test("a proof counts a turned image's entries at the turned limit: over 2²² steps it is not started", arguments: [(80, true), (150, false)])
    func turnedImagesCountTheTurnedLimit(count: Int, proves: Bool) throws {
        let folder = try EngineFixtures.ImageFolder("turnedBudget\(count)")
        // As above, but each square an image: each of the 4,096 one-point tiles may read 9 pixels
        // of every entry, 3.0 or 5.5 million steps or more (at 4 pixels an entry, 150 would start: 2.5).
        let solid = try folder.image("solid.png", width: 144, height: 144)
        let elements = (0..<count).map { i in
            Element(id: "r\(i)", frame: Rect(x: -40, y: -40, width: 144, height: 144), image: solid, transform: ElementTransform(rotationDegrees: 45))
        }
        let engine = try folder.engine(elements, canvas: Size(width: 64, height: 64))
        var grid = engine.queryTables
        grid.answers = .none
        #expect(count * 4096 * 9 > AnswerTiles.maximumProofSteps || proves)
        #expect(count * 4096 * 4 <= AnswerTiles.maximumProofSteps)
        #expect((AnswerTiles(tables: grid, elementCount: count, minimumProvenShare: 0) != nil) == proves)
    }

    @Test("a layout where fewer than half the tiles are proven keeps none")
    func mostlyMixedKeepsNone() throws {
        // Ellipses everywhere: an ellipse takes no tile (only a rectangle is proven to), and each
        // tile lies inside some ellipse's bounds, so every tile is mixed.
        let elements = (0..<100).map { i in
            Element(id: "r\(i)", frame: Rect(x: Double(i % 10) * 10, y: Double(i / 10) * 10, width: 10, height: 10), shape: .ellipse)
        }
        let engine = try EngineFixtures.engine(elements, canvas: Size(width: 100, height: 100))
        #expect(engine.storage.answerTiles == nil)
        #expect(engine.elementIndex(at: Point(x: 5, y: 5)) == engine.scanAll(Point(x: 5, y: 5)).first)
    }

    @Test("a scene's snapshots have no tiles: their answers are their live tables'")
    func scenesHaveNoTiles() throws {
        let scene = try HitScene(layout: Layout(canvas: Size(width: 8, height: 8), elements: [Element(id: "a", frame: Rect(x: 0, y: 0, width: 4, height: 4))]))
        let before = scene.snapshot
        try scene.apply(LayoutChange.update(id: "a") { $0.frame = Rect(x: 4, y: 4, width: 4, height: 4) })
        let after = scene.snapshot
        #expect(before.queryTables.answers.columns == 0 && after.queryTables.answers.columns == 0)
        #expect(before.elementIndex(at: Point(x: 1, y: 1)) != nil && after.elementIndex(at: Point(x: 1, y: 1)) == nil)
        #expect(after.elementIndex(at: Point(x: 5, y: 5)) != nil)
    }
}
