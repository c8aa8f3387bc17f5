import AlphaHitBasics

extension EngineBuilder {
    /// The layout-space box where a chain's element itself can be hit: its bounds carried up
    /// through every transform, cut by every clipping ancestor. Nil when it can never be hit.
    func boundingBox(of chain: ElementChain) -> ElementBox? {
        let element = chain.element.record
        guard element.shape != .none, element.width > 0, element.height > 0 else { return nil }
        var box = layoutBox(of: chain)
        // Plain integer ranges: the generic slice and reversed views cost a call per step here.
        for position in 0..<chain.endIndex - 1 where chain[position].record.clipsToBounds {
            let clip = layoutBox(of: chain.ancestorChain(at: position))
            (box.minX, box.minY) = (max(box.minX, clip.minX), max(box.minY, clip.minY))
            (box.maxX, box.maxY) = (min(box.maxX, clip.maxX), min(box.maxY, clip.maxY))
        }
        guard box.minX <= box.maxX, box.minY <= box.maxY else { return nil }
        return box
    }

    /// The axis-aligned layout-space box around a chain's element's bounds.
    private func layoutBox(of chain: ElementChain) -> ElementBox {
        let (width, height) = (chain.element.record.width, chain.element.record.height)
        var corners = ((0.0, 0.0), (width, 0.0), (0.0, height), (width, height))
        // Up the chain through the layout's own frames and transforms (the records hold inverses).
        for position in stride(from: chain.endIndex - 1, through: 0, by: -1) {
            let level = chain.index(at: position)
            corners = (
                parentPoint(of: level, corners.0.0, corners.0.1), parentPoint(of: level, corners.1.0, corners.1.1),
                parentPoint(of: level, corners.2.0, corners.2.1), parentPoint(of: level, corners.3.0, corners.3.1)
            )
        }
        return ElementBox(
            element: Int32(chain.index(at: chain.endIndex - 1)),
            minX: min(corners.0.0, corners.1.0, corners.2.0, corners.3.0), minY: min(corners.0.1, corners.1.1, corners.2.1, corners.3.1),
            maxX: max(corners.0.0, corners.1.0, corners.2.0, corners.3.0), maxY: max(corners.0.1, corners.1.1, corners.2.1, corners.3.1))
    }

    /// A local point of element `index` in its parent's space (see ``ElementTransform/parentPoint``).
    private func parentPoint(of index: Int, _ x: Double, _ y: Double) -> (Double, Double) {
        let frame = frames[index]
        return ElementTransform.parentPoint(
            x, y, originX: frame.x, originY: frame.y, centreX: frame.width / 2, centreY: frame.height / 2, transform: transforms[index])
    }
}
