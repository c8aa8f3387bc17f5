import AlphaHit

/// Front-to-back resolution: the diamonds sample, and generated layouts from 10 to 100,000
/// elements; then the batch API on the 10,000-element layout.
enum ResolutionBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let pointCount = fixtures.quick ? 20_000 : 1_000_000
        var benchmarks: [Benchmark] = [
            Benchmark(name: "resolve/diamonds", unit: "point", operations: pointCount) {
                let diamonds = try HitTester(
                    contentsOfLayoutFile: BenchFixtures.samples.appendingPathComponent("diamonds/layout.json").path, cache: ImageCache())
                var random = SeededRandom(state: 7)
                return resolve(diamonds, random.points(pointCount, width: 240, height: 160))
            }
        ]
        let art = Lazy { try fixtures.buttonArt() }
        let sizes = fixtures.quick ? [10, 100, 1000] : [10, 100, 1000, 10_000, 100_000]
        func generated(_ count: Int) -> Lazy<(HitTester, [Point])> {
            Lazy {
                let generated = GeneratedLayout(count: count, images: try art.get(), imageDirectory: fixtures.folder.path)
                let engine = try HitTester(layout: generated.layout, cache: ImageCache())
                var random = SeededRandom(state: 7 &+ UInt64(count))
                return (engine, random.points(pointCount, width: generated.width, height: generated.height))
            }
        }
        let batchLayout = generated(fixtures.quick ? 1000 : 10_000)
        for count in sizes {
            let layout = count == (fixtures.quick ? 1000 : 10_000) ? batchLayout : generated(count)
            benchmarks.append(Benchmark(name: "resolve/n\(count)", unit: "point", operations: pointCount) {
                let (engine, points) = try layout.get()
                return resolve(engine, points)
            })
        }
        for (name, threads) in [("batch/1core", 1), ("batch/allcores", 0)] {
            benchmarks.append(Benchmark(name: name, unit: "point", operations: pointCount, baseline: threads == 0 ? "batch/1core" : nil) {
                let (engine, points) = try batchLayout.get()
                return {
                    let answers = engine.elementIndices(at: points, threads: threads)
                    return answers.reduce(0) { $0 &+ UInt64(bitPattern: Int64($1?.rawValue ?? -1)) }
                }
            })
        }
        return benchmarks
    }

    static func resolve(_ engine: HitTester, _ points: [Point]) -> () -> UInt64 {
        {
            var sum: UInt64 = 0
            for point in points { sum &+= UInt64(bitPattern: Int64(engine.elementIndex(at: point)?.rawValue ?? -1)) }
            return sum
        }
    }
}
