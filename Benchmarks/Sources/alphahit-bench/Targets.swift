/// The targets the suite is held to, as data: a ratio against a baseline of the same run, an
/// absolute bound per operation, or a bound on growth between two benchmarks.
enum Target {
    case ratio(name: String, baseline: String, atMost: Double)
    case nanoseconds(name: String, atMost: Double)
    case growth(from: String, to: String, lessThan: Double)

    static let all: [Target] = [
        .ratio(name: "lookup/alpha8/cached", baseline: "lookup/floor/cached", atMost: 1.5),
        .ratio(name: "lookup/alpha8/uncached", baseline: "lookup/floor/uncached", atMost: 1.5),
        .nanoseconds(name: "resolve/diamonds", atMost: 25),
        .nanoseconds(name: "resolve/n10000", atMost: 200),
        .growth(from: "resolve/n100", to: "resolve/n100000", lessThan: 3),
        .ratio(name: "decode/4096/alpha8", baseline: "decode/4096/floor", atMost: 1.3),
        .ratio(name: "decode/4096/argb8", baseline: "decode/4096/floor", atMost: 1.3),
        .ratio(name: "decode/4096/mask1", baseline: "decode/4096/floor", atMost: 1.3),
        .ratio(name: "decode/64/alpha8", baseline: "decode/64/floor", atMost: 1.3),
    ]

    /// "met" or "MISSED", with the figure compared; nil when a benchmark it needs did not run.
    func verdict(_ results: [String: Measurement]) -> (text: String, met: Bool)? {
        switch self {
        case .ratio(let name, let baseline, let limit):
            guard let value = results[name]?.median, let base = results[baseline]?.median else { return nil }
            let ratio = value / base
            return ("\(name): \(Report.fixed(ratio, 2))x \(baseline) (target <= \(limit)x)", ratio <= limit)
        case .nanoseconds(let name, let limit):
            guard let value = results[name]?.median else { return nil }
            return ("\(name): \(Report.fixed(value, 1)) ns (target <= \(Int(limit)) ns)", value <= limit)
        case .growth(let from, let to, let limit):
            guard let start = results[from]?.median, let end = results[to]?.median else { return nil }
            let growth = end / start
            return ("\(to) / \(from): \(Report.fixed(growth, 2))x (target < \(limit)x)", growth < limit)
        }
    }
}
