import AlphaHitBasics

/// One element's hit region R(e) in its local space: the points of its bounds inside its shape,
/// on its solid pixels and inside every clipping ancestor's bounds; with the map that draws it in
/// the layout. Touch tolerance measures distances to it (``RegionDistance``), asking of a box of
/// local space whether it lies wholly inside, wholly outside or across the region; the outline of
/// R(e) in layout points (``RegionCover``) asks the same.
struct LocalRegion {
    /// A clipping ancestor's bounds, and the maps between the element's local space and its own.
    struct Clip {
        var toClip: AffineMap
        var fromClip: AffineMap
        var width: Double, height: Double
    }

    enum Coverage { case empty, full, mixed }

    let element: ElementHandle
    let toLayout: AffineMap
    let clips: [Clip]
    let counts: SolidPixelCounts.Reader?
    private let xAxis: ImageAxis?, yAxis: ImageAxis?

    /// Calls `body` with the region of element `index`; `counts` are its image's solid-pixel
    /// counts (nil for an element without an image).
    static func withRegion<Result>(
        of index: Int, tables: RecordTables, counts: SolidPixelCounts.Reader?, _ body: (LocalRegion) -> Result
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
        return body(LocalRegion(element: chain.element, toLayout: map, clips: clips, counts: counts))
    }

    private init(element: ElementHandle, toLayout: AffineMap, clips: [Clip], counts: SolidPixelCounts.Reader?) {
        self.element = element
        self.toLayout = toLayout
        self.clips = clips
        self.counts = counts
        xAxis = ImageAxis(element, vertical: false)
        yAxis = ImageAxis(element, vertical: true)
    }

    /// The element's bounds, or nil when its region is empty by its size or shape alone.
    var bounds: LocalBox? {
        let (w, h) = (element.record.width, element.record.height)
        guard w > 0, h > 0, element.record.shape != .none else { return nil }
        return LocalBox(x0: 0, y0: 0, x1: w, y1: h)
    }

    // MARK: - Inside, outside or across the region

    /// Whether the (closed) box lies wholly in R(e), wholly outside it, or across its edge; and,
    /// for an image, a pixel edge inside the box to split at.
    func classify(_ box: LocalBox) -> (Coverage, (vertical: Bool, at: Double)?) {
        classify(box, clips: clips)
    }

    /// ``classify(_:)`` with only the clips given (a caller that has applied the others itself).
    func classify(_ box: LocalBox, clips: [Clip]) -> (Coverage, (vertical: Bool, at: Double)?) {
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

    /// How many pixel columns and rows (with repeats) the box's image covers; (1, 1) without an image.
    func pixelSpread(_ box: LocalBox) -> (columns: Int, rows: Int) {
        guard let xAxis, let yAxis else { return (1, 1) }
        return (xAxis.cover(box.x0, box.x1).pixels, yAxis.cover(box.y0, box.y1).pixels)
    }

    /// Whether a local point is inside the element's shape and the given clips (pixels aside).
    func containsIgnoringPixels(_ x: Double, _ y: Double, clips: [Clip]) -> Bool {
        guard shapeCoverage(LocalBox(x0: x, y0: y, x1: x, y1: y)) != .empty else { return false }
        return clips.allSatisfy { clip in
            let p = clip.toClip.apply(x, y)
            return 0 <= p.x && p.x <= clip.width && 0 <= p.y && p.y <= clip.height
        }
    }

    private func shapeCoverage(_ box: LocalBox) -> Coverage {
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

    private func clipCoverage(_ box: LocalBox, _ clip: Clip) -> Coverage {
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
