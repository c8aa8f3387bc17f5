extension BandedRegion {
    /// The region covering `rows`: for each row, its pixel ranges, in any order, overlapping or
    /// touching as they may (they are merged).
    public init(rows: [Int: [Range<Int>]]) {
        self.init()
        for y in rows.keys.sorted() {
            var merged: [Range<Int>] = []
            for span in rows[y]!.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, span.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
                } else {
                    merged.append(span)
                }
            }
            appendRow(y, spans: merged)
        }
        finish()
    }

    /// Each row the region covers, with its pixel ranges sorted by x.
    public var rows: [Int: [Range<Int>]] {
        var rows: [Int: [Range<Int>]] = [:]
        for r in rectangles {
            for y in r.y..<r.y + r.height { rows[y, default: []].append(r.x..<r.x + r.width) }
        }
        return rows
    }

    /// The pixels of this region and of `added`, less those of `removed`.
    public func applying(adding added: BandedRegion, removing removed: BandedRegion) -> BandedRegion {
        var rows = self.rows
        for (y, spans) in added.rows { rows[y, default: []] += spans }
        for (y, spans) in removed.rows {
            guard let kept = rows[y] else { continue }
            rows[y] = spans.reduce(Self.merged(kept)) { remaining, cut in
                remaining.flatMap { span -> [Range<Int>] in
                    let (left, right) = (min(span.upperBound, max(span.lowerBound, cut.lowerBound)), max(span.lowerBound, min(span.upperBound, cut.upperBound)))
                    return [span.lowerBound..<left, right..<span.upperBound].filter { !$0.isEmpty }
                }
            }
        }
        return BandedRegion(rows: rows)
    }

    private static func merged(_ spans: [Range<Int>]) -> [Range<Int>] { BandedRegion(rows: [0: spans]).rectangles.map { $0.x..<$0.x + $0.width } }
}
