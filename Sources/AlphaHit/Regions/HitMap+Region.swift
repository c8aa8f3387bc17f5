import AlphaHitEngine
import AlphaHitOutline

extension HitMap {
    /// The map's pixels that an element owns (any element, or only `element`), as a banded region
    /// (``BandedRegion``): the pixels ``HitTester/hitMap(scale:tolerance:)`` paints, which are
    /// exactly `hittest render`'s picture at the same scale and tolerance, sampled at the same points.
    ///
    /// Resolved band by band (``forEachBand(rowsPerBand:_:)``): the memory of one band besides
    /// the rectangles.
    public func region(of element: ElementIndex? = nil) -> BandedRegion {
        var region = BandedRegion()
        let width = width
        forEachBand { rows, owners in
            for (offset, y) in rows.enumerated() {
                let row = owners[offset * width..<(offset + 1) * width]
                func counts(_ x: Int) -> Bool { row[row.startIndex + x].map { element == nil || $0 == element } ?? false }
                var spans: [Range<Int>] = []
                var x = 0
                while x < width {
                    guard counts(x) else {
                        x += 1
                        continue
                    }
                    let start = x
                    while x < width && counts(x) { x += 1 }
                    spans.append(start..<x)
                }
                region.appendRow(y, spans: spans)
            }
        }
        region.finish()
        return region
    }
}
