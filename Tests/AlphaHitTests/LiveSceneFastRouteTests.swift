@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// A scene's fast routes (`LiveScene.setFrameInPlace`, `setStateInPlace`): a move that keeps an
/// element's record but for its origin, a state switch that compiles it again with an image read
/// before, each against the general route, which makes the change with the build's steps for the
/// element; both must leave every table the same.
@Suite("Live scene fast routes")
struct LiveSceneFastRouteTests {
    @Test("a move or a state switch by its fast route writes the tables the general route writes", arguments: 0..<4)
    func fastRoutesMatchTheGeneralRoute(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("fastRoutes\(seed)")
        try LiveScenePropertyTests.drawImages(in: folder)
        var g = SplitMix(seed: UInt64(seed) &* 104_729 &+ 5)
        let layout = LiveScenePropertyTests.layout(&g, folder: folder.url.path)
        let cache = ImageCache()
        // As a scene builds its first engine: the images it read are the scene's to look up.
        var builder = EngineBuilder(layout: layout, cache: cache)
        let engine = HitTester(storage: try builder.build { _, _ in nil })
        let count = engine.storage.ids.count
        var fast = LiveScene(
            engine: engine, layout: layout, numbers: (0..<count).map(Int32.init), nextNumber: Int32(count),
            sources: builder.loadedSources, cache: cache)
        var general = fast
        general.takesFastRoutes = false
        let leaves = layout.leafIDs
        let places = layout.places()
        var frames = Dictionary(uniqueKeysWithValues: leaves.map { ($0, layout[places[$0]!].frame) })
        var restated = 0
        for step in 0..<400 {
            let id = leaves.randomElement(using: &g)!
            if step % 7 == 6 {
                // Something else between the moves: a state, a hiding, a transform.
                let change: LayoutChange
                let transform = Bool.random(using: &g) ? nil : ElementTransform(rotationDegrees: 30)
                switch Int.random(in: 0..<3, using: &g) {
                case 0: change = .update(id: id) { $0.isHidden.toggle() }
                case 1: change = .update(id: id) { $0.transform = transform }
                default: change = .update(id: id) { $0.alphaThreshold = 0.8 }
                }
                #expect(fast.applyInPlace(change) == general.applyInPlace(change))
                continue
            }
            if step % 3 == 1 {
                // A state switch by name: "big" has art of another size, "nothing" no art of its own.
                let state = ["on", "normal", "big", "nothing", ""].randomElement(using: &g)!
                let before = fast.fastRoutesTaken
                #expect(fast.setStateInPlace(id, state) == general.setStateInPlace(id, state), "step \(step): \(id) to \(state)")
                restated += fast.fastRoutesTaken - before
                try Self.expectSameTables(fast.tables, general.tables, step: step)
                continue
            }
            var frame = frames[id]!
            switch Int.random(in: 0..<6, using: &g) {
            case 0: (frame.x, frame.y) = (g.next(in: -20...180).rounded(), g.next(in: -20...180).rounded())
            case 1: (frame.x, frame.y) = (g.next(in: -20...180), g.next(in: -20...180))  // not a Float: a general record
            case 2: (frame.x, frame.y) = (g.next(in: -2000...2000), g.next(in: -2000...2000))  // beyond the grid
            case 3: (frame.x, frame.y) = (g.next(in: 0...160).rounded() + 0.5, frame.y + 0.25)
            case 4: frame.width += 3  // another size: the general route
            default: frame.x = .infinity  // refused: a build reports it
            }
            let moved = fast.setFrameInPlace(id, frame)
            #expect(moved == general.setFrameInPlace(id, frame), "step \(step): \(id) to \(frame)")
            if moved { frames[id] = frame }
            try Self.expectSameTables(fast.tables, general.tables, step: step)
        }
        #expect(general.fastRoutesTaken == 0)
        // Measured over the four seeds: 83–94 state switches and 143–146 moves by their fast routes.
        #expect(restated >= 40, "state switches by the fast route (\(restated))")
        #expect(fast.fastRoutesTaken - restated >= 100, "moves by the fast route (\(fast.fastRoutesTaken - restated))")
    }

    /// Every record, slot, cell and overflow entry of `a` and `b`, byte for byte.
    private static func expectSameTables(_ a: LiveTables, _ b: LiveTables, step: Int) throws {
        try #require(a.hot.count == b.hot.count && a.details.count == b.details.count && a.transforms.count == b.transforms.count)
        for slot in 0..<a.hot.count {
            #expect(a.hot[slot] == b.hot[slot], "hot record of slot \(slot), step \(step)")
            #expect(a.slots[slot] == b.slots[slot], "slot \(slot), step \(step)")
            #expect(a.elements[slot] == b.elements[slot], "element of slot \(slot), step \(step)")
        }
        for index in 0..<a.details.count { #expect(a.details[index] == b.details[index], "full record \(index), step \(step)") }
        for index in 0..<a.transforms.count { #expect(bytes(a.transforms[index]) == bytes(b.transforms[index]), "transform \(index)") }
        for cell in 0..<a.grid.columns * a.grid.rows {
            #expect(a.cells.entries(ofCell: cell).map(bytes) == b.cells.entries(ofCell: cell).map(bytes), "cell \(cell), step \(step)")
        }
        #expect(Array(a.overflow.view).map(bytes) == Array(b.overflow.view).map(bytes), "overflow, step \(step)")
    }

    private static func bytes<Value: BitwiseCopyable>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
}
