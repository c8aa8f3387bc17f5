import Foundation
import Testing
@testable import AlphaHit

/// Touch tolerance (issue 11): the rules of `Docs/HitTesting.md`, "Touch tolerance", with
/// distances computed by hand.
@Suite("Touch tolerance")
struct TouchToleranceTests {
    typealias F = EngineFixtures

    /// The candidate a tap at (x, y) selects with query tolerance `tolerance`.
    static func touch(_ engine: HitTester, _ x: Double, _ y: Double, tolerance: Double? = nil) -> TouchCandidate? {
        engine.touchHit(at: Point(x: x, y: y), tolerance: tolerance)
    }

    static func expectDistance(_ candidate: TouchCandidate?, _ id: String, _ distance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(candidate?.id == id, sourceLocation: sourceLocation)
        if let candidate { #expect(abs(candidate.distance - distance) <= 0.01, "distance \(candidate.distance), expected \(distance)", sourceLocation: sourceLocation) }
    }

    @Test(
        "distance to a pixel's edge and corner; the open right and bottom edges count as distance 0",
        arguments: [(14.0, 11.5, 2.0), (14, 14, 8.0.squareRoot()), (11.5, 8, 3), (9, 9, 8.0.squareRoot()), (12, 11.5, 0), (11.5, 12, 0)])
    func pixelEdgeAndCorner(x: Double, y: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        try folder.image("dot.png", width: 4, height: 4) { x, y in x == 1 && y == 1 ? 255 : 0 }
        // Natural size at (10, 10): the one solid pixel covers [11, 12] × [11, 12].
        let engine = try folder.engine([Element(id: "dot", frame: F.rect(10, 10, 4, 4), image: "dot.png", contentMode: .topLeft)])
        let touch = Self.touch(engine, x, y, tolerance: 3)
        Self.expectDistance(touch, "dot", distance)
        #expect(touch?.isExactHit == false)
        #expect(engine.elementIndex(at: Point(x: x, y: y)) == nil, "without a tolerance, a miss stays a miss")
    }

    @Test("a stretched image: one pixel is wider than it is tall, so distances differ per axis", arguments: [(25.0, 5.0, 5.0), (10, 13, 3), (23, 14, 5)])
    func stretchedImage(x: Double, y: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        try folder.image("corner.png", width: 2, height: 2) { x, y in x == 0 && y == 0 ? 255 : 0 }
        // 2 × 2 pixels stretched over 40 × 20 points: the solid pixel is [0, 20] × [0, 10].
        let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 40, 20), image: "corner.png")])
        Self.expectDistance(Self.touch(engine, x, y, tolerance: 6), "e", distance)
    }

    @Test("cap insets, stretched and tiled", arguments: [(false, 5.0, 4.0), (false, 9, 1), (true, 2.5, 0.5), (true, 4.5, 0.5), (true, 18.7, 0.3)])
    func capInsets(tiles: Bool, x: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        // Columns 0, 3 and 5 solid; caps of 2 pixels each side leave columns 2 and 3 as the middle.
        try folder.image("bar.png", width: 6, height: 1) { x, _ in [0, 3, 5].contains(x) ? 255 : 0 }
        let engine = try folder.engine([
            Element(
                id: "bar", frame: F.rect(0, 0, 20, 1), image: "bar.png", capInsets: EdgeInsets(top: 0, left: 2, bottom: 0, right: 2),
                resizingMode: tiles ? .tile : .stretch)
        ])
        // Stretched: column 3 covers [10, 18]; tiled: [3, 4], [5, 6], …, [17, 18]; column 0 [0, 1], column 5 [19, 20].
        Self.expectDistance(Self.touch(engine, x, 0.5, tolerance: 6), "bar", distance)
    }

    @Test("@2x and @3x images measure in points", arguments: [(2, 3.0, 2.0), (3, 3.0, 2.0)])
    func retinaScale(scale: Int, x: Double, distance: Double) throws {
        let folder = try F.ImageFolder()
        // One solid pixel at (s, s) of a 2s × 2s image: in points, [1, 1 + 1/s]² of a 2 × 2 image.
        try folder.image("dot@\(scale)x.png", width: 2 * scale, height: 2 * scale) { x, y in x == scale && y == scale ? 255 : 0 }
        let engine = try folder.engine([Element(id: "dot", frame: F.rect(0, 0, 2, 2), image: "dot@\(scale)x.png")])
        let right = 1 + 1 / Double(scale)
        Self.expectDistance(Self.touch(engine, right + distance, 1.1, tolerance: 3), "dot", distance)
    }

    @Test(
        "each content mode places the image where the distance is measured from",
        arguments: [
            // Frame 10 × 10 at the origin, a solid 2 × 2 image; the expected solid square's origin.
            (ContentMode.center, 4.0, 4.0), (.top, 4, 0), (.bottom, 4, 8), (.left, 0, 4), (.right, 8, 4),
            (.topLeft, 0, 0), (.topRight, 8, 0), (.bottomLeft, 0, 8), (.bottomRight, 8, 8),
        ])
    func contentModes(mode: ContentMode, left: Double, top: Double) throws {
        let folder = try F.ImageFolder()
        try folder.image("square.png", width: 2, height: 2)
        let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 10, 10), image: "square.png", contentMode: mode)])
        // From the far corner of the frame's opposite side, 3 points beyond the square's right edge.
        Self.expectDistance(Self.touch(engine, left + 2 + 3, top + 1, tolerance: 4), "e", 3)
        #expect(Self.touch(engine, left + 2 + 3, top + 1, tolerance: 2.9) == nil)
    }

    @Test("aspect fit and fill scale the image about the frame's centre")
    func aspectModes() throws {
        let folder = try F.ImageFolder()
        try folder.image("wide.png", width: 4, height: 2)
        // Fit: 20 × 10 in a 20 × 20 frame, rows 5 to 15; fill: 40 × 20, columns −10 to 30, clipped to the bounds.
        let fit = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 20, 20), image: "wide.png", contentMode: .aspectFit)])
        Self.expectDistance(Self.touch(fit, 10, 2, tolerance: 4), "e", 3)
        let fill = try folder.engine([Element(id: "e", frame: F.rect(0, 0, 20, 20), image: "wide.png", contentMode: .aspectFill)])
        Self.expectDistance(Self.touch(fill, 23, 10, tolerance: 4), "e", 3)
    }

    @Test("a rotated element is measured where it is drawn")
    func rotated() throws {
        // 10 × 10 square turned 45° about its centre (5, 5): its right corner is at (5 + 5√2, 5).
        let engine = try F.engine([Element(id: "r", frame: F.rect(0, 0, 10, 10), transform: ElementTransform(rotationDegrees: 45))])
        Self.expectDistance(Self.touch(engine, 5 + 5 * 2.0.squareRoot() + 3, 5, tolerance: 4), "r", 3)
        // 20 × 10 turned 90°: it covers [5, 15] × [−5, 15].
        let tall = try F.engine([Element(id: "t", frame: F.rect(0, 0, 20, 10), transform: ElementTransform(rotationDegrees: 90))])
        Self.expectDistance(Self.touch(tall, 20, 5, tolerance: 6), "t", 5)
        Self.expectDistance(Self.touch(tall, 10, 18, tolerance: 6), "t", 3)
    }

    @Test("a sheared element: the distance to its slanted edge")
    func sheared() throws {
        // x' = x + 0.5·y about the centre (5, 5): the right edge runs from (7.5, 0) to (12.5, 10).
        let engine = try F.engine([Element(id: "s", frame: F.rect(0, 0, 10, 10), transform: ElementTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))])
        Self.expectDistance(Self.touch(engine, 15, 5, tolerance: 5), "s", 50 / 125.0.squareRoot())
    }

    @Test("a clipped child is measured by its visible part: its nearest point inside the clipping parent")
    func clippedChild() throws {
        let engine = try F.engine([
            Element(id: "clip", frame: F.rect(0, 0, 10, 10), shape: .none, clipsToBounds: true, children: [
                Element(id: "child", frame: F.rect(5, 0, 20, 10))
            ])
        ])
        // The child reaches x = 25, but only [5, 10] of it can be hit.
        Self.expectDistance(Self.touch(engine, 13, 5, tolerance: 4), "child", 3)
        #expect(Self.touch(engine, 13, 5, tolerance: 2.9) == nil)
    }

    @Test("a hidden element, and the children of a non-interactive parent, are never selected")
    func skippedElements() throws {
        let engine = try F.engine([
            Element(id: "hidden", frame: F.rect(0, 0, 10, 10), isHidden: true),
            Element(id: "parent", frame: F.rect(20, 0, 10, 10), isInteractive: false, children: [Element(id: "child", frame: F.rect(0, 0, 5, 5))]),
            Element(id: "far", frame: F.rect(50, 0, 10, 10)),
        ])
        // "hidden" is 2 away and the child 0 (the point is inside it), yet "far", 38 and 23 away, is chosen.
        Self.expectDistance(Self.touch(engine, 12, 2, tolerance: 40), "far", 38)
        Self.expectDistance(Self.touch(engine, 22, 2, tolerance: 30), "far", 28)
        #expect(Self.touch(engine, 22, 2, tolerance: 27) == nil)
    }

    @Test("equal distances: the front-most wins (a later sibling, a child before its parent)")
    func ties() throws {
        let siblings = try F.engine([Element(id: "left", frame: F.rect(0, 0, 10, 10)), Element(id: "right", frame: F.rect(20, 0, 10, 10))])
        Self.expectDistance(Self.touch(siblings, 15, 5, tolerance: 6), "right", 5)
        let nested = try F.engine([
            Element(id: "parent", frame: F.rect(0, 0, 10, 10), children: [Element(id: "child", frame: F.rect(0, 0, 10, 5))])
        ])
        // Above the parent's top edge, equally near the child's top edge: the child is in front.
        Self.expectDistance(Self.touch(nested, 5, -2, tolerance: 3), "child", 2)
        // Nearer the parent: it wins whatever the order.
        Self.expectDistance(Self.touch(nested, 5, 12, tolerance: 3), "parent", 2)
    }

    @Test("an element's own tolerance overrides the query's, which overrides the layout's default")
    func toleranceOrder() throws {
        let folder = try F.ImageFolder()
        let elements = [
            Element(id: "strict", frame: F.rect(0, 0, 10, 10), touchTolerance: 2),
            Element(id: "generous", frame: F.rect(30, 0, 10, 10), touchTolerance: 12),
        ]
        let engine = try folder.engine(elements, defaults: Layout.Defaults(touchTolerance: 1))
        // 3 from "strict" (its own 2 is too small, whatever the query says), 17 from "generous".
        #expect(Self.touch(engine, 13, 5, tolerance: 100) == nil)
        // 8 from "generous": its own 12 applies even to a query of 0 and to the layout default.
        Self.expectDistance(Self.touch(engine, 22, 5, tolerance: 0), "generous", 8)
        Self.expectDistance(Self.touch(engine, 22, 5), "generous", 8)
        // Without own tolerances, the query's replaces the layout default of 1.
        let plain = try folder.engine([Element(id: "a", frame: F.rect(0, 0, 10, 10))], defaults: Layout.Defaults(touchTolerance: 1))
        Self.expectDistance(Self.touch(plain, 10.5, 5), "a", 0.5)
        #expect(Self.touch(plain, 13, 5) == nil)
        Self.expectDistance(Self.touch(plain, 13, 5, tolerance: 3), "a", 3)
        #expect(plain.elementIndex(at: Point(x: 10.5, y: 5)) == plain.element(withID: "a"), "the layout default applies to the plain query")
        #expect(plain.elementIndex(at: Point(x: 10.5, y: 5), tolerance: 0) == nil, "a query tolerance of 0 turns it off")
    }

    @Test("exact hits always win over nearer-looking candidates, and a point outside the canvas hits nothing")
    func exactHitsWin() throws {
        let engine = try F.engine(
            [Element(id: "back", frame: F.rect(0, 0, 10, 10)), Element(id: "front", frame: F.rect(12, 0, 10, 10))], canvas: Size(width: 30, height: 10))
        Self.expectDistance(Self.touch(engine, 9.5, 5, tolerance: 5), "back", 0)
        #expect(Self.touch(engine, 9.5, 5, tolerance: 5)?.isExactHit == true)
        #expect(Self.touch(engine, 5, 11, tolerance: 5) == nil, "below the canvas")
    }

    @Test("the ranked candidates: exact hits front to back, then near ones by distance, each with its nearest point")
    func rankedCandidates() throws {
        let engine = try F.engine([
            Element(id: "under", frame: F.rect(0, 0, 20, 20)),
            Element(id: "over", frame: F.rect(5, 5, 10, 10)),
            Element(id: "near", frame: F.rect(14, 25, 10, 10)),
            Element(id: "far", frame: F.rect(30, 0, 10, 10)),
        ])
        let list = engine.touchCandidates(at: Point(x: 14, y: 14), tolerance: 17)
        #expect(list.map(\.id) == ["over", "under", "near", "far"])
        #expect(list.map(\.isExactHit) == [true, true, false, false])
        #expect(list.map(\.distance).map { ($0 * 100).rounded() / 100 } == [0, 0, 11, 16.49])  // √(16² + 4²) to the far corner (30, 10)
        #expect(list.map(\.nearestPoint) == [Point(x: 14, y: 14), Point(x: 14, y: 14), Point(x: 14, y: 25), Point(x: 30, y: 10)])
        #expect(engine.touchCandidates(at: Point(x: 14, y: 14), tolerance: 12).map(\.id) == ["over", "under", "near"])
    }
}

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

