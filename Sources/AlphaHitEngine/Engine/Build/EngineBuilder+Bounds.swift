import AlphaHitBasics

extension EngineBuilder {
    /// The layout-space box where element `index` itself can be hit: its bounds carried up through
    /// every transform, cut by every clipping ancestor. Nil when it can never be hit.
    func boundingBox(of index: Int, compiled: [CompiledElement], chains: [Int32]) -> ElementBox? {
        guard compiled[index].shape != .none, compiled[index].width > 0, compiled[index].height > 0 else { return nil }
        var box = layoutBox(of: index, compiled: compiled, chains: chains)
        let start = Int(compiled[index].chainStart)
        for link in start..<start + Int(compiled[index].chainLength) - 1 where compiled[Int(chains[link])].clipsToBounds {
            let clip = layoutBox(of: Int(chains[link]), compiled: compiled, chains: chains)
            (box.minX, box.minY) = (max(box.minX, clip.minX), max(box.minY, clip.minY))
            (box.maxX, box.maxY) = (min(box.maxX, clip.maxX), min(box.maxY, clip.maxY))
        }
        guard box.minX <= box.maxX, box.minY <= box.maxY else { return nil }
        return box
    }

    /// The axis-aligned layout-space box around element `index`'s bounds.
    private func layoutBox(of index: Int, compiled: [CompiledElement], chains: [Int32]) -> ElementBox {
        let (width, height) = (compiled[index].width, compiled[index].height)
        var corners = ((0.0, 0.0), (width, 0.0), (0.0, height), (width, height))
        let start = Int(compiled[index].chainStart)
        for link in (start..<start + Int(compiled[index].chainLength)).reversed() {
            let level = Int(chains[link])
            corners = (
                parentPoint(of: level, corners.0.0, corners.0.1), parentPoint(of: level, corners.1.0, corners.1.1),
                parentPoint(of: level, corners.2.0, corners.2.1), parentPoint(of: level, corners.3.0, corners.3.1)
            )
        }
        return ElementBox(
            element: Int32(index),
            minX: min(corners.0.0, corners.1.0, corners.2.0, corners.3.0), minY: min(corners.0.1, corners.1.1, corners.2.1, corners.3.1),
            maxX: max(corners.0.0, corners.1.0, corners.2.0, corners.3.0), maxY: max(corners.0.1, corners.1.1, corners.2.1, corners.3.1))
    }

    /// A local point of element `index` in its parent's space: `P = O + C + M·(L − C) + t`.
    private func parentPoint(of index: Int, _ x: Double, _ y: Double) -> (Double, Double) {
        let frame = frames[index]
        guard let m = transforms[index] else { return (frame.x + x, frame.y + y) }
        let cx = frame.width / 2, cy = frame.height / 2
        let dx = x - cx, dy = y - cy
        return (frame.x + cx + (m.a * dx + m.c * dy) + m.tx, frame.y + cy + (m.b * dx + m.d * dy) + m.ty)
    }
}
