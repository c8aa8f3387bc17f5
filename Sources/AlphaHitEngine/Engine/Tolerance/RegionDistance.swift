import AlphaHitBasics

/// The distance, in layout points, from a layout point to one element's hit region R(e): the points
/// of its bounds inside its shape, on its solid pixels and inside every clipping ancestor's bounds,
/// measured where the element is drawn (after every transform).
///
/// A branch-and-bound search over boxes of the element's local space, nearest first: a box wholly
/// inside R(e) is at exactly the distance of its drawn parallelogram; a box wholly outside is
/// dropped; a mixed box is split, at a pixel edge where it spans several pixels (so pixel-art shapes
/// resolve in a few dozen boxes), else in half, until it is smaller than ``precision`` across, when
/// its own distance stands in (never more than ``precision`` short of the true one).
struct RegionDistance {
    /// A box of local space, with the distance of its drawn image from the point.
    private struct Box {
        var local: LocalBox
        var distance: Double
    }

    /// Boxes this small across (in layout points) are not split further.
    static let precision = 0.004
    /// A bound on the boxes one search looks at, against pathological inputs (then the precision may suffer).
    static let boxBudget = 200_000

    let region: LocalRegion
    private var toLayout: AffineMap { region.toLayout }
    private let point: (x: Double, y: Double)
    /// The point in local coordinates.
    private let local: (x: Double, y: Double)

    /// Calls `body` with the region of element `index` seen from layout point `point`.
    static func withRegion<Result>(
        of index: Int, from point: (x: Double, y: Double), tables: RecordTables, counts: SolidPixelCounts.Reader?,
        _ body: (RegionDistance) -> Result
    ) -> Result {
        LocalRegion.withRegion(of: index, tables: tables, counts: counts) { region in
            body(RegionDistance(region: region, point: point, local: (region.toLayout.inverse ?? .identity).apply(point.x, point.y)))
        }
    }

    /// The distance to the region and its nearest point (layout space), when at most `limit`.
    func nearest(within limit: Double) -> (distance: Double, point: (x: Double, y: Double))? {
        guard let bounds = region.bounds else { return nil }
        var best = (distance: Double.infinity, box: bounds)
        var bound = limit
        var visited = 0
        withUnsafeTemporaryAllocation(of: Box.self, capacity: 256) { stack in
            var count = 0
            func push(_ box: Box) {
                stack[count] = box
                count += 1
            }
            push(box(bounds))
            while count > 0 {
                count -= 1
                let box = stack[count]
                guard box.distance <= bound, box.distance < best.distance else { continue }
                visited += 1
                let (coverage, split) = region.classify(box.local)
                if coverage == .empty { continue }
                let small = box.local.drawnDiameter(toLayout) <= Self.precision || count > 250 || visited > Self.boxBudget
                if coverage == .full || small {
                    best = (box.distance, box.local)
                    bound = min(bound, box.distance)
                    if box.distance == 0 { break }
                    continue
                }
                let cut = split ?? box.local.middleCut(drawnBy: toLayout)
                let halves = box.local.halves(vertical: cut.vertical, at: cut.at)
                let (first, second) = (self.box(halves.0), self.box(halves.1))
                // Nearer half on top of the stack, searched first.
                if first.distance <= second.distance {
                    push(second)
                    push(first)
                } else {
                    push(first)
                    push(second)
                }
            }
        }
        guard best.distance <= limit else { return nil }
        return (best.distance, nearestPoint(on: best.box))
    }

    // MARK: - Boxes in layout space

    private func box(_ local: LocalBox) -> Box {
        Box(local: local, distance: distance(local.x0, local.y0, local.x1, local.y1))
    }

    /// Distance from the point to the drawn parallelogram of a local box.
    private func distance(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        if toLayout.isTranslation {
            let dx = max(x0 - local.x, 0, local.x - x1), dy = max(y0 - local.y, 0, local.y - y1)
            return (dx * dx + dy * dy).squareRoot()
        }
        if x0 <= local.x && local.x <= x1 && y0 <= local.y && local.y <= y1 { return 0 }
        return edges(x0, y0, x1, y1).distance
    }

    private func nearestPoint(on box: LocalBox) -> (x: Double, y: Double) {
        if toLayout.isTranslation {
            return toLayout.apply(min(max(local.x, box.x0), box.x1), min(max(local.y, box.y0), box.y1))
        }
        if box.x0 <= local.x && local.x <= box.x1 && box.y0 <= local.y && local.y <= box.y1 { return point }
        return edges(box.x0, box.y0, box.x1, box.y1).point
    }

    /// The nearest point of the parallelogram's four edges.
    private func edges(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (distance: Double, point: (x: Double, y: Double)) {
        let p00 = toLayout.apply(x0, y0), p10 = toLayout.apply(x1, y0), p11 = toLayout.apply(x1, y1), p01 = toLayout.apply(x0, y1)
        var best = (distance: Double.infinity, point: point)
        func side(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) {
            let (ex, ey) = (b.x - a.x, b.y - a.y)
            let length = ex * ex + ey * ey
            let t = length > 0 ? min(max(((point.x - a.x) * ex + (point.y - a.y) * ey) / length, 0), 1) : 0
            let nearest = (x: a.x + t * ex, y: a.y + t * ey)
            let d = ((point.x - nearest.x) * (point.x - nearest.x) + (point.y - nearest.y) * (point.y - nearest.y)).squareRoot()
            if d < best.distance { best = (d, nearest) }
        }
        side(p00, p10)
        side(p10, p11)
        side(p11, p01)
        side(p01, p00)
        return best
    }
}