/// The nearest-solid-pixel search of the common case, against a scan of every pixel.
@Suite("Touch tolerance: solid pixel search")
struct SolidRunsTests {
    @Test("the nearest solid pixel, cut by any clip, is found exactly from anywhere, with or without the precomputed field", arguments: 0..<6)
    func nearestMatchesScan(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &+ 4242)
        // Sizes on both sides of the field's limit (65,536 pixels).
        let (width, height) = seed == 5 ? (300, 240) : (Int.random(in: 1...24, using: &g), Int.random(in: 1...24, using: &g))
        let density = g.next(in: 0.02...0.6)
        var alpha = [UInt8](repeating: 0, count: width * height)
        for i in alpha.indices where Double.random(in: 0...1, using: &g) < density { alpha[i] = 255 }
        var element = CompiledElement()
        (element.pixelWidth, element.pixelHeight, element.bytesPerRow, element.minAlpha) = (width, height, width, 128)
        try alpha.withUnsafeBufferPointer { pixels in
            element.pixels = pixels.baseAddress!
            let runs = withUnsafePointer(to: element) { SolidRuns($0) }
            defer { runs.deallocate() }
            for _ in 0..<400 {
                let q = (x: g.next(in: -30...Double(width) + 30), y: g.next(in: -30...Double(height) + 30))
                let clip = Bool.random(using: &g)
                    ? (x0: 0.0, y0: 0.0, x1: Double(width), y1: Double(height))
                    : (x0: g.next(in: -2...Double(width) / 2), y0: g.next(in: -2...Double(height) / 2), x1: g.next(in: Double(width) / 2...Double(width) + 2), y1: g.next(in: Double(height) / 2...Double(height) + 2))
                let limit = [3.0, 10, 50].randomElement(using: &g)!
                var expected = Double.infinity
                for y in 0..<height {
                    for x in 0..<width where alpha[y * width + x] >= 128 {
                        let (x0, y0, x1, y1) = (max(Double(x), clip.x0), max(Double(y), clip.y0), min(Double(x + 1), clip.x1), min(Double(y + 1), clip.y1))
                        guard x0 <= x1, y0 <= y1 else { continue }
                        let dx = max(x0 - q.x, 0, q.x - x1), dy = max(y0 - q.y, 0, q.y - y1)
                        expected = min(expected, (dx * dx + dy * dy).squareRoot())
                    }
                }
                let found = runs.nearest(to: q, clip: clip, limit: limit)
                if expected <= limit - 1e-9 {
                    let distance = try #require(found?.distance, "at \(q), clip \(clip): expected \(expected)")
                    #expect(abs(distance - expected) < 1e-9, "at \(q), clip \(clip), size \(width)x\(height), limit \(limit): \(distance) vs \(expected)")
                    // The point returned is on a solid pixel, at that distance.
                    let point = found!.point
                    #expect(abs(((point.x - q.x) * (point.x - q.x) + (point.y - q.y) * (point.y - q.y)).squareRoot() - expected) < 1e-9)
                } else if expected > limit + 1e-9 {
                    #expect(found == nil, "at \(q): nothing within \(limit), got \(String(describing: found))")
                }
            }
        }
    }
}

