import AlphaHit
import AlphaHitOutline
import Foundation

/// Hit areas out (issue 24): outlines of the 4096² image and of the samples' and atlases' art,
/// and the input region of `Samples/large`, against the work they must stay near.
enum OutlineBenchmarks {
    static func declare(_ fixtures: BenchFixtures, figures: FigureSink) -> [Benchmark] {
        let large = Lazy { try ImageDecoder().decode(contentsOfFile: try fixtures.realisticImage(side: fixtures.quick ? 512 : 4096), as: .alpha8) }
        let largeExact = Lazy { try SolidMask(image: try large.get()).exactOutline() }
        let art = Lazy { try Self.art() }
        let layout = BenchFixtures.samples.appendingPathComponent("large/layout.json").path
        let picture = fixtures.folder.appendingPathComponent("region-large-render.png").path
        var benchmarks = [
            // The exact outline traced straight from the decoded image's rows (two rows of memory).
            Benchmark(name: "outline/exact/4096", unit: "outline", operations: 1, baseline: "decode/4096/alpha8") {
                let image = try large.get()
                return { UInt64(try! outline(of: image).count) }
            },
            Benchmark(name: "outline/simplify/4096/e1", unit: "outline", operations: 1, baseline: "outline/exact/4096") {
                let exact = try largeExact.get()
                return { UInt64(OutlineSimplification.simplify(exact, epsilon: 1).count) }
            },
        ]
        for epsilon in [0.5, 1, 2] {
            benchmarks.append(Benchmark(name: "outline/simplify/art/e\(Report.fixed(epsilon, 1))", unit: "art set", operations: 1) {
                let exact = try art.get().map { $0.exactOutline() }
                let ours = exact.reduce(0) { $0 + vertices(OutlineSimplification.simplify($1, epsilon: epsilon)) }
                let reference = exact.reduce(0) { $0 + vertices(OutlineSimplification.reference($1, epsilon: epsilon)) }
                figures.values["outline/simplify/art/e\(Report.fixed(epsilon, 1))/vertex-ratio"] = Double(ours) / Double(reference)
                figures.values["outline/simplify/art/e\(Report.fixed(epsilon, 1))/vertices"] = Double(ours)
                figures.values["outline/simplify/art/exact-vertices"] = Double(exact.reduce(0) { $0 + vertices($1) })
                return { UInt64(exact.reduce(0) { $0 + OutlineSimplification.simplify($1, epsilon: epsilon).count }) }
            })
        }
        // Convex pieces of at most 8 corners (Box2D's limit), of simplified and of exact outlines.
        func convex(_ name: String, _ polygons: Lazy<[OutlinePolygon]>) -> Benchmark {
            Benchmark(name: name, unit: "cut", operations: 1) {
                let polygons = try polygons.get()
                figures.values[name + "/pieces"] = Double(try polygons.reduce(0) { $0 + (try $1.convexPieces(maximumVertices: 8)).count })
                figures.values[name + "/polygons"] = Double(polygons.count)
                return { UInt64(try! polygons.reduce(0) { $0 + (try $1.convexPieces(maximumVertices: 8)).count }) }
            }
        }
        benchmarks += [
            convex("outline/convex/art/e1", Lazy { try art.get().flatMap { try $0.outline(epsilon: 1) } }),
            convex("outline/convex/4096/e1", Lazy { OutlineSimplification.simplify(try largeExact.get(), epsilon: 1) }),
            convex("outline/convex/4096/exact", largeExact),
        ]
        benchmarks += [
            // Whole processes: the region of the sample at scale 1 against its render picture.
            Benchmark(name: "region/large/render", unit: "map", operations: 1) {
                guard let hittest = ProcessRunner.hittest else { throw CLIBenchmarks.MissingHittest() }
                return { UInt64(ProcessRunner.run([hittest, "render", layout, "-o", picture]).status) }
            },
            Benchmark(name: "region/large", unit: "map", operations: 1, baseline: "region/large/render") {
                guard let hittest = ProcessRunner.hittest else { throw CLIBenchmarks.MissingHittest() }
                return { UInt64(ProcessRunner.run([hittest, "region", layout]).status) }
            },
        ]
        return benchmarks
    }

    static func vertices(_ polygons: [OutlinePolygon]) -> Int {
        polygons.reduce(0) { $0 + $1.outer.count + $1.holes.reduce(0) { $0 + $1.count } }
    }

    /// The art simplification is measured on: every sample's PNG and every frame of the real
    /// atlases among the test fixtures, as masks at the default threshold.
    static func art() throws -> [SolidMask] {
        let root = BenchFixtures.samples.deletingLastPathComponent()
        var masks: [SolidMask] = []
        let samples = root.appendingPathComponent("Samples")
        for folder in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let directory = samples.appendingPathComponent(folder)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.sorted() ?? [] where file.hasSuffix(".png") {
                masks.append(try SolidMask(image: try ImageDecoder().decode(contentsOfFile: directory.appendingPathComponent(file).path, as: .alpha8)))
            }
        }
        let atlases = root.appendingPathComponent("Tests/AlphaHitTests/Fixtures/Atlases")
        for name in ["texturepacker-hash/building1.json", "starling-xml/atlas.xml", "aseprite-json/beetle.json", "libgdx-legacy/skin.atlas"] {
            let path = atlases.appendingPathComponent(name).path
            let atlas = try Atlas(contentsOfFile: path)
            var sheets: [String: DecodedImage] = [:]
            for frame in atlas.frames {
                let sheetPath = (path as NSString).deletingLastPathComponent + "/" + frame.sheet
                if sheets[sheetPath] == nil { sheets[sheetPath] = try ImageDecoder().decode(contentsOfFile: sheetPath, as: .alpha8) }
                let plane = frame.alphaPlane(from: sheets[sheetPath]!)
                let width = frame.sourceWidth
                masks.append(SolidMask(width: width, height: frame.sourceHeight) { x, y in
                    AlphaThreshold.isSolid(alpha: plane[y * width + x], minimumAlpha: AlphaThreshold.defaultMinimumAlpha)
                })
            }
        }
        return masks
    }
}
