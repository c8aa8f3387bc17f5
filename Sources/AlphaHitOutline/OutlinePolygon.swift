import AlphaHitBasics

/// One polygon of an outline: an outer ring and the holes in it, in the mask's pixel coordinates
/// (x right, y down, origin at the top-left corner).
///
/// A ring is its vertices in order, the last joined back to the first (not repeated). By the
/// shoelace sum Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ) / 2 in these coordinates (``signedArea(of:)``) an outer ring
/// is positive (clockwise on screen) and a hole negative; the even-odd rule over all the rings
/// gives the polygon's inside.
public struct OutlinePolygon: Hashable, Sendable {
    /// The outer ring.
    public var outer: [Point]
    /// The holes, each a ring inside `outer`.
    public var holes: [[Point]]

    /// A polygon of `outer` and `holes`.
    public init(outer: [Point], holes: [[Point]] = []) { (self.outer, self.holes) = (outer, holes) }

    /// The shoelace sum of `ring`: positive for an outer ring, negative for a hole, in square pixels.
    public static func signedArea(of ring: [Point]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var twice = 0.0
        for index in ring.indices {
            let (a, b) = (ring[index], ring[(index + 1) % ring.count])
            twice += a.x * b.y - b.x * a.y
        }
        return twice / 2
    }

    /// The polygon's area: its outer ring's less its holes', in square pixels.
    public var area: Double { holes.reduce(Self.signedArea(of: outer)) { $0 + Self.signedArea(of: $1) } }

    /// Whether (`x`, `y`) is inside by the even-odd rule over all the rings (a point on an edge
    /// counts as inside when the edge is a top or left one, as in scan conversion).
    public func contains(x: Double, y: Double) -> Bool {
        var inside = false
        for ring in [outer] + holes {
            for index in ring.indices {
                let (a, b) = (ring[index], ring[(index + 1) % ring.count])
                // Crossings of the ray to the right of the point, half-open in y.
                if (a.y <= y) != (b.y <= y), x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
            }
        }
        return inside
    }

    /// The polygon with every vertex moved by `transform` (a similarity keeps it valid).
    public func mapped(_ transform: (Point) -> Point) -> OutlinePolygon {
        OutlinePolygon(outer: outer.map(transform), holes: holes.map { $0.map(transform) })
    }
}
