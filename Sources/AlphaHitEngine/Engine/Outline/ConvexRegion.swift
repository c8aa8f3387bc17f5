import AlphaHitBasics

/// The hit region R(e) of an element without an image, as one convex polygon of its local space:
/// its bounds, cut to every clipping ancestor (each a parallelogram there), and its shape.
///
/// Bounds and clips are exact. A round shape's edge is followed by vertices on it, close enough
/// that no chord strays more than `sagitta` from its arc, and with a vertex wherever a clip's edge
/// crosses it; the clips then cut that polygon. So the polygon lies inside R(e), each of its
/// edges either on a clip's edge or a chord of the shape's, and R(e)'s edge within `sagitta` of it
/// (a clip grazing the curve keeps its sliver, since the crossings are vertices).
package struct ConvexRegion {
    /// Counter-clockwise as y points down: the shoelace sum is positive.
    private(set) var vertices: [(x: Double, y: Double)]

    /// The most vertices a round edge is followed by.
    package static let vertexBudget = 1_000_000

    /// - Parameter sagitta: local points, > 0; nil asks for the exact polygon, and gives nil
    ///   when the shape is round.
    /// - Throws: ``RegionCover/Failure/tooManyBoxes`` when the curve would take more than
    ///   ``vertexBudget`` vertices.
    init?(region: LocalRegion, sagitta: Double?) throws(RegionCover.Failure) {
        let e = region.element.record
        let (w, h) = (e.width, e.height)
        var clip: [(x: Double, y: Double)] = [(0, 0), (w, 0), (w, h), (0, h)]
        // Each clip's bounds in local space, as the four lines of its edges (counter-clockwise).
        var lines: [(a: (x: Double, y: Double), b: (x: Double, y: Double))] = []
        for c in region.clips {
            var q = [c.fromClip.apply(0, 0), c.fromClip.apply(c.width, 0), c.fromClip.apply(c.width, c.height), c.fromClip.apply(0, c.height)]
            if Self.area(q) < 0 { q.reverse() }
            for k in 0..<4 { lines.append((q[k], q[(k + 1) % 4])) }
        }
        for line in lines { clip = Self.cut(clip, by: line) }
        let round = e.shape == .ellipse || (e.shape == .roundedRect && e.cornerRadius > 0 && e.corners != 0)
        guard round else {
            vertices = e.shape == .none || w <= 0 || h <= 0 ? [] : Self.cleaned(clip)
            return
        }
        guard let sagitta, sagitta > 0 else { return nil }
        // Chords of angle `step` stray at most `sagitta` from the curve (from the larger radius).
        let radius = e.shape == .ellipse ? max(w, h) / 2 : min(e.cornerRadius, w / 2, h / 2)
        let step = 2 * Platform.arcCosine(max(-1, 1 - sagitta / radius))
        guard 2 * Double.pi / step <= Double(Self.vertexBudget) else { throw .tooManyBoxes }
        var shape: [(x: Double, y: Double)] = []
        // Arc of the circle or ellipse at (cx, cy) with radii (rx, ry), angles t0...t1 (y down).
        func arc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ t0: Double, _ t1: Double) {
            // A whole ellipse keeps three chords, however large the sagitta allowed.
            let count = max(Int(((t1 - t0) / step).rounded(.up)), t1 - t0 > Double.pi ? 3 : 1)
            var angles = (0...max(count, 1)).map { t0 + (t1 - t0) * Double($0) / Double(max(count, 1)) }
            for line in lines { angles += Self.crossings(line, cx, cy, rx, ry).filter { $0 > t0 && $0 < t1 } }
            for t in angles.sorted() { shape.append((cx + rx * Platform.cosine(t), cy + ry * Platform.sine(t))) }
        }
        if e.shape == .ellipse {
            arc(w / 2, h / 2, w / 2, h / 2, 0, 2 * Double.pi)
        } else {
            let r = min(e.cornerRadius, w / 2, h / 2)
            // Bottom-right, bottom-left, top-left, top-right: increasing angle as y points down.
            for (k, cx, cy, start) in [(3, w - r, h - r, 0.0), (2, r, h - r, 0.5), (0, r, r, 1.0), (1, w - r, r, 1.5)] {
                if e.corners & (1 << k) != 0 {
                    arc(cx, cy, r, r, start * Double.pi, (start + 0.5) * Double.pi)
                } else {
                    shape.append((k & 1 != 0 ? w : 0, k & 2 != 0 ? h : 0))
                }
            }
        }
        for line in lines { shape = Self.cut(shape, by: line) }
        vertices = Self.cleaned(shape)
    }

    /// The angles at which the line through `a` and `b` crosses the ellipse.
    private static func crossings(
        _ line: (a: (x: Double, y: Double), b: (x: Double, y: Double)), _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double
    ) -> [Double] {
        // In the ellipse's unit circle: |p + t·v|² = 1.
        let p = ((line.a.x - cx) / rx, (line.a.y - cy) / ry), v = ((line.b.x - line.a.x) / rx, (line.b.y - line.a.y) / ry)
        let (qa, qb, qc) = (v.0 * v.0 + v.1 * v.1, 2 * (p.0 * v.0 + p.1 * v.1), p.0 * p.0 + p.1 * p.1 - 1)
        let discriminant = qb * qb - 4 * qa * qc
        guard qa > 0, discriminant >= 0 else { return [] }
        return [-1.0, 1.0].map { sign in
            let t = (-qb + sign * discriminant.squareRoot()) / (2 * qa)
            var angle = Platform.arcTangent(y: p.1 + t * v.1, x: p.0 + t * v.0)
            if angle < 0 { angle += 2 * Double.pi }
            return angle
        }
    }

    /// The part of a convex polygon on the inner side of a directed edge of a positive ring (its left,
    /// with the cross product's sign).
    private static func cut(_ polygon: [(x: Double, y: Double)], by line: (a: (x: Double, y: Double), b: (x: Double, y: Double))) -> [(x: Double, y: Double)] {
        func side(_ p: (x: Double, y: Double)) -> Double {
            (line.b.x - line.a.x) * (p.y - line.a.y) - (line.b.y - line.a.y) * (p.x - line.a.x)
        }
        var result: [(x: Double, y: Double)] = []
        for (k, p) in polygon.enumerated() {
            let q = polygon[(k + 1) % polygon.count]
            let (sp, sq) = (side(p), side(q))
            if sp >= 0 { result.append(p) }
            if (sp >= 0) != (sq >= 0) {
                let t = sp / (sp - sq)
                result.append((p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)))
            }
        }
        return result
    }

    private static func area(_ ring: [(x: Double, y: Double)]) -> Double {
        ring.indices.reduce(0) { sum, k in
            let (p, q) = (ring[k], ring[(k + 1) % ring.count])
            return sum + (p.x * q.y - q.x * p.y) / 2
        }
    }

    /// Without repeated points and points on the line through their neighbours; empty when no area is left.
    private static func cleaned(_ ring: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        var points = ring
        var changed = true
        while changed && points.count >= 3 {
            changed = false
            for k in points.indices.reversed() where points.count >= 3 {
                let (p, q, r) = (points[(k + points.count - 1) % points.count], points[k], points[(k + 1) % points.count])
                let cross = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x)
                let scale = max(abs(q.x - p.x) + abs(q.y - p.y), abs(r.x - q.x) + abs(r.y - q.y))
                if abs(cross) <= 1e-12 * scale * scale {
                    points.remove(at: k)
                    changed = true
                }
            }
        }
        return points.count >= 3 && area(points) > 0 ? points : []
    }
}
