import AlphaHitBasics

/// A hit region that needs no search: a rectangle without clipping ancestors, drawn by a rotation,
/// an even scale and a shift (so distances keep their proportions), with no image or an image
/// placed at the same scale on both axes. The common button is one.
///
/// Distances are measured in a plane where the region is axis-aligned: the element's local space
/// for a plain rectangle (its bounds are the region), the image's pixels otherwise (the solid pixels
/// inside the bounds, found along the rows of ``SolidRuns``). One factor turns them into layout points.
struct FastRegion {
    /// Layout point to the measuring plane, and back.
    let map: AffineMap, back: AffineMap
    /// Layout points per unit of the measuring plane.
    let pointsPerUnit: Double
    /// The element's bounds in the measuring plane.
    let clip: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// Whether the solid pixels (rather than the whole bounds) make the region.
    let usesImage: Bool

    /// The fast form of element `index`, or nil when it is not of this kind.
    init?(of index: Int, tables: RecordTables) {
        let element = tables.element(index)
        guard element.record.shape == .rect, element.record.width > 0, element.record.height > 0 else { return nil }
        let chain = tables.chain(of: index)
        guard !chain.ancestors.contains(where: \.record.clipsToBounds) else { return nil }
        let toLayout = AffineMap.toLayout(from: chain)
        let m = toLayout
        guard (m.a == m.d && m.b == -m.c) || (m.a == -m.d && m.b == m.c) else { return nil }
        let scale = (m.a * m.a + m.b * m.b).squareRoot()
        guard scale > 0, scale.isFinite, let fromLayout = toLayout.inverse else { return nil }
        let (w, h) = (element.record.width, element.record.height)
        guard element.record.placement != .none else {
            (map, back, pointsPerUnit, clip, usesImage) = (fromLayout, toLayout, scale, (0, 0, w, h), false)
            return
        }
        guard let across = ImageAxis(element, vertical: false)?.linear, let down = ImageAxis(element, vertical: true)?.linear,
            across.pixelsPerPoint == down.pixelsPerPoint, across.pixelsPerPoint > 0
        else { return nil }
        let k = across.pixelsPerPoint
        // pixel = base + (local − start)·k
        let toPixels = AffineMap(a: k, b: 0, c: 0, d: k, tx: across.pixelAtStart - across.start * k, ty: down.pixelAtStart - down.start * k)
        map = fromLayout.followed(by: toPixels)
        guard let back = map.inverse else { return nil }
        self.back = back
        pointsPerUnit = scale / k
        let (low, high) = (toPixels.apply(0, 0), toPixels.apply(w, h))
        clip = (low.x, low.y, high.x, high.y)
        usesImage = true
    }

    /// The distance (layout points) to the region and its nearest point, when at most `limit`:
    /// the solid pixels of `runs` (the image's, at the element's threshold) where the region
    /// ``usesImage``, else the bounds.
    @inline(__always)
    func nearest(to point: (x: Double, y: Double), runs: SolidRuns.Reader, within limit: Double)
        -> (distance: Double, point: (x: Double, y: Double))?
    {
        guard usesImage else { return nearestOfBounds(to: point, within: limit) }
        let q = map.apply(point.x, point.y)
        guard let found = runs.nearest(to: q, clip: clip, limit: limit / pointsPerUnit) else { return nil }
        return (found.distance * pointsPerUnit, back.apply(found.point.x, found.point.y))
    }

    /// The distance (layout points) to the element's bounds and their nearest point, when at most
    /// `limit`: the region of one without an image (or without solid-pixel tables).
    @inline(__always)
    func nearestOfBounds(to point: (x: Double, y: Double), within limit: Double) -> (distance: Double, point: (x: Double, y: Double))? {
        let q = map.apply(point.x, point.y)
        let nearest = (x: min(max(q.x, clip.x0), clip.x1), y: min(max(q.y, clip.y0), clip.y1))
        let (dx, dy) = (nearest.x - q.x, nearest.y - q.y)
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance * pointsPerUnit <= limit else { return nil }
        return (distance * pointsPerUnit, back.apply(nearest.x, nearest.y))
    }
}
