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
        guard let under = element.solidity(under: x0, y0, x1, y1, counts: counts), under.anySolid else { return .drop }
        return under.allSolid && under.onImage && inside && insideClips && element.record.shape == .rect ? .cover : .keep
    }

    /// Whether the local rectangle lies inside the element's half-open bounds.
    private static func contains(_ element: ElementHandle, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        x0 >= 0 && x1 < element.record.width && y0 >= 0 && y1 < element.record.height
    }
}
