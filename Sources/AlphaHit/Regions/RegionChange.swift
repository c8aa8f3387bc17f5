import AlphaHitEngine
import AlphaHitOutline

/// How a map's region changed (`hittest region --changes SCRIPT --diff`): the pixels it gained and
/// those it lost, each a ``BandedRegion``, found by resolving only the pixels changes can touch.
public struct RegionChange: Hashable, Sendable {
    /// Pixels owned now that were not before.
    public var added: BandedRegion
    /// Pixels owned before that are not now.
    public var removed: BandedRegion

    /// The layout rectangles (points) outside which `changes`, taking engine `before` to engine
    /// `after`, change the owner of no pixel: each changed element's subtree's reach
    /// (``HitTester/reach(ofSubtree:tolerance:)``) in either engine.
    public static func areas(touchedBy changes: [LayoutChange], before: HitTester, after: HitTester, tolerance: Double? = nil) -> [Rect] {
        let ids = Set(changes.map(\.elementID)).sorted()
        return [before, after].flatMap { engine in
            engine.reach(ofSubtrees: ids.compactMap(engine.element(withID:)), tolerance: tolerance).compactMap { $0 }
        }
    }
}

extension HitMap {
    /// How the pixels owned by any element (or by `element`) changed from map `old` to this map,
    /// resolving both only inside `areas` (layout rectangles, from
    /// ``RegionChange/areas(touchedBy:before:after:tolerance:)``): the cost is the pixels of those
    /// areas, twice, not the map's.
    ///
    /// - Precondition: the two maps have the same size and scale.
    public func regionChange(from old: HitMap, within areas: [Rect], of element: ElementIndex? = nil) -> RegionChange {
        precondition(old.width == width && old.height == height && old.scale == scale, "a region change is between maps of one size and scale")
        var added: [Int: [Range<Int>]] = [:], removed: [Int: [Range<Int>]] = [:]
        for window in Self.disjoint(areas.compactMap(window(covering:))) {
            let (before, after) = (old.owners(inColumns: window.columns, rows: window.rows), owners(inColumns: window.columns, rows: window.rows))
            func counts(_ owner: ElementIndex?) -> Bool { owner.map { element == nil || $0 == element } ?? false }
            for (offset, y) in window.rows.enumerated() {
                let row = offset * window.columns.count
                var x = 0
                while x < window.columns.count {
                    let (was, now) = (counts(before[row + x]), counts(after[row + x]))
                    guard was != now else {
                        x += 1
                        continue
                    }
                    let start = x
                    while x < window.columns.count && counts(before[row + x]) == was && counts(after[row + x]) == now { x += 1 }
                    let span = window.columns.lowerBound + start..<window.columns.lowerBound + x
                    if now { added[y, default: []].append(span) } else { removed[y, default: []].append(span) }
                }
            }
        }
        return RegionChange(added: BandedRegion(rows: added), removed: BandedRegion(rows: removed))
    }

    /// Windows merged until no two overlap: each pixel resolved once.
    private static func disjoint(_ windows: [(columns: Range<Int>, rows: Range<Int>)]) -> [(columns: Range<Int>, rows: Range<Int>)] {
        var merged: [(columns: Range<Int>, rows: Range<Int>)] = []
        for var window in windows {
            while let index = merged.firstIndex(where: { $0.columns.overlaps(window.columns) && $0.rows.overlaps(window.rows) }) {
                let other = merged.remove(at: index)
                window = (min(other.columns.lowerBound, window.columns.lowerBound)..<max(other.columns.upperBound, window.columns.upperBound),
                          min(other.rows.lowerBound, window.rows.lowerBound)..<max(other.rows.upperBound, window.rows.upperBound))
            }
            merged.append(window)
        }
        return merged
    }
}
