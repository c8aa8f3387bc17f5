@testable import AlphaHit
@testable import AlphaHitEngine
import AlphaHitOutline
import Foundation
import Testing

/// Issue 24, a region after live-scene changes (`hittest region --changes SCRIPT [--diff]`): the
/// pixels to add and to subtract, found by resolving only where the changed elements reach, must
/// take the region before the changes to the region a fresh build of the changed layout has.
@Suite("Region changes")
struct RegionChangeTests {
    static func change(_ g: inout SplitMix, _ layout: Layout) -> LayoutChange {
        let id = layout.leafIDs.randomElement(using: &g)!
        switch Int.random(in: 0..<6, using: &g) {
        case 0, 1:
            let (x, y) = (g.next(in: -20...180).rounded(), g.next(in: -20...180).rounded())
            return .update(id: id) { ($0.frame.x, $0.frame.y) = (x, y) }
        case 2: return .update(id: id) { $0.isHidden.toggle() }
        case 3: return .update(id: id) { $0.state = ["normal", "on"].randomElement()! }
        case 4: return .remove(id: id)
        default: return .move(id: id, parent: .topLevel, index: 0)
        }
    }

    @Test("the change, applied to the region before, gives the region after, for every element and for one", arguments: 0..<6)
    func changeTakesBeforeToAfter(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 977 &+ 1)
        let layout = try LiveScenePropertyTests.canvasLayout(&g, name: "regionChange\(seed)", tolerance: seed % 2 == 1 ? 5 : nil)
        let scene = try HitScene(layout: layout, cache: ImageCache())
        let scale = [0.5, 1, 0.75][seed % 3]
        for _ in 0..<8 {
            let before = scene.snapshot
            let changes = (0..<Int.random(in: 1...4, using: &g)).map { _ in Self.change(&g, scene.layout) }
            var applied: [LayoutChange] = []
            for change in changes where (try? scene.apply(change)) != nil { applied.append(change) }
            let after = scene.snapshot
            let (old, new) = (try before.hitMap(scale: scale), try after.hitMap(scale: scale))
            let areas = RegionChange.areas(touchedBy: applied, before: before, after: after)
            let fresh = try HitTester(layout: scene.layout, cache: ImageCache())
            for element in [nil, after.elements[after.elements.startIndex]] as [ElementIndex?] {
                let diff = new.regionChange(from: old, within: areas, of: element)
                let wanted = try fresh.hitMap(scale: scale).region(of: element.map { fresh.element(withID: after.id(of: $0))! })
                #expect(old.region(of: element).applying(adding: diff.added, removing: diff.removed) == wanted, "seed \(seed)")
                // What is added was not there; what is taken away was.
                let previous = old.region(of: element)
                #expect(diff.added.rectangles.allSatisfy { r in !previous.contains(x: r.x, y: r.y) })
                #expect(diff.removed.rectangles.allSatisfy { r in previous.contains(x: r.x, y: r.y) })
            }
        }
    }

    @Test("a region's rows merge and subtract as sets of pixels")
    func rowsAsSets() {
        let region = BandedRegion(rows: [0: [0..<4, 3..<6, 8..<9], 1: [0..<6, 8..<9], 3: [2..<3]])
        #expect(region.rectangles.map { [$0.x, $0.y, $0.width, $0.height] } == [[0, 0, 6, 2], [8, 0, 1, 2], [2, 3, 1, 1]])
        let changed = region.applying(adding: BandedRegion(rows: [3: [3..<5]]), removing: BandedRegion(rows: [0: [1..<2], 1: [0..<9]]))
        #expect(changed.rectangles.map { [$0.x, $0.y, $0.width, $0.height] } == [[0, 0, 1, 1], [2, 0, 4, 1], [8, 0, 1, 1], [2, 3, 3, 1]])
    }

    @Test("hittest region --changes gives the changed layout's region; --diff what to add and subtract; a refused line prints nothing")
    func commandLine() throws {
        let folder = try Fixtures.temporaryDirectory()
        let layout = folder.appendingPathComponent("layout.json").path, script = folder.appendingPathComponent("changes.txt").path
        try Fixtures.write(Array(#"{"version": 1, "canvas": {"width": 40, "height": 20}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, {"id": "b", "frame": {"x": 20, "y": 0, "width": 10, "height": 10}}]}"#.utf8), to: layout)
        try Fixtures.write(Array("{\"set\": \"a\", \"frame\": {\"x\": 5, \"y\": 5, \"width\": 10, \"height\": 10}}\n{\"query\": [[1, 1]]}\n{\"remove\": \"b\"}\n".utf8), to: script)
        let after = try HitTestRunner.run(["region", layout, "--changes", script, "--format", "text"])
        #expect(after.status == 0 && after.text == "5 5 10 10\n", "\(after.standardError)")
        let diff = try HitTestRunner.run(["region", layout, "--changes", script, "--diff"])
        #expect(diff.text == #"{"scale":1,"width":40,"height":20,"add":[[10,5,5,5],[5,10,10,5]],"subtract":[[0,0,10,5],[20,0,10,5],[0,5,5,5],[20,5,10,5]]}"# + "\n")
        let text = try HitTestRunner.run(["region", layout, "--changes", script, "--diff", "--format", "text"])
        #expect(text.text.hasPrefix("+ 10 5 5 5\n+ 5 10 10 5\n- 0 0 10 5\n"))
        try Fixtures.write(Array("{\"remove\": \"nobody\"}\n".utf8), to: script)
        let refused = try HitTestRunner.run(["region", layout, "--changes", script, "--diff"])
        #expect(refused.status == 1 && refused.standardOutput.isEmpty && refused.standardError.contains("changes.txt:1:"))
        #expect(try HitTestRunner.run(["region", layout, "--diff"]).status == 2, "--diff needs --changes")
    }
}
