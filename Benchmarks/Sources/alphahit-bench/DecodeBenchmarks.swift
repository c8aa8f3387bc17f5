import AlphaHit
import CBenchmarkFloor

/// Decoding a 4096 × 4096 RGBA image and a 64 × 64 icon into each format, against a plain
/// libpng read of the same file into RGBA rows.
enum DecodeBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let large = Lazy { try fixtures.realisticImage(side: fixtures.quick ? 512 : 4096) }
        let icon = Lazy { try fixtures.realisticImage(side: 64) }
        var benchmarks: [Benchmark] = [floor(large, name: "decode/4096/floor")]
        for (name, format) in [("alpha8", PixelFormat.alpha8), ("argb8", .premultipliedARGB8), ("mask1", .mask1(minAlpha: AlphaThreshold.defaultMinimumAlpha))] {
            benchmarks.append(decode(large, format, name: "decode/4096/\(name)", baseline: "decode/4096/floor", repeats: 1))
        }
        benchmarks.append(floor(icon, name: "decode/64/floor", repeats: 200))
        benchmarks.append(decode(icon, .alpha8, name: "decode/64/alpha8", baseline: "decode/64/floor", repeats: 200))
        return benchmarks
    }

    static func decode(_ file: Lazy<String>, _ format: PixelFormat, name: String, baseline: String, repeats: Int) -> Benchmark {
        Benchmark(name: name, unit: "decode", operations: repeats, baseline: baseline) {
            let path = try file.get()
            return {
                var sum: UInt64 = 0
                for _ in 0..<repeats {
                    let image = try! ImageDecoder().decode(contentsOfFile: path, as: format)
                    sum &+= UInt64(image.alpha(atX: image.width / 2, y: image.height / 2))
                }
                return sum
            }
        }
    }

    static func floor(_ file: Lazy<String>, name: String, repeats: Int = 1) -> Benchmark {
        Benchmark(name: name, unit: "decode", operations: repeats) {
            let path = try file.get()
            return {
                var sum: UInt64 = 0
                for _ in 0..<repeats { precondition(benchmark_floor_read_rgba_rows(path, &sum) == 0, "the floor could not read \(path)") }
                return sum
            }
        }
    }
}
