import AlphaHitBasics

/// Exact rings may meet at a corner where two solid pixels touch only diagonally (two rings, or
/// one ring twice). A simplified ring must be simple and no two rings may touch, so before
/// simplifying, each pass through such a corner is moved a little into the solid pixel it turns
/// around: along the diagonal, by at most a quarter of the tolerance and 0.05 pixel.
enum SaddleSeparation {
    /// The rings of `polygons` (each polygon's outer ring, then its holes), in thousandths, with
    /// every pass through a shared corner moved; and how far (in pixels) any point moved.
    static func rings(of polygons: [OutlinePolygon], epsilon: Double) -> (rings: [[MilliPoint]], moved: Double) {
        let rings = polygons.flatMap { [$0.outer] + $0.holes }.map { $0.map(MilliPoint.init) }
        var visits: [MilliPoint: Int] = [:]
        for ring in rings { for vertex in ring { visits[vertex, default: 0] += 1 } }
        // Per axis, in whole thousandths: the move along the diagonal is √2 times this.
        let step = Int64((min(epsilon / 4, 0.05) * 1000 / 2.0.squareRoot()).rounded(.down))
        guard step > 0, visits.values.contains(where: { $0 > 1 }) else { return (rings, 0) }
        let separated = rings.map { ring in
            ring.indices.map { index -> MilliPoint in
                let vertex = ring[index]
                guard visits[vertex]! > 1 else { return vertex }
                let (before, after) = (ring[(index + ring.count - 1) % ring.count], ring[(index + 1) % ring.count])
                // Towards the pixel turned around: out along the next edge, back along the last.
                let (outX, outY) = ((after.x - vertex.x).signum(), (after.y - vertex.y).signum())
                let (inX, inY) = ((vertex.x - before.x).signum(), (vertex.y - before.y).signum())
                return MilliPoint(x: vertex.x + step * (outX - inX), y: vertex.y + step * (outY - inY))
            }
        }
        return (separated, Double(step) * 2.0.squareRoot() / 1000)
    }
}
