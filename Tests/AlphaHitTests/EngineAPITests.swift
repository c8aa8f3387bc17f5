@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

private typealias F = EngineFixtures

/// The engine's public surface: listing and finding elements, hit maps made band by band, and the
/// stand-alone image region agreeing with the engine's own element test.
@Suite("Engine API")
struct EngineAPITests {
    @Test("elements are listed in pre-order, found by id, and carry their path")
    func listingAndFinding() throws {
        let engine = try F.engine([
            Element(id: "panel", frame: F.rect(0, 0, 50, 50), children: [Element(id: "button", frame: F.rect(5, 5, 10, 10))]),
            Element(id: "badge", frame: F.rect(40, 0, 10, 10)),
        ])
        #expect(engine.elements.map { engine.id(of: $0) } == ["panel", "button", "badge"])
        #expect(engine.elements.map(\.rawValue) == [0, 1, 2])
        let button = try #require(engine.element(withID: "button"))
        #expect(engine.path(of: button) == ["panel", "button"])
        #expect(engine.element(withID: "missing") == nil)
        #expect(engine.elementIndex(at: Point(x: 6, y: 6)) == button)
    }

    @Test("a hit map covers the canvas, or exactly to the far edges of what can be hit", arguments: [
        (nil, 1.0, 100, 100), (nil, 2.0, 200, 200), (nil, 0.3, 30, 30), (Size(width: 64, height: 48), 1.0, 64, 48),
    ] as [(Size?, Double, Int, Int)])
    func mapExtent(canvas: Size?, scale: Double, width: Int, height: Int) throws {
        let engine = try F.engine([Element(id: "a", frame: F.rect(0, 0, 100, 100))], canvas: canvas)
        let map = try engine.hitMap(scale: scale)
        #expect((map.width, map.height) == (width, height))
    }

    @Test("a bad scale or a map too large to address is an error, not a trap", arguments: [0, -1, .nan, .infinity, 1e9])
    func mapErrors(scale: Double) throws {
        let engine = try F.engine([Element(id: "a", frame: F.rect(0, 0, 100, 100))])
        #expect(throws: HitMapError.self) { try engine.hitMap(scale: scale) }
    }

    @Test("bands of any height give the same owners as single queries at each pixel's centre", arguments: [1, 7, 64, 1000])
    func bands(rowsPerBand: Int) throws {
        let engine = try F.engine([
            Element(id: "a", frame: F.rect(0, 0, 30, 20)),
            Element(id: "b", frame: F.rect(10, 5, 30, 30), shape: .ellipse),
        ])
        let map = try engine.hitMap(scale: 1.5)
        var seen = 0
        map.forEachBand(rowsPerBand: rowsPerBand) { rows, owners in
            #expect(rows.lowerBound == seen && owners.count == rows.count * map.width)
            for (offset, owner) in owners.enumerated() {
                let x = offset % map.width, y = rows.lowerBound + offset / map.width
                #expect(owner == engine.elementIndex(at: Point(x: (Double(x) + 0.5) / 1.5, y: (Double(y) + 0.5) / 1.5)))
            }
            seen = rows.upperBound
        }
        #expect(seen == map.height)
    }

    @Test("ImageHitRegion answers as a one-element engine with the same image, size and scale, at random points")
    func imageRegionMatchesEngine() throws {
        let folder = try F.ImageFolder()
        try folder.image("blob@2x.png", width: 13, height: 9) { x, y in UInt8((x * 37 + y * 91) % 256) }
        let image = try ImageDecoder().decode(contentsOfFile: folder.url.appendingPathComponent("blob@2x.png").path, as: .alpha8)
        var random = SplitMix(seed: 4171)  // seeded: a failure replays
        for (width, height, threshold) in [(6.5, 4.5, 0.1), (20.0, 7.0, 0.5), (3.0, 11.0, 0.0)] {
            let region = ImageHitRegion(image: image, size: Size(width: width, height: height), imageScale: 2, alphaThreshold: threshold)
            let engine = try folder.engine([Element(id: "e", frame: F.rect(0, 0, width, height), image: "blob@2x.png", alphaThreshold: threshold)])
            for _ in 0..<2000 {
                let point = Point(x: Double.random(in: -1...(width + 1), using: &random), y: Double.random(in: -1...(height + 1), using: &random))
                #expect(region.contains(point) == (engine.elementIndex(at: point) != nil), "\(point) in \(width)x\(height)")
            }
        }
    }

    @Test("an element's position is what its engine's numbering gives: its index in a built engine, its place in a scene's snapshot and in the engine built for it")
    func positionsFollowTheNumbering() throws {
        let built = try F.engine([
            Element(id: "panel", frame: F.rect(0, 0, 50, 50), children: [Element(id: "button", frame: F.rect(5, 5, 10, 10))]),
            Element(id: "badge", frame: F.rect(40, 0, 10, 10)),
        ])
        #expect(built.elements.map { built.position(of: $0) } == [0, 1, 2])
        // Numbers 0 (a), 1 (a1), 2 (b); a1 removed and c (number 3) added in front: c, a, b.
        let scene = try HitScene(
            layout: Layout(elements: [Element(id: "a", frame: F.rect(0, 0, 10, 10), children: [Element(id: "a1", frame: F.rect(2, 0, 10, 10))]),
                                      Element(id: "b", frame: F.rect(20, 0, 10, 10))]),
            cache: ImageCache())
        try scene.apply(.remove(id: "a1"))
        try scene.apply(.add(Element(id: "c", frame: F.rect(40, 0, 10, 10)), parent: nil, index: 0))
        let snapshot = scene.snapshot
        let forSnapshot = try #require(snapshot.live).engine
        for engine in [snapshot, forSnapshot] {
            #expect(["c", "a", "b"].map { engine.position(of: engine.element(withID: $0)!) } == [0, 1, 2])
            #expect(["c", "a", "b"].map { engine.element(withID: $0)!.rawValue } == [3, 0, 2])
        }
        // The built engine's short way and the numbering's, on every index in range.
        for engine in [built, snapshot, forSnapshot] {
            for element in engine.elements {
                #expect(engine.position(of: element) == engine.numbering.position(of: element, count: engine.storage.ids.count))
            }
        }
    }

    @Test("a layout without elements builds, hits nothing and maps to nothing (a fuzzing find: the empty engine read an uninitialized slot)")
    func emptyLayout() throws {
        let engine = try F.engine([])
        #expect(engine.elements.isEmpty)
        #expect(engine.elementIndex(at: Point(x: 0, y: 0)) == nil && engine.allHits(at: Point(x: 1, y: 1)).isEmpty)
        #expect(engine.unreachableElements().warnings.isEmpty)
        let canvas = try F.engine([], canvas: Size(width: 10, height: 10))
        #expect(try canvas.hitMap().owners(inRows: 0..<10).allSatisfy { $0 == nil })
        let invalid = try #require(throws: LayoutFileError.self) { try LayoutFile.decode(Array("6".utf8), name: "six.json") }
        #expect(invalid.description == "six.json:1: must be an object, not a number")
    }
}
