@testable import AlphaHit
@testable import AlphaHitAtlas
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import AlphaHitReports
import Foundation
import Testing

/// Replays the fuzzers' seed corpora and every input they ever crashed on (Fuzz/regressions),
/// through the same checks the fuzz targets make.
@Suite("Fuzz regressions and corpora")
struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] {
        ["Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"].flatMap { folder in
            let url = Fixtures.packageRoot.appendingPathComponent(folder)
            return ((try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []).sorted { $0.path < $1.path }
        }
    }

    @Test("PNG inputs decode whole or fail with a typed error")
    func png() throws {
        let files = Self.inputs("png")
        #expect(files.count >= 20)
        for file in files {
            CorruptionSweepTests.decodeWholeOrTypedError(
                try Fixtures.bytes(of: file), limits: DecodingLimits(maxWidth: 4096, maxHeight: 4096, maxDecodedBytes: 16 << 20))
        }
    }

    @Test("WebP and SVG inputs decode whole or fail with a typed error, at the fuzz target's scale", arguments: ["webp", "svg"])
    func webPAndSVG(target: String) throws {
        let files = Self.inputs(target)
        #expect(files.count >= 6)
        let decoder = ImageDecoder(limits: DecodingLimits(maxWidth: 4096, maxHeight: 4096, maxDecodedBytes: 16 << 20))
        for file in files {
            let bytes = try Fixtures.bytes(of: file)
            for format in CorruptionSweepTests.formats {
                do {
                    let image = try decoder.decode(bytes: bytes, name: "fuzz.image", as: format, scale: 2)
                    #expect(image.byteCount == image.bytesPerRow * image.height && image.width > 0 && image.height > 0)
                } catch {
                    #expect(error.description.hasPrefix("fuzz.image: "))
                }
            }
        }
    }

    @Test("an animation made by img2webp is refused as one")
    func realAnimatedWebP() throws {
        let bytes = try Fixtures.bytes(of: Fixtures.packageRoot.appendingPathComponent("Fuzz/corpus/webp/animated.webp"))
        #expect(throws: ImageDecodingError.animatedWebP(source: "a.webp")) { try ImageDecoder().decode(bytes: bytes, name: "a.webp", as: .alpha8) }
    }

    @Test("atlas inputs parse into whole frames or fail with a typed error")
    func atlas() throws {
        let files = Self.inputs("atlas")
        #expect(files.count >= 6)
        for file in files { AtlasFuzzChecks.check(try Fixtures.bytes(of: file)) }
    }

    @Test("layout inputs parse and validate with typed errors; built engines agree with explain")
    func layout() throws {
        let files = Self.inputs("layout")
        #expect(files.count >= 6)
        for file in files {
            let bytes = try Fixtures.bytes(of: file)
            guard let decoded = try? LayoutFile.decodeAll(bytes, name: "fuzz.json", imageDirectory: "/nonexistent-alphahit-fuzz"),
                let engine = try? HitTester(decoded: decoded, file: "fuzz.json", cache: ImageCache())
            else { continue }
            for x in stride(from: -10.0, through: 300, by: 37) {
                for y in stride(from: -10.0, through: 300, by: 41) {
                    let point = Point(x: x, y: y)
                    #expect(engine.elementIndex(at: point) == engine.explanation(at: point).last.flatMap { $0.verdict == .hit ? $0.element : nil })
                }
            }
        }
    }

    @Test("pipeline inputs: a layout and an image built into an engine answer batches as single queries and the tree walk do, and outline each element")
    func pipeline() throws {
        let files = Self.inputs("pipeline")
        #expect(files.count >= 8)
        let folder = try Fixtures.temporaryDirectory()
        var built = 0
        for file in files {
            let bytes = try Fixtures.bytes(of: file)
            var parts: [[UInt8]] = [[]]
            var i = 0
            while i < bytes.count {
                if parts.count < 3, i + 1 < bytes.count, bytes[i] == 0xFF, bytes[i + 1] == 0x00 {
                    parts.append([])
                    i += 2
                    continue
                }
                parts[parts.count - 1].append(bytes[i])
                i += 1
            }
            while parts.count < 3 { parts.append([]) }
            try Fixtures.write(parts[1], to: folder.appendingPathComponent("img.png").path)
            try Fixtures.write(parts[0], to: folder.appendingPathComponent("layout.json").path)
            guard let engine = try? HitTester(contentsOfLayoutFile: folder.appendingPathComponent("layout.json").path, cache: ImageCache()) else { continue }
            built += 1
            let points = (0..<256).map { Point(x: Double($0 % 16) * 8 + 0.5, y: Double($0 / 16) * 8 + 0.5) }
            let batch = engine.elementIndices(at: points)
            for (point, answer) in zip(points, batch) {
                #expect(answer == engine.elementIndex(at: point))
                // The tree walk's front-most exact hit, else (a layout may set touch tolerances) the near miss.
                #expect(answer == (engine.scanAll(point).first ?? engine.touchHit(at: point)?.element))
            }
            // The map-sized jobs finish with finite figures, and explanations are always JSON.
            for tolerance in [nil, 8, 1e300] as [Double?] {
                if let audit = try? engine.audit(scale: 0.5, tolerance: tolerance, maximumPixels: 1 << 14) {
                    #expect(audit.entries.allSatisfy { $0.owned.isFinite && $0.largestSquare.isFinite && $0.covered.isFinite })
                }
                for point in points.prefix(4) {
                    let json = engine.explain(at: point, tolerance: tolerance).json
                    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(json)")
                }
            }
            // Each element's outline: positive outer rings with finite corners, or a typed refusal.
            for epsilon in [0, 0.5, 1e6] {
                for element in engine.elements.prefix(6) {
                    guard let polygons = try? engine.outline(of: element, epsilon: epsilon) else { continue }
                    for polygon in polygons {
                        #expect(polygon.outer.count >= 3 && OutlinePolygon.signedArea(of: polygon.outer) > 0, "\(file) \(engine.id(of: element)) at \(epsilon)")
                        #expect(([polygon.outer] + polygon.holes).joined().allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(file) \(engine.id(of: element))")
                    }
                }
            }
        }
        #expect(built >= 4)
    }
}
