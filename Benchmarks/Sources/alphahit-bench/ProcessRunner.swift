import AlphaHit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a whole process, for the command-line benchmarks.
enum ProcessRunner {
    /// `hittest` built beside this benchmark executable, if it was built.
    static var hittest: String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hittest").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `arguments[0]` with standard input from `input` (or /dev/null), standard output
    /// discarded and standard error captured; returns the exit status and standard error.
    static func run(_ arguments: [String], input: String? = nil) -> (status: Int32, standardError: String) {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("alphahit-bench-\(getpid()).err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return (-1, "cannot start \(arguments[0])") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let standardError = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        unlink(errorFile)
        return ((status >> 8) & 0xff, standardError)
    }
}

/// Whole-process benchmarks of `hittest`, and the peak memory decoding adds to a fresh process.
enum CLIBenchmarks {
    static func declare(_ fixtures: BenchFixtures) -> [Benchmark] {
        let count = fixtures.quick ? 20_000 : 1_000_000
        let points = Lazy {
            try fixtures.file("points-\(count).txt") {
                var random = SeededRandom(state: 99)
                var text = ""
                text.reserveCapacity(count * 16)
                for _ in 0..<count { text += "\(Report.fixed(random.unit(240), 3)),\(Report.fixed(random.unit(160), 3))\n" }
                return Array(text.utf8)
            }
        }
        let layout = BenchFixtures.samples.appendingPathComponent("diamonds/layout.json").path
        let large = BenchFixtures.samples.appendingPathComponent("large/layout.json").path
        let largePoints = Lazy {
            try fixtures.file("points-large-\(count).txt") {
                var random = SeededRandom(state: 98)
                var text = ""
                text.reserveCapacity(count * 18)
                for _ in 0..<count { text += "\(Report.fixed(random.unit(2160), 3)),\(Report.fixed(random.unit(2400), 3))\n" }
                return Array(text.utf8)
            }
        }
        func query(_ name: String, _ extra: [String]) -> Benchmark {
            Benchmark(name: name, unit: "point", operations: count, baseline: "cli/read-floor") {
                guard let hittest = ProcessRunner.hittest else { throw MissingHittest() }
                let points = try largePoints.get()
                return {
                    let outcome = ProcessRunner.run([hittest, "query", large] + extra, input: points)
                    precondition(outcome.status == 0, "hittest query failed: \(outcome.standardError)")
                    return UInt64(outcome.status)
                }
            }
        }
        return [
            Benchmark(name: "cli/read-floor", unit: "point", operations: count) {
                let points = try points.get()
                // Reading the same input in a whole process, and nothing else.
                return { UInt64(ProcessRunner.run(["/usr/bin/wc", "-l"], input: points).status) }
            },
            Benchmark(name: "cli/query-stdin", unit: "point", operations: count, baseline: "cli/read-floor") {
                guard let hittest = ProcessRunner.hittest else { throw MissingHittest() }
                let points = try points.get()
                return {
                    let outcome = ProcessRunner.run([hittest, "query", layout], input: points)
                    precondition(outcome.status == 0, "hittest query failed: \(outcome.standardError)")
                    return UInt64(outcome.status)
                }
            },
            query("cli/query-10k", []),
            query("cli/query-10k-json", ["--json"]),
            // Start-up: load, validate and build the 10,000-element sample, answer nothing.
            Benchmark(name: "cli/startup-10k", unit: "start", operations: 1) {
                guard let hittest = ProcessRunner.hittest else { throw MissingHittest() }
                return { UInt64(ProcessRunner.run([hittest, "query", large]).status) }
            },
            // Its parts in-process: parsing and decoding the JSON, and all of it (parse, load the
            // cached images, build), each against the whole process.
            Benchmark(name: "startup/parse-10k", unit: "parse", operations: 1, baseline: "cli/startup-10k") {
                let bytes = try fixtures.bytes(ofFile: large)
                return { UInt64(try! LayoutFile.decode(bytes, name: "large").elements.count) }
            },
            Benchmark(name: "startup/build-10k", unit: "build", operations: 1, baseline: "cli/startup-10k") {
                let bytes = try fixtures.bytes(ofFile: large)
                let cache = ImageCache()
                _ = try HitTester(layoutJSON: bytes, name: "large", imageDirectory: (large as NSString).deletingLastPathComponent, cache: cache)
                return {
                    UInt64(try! HitTester(layoutJSON: bytes, name: "large", imageDirectory: (large as NSString).deletingLastPathComponent, cache: cache).elements.count)
                }
            },
        ]
    }

    struct MissingHittest: Error, CustomStringConvertible {
        var description: String { "build hittest first (swift build -c release)" }
    }

    /// The bytes that decoding the 4096 × 4096 image to alpha8 adds to a fresh `hittest` process's
    /// peak resident memory, as the process measures it itself (`decode --stats`).
    static func decodePeakMemory(_ fixtures: BenchFixtures) throws -> Double? {
        // Parsed from `decode --stats`: "...; decoding added N bytes".
        guard let hittest = ProcessRunner.hittest else { return nil }
        let image = try fixtures.realisticImage(side: fixtures.quick ? 512 : 4096)
        let outcome = ProcessRunner.run([hittest, "decode", image, "--format", "alpha8", "-o", "/dev/null", "--stats"])
        guard outcome.status == 0, let line = outcome.standardError.split(separator: "\n").first(where: { $0.hasPrefix("stats:") }) else { return nil }
        let words = line.split(separator: " ")
        guard let index = words.lastIndex(of: "bytes") else { return nil }
        return Double(words[index - 1])
    }
}
