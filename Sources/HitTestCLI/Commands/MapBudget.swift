import AlphaHit

/// One budget for every job that visits a whole hit map (`render`'s picture and page, the page's
/// audit and tolerance map, `audit`): the pixels of all the maps one command makes, added up and
/// checked before any of them is started, with the options that change them.
enum MapBudget {
    static let option = Option(
        "--max-map-pixels", value: "<n>",
        help: "The most hit-map pixels one command may visit, over all its maps. (default: \(HitTester.defaultMapPixelBudget))",
        expected: "a whole number from 1 to \(Int.max)", parse: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })

    /// The map scales (pixels per point) the commands accept: ``HitTester/hitMapScales``.
    static func scale(_ text: String) -> Double? {
        OptionValue.number(text).flatMap { HitTester.hitMapScales.contains($0) ? $0 : nil }
    }
    static let scaleExpected = "a number from 0.000001 to 1000000"

    /// The budget `--max-map-pixels` sets.
    static func pixels(_ arguments: ParsedArguments) -> Int {
        arguments[option] ?? HitTester.defaultMapPixelBudget
    }

    /// Refuses the job when its maps (what each is, and the map) add up to more than the budget;
    /// `remedy` names the options that make them smaller.
    static func check(_ maps: [(what: String, map: HitMap)], _ arguments: ParsedArguments, remedy: String) throws(CommandFailure) {
        let budget = pixels(arguments)
        var total = 0
        for (_, map) in maps {
            let (pixels, overflow) = map.width.multipliedReportingOverflow(by: map.height)
            total = overflow ? .max : total.addingReportingOverflow(pixels).overflow ? .max : total + pixels
        }
        guard total > budget else { return }
        let parts = maps.map { "\($0.what) \($0.map.width)x\($0.map.height)" }.joined(separator: ", ")
        throw CommandFailure(description: "the hit maps (\(parts)) add up to \(total) pixels, over the budget of \(budget); \(remedy), or raise --max-map-pixels")
    }
}
