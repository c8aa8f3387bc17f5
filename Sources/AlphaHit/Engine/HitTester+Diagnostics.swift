extension HitTester {
    /// Elements that can never be hit, as warnings (the layout is still valid):
    /// an image with no pixel at or above the element's threshold, and an element that owns no
    /// pixel of the hit map at `scale` because elements in front cover it everywhere.
    ///
    /// Hidden, non-interactive, transparent and `shape: none` elements are never hit by design
    /// and are not reported. When the hit map would exceed `maximumPixels`, the second check is
    /// skipped and a note says so (pass a smaller `scale`).
    public func unreachableElements(scale: Double = 1, maximumPixels: Int = 1 << 24) -> [LayoutIssue] {
        var warnings: [LayoutIssue] = []
        var noSolidPixel = Set<Int>()
        for index in 0..<elementCount where isHittable(index) {
            let element = tables.elements + index
            guard element.pointee.placement != .none, !hasSolidPixel(element) else { continue }
            noSolidPixel.insert(index)
            warnings.append(LayoutIssue(
                path: storage.paths[index],
                message: "\"\(storage.ids[index])\" can never be hit: its image has no pixel with alpha at or above \(element.pointee.minAlpha)",
                line: storage.lines[index]))
        }
        guard let size = mapSize(scale: scale), size.width * size.height <= maximumPixels else {
            warnings.append(LayoutIssue(
                path: "", message: "the owned-pixel check was skipped: the hit map at scale \(scale) would have more than \(maximumPixels) pixels; use a smaller scale"))
            return warnings
        }
        var owned = [Bool](repeating: false, count: elementCount)
        for owner in hitMap(scale: scale).owners { if let owner { owned[Int(owner.rawValue)] = true } }
        for index in 0..<elementCount where isHittable(index) && !owned[index] && !noSolidPixel.contains(index) {
            warnings.append(LayoutIssue(
                path: storage.paths[index],
                message: "\"\(storage.ids[index])\" owns no pixel of the hit map: elements in front cover it everywhere (or it is smaller than a pixel, or outside the canvas)",
                line: storage.lines[index]))
        }
        return warnings
    }

    /// Not skipped itself or through an ancestor, not `shape: none`, with some area.
    private func isHittable(_ index: Int) -> Bool {
        let element = tables.elements + index
        guard element.pointee.shape != .none, element.pointee.width > 0, element.pointee.height > 0 else { return false }
        let start = Int(element.pointee.chainStart)
        return (start..<start + Int(element.pointee.chainLength)).allSatisfy { storage.skipReasons[Int(tables.chains[$0])] == nil }
    }

    private func hasSolidPixel(_ element: UnsafePointer<CompiledElement>) -> Bool {
        for y in 0..<element.pointee.pixelHeight {
            for x in 0..<element.pointee.pixelWidth where element.alpha(x, y) >= element.pointee.minAlpha { return true }
        }
        return false
    }
}
