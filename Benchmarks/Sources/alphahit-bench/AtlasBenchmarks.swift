import AlphaHit
import Foundation

/// Atlas frames tested in place: one 100 × 100 sprite drawn 1:1 as a plain frame (neither rotated
/// nor trimmed) and as a rotated, trimmed frame of the same sheet, queried at the same points.
/// Target: rotated ≤ 1.2× plain.
enum AtlasBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let pointCount = fixtures.quick ? 20_000 : 1_000_000
        let engines = Lazy { () throws -> (plain: HitTester, rotated: HitTester, points: [Point]) in
            let folder = fixtures.folder.appendingPathComponent("atlas")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The sprite: soft blobs, 92 × 94 solid area inside a 100 × 100 source (trimmed 3 and 4 px).
            let (side, trimX, trimY, stored) = (100, 3, 4, (92, 94))
            func alpha(_ u: Int, _ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: ((u * 7) ^ (v * 13)) & 0xFF) }
            let (sheetWidth, sheetHeight) = (256, 128)
            var pixels = [UInt8](repeating: 0, count: sheetWidth * sheetHeight * 4)
            func put(_ x: Int, _ y: Int, _ a: UInt8) { pixels[(y * sheetWidth + x) * 4 + 3] = a }
            for v in 0..<side { for u in 0..<side { put(u, v, (u >= trimX && u < trimX + stored.0 && v >= trimY && v < trimY + stored.1) ? alpha(u - trimX, v - trimY) : 0) } }
            // Rotated clockwise at (110, 0): stored pixel (u, v) at (110 + h − 1 − v, u).
            for v in 0..<stored.1 { for u in 0..<stored.0 { put(110 + stored.1 - 1 - v, u, alpha(u, v)) } }
            try Data(PNGEncoder().encode(pixels: pixels, width: sheetWidth, height: sheetHeight, layout: .rgba8)).write(to: folder.appendingPathComponent("sheet.png"))
            let json = """
                {"frames": {
                  "plain": {"frame": {"x": 0, "y": 0, "w": 100, "h": 100}, "rotated": false, "spriteSourceSize": {"x": 0, "y": 0, "w": 100, "h": 100}, "sourceSize": {"w": 100, "h": 100}},
                  "rotated": {"frame": {"x": 110, "y": 0, "w": \(stored.0), "h": \(stored.1)}, "rotated": true, "spriteSourceSize": {"x": \(trimX), "y": \(trimY), "w": \(stored.0), "h": \(stored.1)}, "sourceSize": {"w": 100, "h": 100}}
                }, "meta": {"image": "sheet.png"}}
                """
            try Data(json.utf8).write(to: folder.appendingPathComponent("sheet.json"))
            func engine(_ frame: String) throws -> HitTester {
                try HitTester(
                    layout: Layout(elements: [Element(id: frame, frame: Rect(x: 0, y: 0, width: 100, height: 100), imageSource: .atlasFrame(atlas: "sheet.json", frame: frame))],
                                   imageDirectory: folder.path),
                    cache: ImageCache())
            }
            var random = SeededRandom(state: 5)
            return (try engine("plain"), try engine("rotated"), random.points(pointCount, width: 100, height: 100))
        }
        return [
            Benchmark(name: "lookup/atlas/plain", unit: "point", operations: pointCount) {
                let (plain, _, points) = try engines.get()
                return ResolutionBenchmarks.resolve(plain, points)
            },
            Benchmark(name: "lookup/atlas/rotated", unit: "point", operations: pointCount, baseline: "lookup/atlas/plain") {
                let (_, rotated, points) = try engines.get()
                return ResolutionBenchmarks.resolve(rotated, points)
            },
        ]
    }

    /// Building an engine of 1,000 frames of one 2048 × 2048 sheet: the bytes the image cache holds
    /// (the sheet, once, shared by every frame) and, per frame, at most what the engine adds.
    static func thousandFramesMemory(_ fixtures: BenchFixtures) throws -> (sheetBytes: Double, perFrame: Double) {
        let folder = fixtures.folder.appendingPathComponent("atlas-2048")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sheet = folder.appendingPathComponent("big.png")
        if !FileManager.default.fileExists(atPath: sheet.path) {
            var pixels = [UInt8](repeating: 0, count: 2048 * 2048 * 4)
            for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = UInt8(truncatingIfNeeded: i / 4 % 251) }
            try Data(PNGEncoder().encode(pixels: pixels, width: 2048, height: 2048, layout: .rgba8)).write(to: sheet)
        }
        // 64 × 64 frames on a grid, 32 × 32 of them; some rotated.
        var frames: [String] = []
        for index in 0..<1024 {
            let (x, y) = (index % 32 * 64, index / 32 * 64)
            frames.append(#""f\#(index)": {"frame": {"x": \#(x), "y": \#(y), "w": 60, "h": 62}, "rotated": \#(index % 3 == 0), "spriteSourceSize": {"x": 2, "y": 1, "w": 60, "h": 62}, "sourceSize": {"w": 64, "h": 64}}"#)
        }
        try Data(#"{"frames": {\#(frames.joined(separator: ","))}, "meta": {"image": "big.png"}}"#.utf8).write(to: folder.appendingPathComponent("big.json"))
        /// The process's resident memory (VmRSS), in bytes.
        func heapBytes() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        func build(_ count: Int, cache: ImageCache) throws -> (cacheBytes: Int, heapBytes: Int, engine: HitTester) {
            let elements = (0..<count).map { i in
                Element(id: "e\(i)", frame: Rect(x: Double(i % 100) * 70, y: Double(i / 100) * 70, width: 64, height: 64), imageSource: .atlasFrame(atlas: "big.json", frame: "f\(i % 1024)"))
            }
            let before = heapBytes()
            let engine = try HitTester(layout: Layout(elements: elements, imageDirectory: folder.path), cache: cache)
            return (cache.statistics.bytesHeld, heapBytes() - before, engine)
        }
        // A first build decodes and caches the sheet; the second, of 20,000 frames through the same
        // cache, adds only frames: its resident growth over 20,000 bounds a frame's cost (it counts
        // the build's temporary memory too, which glibc keeps).
        let cache = ImageCache()
        let first = try build(1000, cache: cache)
        let many = try build(20_000, cache: cache)
        withExtendedLifetime((first.engine, many.engine)) {}
        return (Double(first.cacheBytes), Double(many.heapBytes) / 20_000)
    }
}
