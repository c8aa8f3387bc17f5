import AlphaHit
import Foundation

/// Files the benchmarks read, generated once into a folder that later runs reuse.
struct BenchFixtures {
    let folder: URL
    let quick: Bool

    init(quick: Bool) throws {
        self.quick = quick
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(quick ? "alphahit-bench-quick" : "alphahit-bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The package's own `Samples/` folder.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    /// `name` in the fixture folder, written by `make` unless it is already there.
    func file(_ name: String, make: () throws -> [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: url.path) {
            let temporary = folder.appendingPathComponent(name + ".partial")
            try Data(try make()).write(to: temporary)
            // Written aside and then renamed, so a run stopped halfway never leaves a torn fixture.
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        return url.path
    }

    /// A grey+alpha image whose alpha is a field of blobs: about half the pixels solid, in runs
    /// long enough to look like button art, irregular enough that no branch predictor learns it.
    func blobImage(side: Int) throws -> String {
        try file("blobs-\(side).png") {
            var pixels = [UInt8](repeating: 0, count: side * side * 2)
            let cell = max(4, side / 64)
            for y in 0..<side {
                for x in 0..<side {
                    var h = UInt64(x / cell) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(y / cell) &* 0xC2B2_AE3D_27D4_EB4F
                    h ^= h >> 29
                    pixels[(y * side + x) * 2] = 128
                    pixels[(y * side + x) * 2 + 1] = h & 1 == 0 ? 255 : UInt8(h >> 8 & 15)
                }
            }
            return try PNGEncoder().encode(pixels: pixels, width: side, height: side, layout: .greyAlpha8)
        }
    }

    /// A "photo-like" RGBA image: smooth gradients, anti-aliased discs with soft alpha, and a
    /// little noise, so it compresses like real art rather than like a flat colour.
    func realisticImage(side: Int) throws -> String {
        try file("realistic-\(side).png") {
            try PNGEncoder().encode(pixels: Self.realisticPixels(side: side), width: side, height: side, layout: .rgba8)
        }
    }

    /// The straight RGBA pixels of ``realisticImage(side:)``.
    static func realisticPixels(side: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        var state: UInt64 = 0x1234_5678
        let discs = (0..<24).map { i -> (Double, Double, Double) in
            let f = Double(i) / 24
            return (Double(side) * (0.1 + 0.8 * ((f * 7.3).truncatingRemainder(dividingBy: 1))),
                    Double(side) * (0.1 + 0.8 * ((f * 3.7).truncatingRemainder(dividingBy: 1))), Double(side) * (0.04 + 0.1 * f))
        }
        for y in 0..<side {
            for x in 0..<side {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(state >> 61)
                var alpha = 0.0
                for (cx, cy, r) in discs {
                    let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                    alpha = max(alpha, min(1, max(0, (r - d) / 6)))
                }
                let i = (y * side + x) * 4
                pixels[i] = UInt8(min(255, x * 255 / side + noise))
                pixels[i + 1] = UInt8(min(255, y * 255 / side + noise))
                pixels[i + 2] = UInt8(min(255, (x + y) * 127 / side + noise))
                pixels[i + 3] = UInt8(alpha * 255)
            }
        }
        return pixels
    }

    /// The bytes of a file (a sample layout, say).
    func bytes(ofFile path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Four 32 × 32 button arts (disc, diamond, ring, rounded square), for generated layouts.
    func buttonArt() throws -> [String] {
        let shapes: [(String, (Double, Double) -> Bool)] = [
            ("disc", { x, y in (x - 16) * (x - 16) + (y - 16) * (y - 16) <= 256 }),
            ("diamond", { x, y in abs(x - 16) + abs(y - 16) <= 16 }),
            ("ring", { x, y in let d = (x - 16) * (x - 16) + (y - 16) * (y - 16); return d <= 256 && d >= 81 }),
            ("pill", { x, y in let cx = min(max(x, 10), 22), cy = min(max(y, 10), 22); return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 100 }),
        ]
        return try shapes.map { name, inside in
            try file("\(name).png") { try Self.art(side: 32, variant: 0, inside) }
        }
    }

    /// `count` distinct small images (the same disc with a different hole), for the cache benchmarks.
    func manyImages(_ count: Int) throws -> [String] {
        try (0..<count).map { i in
            try file("many-\(i).png") {
                try Self.art(side: 24, variant: i) { x, y in
                    let d = (x - 12) * (x - 12) + (y - 12) * (y - 12)
                    return d <= 144 && d >= Double(i % 100)
                }
            }
        }
    }

    static func art(side: Int, variant: Int, _ inside: (Double, Double) -> Bool) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side where inside(Double(x) + 0.5, Double(y) + 0.5) {
                pixels.replaceSubrange((y * side + x) * 4..<(y * side + x) * 4 + 4, with: [200, UInt8(variant % 256), 90, 255])
            }
        }
        return try PNGEncoder().encode(pixels: pixels, width: side, height: side, layout: .rgba8)
    }
}

/// A small seeded generator, so every run measures the same points and layouts.
struct SeededRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, bound).
    mutating func unit(_ bound: Double) -> Double {
        Double(next() >> 11) / Double(1 << 53) * bound
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func points(_ count: Int, width: Double, height: Double) -> [Point] {
        (0..<count).map { _ in Point(x: unit(width), y: unit(height)) }
    }
}
