import AlphaHitBasics

/// A point in thousandths of a pixel, the resolution of simplified outlines: integer coordinates,
/// so that every orientation and crossing test is exact.
struct MilliPoint: Hashable {
    var x: Int64, y: Int64

    /// The point of `point`, rounded to the thousandth.
    init(_ point: Point) { (x, y) = (Int64((point.x * 1000).rounded()), Int64((point.y * 1000).rounded())) }
    init(x: Int64, y: Int64) { (self.x, self.y) = (x, y) }

    /// The point in pixels.
    var point: Point { Point(x: Double(x) / 1000, y: Double(y) / 1000) }
}

/// Exact predicates and distances on segments of ``MilliPoint``s.
enum PlaneGeometry {
    /// The sign of the turn o → a → b: positive to the left on screen (y down: clockwise), 0
    /// when collinear. Exact while coordinates stay below 2³⁰ thousandths (a million pixels).
    static func turn(_ o: MilliPoint, _ a: MilliPoint, _ b: MilliPoint) -> Int {
        let value = (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        return value > 0 ? 1 : value < 0 ? -1 : 0
    }

    /// Whether `p`, collinear with `a` and `b`, lies on the closed segment ab.
    private static func within(_ p: MilliPoint, _ a: MilliPoint, _ b: MilliPoint) -> Bool {
        min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }

    /// Whether the closed segments ab and cd share any point.
    static func touch(_ a: MilliPoint, _ b: MilliPoint, _ c: MilliPoint, _ d: MilliPoint) -> Bool {
        let (t1, t2, t3, t4) = (turn(a, b, c), turn(a, b, d), turn(c, d, a), turn(c, d, b))
        if t1 * t2 < 0 && t3 * t4 < 0 { return true }
        return (t1 == 0 && within(c, a, b)) || (t2 == 0 && within(d, a, b)) || (t3 == 0 && within(a, c, d)) || (t4 == 0 && within(b, c, d))
    }

    /// Whether segments ab and ac, which share `a`, share more than `a`: collinear and pointing
    /// the same way.
    static func overlap(sharing a: MilliPoint, _ b: MilliPoint, _ c: MilliPoint) -> Bool {
        turn(a, b, c) == 0 && (b.x - a.x) * (c.x - a.x) + (b.y - a.y) * (c.y - a.y) > 0
    }

    /// The distance, in thousandths, from `p` to the closed segment ab.
    static func distance(_ p: MilliPoint, toSegment a: MilliPoint, _ b: MilliPoint) -> Double {
        let (dx, dy) = (Double(b.x - a.x), Double(b.y - a.y))
        let (px, py) = (Double(p.x - a.x), Double(p.y - a.y))
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : min(1, max(0, (px * dx + py * dy) / length))
        let (ex, ey) = (px - t * dx, py - t * dy)
        return (ex * ex + ey * ey).squareRoot()
    }

    /// The distance, in thousandths, from `p` to the line through a and b (to a when they meet).
    static func distance(_ p: MilliPoint, toLine a: MilliPoint, _ b: MilliPoint) -> Double {
        let (dx, dy) = (Double(b.x - a.x), Double(b.y - a.y))
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return distance(p, toSegment: a, a) }
        return abs(dx * Double(p.y - a.y) - dy * Double(p.x - a.x)) / length
    }

    /// Whether `p` is inside the closed polygon `vertices` by the even-odd rule (half-open in y,
    /// so a point on no edge gets the exact answer).
    static func inside(_ p: MilliPoint, _ vertices: some Collection<MilliPoint>) -> Bool {
        var inside = false
        var previous = vertices[vertices.index(vertices.endIndex, offsetBy: -1)]
        for current in vertices {
            if (previous.y > p.y) != (current.y > p.y) {
                // The edge crosses the horizontal through p: right of p when p turns towards it.
                let side = turn(previous, current, p)
                if (current.y > previous.y) ? side > 0 : side < 0 { inside.toggle() }
            }
            previous = current
        }
        return inside
    }
}
