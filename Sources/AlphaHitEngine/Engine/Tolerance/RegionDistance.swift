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
    /// A clipping ancestor's bounds, and the maps between the element's local space and its own.
    struct Clip {
        var toClip: AffineMap
        var fromClip: AffineMap
        var width: Double, height: Double
    }

    /// A box of local space, with the distance of its drawn image from the point.
    private struct Box {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var distance: Double
    }

    private enum Coverage { case empty, full, mixed }

    /// Boxes this small across (in layout points) are not split further.
    static let precision = 0.004
    /// A bound on the boxes one search looks at, against pathological inputs (then the precision may suffer).
    static let boxBudget = 200_000

    let element: ElementHandle
    let toLayout: AffineMap
    let clips: [Clip]
    let counts: SolidPixelCounts.Reader?
    private let xAxis: ImageAxis?, yAxis: ImageAxis?
    private let point: (x: Double, y: Double)
    /// The point in local coordinates.
    private let local: (x: Double, y: Double)

    /// Calls `body` with the region of element `index` seen from layout point `point`.
    static func withRegion<Result>(
        of index: Int, from point: (x: Double, y: Double), tables: RecordTables, counts: SolidPixelCounts.Reader?,
        _ body: (RegionDistance) -> Result
    ) -> Result {
        let chain = tables.chain(of: index)
        // From the element up: before a level's own map, `map` takes the element's local space to that level's.
        var map = AffineMap.identity
        // Most elements have no clipping ancestor, and an empty array allocates nothing.
        var clips: [Clip] = []
        for position in chain.indices.reversed() {
            let level = chain[position]
            if position < chain.endIndex - 1, level.record.clipsToBounds {
                clips.append(Clip(toClip: map, fromClip: map.inverse ?? .identity, width: level.record.width, height: level.record.height))
            }
            map = map.followed(by: .parentMap(of: level))
        }
        return body(RegionDistance(element: chain.element, toLayout: map, clips: clips, counts: counts, point: point))
    }

    private init(
        element: ElementHandle, toLayout: AffineMap, clips: [Clip],
        counts: SolidPixelCounts.Reader?, point: (x: Double, y: Double)
    ) {
        self.element = element
        self.toLayout = toLayout
        self.clips = clips
        self.counts = counts
        xAxis = ImageAxis(element, vertical: false)
        yAxis = ImageAxis(element, vertical: true)
        self.point = point
        local = (toLayout.inverse ?? .identity).apply(point.x, point.y)
    }

    /// The distance to the region and its nearest point (layout space), when at most `limit`.
    func nearest(within limit: Double) -> (distance: Double, point: (x: Double, y: Double))? {
        let (w, h) = (element.record.width, element.record.height)
        guard w > 0, h > 0, element.record.shape != .none else { return nil }
        var best = (distance: Double.infinity, box: Box(x0: 0, y0: 0, x1: 0, y1: 0, distance: 0))
        var bound = limit
        var visited = 0
        withUnsafeTemporaryAllocation(of: Box.self, capacity: 256) { stack in
            var count = 0
            func push(_ box: Box) {
                stack[count] = box
                count += 1
            }
            push(box(0, 0, w, h))
            while count > 0 {
                count -= 1
                let box = stack[count]
                guard box.distance <= bound, box.distance < best.distance else { continue }
                visited += 1
                let (coverage, split) = classify(box)
                if coverage == .empty { continue }
                let small = diameter(box) <= Self.precision || count > 250 || visited > Self.boxBudget
                if coverage == .full || small {
                    best = (box.distance, box)
                    bound = min(bound, box.distance)
                    if box.distance == 0 { break }
                    continue
                }
                let (first, second) = halves(of: box, at: split)
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

    private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Box {
        Box(x0: x0, y0: y0, x1: x1, y1: y1, distance: distance(x0, y0, x1, y1))
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

    private func nearestPoint(on box: Box) -> (x: Double, y: Double) {
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

    /// The longer diagonal of the box's drawn parallelogram.
    private func diameter(_ box: Box) -> Double {
        let (dx, dy) = (box.x1 - box.x0, box.y1 - box.y0)
        let one = toLayout.applyLinear(dx, dy), other = toLayout.applyLinear(dx, -dy)
        return max(one.x * one.x + one.y * one.y, other.x * other.x + other.y * other.y).squareRoot()
    }

    /// The box split in two: at `split` (an axis and a local coordinate) when given, else across
    /// its longer drawn side, in the middle.
    private func halves(of box: Box, at split: (vertical: Bool, at: Double)?) -> (Box, Box) {
        let vertical: Bool, position: Double
        if let split {
            (vertical, position) = split
        } else {
            let across = toLayout.applyLinear(box.x1 - box.x0, 0), down = toLayout.applyLinear(0, box.y1 - box.y0)
            vertical = down.x * down.x + down.y * down.y > across.x * across.x + across.y * across.y
            position = vertical ? (box.y0 + box.y1) / 2 : (box.x0 + box.x1) / 2
        }
        if vertical {
            return (self.box(box.x0, box.y0, box.x1, position), self.box(box.x0, position, box.x1, box.y1))
        }
        return (self.box(box.x0, box.y0, position, box.y1), self.box(position, box.y0, box.x1, box.y1))
    }

    // MARK: - Inside, outside or across the region

    /// Whether the (closed) box lies wholly in R(e), wholly outside it, or across its edge; and,
    /// for an image, a pixel edge inside the box to split at.
    private func classify(_ box: Box) -> (Coverage, (vertical: Bool, at: Double)?) {
        var coverage = shapeCoverage(box)
        if coverage == .empty { return (.empty, nil) }
        for clip in clips {
            switch clipCoverage(box, clip) {
            case .empty: return (.empty, nil)
            case .mixed: coverage = .mixed
            case .full: break
            }
        }
        guard let xAxis, let yAxis, let counts else { return (coverage, nil) }
        let across = xAxis.cover(box.x0, box.x1), down = yAxis.cover(box.y0, box.y1)
        guard across.spanCount > 0, down.spanCount > 0 else { return (.empty, nil) }
        var anySolid = false, allSolid = !across.offImage && !down.offImage
        for i in 0..<across.spanCount {
            let columns = across.span(i)
            for j in 0..<down.spanCount {
                let rows = down.span(j)
                let solid = counts.count(x0: columns.first, y0: rows.first, x1: columns.last, y1: rows.last)
                if solid > 0 { anySolid = true }
                if solid != (columns.last - columns.first + 1) * (rows.last - rows.first + 1) { allSolid = false }
            }
        }
        if !anySolid { return (.empty, nil) }
        if !allSolid { coverage = .mixed }
        // Split where the pixels change, on the axis that spans more of them.
        let split: (vertical: Bool, at: Double)?
        switch (across.split, down.split) {
        case (let x?, let y?): split = down.pixels > across.pixels ? (true, y) : (false, x)
        case (let x?, nil): split = (false, x)
        case (nil, let y?): split = (true, y)
        case (nil, nil): split = nil
        }
        return (coverage, split)
    }

    private func shapeCoverage(_ box: Box) -> Coverage {
        let e = element.record
        switch e.shape {
        case .rect:
            return .full
        case .none:
            return .empty
        case .ellipse:
            let (a, b) = (e.width / 2, e.height / 2)
            func inside(_ x: Double, _ y: Double) -> Bool {
                let (nx, ny) = ((x - a) / a, (y - b) / b)
                return nx * nx + ny * ny <= 1
            }
            if inside(box.x0, box.y0) && inside(box.x1, box.y0) && inside(box.x0, box.y1) && inside(box.x1, box.y1) { return .full }
            return inside(min(max(a, box.x0), box.x1), min(max(b, box.y0), box.y1)) ? .mixed : .empty
        case .roundedRect:
            let r = e.cornerRadius
            guard r > 0 else { return .full }
            // Corner k's square starts at (x0, y0); its circle's centre is (cx, cy).
            func corner(_ k: Int) -> (rounded: Bool, x0: Double, y0: Double, cx: Double, cy: Double) {
                let right = k & 1 != 0, bottom = k & 2 != 0
                let x0 = right ? e.width - r : 0, y0 = bottom ? e.height - r : 0
                return (e.corners & (1 << k) != 0, x0, y0, right ? e.width - r : r, bottom ? e.height - r : r)
            }
            func inside(_ x: Double, _ y: Double) -> Bool {
                for k in 0..<4 {
                    let c = corner(k)
                    guard c.rounded, c.x0 <= x && x <= c.x0 + r && c.y0 <= y && y <= c.y0 + r else { continue }
                    let (dx, dy) = (x - c.cx, y - c.cy)
                    if dx * dx + dy * dy > r * r { return false }
                }
                return true
            }
            if inside(box.x0, box.y0) && inside(box.x1, box.y0) && inside(box.x0, box.y1) && inside(box.x1, box.y1) { return .full }
            for k in 0..<4 {
                let c = corner(k)
                guard c.rounded, c.x0 <= box.x0 && box.x1 <= c.x0 + r && c.y0 <= box.y0 && box.y1 <= c.y0 + r else { continue }
                let (dx, dy) = (min(max(c.cx, box.x0), box.x1) - c.cx, min(max(c.cy, box.y0), box.y1) - c.cy)
                if dx * dx + dy * dy > r * r { return .empty }
            }
            return .mixed
        }
    }

    private func clipCoverage(_ box: Box, _ clip: Clip) -> Coverage {
        let p00 = clip.toClip.apply(box.x0, box.y0), p10 = clip.toClip.apply(box.x1, box.y0)
        let p11 = clip.toClip.apply(box.x1, box.y1), p01 = clip.toClip.apply(box.x0, box.y1)
        let (minX, maxX) = (min(p00.x, p10.x, p11.x, p01.x), max(p00.x, p10.x, p11.x, p01.x))
        let (minY, maxY) = (min(p00.y, p10.y, p11.y, p01.y), max(p00.y, p10.y, p11.y, p01.y))
        if 0 <= minX && maxX <= clip.width && 0 <= minY && maxY <= clip.height { return .full }
        if maxX < 0 || minX > clip.width || maxY < 0 || minY > clip.height { return .empty }
        // Rotated against each other, the clip's own corners may still show them apart.
        let q00 = clip.fromClip.apply(0, 0), q10 = clip.fromClip.apply(clip.width, 0)
        let q11 = clip.fromClip.apply(clip.width, clip.height), q01 = clip.fromClip.apply(0, clip.height)
        if max(q00.x, q10.x, q11.x, q01.x) < box.x0 || min(q00.x, q10.x, q11.x, q01.x) > box.x1
            || max(q00.y, q10.y, q11.y, q01.y) < box.y0 || min(q00.y, q10.y, q11.y, q01.y) > box.y1
        {
            return .empty
        }
        return .mixed
    }
}
