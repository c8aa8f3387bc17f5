import Foundation

/// `swift run -c release alphahit-bench [--quick] [--filter REGEX] [--json FILE] [--check-targets]`
@main
enum BenchmarkMain {
    static let usage = """
        USAGE: alphahit-bench [--quick] [--filter <regex>] [--json <file>] [--samples <n>] [--check-targets]

        OPTIONS:
          --quick             Smoke mode: small inputs, one sample (seconds; for CI).
          --filter <regex>    Run only benchmarks whose name matches.
          --json <file>       Also write the results as JSON.
          --samples <n>       Timed repetitions per benchmark. (default: 5; 1 with --quick)
          --check-targets     Exit 3 when a target is missed (never used in CI: timings here are noisy).
          -h, --help          Show this help.

        """

    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func value(_ flag: String) -> String? {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(index...index + 1) }
            return arguments[index + 1]
        }
        func flag(_ name: String) -> Bool {
            guard let index = arguments.firstIndex(of: name) else { return false }
            arguments.remove(at: index)
            return true
        }
        if flag("--help") || flag("-h") {
            print(usage, terminator: "")
            return
        }
        let quick = flag("--quick"), checkTargets = flag("--check-targets")
        let filterText = value("--filter"), jsonPath = value("--json")
        let sampleText = value("--samples")
        guard arguments.isEmpty else {
            FileHandle.standardError.write(Data("Error: unexpected argument '\(arguments[0])'\n\(usage)".utf8))
            exit(2)
        }
        let filter = try filterText.map { try Regex($0) }
        let samples = sampleText.flatMap(Int.init) ?? (quick ? 1 : 5)

        let fixtures = try BenchFixtures(quick: quick)
        let started = Date()
        // Every benchmark is declared once, with its name; fixtures are made only for those selected.
        let liveFigures = FigureSink()
        let declared = LookupBenchmarks.declare(fixtures) + ResolutionBenchmarks.declare(fixtures)
            + DecodeBenchmarks.declare(fixtures) + WebPAndSVGBenchmarks.declare(fixtures) + CacheBenchmarks.declare(fixtures) + CLIBenchmarks.declare(fixtures)
            + AtlasBenchmarks.declare(fixtures) + AtlasParseBenchmarks.declare(fixtures) + SeedBenchmarks.declare(fixtures)
            + LiveBenchmarks.declare(fixtures, figures: liveFigures) + OutlineBenchmarks.declare(fixtures, figures: liveFigures)
            + PeerBenchmarks.declare(fixtures, figures: liveFigures)
        print("AlphaHit benchmarks\(quick ? " (quick smoke run: small inputs, figures not meaningful)" : ""), \(samples) sample\(samples == 1 ? "" : "s") each, ns per operation")
        print(Report.header)
        var harness = Harness(samples: samples)
        var measurements: [Measurement] = []
        var byName: [String: Measurement] = [:]
        for benchmark in declared where filter.map({ benchmark.name.contains($0) }) ?? true {
            do {
                let measurement = try harness.measure(benchmark)
                measurements.append(measurement)
                byName[benchmark.name] = measurement
                print(Report.row(measurement, byName))
            } catch {
                print("note: \(benchmark.name) skipped: \(error)")
            }
        }
        var figures = liveFigures.values
        for (name, ratio) in figures.sorted(by: { $0.key < $1.key }) where name.hasSuffix("/bytes-ratio") {
            print("\(name): \(Report.fixed(ratio, 2))x the engine bytes of a fresh build of the same final layout")
        }
        for (name, pieces) in figures.sorted(by: { $0.key < $1.key }) where name.hasSuffix("/pieces") {
            let polygons = figures[name.replacingOccurrences(of: "/pieces", with: "/polygons")].map { Int($0) } ?? 0
            print("\(name): \(Int(pieces)) convex pieces of at most 8 corners for \(polygons) polygons")
        }
        for (name, agreement) in figures.sorted(by: { $0.key < $1.key }) where name.hasSuffix("/agreement") {
            let peer = name.dropLast("/agreement".count), setup = figures["\(peer)/setup_s"] ?? 0
            print("\(peer): answers as the engine does on \(Report.fixed(agreement * 100, 2))% of the points; set up (not timed) in \(Report.fixed(setup, 2)) s")
        }
        for (name, ratio) in figures.sorted(by: { $0.key < $1.key }) where name.hasSuffix("/vertex-ratio") {
            let vertices = figures[name.replacingOccurrences(of: "vertex-ratio", with: "vertices")].map { Int($0) } ?? 0
            let exact = figures["outline/simplify/art/exact-vertices"].map { Int($0) } ?? 0
            print("\(name): \(Report.fixed(ratio, 3))x the vertices of the straightforward topology-preserving Douglas-Peucker (\(vertices) of \(exact) exact vertices)")
        }
        if !quick, filter.map({ "memory/atlas-1000-frames".contains($0) || "lookup/atlas".contains($0) }) ?? true {
            let (sheet, perFrame) = try AtlasBenchmarks.thousandFramesMemory(fixtures)
            figures["memory/atlas-1000-frames/sheet"] = sheet
            figures["memory/atlas-1000-frames/per-frame"] = perFrame
            print("memory/atlas-1000-frames: the cache holds \(Figure.Unit.mebibytes.format(sheet)) (one 2048x2048 alpha8 sheet); the engine adds at most \(Int(perFrame.rounded())) bytes a frame (resident growth of a 20,000-frame build)")
        }
        if filter.map({ Figure.decodePeakMemory.contains($0) }) ?? true, let peak = try CLIBenchmarks.decodePeakMemory(fixtures) {
            figures[Figure.decodePeakMemory] = peak
            print("\(Figure.decodePeakMemory): \(Figure.Unit.mebibytes.format(peak)) added to a fresh process's peak resident memory")
        }
        if !quick, filter.map({ Figure.enginePerElement.contains($0) || "resolve/n100000".contains($0) }) ?? true {
            let (perElement, byTable) = try ResolutionBenchmarks.engineBytesPerElement(fixtures, count: 100_000)
            figures[Figure.enginePerElement] = perElement
            let parts = byTable.map { "\($0.table) \(Report.fixed($0.bytes, 1))" }.joined(separator: ", ")
            print("\(Figure.enginePerElement): \(Int(perElement.rounded())) bytes of engine tables per element at 100,000 elements (images excluded): \(parts)")
        }
        print("\ntargets:")
        var missed = 0
        for target in Target.all {
            guard let (text, met) = target.verdict(byName, figures: figures) else { continue }
            if !met { missed += 1 }
            print("  \(met ? "met   " : "MISSED") \(text)")
        }
        let references = Target.references.compactMap { reference in
            byName[reference.name].flatMap { value in byName[reference.baseline].map { (reference, value.best / $0.best) } }
        }
        if !references.isEmpty { print("\nreferences (not targets):") }
        for (reference, ratio) in references {
            print("  ref    \(reference.name): \(Report.fixed(ratio, 2))x \(reference.baseline)")
        }
        print("\n\(measurements.count) benchmarks in \(Report.fixed(Date().timeIntervalSince(started), 1)) s")
        if let jsonPath {
            try Report.json(measurements, machine: Machine.describe(), extras: figures).write(toFile: jsonPath, atomically: true, encoding: .utf8)
            print("wrote \(jsonPath)")
        }
        if checkTargets && missed > 0 { exit(3) }
    }
}

/// What the results were measured on.
enum Machine {
    static func describe() -> [String: String] {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown"
        return [
            "cores": String(ProcessInfo.processInfo.activeProcessorCount),
            "cpu": model,
            "memory_bytes": String(ProcessInfo.processInfo.physicalMemory),
            "os": ProcessInfo.processInfo.operatingSystemVersionString,
            "date": ISO8601DateFormatter().string(from: Date()),
        ]
    }
}
