import AlphaHit
#if canImport(Glibc)
import Glibc
#endif

/// The image cache: fetching a cached image, and building a 10,000-element engine whose
/// elements share 100 images with a cold or a warm cache.
enum CacheBenchmarks {
    static let names = ["cache/stat-floor", "cache/hit", "cache/build-warm", "cache/build-cold"]

    static func make(_ fixtures: BenchFixtures) throws -> [Benchmark] {
        let images = try fixtures.manyImages(100)
        let cache = ImageCache()
        _ = try cache.image(contentsOfFile: images[0], as: .alpha8)
        let fetches = fixtures.quick ? 1_000 : 100_000
        var benchmarks = [
            Benchmark(name: "cache/stat-floor", unit: "fetch", operations: fetches) {
                // What any fetch must do to notice an edited file: resolve the path and stat it.
                var sum: UInt64 = 0
                for _ in 0..<fetches {
                    let resolved = realpath(images[0], nil)!
                    var info = stat()
                    stat(resolved, &info)
                    free(resolved)
                    sum &+= UInt64(info.st_size)
                }
                return sum
            },
            Benchmark(name: "cache/hit", unit: "fetch", operations: fetches, baseline: "cache/stat-floor") {
                var sum: UInt64 = 0
                for _ in 0..<fetches { sum &+= UInt64(try! cache.image(contentsOfFile: images[0], as: .alpha8).byteCount) }
                return sum
            },
        ]
        let count = fixtures.quick ? 1_000 : 10_000
        let elements = (0..<count).map { i in
            Element(id: "e\(i)", frame: Rect(x: Double(i % 100) * 20, y: Double(i / 100) * 20, width: 24, height: 24), image: images[i % images.count])
        }
        let layout = Layout(elements: elements)
        let warm = ImageCache()
        _ = try HitTester(layout: layout, cache: warm)
        benchmarks.append(Benchmark(name: "cache/build-warm", unit: "build", operations: 1) {
            UInt64(try! HitTester(layout: layout, cache: warm).elementCount)
        })
        benchmarks.append(Benchmark(name: "cache/build-cold", unit: "build", operations: 1, baseline: "cache/build-warm") {
            UInt64(try! HitTester(layout: layout, cache: ImageCache()).elementCount)
        })
        return benchmarks
    }
}
