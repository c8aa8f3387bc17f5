import AlphaHit
import CBenchmarkFloor

/// The alpha test of one element drawn 1:1, in each pixel format, against the physical floor:
/// the same points mapped to pixels, loaded and compared in a tight loop over the same buffer.
/// Both loops count solid answers without a branch, so neither pays for mispredictions.
enum LookupBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let pointCount = fixtures.quick ? 20_000 : 1_000_000
        var benchmarks: [Benchmark] = []
        for (side, label) in [(256, "cached"), (fixtures.quick ? 1024 : 8192, "uncached")] {
            let limits = DecodingLimits(maxWidth: 16_384, maxHeight: 16_384, maxDecodedBytes: 1 << 30)
            let path = Lazy { try fixtures.blobImage(side: side) }
            let points = Lazy {
                var random = SeededRandom(state: 42)
                return random.points(pointCount, width: Double(side), height: Double(side))
            }
            func image(_ format: PixelFormat) throws -> DecodedImage {
                try ImageDecoder(limits: limits).decode(contentsOfFile: path.get(), as: format)
            }
            let floorName = "lookup/floor/\(label)"
            benchmarks.append(Benchmark(name: floorName, unit: "point", operations: pointCount) {
                floor(try image(.alpha8), try points.get())
            })
            // The floor plus only the checks a test of an arbitrary point needs (its bounds and the
            // sign of -1 < x < 0), in C: what no per-point test that refuses points outside can beat.
            benchmarks.append(Benchmark(name: "lookup/checked-floor/\(label)", unit: "point", operations: pointCount, baseline: floorName) {
                checkedFloor(try image(.alpha8), try points.get())
            })
            var formats: [(String, PixelFormat)] = [("alpha8", .alpha8), ("mask1", .mask1(minAlpha: AlphaThreshold.defaultMinimumAlpha))]
            if label == "cached" { formats.append(("argb8", .premultipliedARGB8)) }
            for (name, format) in formats {
                benchmarks.append(Benchmark(name: "lookup/\(name)/\(label)", unit: "point", operations: pointCount, baseline: floorName) {
                    let region = ImageHitRegion(image: try image(format), size: Size(width: Double(side), height: Double(side)))
                    let points = try points.get()
                    return {
                        var solid: UInt64 = 0
                        for point in points { solid &+= UInt64(unsafeBitCast(region.contains(point), to: UInt8.self)) }
                        return solid
                    }
                })
            }
        }
        return benchmarks
    }

    /// Map to pixel, load, compare: nothing else, in C (`LookupFloor.c`), so that the baseline
    /// pays for none of Swift's checked conversions.
    static func floor(_ image: DecodedImage, _ points: [Point]) -> () -> UInt64 {
        let minAlpha = AlphaThreshold.defaultMinimumAlpha
        return {
            withFloorArguments(image, points) { alpha, coordinates in
                benchmark_floor_lookup(alpha, image.bytesPerRow, coordinates, points.count, minAlpha)
            }
        }
    }

    /// ``floor(_:_:)`` with the engine's checks of the point (`benchmark_checked_floor_lookup`,
    /// held to ``ImageHitRegion``'s answers by CheckedFloorTests): for points anywhere, as a caller's are.
    static func checkedFloor(_ image: DecodedImage, _ points: [Point]) -> () -> UInt64 {
        let minAlpha = AlphaThreshold.defaultMinimumAlpha
        return {
            withFloorArguments(image, points) { alpha, coordinates in
                benchmark_checked_floor_lookup(
                    alpha, image.bytesPerRow, coordinates, points.count, minAlpha, UInt64(image.width), UInt64(image.height))
            }
        }
    }

    /// The alpha8 bytes of `image` and `points` as (x, y) pairs of doubles, as the C floors read them.
    private static func withFloorArguments(
        _ image: DecodedImage, _ points: [Point], _ body: (UnsafePointer<UInt8>, UnsafePointer<Double>) -> UInt64
    ) -> UInt64 {
        precondition(image.format == .alpha8, "the floors read one alpha byte a pixel")
        precondition(MemoryLayout<Point>.stride == 2 * MemoryLayout<Double>.stride, "points are read as (x, y) pairs")
        return image.withUnsafeBytes { raw in
            points.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: Double.self) { coordinates in
                    body(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), coordinates.baseAddress!)
                }
            }
        }
    }
}
