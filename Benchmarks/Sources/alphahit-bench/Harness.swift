#if canImport(Glibc)
import Glibc
#endif

/// One named measurement, declared once: `prepare` builds its fixtures (only when the benchmark
/// is selected) and returns the body, which does `operations` operations and returns a value
/// derived from every answer, consumed by the harness so the optimiser cannot drop the work.
struct Benchmark {
    /// A stable identifier, compared across runs by other tooling.
    let name: String
    /// What one operation is, for the table: "point", "decode", "fetch", "build", ...
    let unit: String
    /// Operations per sample.
    let operations: Int
    /// The benchmark this one is compared against in the same run, if any.
    var baseline: String? = nil
    let prepare: () throws -> () -> UInt64
    /// For a benchmark timed in another process (the Python peers): given the number of samples,
    /// returns nanoseconds per operation for each; `prepare` is then not called.
    var timedElsewhere: ((Int) throws -> [Double])? = nil
}

extension Benchmark {
    /// A benchmark whose samples another process measures.
    static func elsewhere(name: String, unit: String, operations: Int, baseline: String? = nil, samples: @escaping (Int) throws -> [Double]) -> Benchmark {
        Benchmark(name: name, unit: unit, operations: operations, baseline: baseline, prepare: { { 0 } }, timedElsewhere: samples)
    }
}

/// A value made on first use and then shared, for fixtures several benchmarks of a suite need.
final class Lazy<Value> {
    private let make: () throws -> Value
    private var value: Value?

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    func get() throws -> Value {
        if let value { return value }
        let made = try make()
        value = made
        return made
    }
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
    /// The fastest sample (p0): what targets are judged by.
    var best: Double { percentile(0) }
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

    mutating func measure(_ benchmark: Benchmark) throws -> Measurement {
        if let elsewhere = benchmark.timedElsewhere { return Measurement(benchmark: benchmark, samples: try elsewhere(samples)) }
        let run = try benchmark.prepare()
        checksum &+= run()  // warm-up: caches, page faults, lazy setup
        var timings: [Double] = []
        for _ in 0..<samples {
            let start = Clock.nanoseconds()
            let result = run()
            let elapsed = Clock.nanoseconds() - start
            checksum &+= result
            timings.append(Double(elapsed) / Double(benchmark.operations))
        }
        blackHole(checksum)
        return Measurement(benchmark: benchmark, samples: timings)
    }
}
