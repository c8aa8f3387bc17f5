@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// `HitScene` (`Docs/LiveScenes.md`): changes answered as a fresh build of the changed layout,
/// snapshots that stay as they were, batches seen whole, readers on other threads.
@Suite("Live scenes")
struct HitSceneTests {
    private static func box(_ id: String, x: Double, _ children: [Element] = []) -> Element {
        Element(id: id, frame: Rect(x: x, y: 0, width: 10, height: 10), children: children)
    }

    /// `a` at x 0 (holding `a1`), `b` at x 20.
    private static func scene() throws -> HitScene {
        try HitScene(layout: Layout(elements: [box("a", x: 0, [box("a1", x: 2)]), box("b", x: 20)]), cache: ImageCache())
    }

    @Test("after a change, the scene answers what a fresh build of the changed layout answers")
    func changesAnswerAsAFreshBuild() throws {
        let scene = try Self.scene()
        try scene.setFrame("b", Rect(x: 0, y: 0, width: 40, height: 10))
        try scene.setHidden("a1", true)
        try scene.apply(.add(Self.box("c", x: 30), parent: nil, index: 0))
        // Written out by hand: c (back), a, b (front), a1 hidden.
        let fresh = try HitTester(layout: Layout(elements: [
            Self.box("c", x: 30), Self.box("a", x: 0, [{ var e = Self.box("a1", x: 2); e.isHidden = true; return e }()]),
            Element(id: "b", frame: Rect(x: 0, y: 0, width: 40, height: 10)),
        ]), cache: ImageCache())
        for x in stride(from: -1.0, through: 45, by: 0.5) {
            let point = Point(x: x, y: 5)
            #expect(scene.snapshot.hit(at: point)?.path == fresh.hit(at: point)?.path, "at \(x)")
        }
    }

    @Test("an element keeps its index while it exists; a removed element's index is never given again")
    func indicesLast() throws {
        let scene = try Self.scene()
        func index(_ id: String) -> Int32? { scene.snapshot.element(withID: id)?.rawValue }
        // The first layout's numbers are its pre-order positions: a 0, a1 1, b 2.
        #expect(["a", "a1", "b"].map(index) == [0, 1, 2])
        try scene.apply(.move(id: "b", parent: .topLevel, index: 0))
        try scene.apply(.add(Self.box("c", x: 40, [Self.box("c1", x: 1)]), parent: "a", index: 0))
        try scene.apply(.remove(id: "a1"))
        try scene.apply(.add(Self.box("a1", x: 2), parent: nil, index: nil))
        // Pre-order now: b, a, c, c1, a1; c and c1 took 3 and 4, and a1 is new again: 5.
        let snapshot = scene.snapshot
        #expect(snapshot.elements.map { snapshot.id(of: $0) } == ["b", "a", "c", "c1", "a1"])
        #expect(snapshot.elements.map(\.rawValue) == [2, 0, 3, 4, 5])
        #expect(snapshot.hit(at: Point(x: 21, y: 5))?.element.rawValue == 2)
        #expect(snapshot.parent(of: ElementIndex(rawValue: 4)) == ElementIndex(rawValue: 3))
        #expect(snapshot.children(of: ElementIndex(rawValue: 0)).map(\.rawValue) == [3])
        #expect(snapshot.id(of: ElementIndex(rawValue: 5)) == "a1")
    }

