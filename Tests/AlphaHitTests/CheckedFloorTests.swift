@testable import AlphaHit
@testable import AlphaHitEngine
import CBenchmarkFloor
import Testing

/// The benchmark suite's checked floor (`benchmark_checked_floor_lookup`, Benchmarks/README.md)
/// is its evidence of what a correct test of an arbitrary point costs at the least, so it must be
/// correct: it answers as the engine's identity test does, for every point, inside or not.
@Suite("Benchmark floors")
struct CheckedFloorTests {
    @Test("the checked floor answers as ImageHitRegion does at identity, point by point, at thresholds 0, the default and 1")
    func checkedFloorAgreesWithTheRegion() throws {
        let (width, height) = (16, 12)
        let folder = try EngineFixtures.ImageFolder("checkedFloor")
        let name = try folder.image("art.png", width: width, height: height) { x, y in UInt8(truncatingIfNeeded: x * 29 + y * 13) }
        let image = try ImageDecoder().decode(contentsOfFile: folder.url.appendingPathComponent(name).path, as: .alpha8)
        let (w, h) = (Double(width), Double(height))
        var g = SplitMix(seed: 26)
        var points = (0..<2000).map { _ in (g.next(in: -2...w + 2), g.next(in: -2...h + 2)) }
        points += [(.nan, 0), (0, .nan), (.nan, .nan), (-0.0, -0.0), (-0.0, 3), (w.nextDown, h.nextDown), (w, 0), (0, h), (w, h),
                   (-.infinity, 1), (1, .infinity), (.infinity, .infinity), (-0.5, 1), (1, -0.5), (-1e-300, 0), (0, -1e-300),
                   (-1, 1), (1, -1), (1e19, 1), (-1e19, 1), (1, 0x1p63), (0x1p63, 1), (-0x1p63, 1), (15.5, 11.5)]
        for threshold in [AlphaThreshold.defaultValue, 0, 1] {
            let region = ImageHitRegion(image: image, size: Size(width: w, height: h), alphaThreshold: threshold)
            #expect(region.isIdentity)
            let minAlpha = AlphaThreshold.minimumAlpha(for: threshold)
            var solid = 0
            for (x, y) in points {
                let coordinates = [x, y]
                let floor = image.withUnsafeBytes { raw in
                    benchmark_checked_floor_lookup(
                        raw.baseAddress!.assumingMemoryBound(to: UInt8.self), image.bytesPerRow, coordinates, 1, minAlpha, UInt64(width), UInt64(height))
                }
                let expected = region.contains(Point(x: x, y: y))
                if expected { solid += 1 }
                #expect(floor == (expected ? 1 : 0), "threshold \(threshold), point (\(x), \(y))")
            }
            #expect(solid > 100 && solid < points.count - 100 || threshold != AlphaThreshold.defaultValue, "the default threshold splits the art")
        }
    }
}
