import AlphaHit

/// Live scenes (issue 23): changes to the 10,000-element generated layout through `HitScene`, and
/// the lookup, `hit(at:)` and the near miss after many changes against a fresh build of the same
/// final layout.
///
/// A sample of `live/move` and `live/state` is 100,000 changes (the count the targets amortise
/// over), of `live/add-remove` 10,000 pairs; the ids are picked from the layout as it was built
/// (its rows and buttons stay), so that making the layout again is not part of the time. The
/// 100,000 changes before `live/resolve-after-changes` are applied in batches of 1,000.
enum LiveBenchmarks {
    static func declare(_ fixtures: BenchFixtures, figures: FigureSink) -> [Benchmark] {
        let size = fixtures.quick ? 1000 : 10_000
        let art = Lazy { try fixtures.buttonArt() }
        func scene() throws -> (HitScene, GeneratedLayout) {
            let generated = GeneratedLayout(count: size, images: try art.get(), imageDirectory: fixtures.folder.path)
            return (try HitScene(layout: withStates(generated.layout, art: try art.get()), cache: ImageCache()), generated)
        }
        let changes = fixtures.quick ? 1000 : 100_000
        let hits = fixtures.quick ? 2000 : 100_000, misses = hits
        let afterChanges = Lazy { () throws -> (scene: HitTester, fresh: HitTester, points: [Point]) in
            let (scene, generated) = try scene()
            var mix = ChangeMix(random: SeededRandom(state: 23), rows: generated.layout.elements.count, width: generated.width, height: generated.height, image: try art.get()[0])
            let total = fixtures.quick ? 1000 : 100_000
            for _ in 0..<total / 1000 {
                let layout = scene.layout
                try scene.apply((0..<1000).map { _ in mix.change(layout) })
            }
            let (snapshot, fresh) = (scene.snapshot, try HitTester(layout: scene.layout, cache: ImageCache()))
            figures.values["live/resolve-after-changes/n\(size)/bytes-ratio"] = Double(snapshot.engineByteCount) / Double(fresh.engineByteCount)
            return (snapshot, fresh, mix.random.points(fixtures.quick ? 20_000 : 1_000_000, width: generated.width, height: generated.height))
        }
        // Taps that miss everything in the changed scene, each snapped by a tolerance of 12 points:
        // the snapshot's near miss, against the same on a fresh build of its layout.
        let missesAfterChanges = Lazy { () throws -> (scene: HitTester, fresh: HitTester, misses: [Point]) in
            let (scene, fresh, _) = try afterChanges.get()
            let canvas = fresh.canvas ?? Size(width: 1, height: 1)
            var (random, found) = (SeededRandom(state: 24), [Point]())
            while found.count < misses {
                found += random.points(65_536, width: canvas.width, height: canvas.height).lazy.filter { fresh.elementIndex(at: $0) == nil }.prefix(misses - found.count)
            }
            // Each tolerance index is built by its first search: not part of what is timed.
            _ = (scene.elementIndex(at: found[0], tolerance: 12), fresh.elementIndex(at: found[0], tolerance: 12))
            return (scene, fresh, found)
        }
        return [
            Benchmark(name: "live/move/n\(size)", unit: "change", operations: changes, baseline: "cache/build-warm") {
                let (scene, generated) = try scene()
                var random = SeededRandom(state: 1)
                return {
                    for _ in 0..<changes { try! scene.setFrame(randomButton(&random, generated.layout), randomFrame(&random)) }
                    return UInt64(scene.changesMadeInPlace)
                }
            },
            Benchmark(name: "live/frame/n\(size)", unit: "frame", operations: 1) {
                let (scene, generated) = try scene()
                var random = SeededRandom(state: 2)
                let layout = generated.layout
                return {
                    // One frame: its 1,000 moves applied as one batch, then 1,000 taps on the result.
                    try! scene.setFrames((0..<1000).map { _ in (randomButton(&random, layout), randomFrame(&random)) })
                    let engine = scene.snapshot
                    var sum: UInt64 = 0
                    for point in random.points(1000, width: generated.width, height: generated.height) {
                        sum &+= ResolutionBenchmarks.checksum(engine.elementIndex(at: point))
                    }
                    return sum
                }
            },
            Benchmark(name: "live/state/n\(size)", unit: "change", operations: changes) {
                let (scene, generated) = try scene()
                var random = SeededRandom(state: 3)
                var down = false
                return {
                    for _ in 0..<changes {
                        down.toggle()
                        try! scene.setState(randomButton(&random, generated.layout), down ? "down" : Element.normalState)
                    }
                    return UInt64(scene.changesMadeInPlace)
                }
            },
            Benchmark(name: "live/add-remove/n\(size)", unit: "pair", operations: changes / 10) {
                let (scene, generated) = try scene()
                let image = try art.get()[0]
                var random = SeededRandom(state: 4)
                return {
                    for _ in 0..<changes / 10 {
                        let button = Element(
                            id: "added", frame: Rect(x: random.unit(generated.width), y: random.unit(generated.height), width: 32, height: 32),
                            image: image)
                        try! scene.apply(.add(button, parent: nil, index: nil))
                        try! scene.apply(.remove(id: "added"))
                    }
                    return UInt64(scene.changesMadeInPlace)
                }
            },
            Benchmark(name: "live/resolve-after-changes/n\(size)/fresh", unit: "point", operations: fixtures.quick ? 20_000 : 1_000_000) {
                let (_, fresh, points) = try afterChanges.get()
                return ResolutionBenchmarks.resolve(fresh, points)
            },
            Benchmark(
                name: "live/resolve-after-changes/n\(size)", unit: "point", operations: fixtures.quick ? 20_000 : 1_000_000,
                baseline: "live/resolve-after-changes/n\(size)/fresh"
            ) {
                let (scene, _, points) = try afterChanges.get()
                return ResolutionBenchmarks.resolve(scene, points)
            },
            Benchmark(name: "live/hit/n\(size)/fresh", unit: "point", operations: hits) {
                let (_, fresh, points) = try afterChanges.get()
                return hitChecksum(fresh, points.prefix(hits))
            },
            Benchmark(name: "live/hit/n\(size)", unit: "point", operations: hits, baseline: "live/hit/n\(size)/fresh") {
                let (scene, _, points) = try afterChanges.get()
                // The snapshot's engine is built by its first such query: not part of what is timed.
                _ = scene.hit(at: points[0])
                return hitChecksum(scene, points.prefix(hits))
            },
            Benchmark(name: "live/near-miss12/n\(size)/fresh", unit: "point", operations: misses) {
                let (_, fresh, misses) = try missesAfterChanges.get()
                return ResolutionBenchmarks.resolve(fresh, misses, tolerance: 12)
            },
            Benchmark(
                name: "live/near-miss12/n\(size)", unit: "point", operations: misses,
                baseline: "live/near-miss12/n\(size)/fresh"
            ) {
                let (scene, _, misses) = try missesAfterChanges.get()
                return ResolutionBenchmarks.resolve(scene, misses, tolerance: 12)
            },
        ]
    }

