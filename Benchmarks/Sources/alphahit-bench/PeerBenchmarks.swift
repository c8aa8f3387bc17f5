import AlphaHit
import Foundation

/// What a Python user would pick instead (issue 26), on the same layouts and points, timed by
/// `Benchmarks/peers/peers.py` in its own process: pygame-ce masks (`pygame.mask.from_surface`
/// per element, tested front to back in a Python loop) and shapely's `STRtree` over the elements'
/// exact outlines (`HitTester.outline(of:)`), one query a point for the outlines that contain it. Skipped, with a
/// note, when Python or either package is missing.
enum PeerBenchmarks {
    /// The peers, as the script names them.
    static let peers = ["pygame-ce", "shapely-strtree"]

    static func declare(_ fixtures: BenchFixtures, figures: FigureSink) -> [Benchmark] {
        // Points a sample: enough for about a tenth of a second of the slower peer.
        let layouts: [(name: String, points: Int, make: () throws -> (Layout, HitTester, [Point]))] = [
            ("diamonds", fixtures.quick ? 500 : 50_000, {
                let path = BenchFixtures.samples.appendingPathComponent("diamonds/layout.json").path
                let layout = try LayoutFile.decode(Array(FileManager.default.contents(atPath: path) ?? Data()), name: path,
                                                   imageDirectory: BenchFixtures.samples.appendingPathComponent("diamonds").path)
                return (layout, try HitTester(layout: layout, cache: ImageCache()), ResolutionBenchmarks.diamondPoints(50_000))
            }),
            ("n100", fixtures.quick ? 200 : 20_000, { try ResolutionBenchmarks.generatedFixture(100, images: fixtures.buttonArt(), fixtures, points: 20_000) }),
            ("n10000", 1_000, { try ResolutionBenchmarks.generatedFixture(10_000, images: fixtures.buttonArt(), fixtures, points: 1_000) }),
        ]
        // The smoke run (CI) keeps to the small layouts: the large one's outlines take seconds.
        .filter { !fixtures.quick || $0.name != "n10000" }
        var benchmarks: [Benchmark] = []
        for layout in layouts {
            // One run of the script times both peers on this layout; each row reads its own part.
            let results = Lazy { () throws -> [String: Result<[Double], PeerError>] in
                let (model, engine, points) = try layout.make()
                let fixture = fixtures.folder.appendingPathComponent("peer-\(layout.name).json")
                try write(model, engine, Array(points.prefix(layout.points)), to: fixture)
                return try run(fixture, layout: layout.name, samples: fixtures.quick ? 1 : 5, figures: figures)
            }
            for peer in peers {
                let name = "peer/\(peer)/\(layout.name)"
                benchmarks.append(.elsewhere(name: name, unit: "point", operations: layout.points, baseline: "resolve/\(layout.name)") { _ in
                    guard let samples = try results.get()[peer] else { throw PeerError.noResult(name) }
                    return try samples.get()
                })
            }
        }
        return benchmarks
    }

    enum PeerError: Error, CustomStringConvertible {
        case unsupported(String)
        case noResult(String)
        case script(String)

        var description: String {
            switch self {
            case .unsupported(let what): "the peer fixture supports only plain nesting: \(what)"
            case .noResult(let name): "the peer script reported nothing for \(name)"
            case .script(let message): message
            }
        }
    }

    /// Writes what both peers need: the points, the engine's answers (to report agreement), and the
    /// elements that can be hit, front to back, each with its image, frame in layout points,
    /// rotation, alpha threshold and exact outline.
    static func write(_ layout: Layout, _ engine: HitTester, _ points: [Point], to url: URL) throws {
        var drawn: [[String: Any]] = []
        func visit(_ element: Element, originX: Double, originY: Double) throws {
            let x = originX + element.frame.x, y = originY + element.frame.y
            if let image = element.image, let index = engine.element(withID: element.id) {
                let transform = element.transform ?? .identity
                guard transform.tx == 0 && transform.ty == 0 && abs(transform.determinant - 1) < 1e-9 else {
                    throw PeerError.unsupported("\(element.id) has a transform other than a rotation")
                }
                let polygons = try engine.outline(of: index).map { polygon in
                    ([polygon.outer] + polygon.holes).map { ring in ring.map { [$0.x, $0.y] } }
                }
                let directory = layout.imageDirectory ?? ""
                drawn.append([
                    "index": index.rawValue, "image": image.hasPrefix("/") ? image : directory + "/" + image,
                    "frame": [x, y, element.frame.width, element.frame.height],
                    // Degrees, clockwise on screen (y down), about the frame's centre.
                    "rotation": atan2(transform.b, transform.a) * 180 / Double.pi,
                    "min_alpha": Int(AlphaThreshold.minimumAlpha(for: element.alphaThreshold ?? AlphaThreshold.defaultValue)),
                    "polygons": polygons,
                ])
            }
            guard element.children.isEmpty || element.transform == nil else { throw PeerError.unsupported("\(element.id) moves its children") }
            for child in element.children { try visit(child, originX: x, originY: y) }
        }
        for element in layout.elements { try visit(element, originX: 0, originY: 0) }
        let answers = points.map { engine.elementIndex(at: $0)?.rawValue ?? -1 }
        let document: [String: Any] = [
            "points": points.map { [$0.x, $0.y] }, "answers": answers,
            // Later elements are drawn over earlier ones, descendants over their ancestors.
            "elements": Array(drawn.reversed()),
        ]
        try JSONSerialization.data(withJSONObject: document).write(to: url)
    }

    /// Runs the script on `fixture`; its samples by peer, or why a peer was skipped (its package
    /// is missing). Throws (so every row of the layout is skipped) when Python is missing or the
    /// script fails.
    static func run(_ fixture: URL, layout: String, samples: Int, figures: FigureSink) throws -> [String: Result<[Double], PeerError>] {
        let script = BenchFixtures.samples.deletingLastPathComponent().appendingPathComponent("Benchmarks/peers/peers.py").path
        let output = fixture.deletingPathExtension().appendingPathExtension("results.json")
        try? FileManager.default.removeItem(at: output)
        // The first python3 on PATH, as a shell would find it (pip installs into that one).
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        guard let python = path.split(separator: ":").map({ "\($0)/python3" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw PeerError.script("no python3 on PATH")
        }
        let (status, standardError) = ProcessRunner.run([python, script, fixture.path, "--samples", String(samples), "--json", output.path])
        guard status == 0 else {
            throw PeerError.script(standardError.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last.map(String.init) ?? "peers.py exited with \(status)")
        }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any] ?? [:]
        var outcomes: [String: Result<[Double], PeerError>] = [:]
        for (peer, value) in object {
            guard let entry = value as? [String: Any] else { continue }
            guard let samples = entry["samples_ns"] as? [Double] else {
                outcomes[peer] = .failure(.script("skipped: \(entry["skipped"] as? String ?? "no samples")"))
                continue
            }
            outcomes[peer] = .success(samples)
            if let agreement = entry["agreement"] as? Double, let setup = entry["setup_s"] as? Double {
                figures.values["peer/\(peer)/\(layout)/agreement"] = agreement
                figures.values["peer/\(peer)/\(layout)/setup_s"] = setup
            }
        }
        return outcomes
    }
}
