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
                return resolve(diamonds, diamondPoints(pointCount))
            },
            Benchmark(name: "resolve/diamonds/floor", unit: "point", operations: pointCount) {
                return diamondsFloor(diamondPoints(pointCount))
            },
        ]
        // Three samples whose elements are general (an atlas's frames, stretched; art at 2x; fields
        // stretched by cap insets): what answer tiles give a layout not drawn one pixel per point.
        for sample in ["atlas", "retina", "rounded-field"] {
            benchmarks.append(Benchmark(name: "resolve/sample/\(sample)", unit: "point", operations: pointCount) {
                let engine = try HitTester(
                    contentsOfLayoutFile: BenchFixtures.samples.appendingPathComponent("\(sample)/layout.json").path, cache: ImageCache())
                // All three declare their canvas.
                let canvas = engine.canvas ?? Size(width: 0, height: 0)
                var random = SeededRandom(state: 13)
                return resolve(engine, random.points(pointCount, width: canvas.width, height: canvas.height))
            })
        }
        let art = Lazy { try fixtures.buttonArt() }
        let sizes = fixtures.quick ? [10, 100, 1000] : [10, 100, 1000, 10_000, 100_000]
        func generated(_ count: Int) -> Lazy<(HitTester, [Point])> {
            Lazy {
                let (_, engine, points) = try generatedFixture(count, images: try art.get(), fixtures, points: pointCount)
                return (engine, points)
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
        benchmarks.append(Benchmark(name: "resolve/mixed10k", unit: "point", operations: pointCount, baseline: "resolve/n10000") {
            let engine = try HitTester(layout: MixedLayout(fixtures: fixtures).layout, cache: ImageCache())
            var random = SeededRandom(state: 11)
            return resolve(engine, random.points(pointCount, width: MixedLayout.side, height: MixedLayout.side))
        })
        // Touch tolerance on the same layout: taps that hit exactly must cost what they cost without
        // a tolerance; taps that miss every element search the elements within 12 points.
        let size = fixtures.quick ? 1000 : 10_000
        let missCount = fixtures.quick ? 2000 : 100_000
        let tolerancePoints = Lazy { () throws -> (HitTester, hits: [Point], misses: [Point]) in
            let (engine, _) = try batchLayout.get()
            let generated = GeneratedLayout(count: size, images: try art.get(), imageDirectory: fixtures.folder.path)
            var random = SeededRandom(state: 99)
            var hits: [Point] = [], misses: [Point] = []
            while hits.count < pointCount || misses.count < missCount {
                for point in random.points(65_536, width: generated.width, height: generated.height) {
                    if engine.elementIndex(at: point) != nil {
                        if hits.count < pointCount { hits.append(point) }
                    } else if misses.count < missCount {
                        misses.append(point)
                    }
                }
            }
            // The tolerance index is built by the first search: not part of what is timed.
            _ = engine.elementIndex(at: misses[0], tolerance: 12)
            return (engine, hits, misses)
        }
        benchmarks.append(Benchmark(name: "resolve/n\(size)/hits", unit: "point", operations: pointCount) {
            let (engine, hits, _) = try tolerancePoints.get()
            return resolve(engine, hits)
        })
        benchmarks.append(Benchmark(name: "resolve/n\(size)/tolerance12-hits", unit: "point", operations: pointCount, baseline: "resolve/n\(size)/hits") {
            let (engine, hits, _) = try tolerancePoints.get()
            return resolve(engine, hits, tolerance: 12)
        })
        benchmarks.append(Benchmark(name: "resolve/n\(size)/near-miss12", unit: "point", operations: missCount) {
            let (engine, _, misses) = try tolerancePoints.get()
            return resolve(engine, misses, tolerance: 12)
        })
        // The same misses as a batch on every core: the searches share one tolerance index, so a
        // reference count touched per search would be one cache line fought over by the cores.
        benchmarks.append(Benchmark(name: "batch/n\(size)/near-miss12/allcores", unit: "point", operations: missCount, baseline: "resolve/n\(size)/near-miss12") {
            let (engine, _, misses) = try tolerancePoints.get()
            return {
                let answers = engine.elementIndices(at: misses, tolerance: 12, threads: 0)
                return checksum(answers)
            }
        })
        // The Python package's benchmark (python/benchmarks/bench_hit_many.py) runs the same
        // query on the 10,000-element sample file and compares itself with this one.
        benchmarks.append(Benchmark(name: "batch/large/allcores", unit: "point", operations: pointCount) {
            let engine = try HitTester(contentsOfLayoutFile: BenchFixtures.samples.appendingPathComponent("large/layout.json").path, cache: ImageCache())
            var random = SeededRandom(state: 5)
            let points = random.points(pointCount, width: 2160, height: 2400)
            return {
                let answers = engine.elementIndices(at: points, threads: 0)
                return checksum(answers)
            }
        })
        for (name, threads) in [("batch/1core", 1), ("batch/allcores", 0)] {
            benchmarks.append(Benchmark(name: name, unit: "point", operations: pointCount, baseline: threads == 0 ? "batch/1core" : nil) {
                let (engine, points) = try batchLayout.get()
                return {
                    let answers = engine.elementIndices(at: points, threads: threads)
                    return checksum(answers)
                }
            })
        }
        return benchmarks
    }

    /// The generated layout of `count` elements, its engine, and the random points `resolve/n…`
    /// asks of it (the peers ask the same).
    static func generatedFixture(_ count: Int, images: [String], _ fixtures: BenchFixtures, points: Int) throws -> (Layout, HitTester, [Point]) {
        let generated = GeneratedLayout(count: count, images: images, imageDirectory: fixtures.folder.path)
        var random = SeededRandom(state: 7 &+ UInt64(count))
        return (generated.layout, try HitTester(layout: generated.layout, cache: ImageCache()),
                random.points(points, width: generated.width, height: generated.height))
    }

    /// The random points `resolve/diamonds` asks of the diamonds sample (240 × 160).
    static func diamondPoints(_ count: Int) -> [Point] {
        var random = SeededRandom(state: 7)
        return random.points(count, width: 240, height: 160)
    }

    /// The engine's own bytes per element for a generated layout of `count` elements.
    /// And the same by table.
    static func engineBytesPerElement(_ fixtures: BenchFixtures, count: Int) throws -> (total: Double, byTable: [(table: String, bytes: Double)]) {
        let generated = GeneratedLayout(count: count, images: try fixtures.buttonArt(), imageDirectory: fixtures.folder.path)
        let engine = try HitTester(layout: generated.layout, cache: ImageCache())
        let perElement = { (bytes: Int) in Double(bytes) / Double(count) }
        return (perElement(engine.engineByteCount), engine.engineBytes.map { ($0.table, perElement($0.bytes)) })
    }

    /// The floor under `resolve/diamonds`: the sample's four 100 × 100 diamonds at their fixed
    /// offsets, front to back, each a bounds check and one alpha read, written out by hand.
    static func diamondsFloor(_ points: [Point]) -> () -> UInt64 {
        let image = try! ImageDecoder().decode(contentsOfFile: BenchFixtures.samples.appendingPathComponent("diamonds/diamond.png").path, as: .alpha8)
        let origins: [(x: Int, y: Int)] = [(70, 60), (70, 0), (140, 30), (0, 30)]  // south, north, east, west
        return {
            image.withUnsafeBytes { bytes in
                let alpha = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var sum: UInt64 = 0
                for point in points {
                    let x = Int(point.x), y = Int(point.y)
                    var answer = -1
                    for (index, origin) in origins.enumerated() {
                        let u = x &- origin.x, v = y &- origin.y
                        if UInt(bitPattern: u) < 100 && UInt(bitPattern: v) < 100 && alpha[v &* 100 &+ u] >= 26 {
                            answer = 3 - index
                            break
                        }
                    }
                    sum &+= UInt64(bitPattern: Int64(answer))
                }
                return sum
            }
        }
    }

    static func resolve(_ engine: HitTester, _ points: [Point], tolerance: Double? = nil) -> () -> UInt64 {
        {
            var sum: UInt64 = 0
            for point in points { sum &+= checksum(engine.elementIndex(at: point, tolerance: tolerance)) }
            return sum
        }
    }

    /// What a benchmark sums of an answer (−1 for none), so that the optimizer keeps its query.
    @inline(__always)
    static func checksum(_ answer: ElementIndex?) -> UInt64 { UInt64(bitPattern: Int64(answer?.rawValue ?? -1)) }

    /// The wrapping sum of ``checksum(_:)-(ElementIndex?)`` over a batch's answers.
    static func checksum(_ answers: [ElementIndex?]) -> UInt64 { answers.reduce(0) { $0 &+ checksum($1) } }
}
