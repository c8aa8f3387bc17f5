import Dispatch
import Synchronization

/// Independent pieces of work spread over the cores, for the few build steps that are both large
/// and easily split (decoding a large layout's elements, pruning its grid).
package enum Parallel {
    /// Calls `body(i)` for every `i` in `0..<count`, as many at a time as there are cores, and
    /// returns when all are done. The calls must not write anything another call reads or writes:
    /// that is the caller's promise, which is why this is not `public`.
    package static func forEach(_ count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            DispatchQueue.concurrentPerform(iterations: count) { work($0) }
        }
    }

    /// Calls `body(i)` for every `i` in `0..<count` on at most `workers` threads at once (the
    /// calling thread among them): each worker takes the next index until none is left, so a
    /// batch asked to use two threads never runs on eight. `workers` ≤ 1 runs everything here.
    package static func forEach(_ count: Int, workers: Int, _ body: (Int) -> Void) {
        let workers = min(max(1, workers), count)
        guard workers > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        let next = Atomic<Int>(0)
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            // concurrentPerform runs at most `workers` iterations at once, each one a worker.
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    work(index)
                }
            }
        }
    }

    /// `(0..<count).map(body)`, the calls made as ``forEach(_:_:)`` makes them.
    package static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            nonisolated(unsafe) let slots = base
            forEach(count) { index in (slots + index).initialize(to: body(index)) }
            initialized = count
        }
    }
}
