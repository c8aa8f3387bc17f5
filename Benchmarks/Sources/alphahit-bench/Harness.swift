#if canImport(Glibc)
import Glibc
#endif

/// One named measurement: `run` does `operations` operations and returns a value derived from
/// every answer, which the harness consumes so the optimiser cannot drop the work.
struct Benchmark {
    /// A stable identifier, compared across runs by other tooling.
    let name: String
    /// What one operation is, for the table: "point", "decode", "fetch", "build", ...
    let unit: String
    /// Operations per sample.
    let operations: Int
    /// The benchmark this one is compared against in the same run, if any.
    var baseline: String? = nil
    let run: () -> UInt64
}

/// The result of one benchmark: percentiles of nanoseconds per operation over the samples.
struct Measurement {
    let benchmark: Benchmark
    let samples: [Double]

    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        let position = p / 100 * Double(sorted.count - 1)
        let low = Int(position.rounded(.down)), high = Int(position.rounded(.up))
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }

    var median: Double { percentile(50) }
    var operationsPerSecond: Double { 1e9 / median }
}

/// Keeps a value alive as far as the optimiser can tell.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

enum Clock {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Runs benchmarks: one warm-up, then `samples` timed repetitions each.
struct Harness {
    let samples: Int
    var checksum: UInt64 = 0

    mutating func measure(_ benchmark: Benchmark) -> Measurement {
        checksum &+= benchmark.run()  // warm-up: caches, page faults, lazy setup
        var timings: [Double] = []
        for _ in 0..<samples {
            let start = Clock.nanoseconds()
            let result = benchmark.run()
            let elapsed = Clock.nanoseconds() - start
            checksum &+= result
            timings.append(Double(elapsed) / Double(benchmark.operations))
        }
        blackHole(checksum)
        return Measurement(benchmark: benchmark, samples: timings)
    }
}
