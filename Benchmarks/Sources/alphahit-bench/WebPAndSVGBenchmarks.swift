import AlphaHit
import CBenchmarkFloor

/// Decoding the 4096² benchmark image as lossless and lossy WebP into each format, against a
/// plain libwebp decode of the same file; and rasterising SVGs (a 24-point icon at scale 4, a
/// 1000-point illustration at scale 2) against a plain librsvg render of the same file, whose
/// ratio is the rasterisation's share of the decode.
enum WebPAndSVGBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let side = fixtures.quick ? 512 : 4096
        var benchmarks: [Benchmark] = []
        for kind in ["lossless", "lossy"] {
            let file = Lazy { try fixtures.realisticWebP(side: side, lossless: kind == "lossless") }
            let floor = "decode/4096/webp-\(kind)/floor"
            benchmarks.append(Benchmark(name: floor, unit: "decode", operations: 1) {
                let path = try file.get()
                return {
                    var sum: UInt64 = 0
                    precondition(benchmark_floor_decode_webp(path, &sum) == 0, "libwebp could not decode \(path)")
                    return sum
                }
            })
            for (name, format) in [("alpha8", PixelFormat.alpha8), ("argb8", .premultipliedARGB8), ("mask1", .mask1(minAlpha: AlphaThreshold.defaultMinimumAlpha))] {
                benchmarks.append(decode(file, format, scale: 1, name: "decode/4096/webp-\(kind)/\(name)", baseline: floor, repeats: 1))
            }
        }
        let icon = Lazy { try fixtures.svgIcon() }
        let illustration = Lazy { try fixtures.svgIllustration() }
        for (name, file, scale, repeats) in [("icon", icon, 4.0, 100), ("large", illustration, 2, 1)] {
            let raster = "decode/svg/\(name)/rasterise"
            benchmarks.append(Benchmark(name: raster, unit: "decode", operations: repeats) {
                let path = try file.get()
                return {
                    var sum: UInt64 = 0
                    for _ in 0..<repeats { precondition(benchmark_floor_rasterise_svg(path, scale, &sum) == 0, "librsvg could not draw \(path)") }
                    return sum
                }
            })
            benchmarks.append(decode(file, .alpha8, scale: scale, name: "decode/svg/\(name)", baseline: raster, repeats: repeats))
        }
        return benchmarks
    }

    static func decode(_ file: Lazy<String>, _ format: PixelFormat, scale: Double, name: String, baseline: String, repeats: Int) -> Benchmark {
        Benchmark(name: name, unit: "decode", operations: repeats, baseline: baseline) {
            let path = try file.get()
            return {
                var sum: UInt64 = 0
                for _ in 0..<repeats {
                    let image = try! ImageDecoder().decode(contentsOfFile: path, as: format, scale: scale)
                    sum &+= UInt64(image.alpha(atX: image.width / 2, y: image.height / 2))
                }
                return sum
            }
        }
    }
}