    /// `hit(at:)` at each of `points`, summed by element index (−1 for none).
    static func hitChecksum(_ engine: HitTester, _ points: ArraySlice<Point>) -> () -> UInt64 {
        let points = Array(points)
        return { points.reduce(0 as UInt64) { $0 &+ UInt64(bitPattern: Int64(engine.hit(at: $1)?.element.rawValue ?? -1)) } }
    }

    /// Every button with a second state, "down", drawn with the next kind of art.
    static func withStates(_ layout: Layout, art: [String]) -> Layout {
        var layout = layout
        for row in layout.elements.indices {
            for column in layout.elements[row].children.indices {
                let button = layout.elements[row].children[column]
                let next = art[((art.firstIndex(of: button.image ?? "") ?? 0) + 1) % art.count]
                layout.elements[row].children[column].states = ["down": .file(next)]
            }
        }
        return layout
    }

    /// A random button's id: the first `rows` top-level elements are the rows, which hold the
    /// buttons `b<row>-<column>` (elements added later come after them).
    static func randomButton(_ random: inout SeededRandom, _ layout: Layout, rows: Int? = nil) -> String {
        let row = layout.elements[random.below(rows ?? layout.elements.count)]
        return row.children.isEmpty ? row.id : row.children[random.below(row.children.count)].id
    }

    /// A new place for a 32-point button in its row's space.
    static func randomFrame(_ random: inout SeededRandom) -> Rect {
        Rect(x: random.unit(200), y: random.unit(16) - 8, width: 32, height: 32)
    }

}

/// The changes `live/resolve-after-changes` mixes: half moves, then state switches, hides and
/// shows, and 32-point buttons added at the top level and removed again (about as many of each).
struct ChangeMix {
    var random: SeededRandom
    let rows: Int
    let width: Double, height: Double
    let image: String
    private var added: [String] = []
    private var next = 0

    init(random: SeededRandom, rows: Int, width: Double, height: Double, image: String) {
        (self.random, self.rows, self.width, self.height, self.image) = (random, rows, width, height, image)
    }

    /// A change on `layout` as it was before the batch: rows and their buttons are never removed,
    /// and only buttons this mix added are.
    mutating func change(_ layout: Layout) -> LayoutChange {
        let id = LiveBenchmarks.randomButton(&random, layout, rows: rows)
        switch random.below(20) {
        case 0..<10:
            let frame = LiveBenchmarks.randomFrame(&random)
            return .update(id: id) { $0.frame = frame }
        case 10..<14:
            let state = random.below(2) == 0 ? "down" : Element.normalState
            return .update(id: id) { $0.state = state }
        case 14..<17:
            let hidden = random.below(2) == 0
            return .update(id: id) { $0.isHidden = hidden }
        default:
            if !added.isEmpty && random.below(2) == 0 {
                return .remove(id: added.remove(at: random.below(added.count)))
            }
            next += 1
            added.append("added\(next)")
            return .add(
                Element(id: "added\(next)", frame: Rect(x: random.unit(width), y: random.unit(height), width: 32, height: 32), image: image),
                parent: nil, index: nil)
        }
    }
}

/// Figures a suite measures while preparing its benchmarks, for the targets table.
final class FigureSink {
    var values: [String: Double] = [:]
}
