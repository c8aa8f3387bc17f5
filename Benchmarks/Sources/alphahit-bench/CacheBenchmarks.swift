import AlphaHit

#if canImport(Glibc)
import Glibc
#endif

/// The image cache: fetching a cached image, and building a 10,000-element engine whose
/// elements share 100 images with a cold or a warm cache (and the diamonds with a warm one).
enum CacheBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let files = Lazy { try fixtures.manyImages(100) }
        let fetches = fixtures.quick ? 1_000 : 100_000
        let count = fixtures.quick ? 1_000 : 10_000
        let layout = Lazy {
            let images = try files.get()
            return Layout(elements: (0..<count).map { i in
                Element(id: "e\(i)", frame: Rect(x: Double(i % 100) * 20, y: Double(i / 100) * 20, width: 24, height: 24), image: images[i % images.count])
            })
        }
        return [
            Benchmark(name: "cache/stat-floor", unit: "fetch", operations: fetches) {
                let image = try files.get()[0]
                // What any fetch must do to notice an edited file: resolve the path and stat it.
                return {
                    var sum: UInt64 = 0
                    for _ in 0..<fetches {
                        let resolved = realpath(image, nil)!
                        var info = stat()
                        stat(resolved, &info)
                        free(resolved)
                        sum &+= UInt64(info.st_size)
                    }
                    return sum
                }
            },
            Benchmark(name: "cache/hit", unit: "fetch", operations: fetches, baseline: "cache/stat-floor") {
                let image = try files.get()[0]
                let cache = ImageCache()
                _ = try cache.image(contentsOfFile: image, as: .alpha8)
                return {
                    var sum: UInt64 = 0
                    for _ in 0..<fetches { sum &+= UInt64(try! cache.image(contentsOfFile: image, as: .alpha8).byteCount) }
                    return sum
                }
            },
            Benchmark(name: "cache/build-warm", unit: "build", operations: 1) {
                let layout = try layout.get()
                let warm = ImageCache()
                _ = try HitTester(layout: layout, cache: warm)
                return { UInt64(try! HitTester(layout: layout, cache: warm).elements.count) }
            },
            // A small layout, whose build proves its answer tiles (1-point tiles over the 240 × 160 canvas).
            Benchmark(name: "cache/build-warm/diamonds", unit: "build", operations: 1) {
                let path = BenchFixtures.samples.appendingPathComponent("diamonds/layout.json").path
                let warm = ImageCache()
                _ = try HitTester(contentsOfLayoutFile: path, cache: warm)
                return { UInt64(try! HitTester(contentsOfLayoutFile: path, cache: warm).elements.count) }
            },
            Benchmark(name: "cache/build-cold", unit: "build", operations: 1, baseline: "cache/build-warm") {
                let layout = try layout.get()
                return { UInt64(try! HitTester(layout: layout, cache: ImageCache()).elements.count) }
            },
        ]
    }
}
