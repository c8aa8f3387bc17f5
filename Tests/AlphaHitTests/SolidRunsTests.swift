@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
import Testing

/// The nearest-solid-pixel search of the common case, against a scan of every pixel.
@Suite("Touch tolerance: solid pixel search")
struct SolidRunsTests {
    @Test("the nearest solid pixel, cut by any clip, is found exactly from anywhere, with or without the precomputed field", arguments: 0..<6)
    func nearestMatchesScan(seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &+ 4242)
        // Sizes on both sides of the field's limit (65,536 pixels).
        let (width, height) = seed == 5 ? (300, 240) : (Int.random(in: 1...24, using: &g), Int.random(in: 1...24, using: &g))
        let density = g.next(in: 0.02...0.6)
        var alpha = [UInt8](repeating: 0, count: width * height)
        for i in alpha.indices where Double.random(in: 0...1, using: &g) < density { alpha[i] = 255 }
        var element = CompiledElement()
        (element.pixelWidth, element.pixelHeight, element.bytesPerRow, element.minAlpha) = (width, height, width, 128)
        try alpha.withUnsafeBufferPointer { pixels in
            element.pixels = pixels.baseAddress!
            let runs = ElementHandle.withRecord(element) { SolidRuns($0) }
            for _ in 0..<400 {
                let q = (x: g.next(in: -30...Double(width) + 30), y: g.next(in: -30...Double(height) + 30))
                let clip = Bool.random(using: &g)
                    ? (x0: 0.0, y0: 0.0, x1: Double(width), y1: Double(height))
                    : (x0: g.next(in: -2...Double(width) / 2), y0: g.next(in: -2...Double(height) / 2), x1: g.next(in: Double(width) / 2...Double(width) + 2), y1: g.next(in: Double(height) / 2...Double(height) + 2))
                let limit = [3.0, 10, 50].randomElement(using: &g)!
                let expected = Self.scanned(alpha, width, height, from: q, clip: clip)
                let found = runs.nearest(to: q, clip: clip, limit: limit)
                if expected <= limit - 1e-9 {
                    let distance = try #require(found?.distance, "at \(q), clip \(clip): expected \(expected)")
                    #expect(abs(distance - expected) < 1e-9, "at \(q), clip \(clip), size \(width)x\(height), limit \(limit): \(distance) vs \(expected)")
                    // The point returned is on a solid pixel, at that distance.
                    let point = found!.point
                    #expect(abs(((point.x - q.x) * (point.x - q.x) + (point.y - q.y) * (point.y - q.y)).squareRoot() - expected) < 1e-9)
                } else if expected > limit + 1e-9 {
                    #expect(found == nil, "at \(q): nothing within \(limit), got \(String(describing: found))")
                }
            }
        }
    }

    /// The distance from `q` to the nearest solid pixel (alpha ≥ 128, closed squares) inside
    /// `clip`, by a scan of every pixel; infinity when there is none.
    static func scanned(
        _ alpha: [UInt8], _ width: Int, _ height: Int, from q: (x: Double, y: Double), clip: (x0: Double, y0: Double, x1: Double, y1: Double)
    ) -> Double {
        var expected = Double.infinity
        for y in 0..<height {
            for x in 0..<width where alpha[y * width + x] >= 128 {
                let (x0, y0, x1, y1) = (max(Double(x), clip.x0), max(Double(y), clip.y0), min(Double(x + 1), clip.x1), min(Double(y + 1), clip.y1))
                guard x0 <= x1, y0 <= y1 else { continue }
                let dx = max(x0 - q.x, 0, q.x - x1), dy = max(y0 - q.y, 0, q.y - y1)
                expected = min(expected, (dx * dx + dy * dy).squareRoot())
            }
        }
        return expected
    }

    /// Image sizes whose far field edge (size + 16) is a power of two, where a tap a hair inside it
    /// rounds onto it when the margin is added; and a small one.
    @Test("a tap on the field's outer edges, or a hair short of a pixel edge, is measured as the scan measures it", arguments: [(48, 48), (16, 112), (7, 5)])
    func fieldEdgesMatchScan(width: Int, height: Int) throws {
        var g = SplitMix(seed: UInt64(width * 1000 + height))
        var alpha = [UInt8](repeating: 0, count: width * height)
        for i in alpha.indices where Double.random(in: 0...1, using: &g) < 0.3 { alpha[i] = 255 }
        alpha[0] = 255
        var element = CompiledElement()
        (element.pixelWidth, element.pixelHeight, element.bytesPerRow, element.minAlpha) = (width, height, width, 128)
        let margin = Double(SolidRuns.fieldMargin)
        // The field's edges, and each pixel edge and a hair short of it.
        func positions(_ size: Int) -> [Double] {
            [-margin, (-margin).nextUp, (Double(size) + margin).nextDown, Double(size) + margin]
                + (-2...size + 2).flatMap { [Double($0), Double($0).nextDown] }
        }
        let clip = (x0: 0.0, y0: 0.0, x1: Double(width), y1: Double(height))
        try alpha.withUnsafeBufferPointer { pixels in
            element.pixels = pixels.baseAddress!
            let runs = ElementHandle.withRecord(element) { SolidRuns($0) }
            for x in positions(width) {
                for y in positions(height) {
                    let expected = Self.scanned(alpha, width, height, from: (x, y), clip: clip)
                    let distance = try #require(runs.nearest(to: (x, y), clip: clip, limit: 200)?.distance, "at (\(x), \(y)): expected \(expected)")
                    #expect(abs(distance - expected) < 1e-9, "at (\(x), \(y)), size \(width)x\(height): \(distance) vs \(expected)")
                }
            }
        }
    }
}