    @Test("an added subtree nested deeper than the limit is refused with the build's problems, before anything walks it")
    func tooDeepAdds() throws {
        let scene = try Self.scene()
        // A chain four times the limit deep, under a (depth 1). (Far deeper, the value's own
        // deallocation would exhaust the stack, whoever made it.)
        var chain = Self.box("d0", x: 0)
        for level in 1..<1000 { chain = Self.box("d\(level)", x: 0, [chain]) }
        let error = try #require(throws: LayoutChangeError.self) { try scene.apply(.add(chain, parent: "a", index: 0)) }
        guard case .invalid(let invalid) = error else { Issue.record("\(error)"); return }
        // The element at depth 256 is elements[0] and 255 levels of children below it.
        let expected = "elements[0]" + String(repeating: ".children[0]", count: Layout.maximumDepth - 1) + ".children"
        #expect(invalid.problems.map(\.path) == [expected])
        // The same problems a fresh build of the changed layout reports.
        let changed = Layout(elements: [Self.box("a", x: 0, [chain, Self.box("a1", x: 2)]), Self.box("b", x: 20)])
        #expect(throws: LayoutError(problems: invalid.problems)) { try HitTester(layout: changed, cache: ImageCache()) }
        #expect(invalid.problems.first?.message == LayoutProblem.nestingTooDeep(at: .root).message)
        #expect(scene.layout.allIDs == ["a", "a1", "b"])
        // Exactly at the limit it is accepted.
        var fits = Self.box("f0", x: 0)
        for level in 1..<(Layout.maximumDepth - 1) { fits = Self.box("f\(level)", x: 0, [fits]) }
        try scene.apply(.add(fits, parent: "a", index: 0))
        #expect(scene.layout.allIDs.count == 3 + Layout.maximumDepth - 1)
    }

    @Test("a snapshot stays as it was while the scene goes on")
    func snapshotsStay() throws {
        let scene = try Self.scene()
        let before = scene.snapshot
        try scene.apply(.remove(id: "a"))
        try scene.setFrame("b", Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(before.hit(at: Point(x: 3, y: 3))?.id == "a1")
        #expect(before.hit(at: Point(x: 25, y: 5))?.id == "b")
        #expect(scene.snapshot.hit(at: Point(x: 3, y: 3))?.id == "b")
        #expect(scene.snapshot.hit(at: Point(x: 25, y: 5)) == nil)
    }

    @Test("a batch is applied as one: when a change in it is refused, none is applied")
    func batchesAreWhole() throws {
        let scene = try Self.scene()
        #expect(throws: LayoutChangeError.unknownID("zz")) {
            try scene.apply([.remove(id: "a"), .remove(id: "zz")])
        }
        #expect(scene.snapshot.hit(at: Point(x: 1, y: 5))?.id == "a")
        #expect(scene.layout.elements.map(\.id) == ["a", "b"])
    }

