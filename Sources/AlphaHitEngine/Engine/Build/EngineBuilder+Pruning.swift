import AlphaHitBasics

extension EngineBuilder {
    /// Decides, for one grid cell, whether an element can take any point of it, or takes them all.
    ///
    /// Exact only where it is easy to be exact: elements with no transform on their ancestor chain
    /// (so the layout-to-local map is a chain of subtractions, monotonic on each axis) and an image
    /// placed by scale-to-fill, aspect or natural size (monotonic too). Then every point of the cell
    /// maps into the pixel rectangle spanned by the cell's corners, and scanning that rectangle
    /// answers for the whole cell. Anything else is kept as it is.
    static func cellVerdict(
        element index: Int, cell rect: SpatialGrid.CellRect,
        records: RecordTables, counts: SolidPixelCounts.Reader?
    ) -> SpatialGrid.CellVerdict {
        let chain = records.chain(of: index)
        let element = chain.element
        var (x0, y0, x1, y1) = rect
        var insideClips = true
        for position in chain.indices {
            let level = chain[position]
            guard !level.record.hasTransform else { return .keep }
            (x0, x1) = (x0 - level.record.originX, x1 - level.record.originX)
            (y0, y1) = (y0 - level.record.originY, y1 - level.record.originY)
            if position < chain.endIndex - 1, level.record.clipsToBounds, !contains(level, x0, y0, x1, y1) { insideClips = false }
        }
        let (w, h) = (element.record.width, element.record.height)
        // Entirely outside the bounds: nothing in the cell can hit it.
        if x1 < 0 || x0 >= w || y1 < 0 || y0 >= h { return .drop }
        let inside = contains(element, x0, y0, x1, y1)
        switch element.record.placement {
        case .none:
            return inside && insideClips && element.record.shape == .rect ? .cover : .keep
        case .capInsets:
            return .keep
        case .scaleToFill, .scaled, .natural, .identity:
            break
        }
        let (u0, v0) = element.imagePoint(x0, y0), (u1, v1) = element.imagePoint(x1, y1)
        let (iw, ih) = (element.record.imageWidth, element.record.imageHeight)
        guard u1 >= 0, u0 < iw, v1 >= 0, v0 < ih, !u0.isNaN, !v0.isNaN, !u1.isNaN, !v1.isNaN else { return .drop }
        // The corners' pixels, with image points off the image moved onto its nearest edge.
        func onImage(_ value: Double, _ extent: Double) -> Double { min(max(value, 0), extent.nextDown) }
        let (px0, py0) = element.pixel(onImage(u0, iw), onImage(v0, ih))!
        let (px1, py1) = element.pixel(onImage(u1, iw), onImage(v1, ih))!
        var anySolid = false, allSolid = true
        if let counts {
            let solid = counts.count(x0: px0, y0: py0, x1: px1, y1: py1)
            (anySolid, allSolid) = (solid > 0, solid == (px1 - px0 + 1) * (py1 - py0 + 1))
        } else {
            // Only the stored pixels can be solid: a scan of the rest would cost a frame's
            // declared size, however little it stores.
            let stored = element.storedPixels
            let xs = (px0..<px1 + 1).clamped(to: stored.x), ys = (py0..<py1 + 1).clamped(to: stored.y)
            if xs.count * ys.count < (px1 - px0 + 1) * (py1 - py0 + 1) { allSolid = false }
            for y in ys {
                for x in xs {
                    if element.isSolidPixel(x, y) { anySolid = true } else { allSolid = false }
                }
                if anySolid && !allSolid { return .keep }
            }
        }
        if !anySolid { return .drop }
        if !allSolid { return .keep }
        let onImage = u0 >= 0 && u1 < iw && v0 >= 0 && v1 < ih
        return inside && insideClips && onImage && element.record.shape == .rect ? .cover : .keep
    }

    /// Whether the local rectangle lies inside the element's half-open bounds.
    private static func contains(_ element: ElementHandle, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        x0 >= 0 && x1 < element.record.width && y0 >= 0 && y1 < element.record.height
    }
}
