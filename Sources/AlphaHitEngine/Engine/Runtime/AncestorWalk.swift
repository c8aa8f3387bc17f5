import AlphaHitBasics

/// The walk down a general element's ancestors, over the query's tables.
struct AncestorWalk {
    let hot: UnsafePointer<HotElement>, details: UnsafePointer<CompiledElement>, parents: UnsafePointer<Int32>
    let transforms: UnsafePointer<InverseTransform>

    /// Layout point (x, y) in element `index`'s local space, walked down from the root; nil when
    /// it or an ancestor clips the point away. The same steps, in the same order, as
    /// ``RecordTables/localPoint(of:_:_:)`` followed by the element's own clip.
    func pointInside(_ index: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        var point = (x: x, y: y)
        let parent = Int(parents[index])
        if parent >= 0 {
            guard let inParent = pointInside(parent, x, y) else { return nil }
            point = inParent
        }
        let element = hot + index
        if element.pointee.isGeneral {
            let record = details + Int(element.pointee.detail)
            point = record.localPoint(point.x, point.y)
            return record.pointee.clipsToBounds && !record.boundsContain(point.x, point.y) ? nil : point
        }
        // A plain element's own origin (its parent was applied above, as in the chain walk).
        var px = point.x - Double(element.pointee.originX), py = point.y - Double(element.pointee.originY)
        let width = Double(element.pointee.width), height = Double(element.pointee.height)
        if element.pointee.bits & HotElement.transformBit != 0 {
            (px, py) = QueryTables.inverse(transforms + Int(element.pointee.detail), width, height, px, py)
        }
        if element.pointee.bits & HotElement.clipsBit != 0 && !(0 <= px && px < width && 0 <= py && py < height) { return nil }
        return (px, py)
    }
}
