import AlphaHit

/// Front-to-back resolution: the diamonds sample, and generated layouts from 10 to 100,000
/// elements; then the batch API on the 10,000-element layout.
enum ResolutionBenchmarks {
    static let names = ["resolve/diamonds", "resolve/n10", "resolve/n100", "resolve/n1000", "resolve/n10000", "resolve/n100000", "batch/1core", "batch/allcores"]

    static func make(_ fixtures: BenchFixtures) throws -> [Benchmark] {
        let pointCount = fixtures.quick ? 20_000 : 1_000_000
        var benchmarks: [Benchmark] = []
        let diamonds = try HitTester(
            contentsOfLayoutFile: BenchFixtures.samples.appendingPathComponent("diamonds/layout.json").path, cache: ImageCache())
        var random = SeededRandom(state: 7)
        benchmarks.append(resolve("resolve/diamonds", diamonds, random.points(pointCount, width: 240, height: 160)))

        let art = try fixtures.buttonArt()
        let sizes = fixtures.quick ? [10, 100, 1000] : [10, 100, 1000, 10_000, 100_000]
        var tenThousand: (HitTester, [Point])?
        for count in sizes {
            let generated = GeneratedLayout(count: count, images: art, imageDirectory: fixtures.folder.path)
            let engine = try HitTester(layout: generated.layout, cache: ImageCache())
            let points = random.points(pointCount, width: generated.width, height: generated.height)
            benchmarks.append(resolve("resolve/n\(count)", engine, points))
            if count == (fixtures.quick ? 1000 : 10_000) { tenThousand = (engine, points) }
        }
        if let (engine, points) = tenThousand {
            for (name, threads) in [("batch/1core", 1), ("batch/allcores", 0)] {
                benchmarks.append(Benchmark(name: name, unit: "point", operations: points.count, baseline: name == "batch/allcores" ? "batch/1core" : nil) {
                    let answers = engine.hitElements(at: points, threads: threads)
                    return answers.reduce(0) { $0 &+ UInt64(bitPattern: Int64($1?.rawValue ?? -1)) }
                })
            }
        }
        return benchmarks
    }

    static func resolve(_ name: String, _ engine: HitTester, _ points: [Point]) -> Benchmark {
        Benchmark(name: name, unit: "point", operations: points.count) {
            var sum: UInt64 = 0
            for point in points { sum &+= UInt64(bitPattern: Int64(engine.hitElement(at: point)?.rawValue ?? -1)) }
            return sum
        }
    }
}
