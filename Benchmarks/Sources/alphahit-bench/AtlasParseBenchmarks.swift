import AlphaHit

/// Reading atlas descriptions: the same 200,000 frames (trimmed, every other one rotated) as
/// TexturePacker JSON and as libGDX text, parsed from memory. Target (issue 21): the libGDX reader
/// linear and lean, at most 2× the JSON reader on the same content.
enum AtlasParseBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let count = fixtures.quick ? 2_000 : 200_000
        let texts = Lazy { () -> (json: [UInt8], libGDX: [UInt8]) in
            var json = "{\"frames\": {\n", gdx = "sheet.png\nsize: 4096, 4096\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\n"
            for i in 0..<count {
                let (x, y, rotated) = (i % 4000, i / 4000, i % 2 == 1)
                json += "\"frame\(i)\": {\"frame\": {\"x\": \(x), \"y\": \(y), \"w\": 12, \"h\": 10}, \"rotated\": \(rotated), \"trimmed\": true, "
                    + "\"spriteSourceSize\": {\"x\": 1, \"y\": 2, \"w\": 12, \"h\": 10}, \"sourceSize\": {\"w\": 14, \"h\": 13}}\(i + 1 < count ? "," : "")\n"
                gdx += "frame\(i)\n  rotate: \(rotated)\n  xy: \(x), \(y)\n  size: 12, 10\n  orig: 14, 13\n  offset: 1, 1\n  index: -1\n"
            }
            json += "}, \"meta\": {\"image\": \"sheet.png\", \"size\": {\"w\": 4096, \"h\": 4096}, \"scale\": \"1\"}}\n"
            return (Array(json.utf8), Array(gdx.utf8))
        }
        func parse(_ bytes: [UInt8]) -> UInt64 {
            guard let atlas = try? Atlas(bytes: bytes, name: "bench") else { return 0 }
            return UInt64(atlas.frames.count) &+ UInt64(atlas.frames.last?.sheetX ?? 0)
        }
        return [
            Benchmark(name: "parse/atlas/texturepacker", unit: "frame", operations: count) {
                let json = try texts.get().json
                return { parse(json) }
            },
            Benchmark(name: "parse/atlas/libgdx", unit: "frame", operations: count, baseline: "parse/atlas/texturepacker") {
                let text = try texts.get().libGDX
                return { parse(text) }
            },
        ]
    }
}
