import AlphaHitEngine
import AlphaHitOutline

extension HitMap {
    /// The outline of the pixels `element` owns on this map (`hittest outline LAYOUT --element ID
    /// --owned`), in layout points: the exact outline of those pixels on the map's grid (each
    /// vertex a pixel corner, k / ``scale`` points), or simplified within `epsilon` points.
    ///
    /// The pixels come from ``region(of:)``, band by band; the mask covers their bounding box
    /// (a byte a pixel while it is made, then a bit; the box is within the map, so within its
    /// budget).
    ///
    /// - Throws: ``OutlineError/epsilon(_:)`` for an epsilon (in points) out of range once in pixels.
    public func ownedOutline(of element: ElementIndex, epsilon: Double = 0) throws(OutlineError) -> [OutlinePolygon] {
        guard let (mask, left, top) = ownedMask(of: element) else { return [] }
        let inPixels = try mask.outline(epsilon: epsilon * scale)
        return inPixels.map { $0.mapped { Point(x: (Double(left) + $0.x) / scale, y: (Double(top) + $0.y) / scale) } }
    }

    /// The pixels `element` owns as a mask of their bounding box, and where its top-left pixel
    /// is on the map; nil when it owns none.
    public func ownedMask(of element: ElementIndex) -> (mask: SolidMask, left: Int, top: Int)? {
        let rectangles = region(of: element).rectangles
        guard let left = rectangles.map(\.x).min(), let top = rectangles.first?.y,
            let right = rectangles.map({ $0.x + $0.width }).max(), let bottom = rectangles.map({ $0.y + $0.height }).max()
        else { return nil }
        var solid = [Bool](repeating: false, count: (right - left) * (bottom - top))
        for r in rectangles {
            for y in r.y..<r.y + r.height {
                for x in r.x..<r.x + r.width { solid[(y - top) * (right - left) + x - left] = true }
            }
        }
        return (SolidMask(width: right - left, height: bottom - top) { x, y in solid[y * (right - left) + x] }, left, top)
    }
}
