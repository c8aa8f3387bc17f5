import AlphaHit

/// The alpha test of one element drawn 1:1, in each pixel format, against the physical floor:
/// the same points mapped to pixels, loaded and compared in a tight loop over the same buffer.
/// Both loops count solid answers without a branch, so neither pays for mispredictions.
enum LookupBenchmarks {
    static let names = ["lookup/floor/cached", "lookup/alpha8/cached", "lookup/mask1/cached", "lookup/argb8/cached", "lookup/floor/uncached", "lookup/alpha8/uncached", "lookup/mask1/uncached"]

    static func make(_ fixtures: BenchFixtures) throws -> [Benchmark] {
        let pointCount = fixtures.quick ? 20_000 : 1_000_000
        var benchmarks: [Benchmark] = []
        for (side, label) in [(256, "cached"), (fixtures.quick ? 1024 : 8192, "uncached")] {
            let path = try fixtures.blobImage(side: side)
            let limits = DecodingLimits(maxWidth: 16_384, maxHeight: 16_384, maxDecodedBytes: 1 << 30)
            let alpha = try PNGDecoder(limits: limits).decode(contentsOfFile: path, as: .alpha8)
            var random = SeededRandom(state: 42)
            let points = random.points(pointCount, width: Double(side), height: Double(side))
            benchmarks.append(floor(alpha, points, name: "lookup/floor/\(label)"))
            var formats: [(String, PixelFormat)] = [("alpha8", .alpha8), ("mask1", .mask1(minAlpha: 26))]
            if label == "cached" { formats.append(("argb8", .premultipliedARGB8)) }
            for (name, format) in formats {
                let image = format == .alpha8 ? alpha : try PNGDecoder(limits: limits).decode(contentsOfFile: path, as: format)
                let region = ImageHitRegion(image: image, size: Size(width: Double(side), height: Double(side)))
                benchmarks.append(Benchmark(name: "lookup/\(name)/\(label)", unit: "point", operations: pointCount, baseline: "lookup/floor/\(label)") {
                    var solid: UInt64 = 0
                    for point in points { solid &+= UInt64(unsafeBitCast(region.contains(point), to: UInt8.self)) }
                    return solid
                })
            }
        }
        return benchmarks
    }

    /// Map to pixel, load, compare: nothing else.
    static func floor(_ image: DecodedImage, _ points: [Point], name: String) -> Benchmark {
        Benchmark(name: name, unit: "point", operations: points.count) {
            image.withUnsafeBytes { raw in
                let bytes = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let stride = image.bytesPerRow
                var solid: UInt64 = 0
                for point in points { solid &+= UInt64(unsafeBitCast(bytes[Int(point.y) &* stride &+ Int(point.x)] >= 26, to: UInt8.self)) }
                return solid
            }
        }
    }
}