/// `hittest query --tolerance` and `hittest render --tolerance`.
@Suite("Touch tolerance on the command line")
struct TouchToleranceCommandTests {
    /// Two squares 20 apart; "right" allows only 3 points of its own.
    static func layout() throws -> String {
        let folder = try Fixtures.temporaryDirectory("toleranceCLI")
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("""
            {"version": 1, "canvas": {"width": 100, "height": 50}, "elements": [
              {"id": "left", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}},
              {"id": "right", "frame": {"x": 40, "y": 0, "width": 20, "height": 20}, "touchTolerance": 3},
              {"id": "under", "frame": {"x": 0, "y": 30, "width": 50, "height": 10}},
              {"id": "over", "frame": {"x": 10, "y": 30, "width": 10, "height": 10}}
            ]}
            """.utf8), to: path)
        return path
    }

    @Test("plain answers stay the id or '-'; a near point selects the nearest within its tolerance")
    func plain() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "6", "25,5", "38,5", "15,35", "30,5", "70,45"])
        // 5 from left; 2 from right (its own 3); exact; 10 from both (right allows 3, left 6); nothing.
        #expect(outcome.text == "left\nright\nover\n-\n-\n")
        #expect(try HitTestRunner.run(["query", try Self.layout(), "25,5"]).text == "-\n", "no tolerance without --tolerance")
    }

    @Test("--json has the distance: 0 for an exact hit, the distance for a near one, null for none; and the point it snaps to")
    func json() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "6", "--json", "25,5", "15,35", "70,45"])
        #expect(outcome.text == """
            {"point":[25,5],"id":"left","path":["left"],"local":[20,5],"pixel":null,"alpha":null,"distance":5,"nearest":[20,5]}
            {"point":[15,35],"id":"over","path":["over"],"local":[5,5],"pixel":null,"alpha":null,"distance":0,"nearest":[15,35]}
            {"point":[70,45],"id":null,"path":[],"local":null,"pixel":null,"alpha":null,"distance":null,"nearest":null}

            """)
    }

    @Test("--all lists the exact hits front to back, then the near candidates by distance, each with its distance")
    func all() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "25", "--all", "15,35", "30,10"])
        // At (15, 35): both hit exactly, then left 15 away (right is 29.2 away, beyond its own 3).
        // At (30, 10): left 10, right 10 (beyond its own 3), under 20, over √(10² + 20²).
        #expect(outcome.text == "over under left(15)\nleft(10) under(20) over(22.361)\n")
        let json = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "25", "--all", "--json", "30,10"])
        #expect(json.text.contains(#"{"id":"left","path":["left"],"local":null,"pixel":null,"alpha":null,"distance":10,"nearest":[20,10]}"#))
    }

    @Test("--explain gives each candidate's distance and why it lost")
    func explain() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "12", "--explain", "30,10"])
        #expect(outcome.text == """
            30,10: left (within its touch tolerance)
              right: 10 away (tolerance 3): beyond its tolerance
              left: 10 away (tolerance 12): chosen
              (4 other elements considered: the point is outside their bounds)

            """)
        // At (15, 25): left, under and over are all 5 away; over is the front-most.
        let tie = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "30", "--explain", "--json", "15,25"])
        #expect(tie.text.contains(
            #""near":[{"id":"over","distance":5,"tolerance":30,"verdict":"chosen"},{"id":"under","distance":5,"tolerance":30,"verdict":"as near as over, which is in front"},{"id":"left","distance":5,"tolerance":30,"verdict":"as near as over, which is in front"}"#))
    }

    @Test("a tolerance that is not a finite number of at least 0 is a usage error", arguments: ["-1", "nan", "inf", "abc", ""])
    func invalidTolerance(value: String) throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", value, "1,1"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--tolerance"))
    }

    @Test("render --tolerance paints what a tap at each pixel would select")
    func render() throws {
        let layout = try Self.layout()
        let folder = try Fixtures.temporaryDirectory("toleranceRender")
        let exact = try HitTestRunner.run(["render", layout, "-o", folder.appendingPathComponent("a.png").path])
        let near = try HitTestRunner.run(["render", layout, "-o", folder.appendingPathComponent("b.png").path, "--tolerance", "2"])
        // "left" (20 × 20) grows by 2 on its free sides (the canvas cuts the others): 22 × 22 pixel
        // centres, less the one at (21.5, 21.5), 2.12 from the corner (20, 20). "right" grows by its
        // own 3 (not the query's 2) on three sides: 26 × 23, less two such corners.
        // Without --tolerance, "right" keeps its own 3: the layout's tolerances always apply.
        #expect(exact.text.contains("left 400\n") && exact.text.contains("right 596\n"))
        #expect(near.text.contains("left 483\n") && near.text.contains("right 596\n"))
        #expect(exact.status == 0 && near.status == 0)
    }
}

/// `touchTolerance` in the layout file.
@Suite("Touch tolerance in the layout file")
struct TouchToleranceLayoutTests {
    @Test("touchTolerance is read on elements and in defaults")
    func read() throws {
        let layout = try LayoutFile.decode(Array("""
            {"version": 1, "defaults": {"touchTolerance": 6}, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "touchTolerance": 2.5},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
            ]}
            """.utf8))
        #expect(layout.defaults.touchTolerance == 6)
        #expect(layout.elements.map(\.touchTolerance) == [2.5, nil])
    }

    @Test(
        "a bad touchTolerance is reported with its path, line and what was wrong",
        arguments: [
            (#""touchTolerance": -1"#, "elements[0].touchTolerance: must be a finite number ≥ 0 (points)"),
            (#""touchTolerance": "8""#, "elements[0].touchTolerance: must be a number, not a string"),
            (#""touchTolerence": 8"#, #"elements[0].touchTolerence: unknown key; did you mean "touchTolerance"?"#),
        ])
    func invalid(field: String, message: String) throws {
        let text = """
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, \(field)}
            ]}
            """
        do {
            _ = try HitTester(layoutJSON: Array(text.utf8), name: "t.json", cache: ImageCache())
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("t.json:2: \(message)"), "\(error.description)")
        }
    }

    @Test("a bad default tolerance is reported too")
    func invalidDefault() throws {
        let text = #"{"version": 1, "defaults": {"touchTolerance": 1e999}, "elements": []}"#
        #expect(throws: LayoutFileError.self) { try HitTester(layoutJSON: Array(text.utf8), name: "t.json", cache: ImageCache()) }
        let negative = #"{"version": 1, "defaults": {"touchTolerance": -0.5}, "elements": []}"#
        do {
            _ = try HitTester(layoutJSON: Array(negative.utf8), name: "t.json", cache: ImageCache())
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("defaults.touchTolerance: must be a finite number ≥ 0 (points)"), "\(error.description)")
        }
    }
}

/// What touch tolerance keeps in memory, and when.
@Suite("Touch tolerance memory")
struct TouchToleranceMemoryTests {
    @Test("nothing is built for a layout that never uses a tolerance; once built, engines sharing an image through the cache share its tables")
    func builtOnceAndShared() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("dot.png", width: 8, height: 8) { x, y in x == 3 && y == 3 ? 255 : 0 }
        let cache = ImageCache()
        func engine() throws -> HitTester {
            try HitTester(
                layout: Layout(elements: [Element(id: "dot", frame: EngineFixtures.rect(0, 0, 8, 8), image: "dot.png")], imageDirectory: folder.url.path),
                cache: cache)
        }
        let (first, second) = (try engine(), try engine())
        for x in stride(from: -5.0, through: 15, by: 0.5) { _ = first.elementIndex(at: Point(x: x, y: 3.5)) }
        #expect(!first.storage.hasToleranceIndex, "exact queries, hits and misses, build nothing")
        #expect(first.elementIndex(at: Point(x: 6, y: 3.5), tolerance: 3) == first.element(withID: "dot"))
        #expect(second.elementIndex(at: Point(x: 6, y: 3.5), tolerance: 3) == second.element(withID: "dot"))
        #expect(first.storage.hasToleranceIndex && second.storage.hasToleranceIndex)
        let tables = [first, second].map { engine in engine.storage.withToleranceIndex { ObjectIdentifier($0.owners[0]) } }
        #expect(tables[0] == tables[1], "one set of tables for the shared image")
    }
}
