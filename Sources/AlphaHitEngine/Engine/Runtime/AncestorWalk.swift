import AlphaHitBasics

/// The walk down a general element's ancestors, over the query's tables.
struct AncestorWalk {
    let hot: TableReader<HotElement>, details: TableReader<CompiledElement>, parents: TableReader<Int32>
    let transforms: TableReader<InverseTransform>

    /// Layout point (x, y) in element `index`'s local space, walked down from the root; nil when
    /// it or an ancestor clips the point away. The same steps, in the same order, as
    /// ``ElementChain/localPoint(_:_:)`` followed by the element's own clip.
    func pointInside(_ index: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        var point = (x: x, y: y)
        let parent = Int(parents[index])
        if parent >= 0 {
            guard let inParent = pointInside(parent, x, y) else { return nil }
            point = inParent
        }
        let element = hot[index]
        if element.isGeneral {
            let full = ElementHandle(details, Int(element.detail))
            point = full.localPoint(point.x, point.y)
            return full.record.clipsToBounds && !full.boundsContain(point.x, point.y) ? nil : point
        }
        // A plain element's own origin (its parent was applied above, as in the chain walk).
        var px = point.x - Double(element.originX), py = point.y - Double(element.originY)
        let width = Double(element.width), height = Double(element.height)
        if element.bits & HotElement.transformBit != 0 {
            (px, py) = transforms[Int(element.detail)].localPoint(px, py, centreX: width / 2, centreY: height / 2)
        }
        if element.bits & HotElement.clipsBit != 0 && !CompiledElement.within(px, width, py, height) { return nil }
        return (px, py)
    }
}
