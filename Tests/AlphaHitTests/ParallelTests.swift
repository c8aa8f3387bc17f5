@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// `threads` means at most that many threads, in every batch (Swift, C and Python all go through
/// `Parallel.forEach(_:workers:_:)`).
@Suite("Parallel batches")
struct ParallelTests {
    /// The distinct threads that ran `body`'s calls.
    static func threadsUsed(count: Int, workers: Int) -> (threads: Int, calls: [Int]) {
        let seen = Locked(Set<UInt>())
        let calls = Locked([Int](repeating: 0, count: count))
        Parallel.forEach(count, workers: workers) { index in
            seen.withLock { _ = $0.insert(UInt(pthread_self())) }
            calls.withLock { $0[index] += 1 }
            // Long enough that a pool wider than asked would be seen.
            usleep(200)
        }
        return (seen.withLock { $0.count }, calls.withLock { $0 })
    }

    @Test("at most `workers` threads run the calls, and every index is called exactly once", arguments: [1, 2, 3, 8])
    func atMostWorkers(workers: Int) {
        let (threads, calls) = Self.threadsUsed(count: 200, workers: workers)
        #expect(threads >= 1 && threads <= workers, "\(threads) threads for \(workers) workers")
        #expect(calls == [Int](repeating: 1, count: 200))
    }

    @Test("a batch answers the same on any number of threads")
    func batchesAgree() throws {
        let engine = try HitTester(contentsOfLayoutFile: Fixtures.packageRoot.appendingPathComponent("Samples/large/layout.json").path)
        var random = SplitMix(seed: 21)
        let points = (0..<40_000).map { _ in Point(x: random.next(in: 0...2200), y: random.next(in: 0...2400)) }
        let single = points.map { engine.elementIndex(at: $0) }
        for threads in [0, 1, 2, 3] {
            #expect(engine.elementIndices(at: points, threads: threads) == single, "threads \(threads)")
        }
    }
}
