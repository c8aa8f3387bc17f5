@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// Many threads at once: resolving against shared engines while others build engines, evict and
/// reload a tiny cache, and rewrite the images on disk. Run under `--sanitize=thread` too.
@Suite("Concurrency under load")
struct ConcurrencyStressTests {
    /// The work the test does before it stops, whatever time it takes.
    static let builds = 200, queries = 2_000_000, rewrites = 600

    /// A 32 × 32 image solid on its left half (version A) or its right half (version B).
    static func art(leftSolid: Bool) throws -> [UInt8] {
        try Fixtures.rgbaPNG(width: 32, height: 32) { x, _ in (90, 90, 90, (x < 16) == leftSolid ? 255 : 0) }
    }

    static func layout(in folder: URL, extra: Int? = nil) -> Layout {
        var elements = [
            Element(id: "back", frame: Rect(x: 0, y: 0, width: 64, height: 64), shape: .ellipse),
            Element(id: "art", frame: Rect(x: 0, y: 0, width: 64, height: 64), image: "art.png"),
        ]
        if let extra { elements.append(Element(id: "noise", frame: Rect(x: 200, y: 200, width: 8, height: 8), image: "noise\(extra).png")) }
        return Layout(elements: elements, imageDirectory: folder.path)
    }

    @Test("every answer under load equals the single-threaded engine's for the same file version; the cache stays within budget")
    func stress() throws {
        let root = try Fixtures.temporaryDirectory()
        let live = root.appendingPathComponent("live"), referenceA = root.appendingPathComponent("a"), referenceB = root.appendingPathComponent("b")
        for folder in [live, referenceA, referenceB] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let versionA = try Self.art(leftSolid: true), versionB = try Self.art(leftSolid: false)
        try Fixtures.write(versionA, to: referenceA.appendingPathComponent("art.png").path)
        try Fixtures.write(versionB, to: referenceB.appendingPathComponent("art.png").path)
        try Fixtures.write(versionA, to: live.appendingPathComponent("art.png").path)
        for i in 0..<4 {
            try Fixtures.write(Fixtures.rgbaPNG(width: 32, height: 32) { x, y in (0, 0, 0, UInt8((x * y + i) % 256)) }, to: live.appendingPathComponent("noise\(i).png").path)
        }

        let engineA = try HitTester(layout: Self.layout(in: referenceA), cache: ImageCache())
        let engineB = try HitTester(layout: Self.layout(in: referenceB), cache: ImageCache())
        var random = SplitMix(seed: 11)
        let points = (0..<2000).map { _ in Point(x: random.next(in: -5...70), y: random.next(in: -5...70)) }
        let expectedA = points.map { engineA.hit(at: $0)?.id }, expectedB = points.map { engineB.hit(at: $0)?.id }
        #expect(zip(expectedA, expectedB).filter { $0 != $1 }.count > 300, "the versions must disagree somewhere")

        // About two images' worth: every build of the other layouts evicts something.
        let imageBytes = 32 * 32
        let cache = ImageCache(byteBudget: imageBytes * 2 + 100)
        struct Shared {
            var engines: [(HitTester, Bool)] = []
            var stop = false
            var builds = 0, queries = 0, mismatches = 0, tornEngines = 0, rewrites = 0, overBudget = 0
        }
        let shared = Locked(Shared())
        shared.withLock { $0.engines = [(engineA, true), (engineB, false)] }
        @Sendable func running() -> Bool { !shared.withLock { $0.stop } }

        let group = DispatchGroup()
        @Sendable func spawn(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        let liveArt = live.appendingPathComponent("art.png").path
        spawn {
            var useA = false
            var count = 0
            while running() {
                let staging = live.appendingPathComponent("staging-\(count).png").path
                try? Data(useA ? versionA : versionB).write(to: URL(fileURLWithPath: staging))
                rename(staging, liveArt)  // atomic: readers see one version or the other, never a torn file
                useA.toggle()
                count += 1
                shared.withLock { $0.rewrites = count }
                usleep(500)
            }
        }
        for builder in 0..<2 {
            spawn {
                var round = 0
                while running() {
                    round += 1
                    guard let engine = try? HitTester(layout: Self.layout(in: live, extra: (builder * 2 + round) % 4), cache: cache) else {
                        shared.withLock { $0.tornEngines += 1 }
                        continue
                    }
                    let answers = points.prefix(400).map { engine.hit(at: $0)?.id }
                    let isA = answers == Array(expectedA.prefix(400)), isB = answers == Array(expectedB.prefix(400))
                    shared.withLock { state in
                        state.builds += 1
                        if !isA && !isB {
                            state.tornEngines += 1
                        } else {
                            state.engines.append((engine, isA))
                            if state.engines.count > 6 { state.engines.remove(at: 2) }
                        }
                    }
                    _ = cache.statistics
                }
            }
        }
        for resolver in 0..<8 {
            spawn {
                var local = SplitMix(seed: UInt64(resolver))
                while running() {
                    let (engine, isA) = shared.withLock { $0.engines[Int(local.next() % UInt64($0.engines.count))] }
                    let expected = isA ? expectedA : expectedB
                    var mismatches = 0
                    let start = Int(local.next() % 1500)
                    if resolver % 2 == 0 {
                        for i in start..<start + 500 where engine.elementIndex(at: points[i]).map({ engine.id(of: $0) }) != expected[i] { mismatches += 1 }
                    } else {
                        let batch = engine.elementIndices(at: Array(points[start..<start + 500]))
                        for (offset, answer) in batch.enumerated() where answer.map({ engine.id(of: $0) }) != expected[start + offset] { mismatches += 1 }
                    }
                    shared.withLock {
                        $0.queries += 500
                        $0.mismatches += mismatches
                    }
                }
            }
        }
        spawn {
            while running() {
                // Never more than the budget: an image larger than the whole budget is not kept.
                if cache.statistics.bytesHeld > cache.byteBudget { shared.withLock { $0.overBudget += 1 } }
                usleep(200)
            }
        }
        // A fixed amount of work, however slow the machine (a sanitizer, a loaded runner): no
        // wall-clock window, no throughput required.
        while !shared.withLock({ $0.builds >= Self.builds && $0.queries >= Self.queries && $0.rewrites >= Self.rewrites }) { usleep(10_000) }
        shared.withLock { $0.stop = true }
        group.wait()

        let result = shared.withLock { $0 }
        print("stress: \(result.queries) queries, \(result.builds) engines built, \(result.rewrites) rewrites, evictions \(cache.statistics.evictions)")
        #expect(result.mismatches == 0)
        #expect(result.tornEngines == 0)
        #expect(result.overBudget == 0)
        #expect(cache.statistics.evictions > 0)
    }
}
