import AlphaHitBasics

extension HitTester {
    /// What ``unreachableElements(scale:maximumPixels:)`` found.
    public struct Reachability: Hashable, Sendable {
        /// One warning (severity ``LayoutProblem/Severity/warning``) per element that can never be hit.
        public var warnings: [LayoutProblem]
        /// Whether the owned-pixel check ran; false when the hit map would have been larger than allowed.
        public var checkedOwnership: Bool
    }

    /// Elements that can never be hit, as warnings (the layout is still valid): an image with no
    /// pixel at or above the element's threshold, and an element that owns no pixel of the hit map
    /// at `scale` because elements in front cover it everywhere.
    ///
    /// Hidden, non-interactive, transparent and `shape: none` elements are never hit by design
    /// and are not reported. The hit map is resolved band by band (memory of one band); when it
    /// would have more than `maximumPixels` pixels, or `scale` is not a finite number > 0, the
    /// second check is left out and ``Reachability/checkedOwnership`` is false.
    public func unreachableElements(scale: Double = 1, maximumPixels: Int = 1 << 26) -> Reachability {
        var warnings: [LayoutProblem] = []
        var noSolidPixel = Set<Int>()
        let records = self.records
        for index in 0..<storage.ids.count where isHittable(index) {
            let element = records.element(index)
            guard element.record.placement != .none, !hasSolidPixel(element) else { continue }
            noSolidPixel.insert(index)
            warnings.append(warning(index, "\"\(storage.ids[index])\" can never be hit: its image has no pixel with alpha at or above \(element.record.minAlpha)"))
        }
        // Pixels are owned by exact hits: a near tap owns nothing, whatever tolerance the layout sets.
        guard var map = try? hitMap(scale: scale), map.width * map.height <= maximumPixels else {
            return Reachability(warnings: warnings, checkedOwnership: false)
        }
        var owned = [Bool](repeating: false, count: storage.ids.count)
        map.exact = true
        map.forEachBand { _, owners in
            for owner in owners { if let owner { owned[position(of: owner)] = true } }
        }
        for index in 0..<storage.ids.count where isHittable(index) && !owned[index] && !noSolidPixel.contains(index) {
            warnings.append(warning(index, "\"\(storage.ids[index])\" owns no pixel of the hit map: elements in front cover it everywhere (or it is smaller than a pixel, or outside the canvas)"))
        }
        return Reachability(warnings: warnings.inFileOrder(), checkedOwnership: true)
    }

    private func warning(_ index: Int, _ message: String) -> LayoutProblem {
        LayoutProblem(.warning, at: storage.tree.path(of: index, parents: tables.parents), message, line: storage.tree.line(of: index))
    }

    /// Not skipped itself or through an ancestor, not `shape: none`, with some area.
    private func isHittable(_ index: Int) -> Bool {
        let element = records.element(index)
        guard element.record.shape != .none, element.record.width > 0, element.record.height > 0 else { return false }
        return !isSkipped(index)
    }

    private func hasSolidPixel(_ element: ElementHandle) -> Bool {
        let stored = element.storedPixels
        for y in stored.y {
            for x in stored.x where element.isSolidPixel(x, y) { return true }
        }
        return false
    }
}