    @Test("a long batch (which finds its updates in a table of places) makes the layout the same changes one by one make")
    func longBatches() throws {
        var g = SplitMix(seed: 9)
        let scene = try HitScene(layout: Layout(elements: (0..<6).map { Self.box("r\($0)", x: Double($0) * 20, [Self.box("c\($0)", x: 1)]) }), cache: ImageCache())
        var model = scene.layout
        var added = 0
        for _ in 0..<5 {
            let ids = model.allIDs
            let changes: [LayoutChange] = (0..<HitScene.placeTableBatch + 4).map { step in
                let id = ids[Int(g.next(in: 0...Double(ids.count) - 0.01))]
                switch step % 7 {
                case 3:
                    added += 1
                    return .add(Self.box("n\(added)", x: g.next(in: 0...100)), parent: id.hasPrefix("r") ? id : nil, index: 0)
                case 5: return .move(id: id.hasPrefix("c") ? id : "r0", parent: .topLevel, index: 0)
                default:
                    let x = g.next(in: 0...100)
                    return .update(id: id) { $0.frame.x = x }
                }
            }
            try scene.apply(changes)
            for change in changes { try model.apply(change) }
            #expect(scene.layout == model)
        }
        let before = scene.layout
        #expect(throws: LayoutChangeError.unknownID("zz")) {
            try scene.apply((0..<HitScene.placeTableBatch).map { _ in .update(id: "r1") { $0.frame.y = 5 } } + [.update(id: "zz") { _ in }])
        }
        #expect(scene.layout == before)
    }

    @Test("a change the layout rules refuse changes nothing and says why at the changed layout's path")
    func invalidChanges() throws {
        let scene = try Self.scene()
        let error = try #require(throws: LayoutChangeError.self) { try scene.setFrame("a1", Rect(x: 0, y: 0, width: -1, height: 1)) }
        guard case .invalid(let invalid) = error else { Issue.record("\(error)"); return }
        #expect(invalid.problems.map(\.description) == ["elements[0].children[0].frame.width: must be a finite number ≥ 0"])
        #expect(scene.snapshot.hit(at: Point(x: 3, y: 3))?.id == "a1")
    }

    @Test("readers on other threads see each batch whole, never a mix, while one thread changes the scene")
    func readersNeverSeeAMix() throws {
        // Each batch swaps a and b; at every moment exactly one of them is under (5, 5) and the
        // other under (25, 5).
        let scene = try HitScene(layout: Layout(elements: [Self.box("a", x: 0), Self.box("b", x: 20)]), cache: ImageCache())
        let done = Locked(false)
        let mixes = Locked(0), reads = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                var seen = 0
                while !done.withLock({ $0 }) || seen == 0 {
                    let engine = scene.snapshot
                    let left = engine.hit(at: Point(x: 5, y: 5))?.id, right = engine.hit(at: Point(x: 25, y: 5))?.id
                    if !((left == "a" && right == "b") || (left == "b" && right == "a")) { mixes.withLock { $0 += 1 } }
                    seen += 1
                }
                reads.withLock { $0 += seen }
                group.leave()
            }.start()
        }
        var aLeft = true
        for _ in 0..<200 {
            aLeft.toggle()
            try scene.apply([
                .update(id: "a") { [aLeft] in $0.frame.x = aLeft ? 0 : 20 },
                .update(id: "b") { [aLeft] in $0.frame.x = aLeft ? 20 : 0 },
            ])
        }
        done.withLock { $0 = true }
        group.wait()
        #expect(mixes.withLock { $0 } == 0)
        #expect(reads.withLock { $0 } >= 2)
        #expect(scene.snapshot.hit(at: Point(x: 5, y: 5))?.id == "a")
    }

    @Test("readers on other threads see each change made in place whole, and a held snapshot never changes")
    func readersNeverSeeAHalfChange() throws {
        // One change at a time moves a between x 0 and x 20: at every moment exactly one of (5, 5)
        // and (25, 5) is on it; a snapshot a reader holds answers as it did when taken.
        let scene = try HitScene(layout: Layout(elements: [Self.box("a", x: 0), Self.box("b", x: 50)]), cache: ImageCache())
        let done = Locked(false)
        let mixes = Locked(0), changedUnderfoot = Locked(0), reads = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                var seen = 0
                var held: (engine: HitTester, left: ElementIndex?)?
                while !done.withLock({ $0 }) || seen == 0 {
                    let engine = scene.snapshot
                    let left = engine.elementIndex(at: Point(x: 5, y: 5)), right = engine.elementIndex(at: Point(x: 25, y: 5))
                    if (left == nil) == (right == nil) { mixes.withLock { $0 += 1 } }
                    if let held, held.engine.elementIndex(at: Point(x: 5, y: 5)) != held.left { changedUnderfoot.withLock { $0 += 1 } }
                    if seen % 7 == 0 { held = (engine, left) }
                    seen += 1
                }
                reads.withLock { $0 += seen }
                group.leave()
            }.start()
        }
        for step in 0..<2000 { try scene.setFrame("a", Rect(x: step % 2 == 0 ? 20 : 0, y: 0, width: 10, height: 10)) }
        done.withLock { $0 = true }
        group.wait()
        #expect(scene.changesMadeInPlace == 2000)
        #expect(mixes.withLock { $0 } == 0)
        #expect(changedUnderfoot.withLock { $0 } == 0)
        #expect(reads.withLock { $0 } >= 2)
        #expect(scene.snapshot.elementIndex(at: Point(x: 5, y: 5)) == ElementIndex(rawValue: 0))
    }

    @Test("a snapshot's first near miss, on several threads at once, builds its engine and snaps as a fresh build does")
    func firstNearMissOfASnapshot() throws {
        let scene = try HitScene(layout: Layout(elements: [Self.box("gone", x: 200), Self.box("a", x: 0), Self.box("b", x: 30)]), cache: ImageCache())
        // Made in place, so the snapshot has no engine at hand: its first near miss builds one, in
        // which a and b stand at positions 0 and 1 while the scene numbers them 1 and 2.
        try scene.apply(.remove(id: "gone"))
        try scene.setFrame("b", Rect(x: 40, y: 0, width: 10, height: 10))
        #expect(scene.changesMadeInPlace == 2)
        let snapshot = scene.snapshot
        #expect(snapshot.live?.hasEngine == false)
        let fresh = try HitTester(
            layout: Layout(elements: [Self.box("a", x: 0), Element(id: "b", frame: Rect(x: 40, y: 0, width: 10, height: 10))]), cache: ImageCache())
        let points = stride(from: -20.0, through: 70, by: 0.75).map { Point(x: $0, y: 5 + $0.truncatingRemainder(dividingBy: 7)) }
        let answers = Locked([[String?]]())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let mine = points.map { point in snapshot.elementIndex(at: point, tolerance: 12).map { snapshot.id(of: $0) } }
            answers.withLock { $0.append(mine) }
        }
        let expected = points.map { point in fresh.elementIndex(at: point, tolerance: 12).map { fresh.id(of: $0) } }
        #expect(answers.withLock { $0.count == 4 && $0.allSatisfy { $0 == expected } })
        // By hand: a spans x 0..<10 and b 40..<50; x 20 is 10 points from a, x 31 is 9 from b, x 25
        // is 15 from both, beyond the tolerance.
        #expect(snapshot.elementIndex(at: Point(x: 20, y: 5), tolerance: 12) == ElementIndex(rawValue: 1))
        #expect(snapshot.elementIndex(at: Point(x: 31, y: 5), tolerance: 12) == ElementIndex(rawValue: 2))
        #expect(snapshot.elementIndex(at: Point(x: 20, y: 5), tolerance: 12).map { snapshot.id(of: $0) } == "a")
        #expect(snapshot.elementIndex(at: Point(x: 31, y: 5), tolerance: 12).map { snapshot.id(of: $0) } == "b")
        #expect(snapshot.elementIndex(at: Point(x: 25, y: 5), tolerance: 12) == nil)
        #expect(snapshot.hit(at: Point(x: 31, y: 5), tolerance: 12)?.id == "b")
        #expect(snapshot.live?.hasEngine == true)
    }

    @Test("setTransform and setState change the tested geometry and image")
    func fastPaths() throws {
        let folder = try EngineFixtures.ImageFolder()
        try folder.image("left.png", width: 10, height: 10) { x, _ in x < 5 ? 255 : 0 }
        try folder.image("right.png", width: 10, height: 10) { x, _ in x >= 5 ? 255 : 0 }
        let scene = try HitScene(layout: Layout(elements: [
            Element(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10), image: "left.png", states: ["on": .file("right.png")]),
        ], imageDirectory: folder.url.path), cache: ImageCache())
        #expect(scene.snapshot.hit(at: Point(x: 2, y: 5))?.id == "b")
        try scene.setState("b", "on")
        #expect(scene.snapshot.hit(at: Point(x: 2, y: 5)) == nil && scene.snapshot.hit(at: Point(x: 7, y: 5))?.id == "b")
        // A half turn about the centre puts the right half's pixels on the left.
        try scene.setTransform("b", ElementTransform(rotationDegrees: 180))
        #expect(scene.snapshot.hit(at: Point(x: 2, y: 5))?.id == "b")
        try scene.setTransform("b", nil)
        #expect(scene.snapshot.hit(at: Point(x: 2, y: 5)) == nil)
    }
}
