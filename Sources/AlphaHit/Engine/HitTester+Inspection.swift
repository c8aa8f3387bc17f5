/// What decided the answer at one point, in fixed-size numbers: what the inspector page
/// (`hittest render --html`) embeds for every pixel of its map. A lean ``Hit`` without the id and
/// path, so millions of them cost no allocation each.
package struct InspectionSample: Hashable, Sendable {
    /// The element's position in layout order; -1 where nothing is selected.
    package var element: Int32 = -1
    /// The image pixel under the point, or -1 when no image pixel decided (a shape without an
    /// image, or a hit by touch tolerance).
    package var pixelX: Int32 = -1, pixelY: Int32 = -1
    /// That pixel's alpha (0 when there is no pixel).
    package var alpha: UInt8 = 0
    /// Points from the point to the element's hit region: 0 for an exact hit.
    package var distance: Double = 0

    package static let nothing = InspectionSample()
}

extension HitTester {
    /// The answer at `point` as ``hit(at:tolerance:)`` gives it, reduced to ``InspectionSample``.
    package func inspectionSample(at point: Point, tolerance: Double?) -> InspectionSample {
        if let index = tables.frontMost(point.x, point.y) {
            var sample = InspectionSample(element: Int32(index))
            if let local = tables.localPoint(of: index, point.x, point.y),
                case .pixel(let x, let y, let alpha) = (tables.elements + index).probe(local.x, local.y)
            {
                (sample.pixelX, sample.pixelY, sample.alpha) = (Int32(clamping: x), Int32(clamping: y), alpha)
            }
            return sample
        }
        guard tolerance != nil || tables.toleranceInUse, let near = nearMiss(point, tolerance: tolerance) else { return .nothing }
        return InspectionSample(element: near.element.rawValue, distance: near.distance)
    }

    /// ``inspectionSample(at:tolerance:)`` for every point, spread over the cores.
    package func inspectionSamples(at points: [Point], tolerance: Double?) -> [InspectionSample] {
        let chunk = 4096
        let chunks = Parallel.map((points.count + chunk - 1) / chunk) { part in
            points[part * chunk..<min(points.count, (part + 1) * chunk)].map { inspectionSample(at: $0, tolerance: tolerance) }
        }
        return Array(chunks.joined())
    }

    /// The four corners of `element`'s frame in layout points, clockwise from its local origin:
    /// (0, 0), (w, 0), (w, h), (0, h) of its own space carried through its and its ancestors'
    /// transforms. For outlining it where it is drawn.
    package func frameCorners(of element: ElementIndex) -> [Point] {
        let record = tables.elements + Int(element.rawValue)
        var map = AffineMap.identity
        let start = Int(record.pointee.chainStart)
        // The chain runs root first; the element's own map applies first.
        for link in (start..<start + Int(record.pointee.chainLength)).reversed() {
            map = map.followed(by: AffineMap.parentMap(of: tables.elements + Int(tables.chains[link])))
        }
        let (w, h) = (record.pointee.width, record.pointee.height)
        return [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { corner in
            let p = map.apply(corner.0, corner.1)
            return Point(x: p.x, y: p.y)
        }
    }
}
