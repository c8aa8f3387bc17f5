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
        var fast = try Self.scene(layout)
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
                // A state switch by name: "big" has art of another size, "nothing" no art of its own,
                // "vector" an SVG drawn at each element's own scale.
                let state = ["on", "normal", "big", "vector", "nothing", ""].randomElement(using: &g)!
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

    @Test("a change that would list its element in the same cells the same way keeps its entries: the tables of listing them again", arguments: 0..<4)
    func keptEntriesMatchEntriesListedAgain(seed: Int) throws {
        let folder = try EngineFixtures.ImageFolder("keptEntries\(seed)")
        try LiveScenePropertyTests.drawImages(in: folder)
        // Art that leaves cells empty: solid on its left half only, and clear everywhere.
        _ = try folder.image("left.png", width: 16, height: 16) { x, _ in x < 8 ? 255 : 0 }
        _ = try folder.image("clear.png", width: 16, height: 16) { _, _ in 0 }
        var g = SplitMix(seed: UInt64(seed) &* 7_919 &+ 3)
        var layout = LiveScenePropertyTests.layout(&g, folder: folder.url.path)
        layout.canvas = Size(width: 190, height: 190)
        for place in layout.places().values where !layout[place].states.isEmpty {
            layout[place].states["left"] = .file("left.png")
            layout[place].states["clear"] = .file("clear.png")
        }
        var kept = try Self.scene(layout)
        var listed = kept
        listed.keepsSameEntries = false
        let leaves = layout.leafIDs
        var (switched, switchesKept) = (0, 0)
        for step in 0..<300 {
            let id = leaves.randomElement(using: &g)!
            switch Int.random(in: 0..<4, using: &g) {
            case 0, 1:
                let state = ["on", "normal", "big", "left", "clear", "nothing"].randomElement(using: &g)!
                let keptBefore = kept.entriesKept
                let done = kept.setStateInPlace(id, state)
                #expect(done == listed.setStateInPlace(id, state), "step \(step): \(id) to \(state)")
                if done { (switched, switchesKept) = (switched + 1, switchesKept + kept.entriesKept - keptBefore) }
            case 2:
                let change = LayoutChange.update(id: id) { $0.isHidden.toggle() }
                #expect(kept.applyInPlace(change) == listed.applyInPlace(change), "step \(step): \(id) hidden or shown")
            default:
                // Anywhere, or a nudge: mostly the same cells, the box at other 256ths of them.
                let (x, y) = (g.next(in: -20...180).rounded(), g.next(in: -20...180).rounded())
                let nudge = Bool.random(using: &g)
                let change = LayoutChange.update(id: id) { nudge ? ($0.frame.x += 1) : (($0.frame.x, $0.frame.y) = (x, y)) }
                #expect(kept.applyInPlace(change) == listed.applyInPlace(change), "step \(step): \(id) moved")
            }
            try Self.expectSameTables(kept.tables, listed.tables, step: step)
        }
        #expect(listed.entriesKept == 0)
        // Both ways taken: switches that kept their entries, and switches that listed them again.
        #expect(switchesKept >= 20, "state switches that kept their entries (\(switchesKept) of \(switched))")
        #expect(switched - switchesKept >= 20, "state switches that listed their entries again (\(switched - switchesKept) of \(switched))")
    }

    /// The scene of `layout`'s first engine, as a scene builds it: the images it read are the
    /// scene's to look up.
    private static func scene(_ layout: Layout) throws -> LiveScene {
        let cache = ImageCache()
        var builder = EngineBuilder(layout: layout, cache: cache)
        let engine = HitTester(storage: try builder.build { _, _ in nil })
        let count = engine.storage.ids.count
        return LiveScene(
            engine: engine, layout: layout, numbers: (0..<count).map(Int32.init), nextNumber: Int32(count),
            sources: builder.loadedSources, cache: cache)
    }

    /// Every record, slot, cell and overflow entry of `a` and `b`, byte for byte.
    private static func expectSameTables(_ a: LiveTables, _ b: LiveTables, step: Int) throws {
        try #require(a.hot.count == b.hot.count && a.details.count == b.details.count && a.transforms.count == b.transforms.count)
        for slot in 0..<a.hot.count {
            #expect(a.hot[slot] == b.hot[slot], "hot record of slot \(slot), step \(step)")
            #expect(a.slots[slot] == b.slots[slot], "slot \(slot), step \(step)")
            #expect(a.element(atSlot: slot) == b.element(atSlot: slot), "element of slot \(slot), step \(step)")
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
