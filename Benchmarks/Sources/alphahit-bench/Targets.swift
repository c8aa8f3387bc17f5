/// The targets the suite is held to, as data, all in this one table: a ratio against a baseline
/// of the same run, an absolute bound per operation, a bound on growth between two benchmarks,
/// or a bound on a measured figure such as peak memory. Timings are judged by each benchmark's
/// best sample (p0), the figure least disturbed by the rest of a shared machine (issue 26).
enum Target {
    case ratio(name: String, baseline: String, atMost: Double)
    case nanoseconds(name: String, atMost: Double)
    case growth(from: String, to: String, lessThan: Double)
    case figure(name: String, lessThan: Double, unit: Figure.Unit)

    static let all: [Target] = [
        // The third performance round (issue 26): the lookups at their C floor, the resolves as
        // multiples of one cached lookup, the largest layout at most three misses a point.
        .ratio(name: "lookup/alpha8/cached", baseline: "lookup/floor/cached", atMost: 1.2),
        .ratio(name: "lookup/mask1/cached", baseline: "lookup/floor/cached", atMost: 1.2),
        .ratio(name: "lookup/argb8/cached", baseline: "lookup/floor/cached", atMost: 1.2),
        .ratio(name: "lookup/alpha8/uncached", baseline: "lookup/floor/uncached", atMost: 1.2),
        .ratio(name: "lookup/mask1/uncached", baseline: "lookup/floor/uncached", atMost: 1.2),
        .ratio(name: "resolve/diamonds", baseline: "lookup/floor/cached", atMost: 4),
        .ratio(name: "resolve/diamonds", baseline: "resolve/diamonds/floor", atMost: 2.5),
        .ratio(name: "resolve/n10000", baseline: "lookup/floor/cached", atMost: 25),
        .growth(from: "resolve/n100", to: "resolve/n100000", lessThan: 3),
        .ratio(name: "resolve/n100000", baseline: "lookup/floor/uncached", atMost: 3),
        .ratio(name: "resolve/mixed10k", baseline: "resolve/n10000", atMost: 1.3),
        .ratio(name: "resolve/n10000/near-miss12", baseline: "lookup/floor/cached", atMost: 300),
        .ratio(name: "resolve/n10000/tolerance12-hits", baseline: "resolve/n10000", atMost: 1.1),
        .ratio(name: "lookup/atlas/rotated", baseline: "lookup/atlas/plain", atMost: 1.2),
        .ratio(name: "parse/atlas/libgdx", baseline: "parse/atlas/texturepacker", atMost: 2),
        .nanoseconds(name: "cache/build-warm", atMost: 15_000_000),
        .nanoseconds(name: "cli/query-10k", atMost: 200),
        .nanoseconds(name: "cli/query-10k-json", atMost: 500),
        .ratio(name: "decode/4096/alpha8", baseline: "decode/4096/floor", atMost: 1.3),
        .ratio(name: "decode/4096/argb8", baseline: "decode/4096/floor", atMost: 1.3),
        .ratio(name: "decode/4096/mask1", baseline: "decode/4096/floor", atMost: 1.3),
        .ratio(name: "decode/64/alpha8", baseline: "decode/64/floor", atMost: 1.3),
        .ratio(name: "decode/4096/webp-lossless/alpha8", baseline: "decode/4096/webp-lossless/floor", atMost: 1.3),
        .ratio(name: "decode/4096/webp-lossless/argb8", baseline: "decode/4096/webp-lossless/floor", atMost: 1.3),
        .ratio(name: "decode/4096/webp-lossless/mask1", baseline: "decode/4096/webp-lossless/floor", atMost: 1.3),
        .ratio(name: "decode/4096/webp-lossy/alpha8", baseline: "decode/4096/webp-lossy/floor", atMost: 1.3),
        .ratio(name: "decode/4096/webp-lossy/argb8", baseline: "decode/4096/webp-lossy/floor", atMost: 1.3),
        .ratio(name: "decode/4096/webp-lossy/mask1", baseline: "decode/4096/webp-lossy/floor", atMost: 1.3),
        .figure(name: Figure.decodePeakMemory, lessThan: 24 * 1_048_576, unit: .mebibytes),
        .figure(name: Figure.enginePerElement, lessThan: 128.5, unit: .bytes),
        .nanoseconds(name: "live/move/n10000", atMost: 2000),
        .nanoseconds(name: "live/frame/n10000", atMost: 2_000_000),
        .nanoseconds(name: "live/state/n10000", atMost: 1000),
        .nanoseconds(name: "live/add-remove/n10000", atMost: 5000),
        .ratio(name: "live/resolve-after-changes/n10000", baseline: "live/resolve-after-changes/n10000/fresh", atMost: 1.2),
        .figure(name: Figure.liveBytesRatio, lessThan: 1.2, unit: .times),
        .ratio(name: "outline/exact/4096", baseline: "decode/4096/alpha8", atMost: 3),
        .figure(name: "outline/simplify/art/e1.0/vertex-ratio", lessThan: 1.1, unit: .times),
        .ratio(name: "region/large", baseline: "region/large/render", atMost: 1.5),
    ]

