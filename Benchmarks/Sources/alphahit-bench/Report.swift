import Foundation

/// The plain table on standard output and the JSON file for comparing machines.
enum Report {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func human(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1e9 { return fixed(nanoseconds / 1e9, 2) + " s" }
        if nanoseconds >= 1e6 { return fixed(nanoseconds / 1e6, 2) + " ms" }
        if nanoseconds >= 1e4 { return fixed(nanoseconds / 1e3, 1) + " µs" }
        return fixed(nanoseconds, 1) + " ns"
    }

    /// Wide enough for the longest name in the suite.
    static let nameWidth = 40

    static func row(_ measurement: Measurement, _ results: [String: Measurement]) -> String {
        let b = measurement.benchmark
        var ratio = ""
        if let baseline = b.baseline, let base = results[baseline] {
            ratio = fixed(measurement.best / base.best, 2) + "x " + baseline
        }
        let cells = [
            b.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0),
            ("per " + b.unit).padding(toLength: 13, withPad: " ", startingAt: 0),
            [0.0, 25, 50, 75, 100].map { human(measurement.percentile($0)).leftPadded(10) }.joined(separator: " "),
            fixed(measurement.operationsPerSecond, 0).leftPadded(12),
            "  " + ratio,
        ]
        return cells.joined(separator: " ")
    }

    static let header = [
        "name".padding(toLength: nameWidth, withPad: " ", startingAt: 0), "unit".padding(toLength: 13, withPad: " ", startingAt: 0),
        ["p0", "p25", "p50", "p75", "p100"].map { $0.leftPadded(10) }.joined(separator: " "), "ops/s".leftPadded(12), "  ratio (p0)",
    ].joined(separator: " ")

    static func json(_ measurements: [Measurement], machine: [String: String], extras: [String: Double]) -> String {
        var results: [[String: Any]] = []
        for m in measurements {
            var entry: [String: Any] = [
                "name": m.benchmark.name, "unit": "ns/\(m.benchmark.unit)",
                "p0_ns": m.percentile(0), "p25_ns": m.percentile(25), "p50_ns": m.median, "p75_ns": m.percentile(75),
                "p100_ns": m.percentile(100), "ops_per_s": m.operationsPerSecond, "iterations": m.benchmark.operations * m.samples.count,
            ]
            if let baseline = m.benchmark.baseline { entry["baseline"] = baseline }
            results.append(entry)
        }
        let document: [String: Any] = ["machine": machine, "results": results, "measurements": extras]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
