import AlphaHitBasics

/// What decided the answer at one point, in fixed-size numbers: a lean ``Hit`` without the id and
/// path, so that millions of them cost no allocation each. The inspector page
/// (`hittest render --html`) embeds one for every pixel of its map, and `hittest query --json`
/// formats one for every point.
package struct HitRecord: Hashable, Sendable {
    /// The element's position in layout order (``HitTester/position(of:)``, not its index); -1 where nothing is selected.
    package var element: Int32 = -1
    /// The image pixel under the point, or -1 when no image pixel decided (a shape without an
    /// image, or a hit by touch tolerance).
    package var pixelX: Int32 = -1, pixelY: Int32 = -1
    /// That pixel's alpha (0 when there is no pixel).
    package var alpha: UInt8 = 0
    /// Points from the point to the element's hit region: 0 for an exact hit.
    package var distance: Double = 0
    /// The point in the element's local space (of ``nearest`` for a hit by touch tolerance).
    package var localX = 0.0, localY = 0.0
    /// The point of the element's hit region nearest the query point: the point itself for an exact hit.
    package var nearestX = 0.0, nearestY = 0.0

    package static let nothing = HitRecord()
}

extension HitTester {
    /// The answer at `point` as ``hit(at:tolerance:)`` gives it, reduced to a ``HitRecord``.
    package func hitRecord(at point: Point, tolerance: Double?) -> HitRecord {
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.hitRecord(at: point, tolerance: tolerance) } }
        if let index = tables.frontMost(point.x, point.y) {
            var record = HitRecord(element: Int32(index), nearestX: point.x, nearestY: point.y)
            let records = self.records
            if let local = records.localPoint(of: index, point.x, point.y) {
                (record.localX, record.localY) = (local.x, local.y)
                if case .pixel(let x, let y, let alpha) = records.element(index).probe(local.x, local.y) {
                    (record.pixelX, record.pixelY, record.alpha) = (Int32(clamping: x), Int32(clamping: y), alpha)
                }
            }
            return record
        }
        guard tolerance != nil || tables.toleranceInUse, let near = nearMiss(point, tolerance: tolerance) else { return .nothing }
        let index = position(of: near.element)
        let local = records.unclippedLocalPoint(of: index, near.nearestPoint.x, near.nearestPoint.y)
        return HitRecord(
            element: Int32(index), distance: near.distance, localX: local.x, localY: local.y,
            nearestX: near.nearestPoint.x, nearestY: near.nearestPoint.y)
    }

    /// ``hitRecord(at:tolerance:)`` for every point, spread over the cores.
    package func hitRecords(at points: [Point], tolerance: Double?) -> [HitRecord] {
        let chunk = 4096
        let chunks = Parallel.map((points.count + chunk - 1) / chunk) { part in
            points[part * chunk..<min(points.count, (part + 1) * chunk)].map { hitRecord(at: $0, tolerance: tolerance) }
        }
        return Array(chunks.joined())
    }

    /// The four corners of `element`'s frame in layout points, clockwise from its local origin:
    /// (0, 0), (w, 0), (w, h), (0, h) of its own space carried through its and its ancestors'
    /// transforms. For outlining it where it is drawn.
    package func frameCorners(of element: ElementIndex) -> [Point] {
        let chain = records.chain(of: position(of: element))
        let map = AffineMap.toLayout(from: chain)
        let (w, h) = (chain.element.record.width, chain.element.record.height)
        return [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { corner in
            let p = map.apply(corner.0, corner.1)
            return Point(x: p.x, y: p.y)
        }
    }
}