    /// Ratios printed beside the targets and judged by none: the lookups against the floor with
    /// the checks a test of an arbitrary point needs (Benchmarks/README.md, "The checked floor"),
    /// so that every run shows how much of each lookup's ratio those
    /// checks are.
    static let references: [(name: String, baseline: String)] = [
        ("lookup/checked-floor/cached", "lookup/floor/cached"),
        ("lookup/alpha8/cached", "lookup/checked-floor/cached"),
        ("lookup/argb8/cached", "lookup/checked-floor/cached"),
        ("lookup/mask1/cached", "lookup/checked-floor/cached"),
        ("lookup/checked-floor/uncached", "lookup/floor/uncached"),
        ("lookup/alpha8/uncached", "lookup/checked-floor/uncached"),
    ]

    /// "met" or "MISSED", with the figure compared; nil when a benchmark it needs did not run.
    func verdict(_ results: [String: Measurement], figures: [String: Double]) -> (text: String, met: Bool)? {
        switch self {
        case .ratio(let name, let baseline, let limit):
            guard let value = results[name]?.best, let base = results[baseline]?.best else { return nil }
            let ratio = value / base
            return ("\(name): \(Report.fixed(ratio, 2))x \(baseline) (target <= \(limit)x)", ratio <= limit)
        case .nanoseconds(let name, let limit):
            guard let value = results[name]?.best else { return nil }
            return ("\(name): \(Report.fixed(value, 1)) ns (target <= \(Int(limit)) ns)", value <= limit)
        case .growth(let from, let to, let limit):
            guard let start = results[from]?.best, let end = results[to]?.best else { return nil }
            let growth = end / start
            return ("\(to) / \(from): \(Report.fixed(growth, 2))x (target < \(limit)x)", growth < limit)
        case .figure(let name, let limit, let unit):
            guard let value = figures[name] else { return nil }
            return ("\(name): \(unit.format(value)) (target < \(unit.format(limit)))", value < limit)
        }
    }
}

/// Figures measured beside the timed benchmarks, by name.
enum Figure {
    /// The bytes decoding the 4096² image to alpha8 adds to a fresh process's peak resident memory.
    static let decodePeakMemory = "memory/decode-4096-alpha8/added_peak_bytes"
    /// The engine's own bytes per element (decoded images excluded) at 100,000 elements.
    static let enginePerElement = "memory/engine-per-element-n100000"
    /// A scene's engine bytes after 100,000 changes over a fresh build's of the same final layout.
    static let liveBytesRatio = "live/resolve-after-changes/n10000/bytes-ratio"

    enum Unit {
        case mebibytes, bytes, times

        func format(_ value: Double) -> String {
            switch self {
            case .mebibytes: "\(Report.fixed(value / 1_048_576, 1)) MiB"
            case .bytes: "\(Int(value.rounded())) B"
            case .times: "\(Report.fixed(value, 2))x"
            }
        }
    }
}
