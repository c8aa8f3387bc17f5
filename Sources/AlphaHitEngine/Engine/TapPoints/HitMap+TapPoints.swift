import AlphaHitBasics

extension HitMap {
    /// Every owning element's tap point and clearance (``TapPoint``) on this map.
    ///
    /// The map is resolved once, band by band, and kept as its runs (a run: a stretch of a row
    /// with one owner, 8 bytes, and a stretch of a column with one owner, 4 bytes) for an exact
    /// Euclidean distance transform of each element's owned pixels (``TapPointFinder``).
    public func tapPoints() -> [ElementIndex: TapPoint] {
        var finder = TapPointFinder(width: width, height: height, ownerCount: engine.storage.ids.count)
        var row = [Int32](repeating: -1, count: width)
        forEachBand { rows, owners in
            for offset in 0..<rows.count {
                for x in 0..<width { row[x] = owners[offset * width + x].map { Int32(position(of: $0)) } ?? -1 }
                finder.addRow(row)
            }
        }
        return tapPoints(finder.finish())
    }

    /// The tap points of a finder's best pixels, by owner position.
    func tapPoints(_ best: [TapPointFinder.Best]) -> [ElementIndex: TapPoint] {
        var points: [ElementIndex: TapPoint] = [:]
        for (position, kept) in best.enumerated() where kept.squared > 0 {
            points[engine.numbering.index(ofPosition: position)] = TapPoint(
                point: point(ofPixelX: kept.x, y: kept.y), clearance: Double(kept.squared).squareRoot() / scale)
        }
        return points
    }
}
