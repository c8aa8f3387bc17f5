import AlphaHit

/// What the seed's `IrregularShapedButton` did, side by side with the engine: decode the button's
/// image into a premultiplied ARGB buffer on every touch, then read the one pixel under it.
enum SeedBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let count = fixtures.quick ? 200 : 5_000
        return [
            Benchmark(name: "seed/decode-per-query", unit: "point", operations: count, baseline: "resolve/diamonds") {
                let image = try fixtures.file("seed-button-64.png") {
                    try BenchFixtures.art(side: 64, variant: 0) { x, y in abs(x - 32) + abs(y - 32) <= 32 }
                }
                var random = SeededRandom(state: 7)
                let points = random.points(count, width: 64, height: 64)
                let decoder = ImageDecoder()
                return {
                    var sum: UInt64 = 0
                    for point in points {
                        let decoded = try! decoder.decode(contentsOfFile: image, as: .premultipliedARGB8)
                        let x = Int(point.x), y = Int(point.y)
                        let alpha = decoded.withUnsafeBytes { bytes in bytes[y * decoded.bytesPerRow + x * 4] }
                        sum &+= alpha >= 26 ? 1 : 0
                    }
                    return sum
                }
            }
        ]
    }
}
