@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The forward placement `P = O + C + M·(L − C) + t` (`ElementTransform.parentPoint`, used by the
/// engine's boxes and touch tolerance's maps) held against the inverse the hot path applies.
@Suite("An element's placement")
struct PlacementTests {
    @Test("the forward placement without a transform is P = O + L, with one P = O + C + M·(L − C) + t (hand-computed)")
    func forwardPlacementByHand() {
        let plain = ElementTransform.parentPoint(3, 4, originX: 10, originY: 20, centreX: 5, centreY: 5, transform: nil)
        #expect(plain.x == 13 && plain.y == 24)
        // A quarter turn clockwise about the centre (5, 5), then t = (1, 2): L − C = (−2, −1), M·(L − C) = (1, −2).
        let turn = ElementTransform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 2)
        let turned = ElementTransform.parentPoint(3, 4, originX: 10, originY: 20, centreX: 5, centreY: 5, transform: turn)
        let expected: (x: Double, y: Double) = (10 + 5 + 1 + 1, 20 + 5 - 2 + 2)
        #expect(turned.x == expected.x && turned.y == expected.y)
    }

    @Test("an element's map to the layout undoes the hot path's way down, for every element of random layouts", arguments: [UInt64(21), 22, 23])
    func forwardMapUndoesTheWayDown(seed: UInt64) throws {
        let folder = try EngineFixtures.ImageFolder("placement\(seed)")
        _ = try folder.image("blob.png", width: 16, height: 16) { x, y in UInt8(truncatingIfNeeded: x * 37 + y * 11) }
        var g = SplitMix(seed: seed)
        let engine = try folder.engine(SpatialIndexPropertyTests.randomLayout(&g, images: ["blob.png"], count: 60, snapped: false))
        let records = engine.records
        for index in 0..<records.elements.count {
            let chain = records.chain(of: index)
            let toLayout = AffineMap.toLayout(from: chain)
            for _ in 0..<20 {
                let local = (x: g.next(in: -5...50), y: g.next(in: -5...50))
                let layout = toLayout.apply(local.x, local.y)
                let back = chain.unclippedLocalPoint(layout.x, layout.y)
                let scale: Double = 1 + Swift.max(abs(layout.x), abs(layout.y), abs(local.x), abs(local.y))
                let error: Double = Swift.max(abs(back.x - local.x), abs(back.y - local.y))
                #expect(error <= 1e-9 * scale, "seed \(seed), element \(index), local \(local), back \(back)")
            }
        }
    }
}
