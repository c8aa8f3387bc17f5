@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation

/// A slow, independent touch-tolerance reference, from the geometry alone (no sampling of the
/// plane, none of the engine's code): each element's hit region R(e) as a union of convex pieces in
/// layout space — a solid pixel's rectangle, cut by the bounds, the shape and every clipping
/// ancestor — and the exact distance to each piece.
struct RegionOracle {
    /// A convex piece: a polygon (counter-clockwise or clockwise), cut by an ellipse
    /// `{centre + J·(cos θ, sin θ)·r, r ≤ 1}` when the shape is curved there.
    struct Piece {
        var polygon: [(x: Double, y: Double)]
        var ellipse: (centre: (x: Double, y: Double), j: (a: Double, b: Double, c: Double, d: Double))?
    }

    struct Candidate {
        var id: String
        /// Position in the resolution order, front-most 0.
        var rank: Int
        var pieces: [Piece]
        var ownTolerance: Double?
    }

    var candidates: [Candidate] = []

    /// `alpha[name](x, y)`: each image's pixels, as the test drew them; `sizes[name]`: its pixel size.
    init(_ elements: [Element], alpha: [String: (Int, Int) -> UInt8], sizes: [String: (Int, Int)], defaults: Layout.Defaults = .init()) {
        typealias Map = (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
        func compose(_ outer: Map, _ inner: Map) -> Map {
            (outer.a * inner.a + outer.c * inner.b, outer.b * inner.a + outer.d * inner.b,
             outer.a * inner.c + outer.c * inner.d, outer.b * inner.c + outer.d * inner.d,
             outer.a * inner.tx + outer.c * inner.ty + outer.tx, outer.b * inner.tx + outer.d * inner.ty + outer.ty)
        }
        func apply(_ m: Map, _ x: Double, _ y: Double) -> (x: Double, y: Double) { (m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty) }
        var order: [Candidate] = []
        // Front to back: later siblings first, children before their parent.
        func visit(_ list: [Element], parent: Map, clips: [[(x: Double, y: Double)]]) {
            for element in list.reversed() {
                if element.isHidden || !element.isInteractive || element.opacity < 0.01 { continue }
                let (w, h) = (element.frame.width, element.frame.height)
                // P = O + C + t + M·(L − C)
                var local: Map = (1, 0, 0, 1, element.frame.x, element.frame.y)
                if let t = element.transform {
                    let shift = (x: t.a * w / 2 + t.c * h / 2, y: t.b * w / 2 + t.d * h / 2)
                    local = (t.a, t.b, t.c, t.d, element.frame.x + w / 2 + t.tx - shift.x, element.frame.y + h / 2 + t.ty - shift.y)
                }
                let map = compose(parent, local)
                let bounds = [apply(map, 0, 0), apply(map, w, 0), apply(map, w, h), apply(map, 0, h)]
                visit(element.children, parent: map, clips: element.clipsToBounds ? clips + [bounds] : clips)
                guard w > 0, h > 0, element.shape != .none else { continue }
                var pieces: [Piece] = []
                for (x0, y0, x1, y1) in Self.solidRects(element, defaults: defaults, alpha: alpha, sizes: sizes) {
                    let box = (max(x0, 0), max(y0, 0), min(x1, w), min(y1, h))
                    guard box.0 < box.2, box.1 < box.3 else { continue }
                    for (shape, ellipse) in Self.shapePieces(element.shape, w, h, box) {
                        var polygon = shape.map { apply(map, $0.x, $0.y) }
                        for clip in clips { polygon = Self.clip(polygon, by: clip) }
                        guard polygon.count >= 3 else { continue }
                        let curve = ellipse.map { e in
                            (centre: apply(map, e.cx, e.cy), j: (a: map.a * e.rx, b: map.b * e.rx, c: map.c * e.ry, d: map.d * e.ry))
                        }
                        pieces.append(Piece(polygon: polygon, ellipse: curve))
                    }
                }
                order.append(Candidate(id: element.id, rank: order.count, pieces: pieces, ownTolerance: element.touchTolerance))
            }
        }
        visit(elements, parent: (1, 0, 0, 1, 0, 0), clips: [])
        candidates = order
    }

    // MARK: - Solid pixels in local space

    /// The local rectangles of the element's solid pixels (its whole bounds without an image).
    static func solidRects(_ e: Element, defaults: Layout.Defaults, alpha: [String: (Int, Int) -> UInt8], sizes: [String: (Int, Int)]) -> [(Double, Double, Double, Double)] {
        guard let name = e.image, let pixels = alpha[name], let (pw, ph) = sizes[name] else { return [(0, 0, e.frame.width, e.frame.height)] }
        let scale = e.imageScale ?? (name.contains("@2x") ? 2 : name.contains("@3x") ? 3 : defaults.imageScale ?? 1)
        let minAlpha = AlphaThreshold.minimumAlpha(for: e.alphaThreshold ?? defaults.alphaThreshold ?? 0.1)
        let (iw, ih) = (Double(pw) / scale, Double(ph) / scale)
        let (w, h) = (e.frame.width, e.frame.height)
        let columns: [[(Double, Double)]], rows: [[(Double, Double)]]
        if let caps = e.capInsets {
            let tiles = e.resizingMode == .tile
            columns = (0..<pw).map { capped(Double($0) / scale, Double($0 + 1) / scale, extent: w, natural: iw, low: caps.left, high: caps.right, tiles: tiles) }
            rows = (0..<ph).map { capped(Double($0) / scale, Double($0 + 1) / scale, extent: h, natural: ih, low: caps.top, high: caps.bottom, tiles: tiles) }
        } else {
            let mode = e.contentMode ?? defaults.contentMode ?? .scaleToFill
            var (kx, ky, ox, oy) = (1.0, 1.0, 0.0, 0.0)
            switch mode {
            case .scaleToFill: (kx, ky) = (w / iw, h / ih)
            case .aspectFit, .aspectFill:
                let k = mode == .aspectFit ? min(w / iw, h / ih) : max(w / iw, h / ih)
                (kx, ky, ox, oy) = (k, k, (w - iw * k) / 2, (h - ih * k) / 2)
            case .center: (ox, oy) = ((w - iw) / 2, (h - ih) / 2)
            case .top: (ox, oy) = ((w - iw) / 2, 0)
            case .bottom: (ox, oy) = ((w - iw) / 2, h - ih)
            case .left: (ox, oy) = (0, (h - ih) / 2)
            case .right: (ox, oy) = (w - iw, (h - ih) / 2)
            case .topLeft: (ox, oy) = (0, 0)
            case .topRight: (ox, oy) = (w - iw, 0)
            case .bottomLeft: (ox, oy) = (0, h - ih)
            case .bottomRight: (ox, oy) = (w - iw, h - ih)
            }
            columns = (0..<pw).map { [(ox + Double($0) / scale * kx, ox + Double($0 + 1) / scale * kx)] }
            rows = (0..<ph).map { [(oy + Double($0) / scale * ky, oy + Double($0 + 1) / scale * ky)] }
        }
        var rects: [(Double, Double, Double, Double)] = []
        for y in 0..<ph {
            for x in 0..<pw where pixels(x, y) >= minAlpha {
                for column in columns[x] { for row in rows[y] { rects.append((column.0, row.0, column.1, row.1)) } }
            }
        }
        return rects
    }

    /// Where image points `[u0, u1)` are drawn along an axis with caps `low` and `high`.
    static func capped(_ u0: Double, _ u1: Double, extent w: Double, natural n: Double, low: Double, high: Double, tiles: Bool) -> [(Double, Double)] {
        var parts: [(Double, Double)] = []
        func part(_ a: Double, _ b: Double, _ map: (Double) -> Double) {
            let (lo, hi) = (max(u0, a), min(u1, b))
            if lo < hi { parts.append((map(lo), map(hi))) }
        }
        if w >= low + high {
            part(0, low) { $0 }
            part(n - high, n) { w - (n - $0) }
            let period = n - low - high
            if tiles {
                var start = low
                while start < w - high {
                    let origin = start
                    let (lo, hi) = (max(u0, low), min(u1, n - high))
                    if lo < hi { parts.append((min(origin + lo - low, w - high), min(origin + hi - low, w - high))) }
                    start += period
                }
            } else {
                part(low, n - high) { low + ($0 - low) * (w - low - high) / period }
            }
        } else {
            let k = w / (low + high)
            part(0, low) { $0 * k }
            part(n - high, n) { w - (n - $0) * k }
        }
        return parts.filter { $0.0 < $0.1 }
    }

    // MARK: - Shapes

    /// The box cut by the shape: convex polygons, each perhaps cut by an ellipse (centre, radii).
    static func shapePieces(_ shape: ElementShape, _ w: Double, _ h: Double, _ box: (Double, Double, Double, Double))
        -> [([(x: Double, y: Double)], (cx: Double, cy: Double, rx: Double, ry: Double)?)]
    {
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(x: Double, y: Double)]? {
            let (a, b, c, d) = (max(x0, box.0), max(y0, box.1), min(x1, box.2), min(y1, box.3))
            return a < c && b < d ? [(a, b), (c, b), (c, d), (a, d)] : nil
        }
        switch shape {
        case .rect:
            return [(rect(0, 0, w, h)!, nil)]
        case .none:
            return []
        case .ellipse:
            return [(rect(0, 0, w, h)!, (w / 2, h / 2, w / 2, h / 2))]
        case .roundedRect(let radius, let corners):
            let r = min(radius, w / 2, h / 2)
            guard r > 0 else { return [(rect(0, 0, w, h)!, nil)] }
            var pieces: [([(x: Double, y: Double)], (cx: Double, cy: Double, rx: Double, ry: Double)?)] = []
            if let middle = rect(r, 0, w - r, h) { pieces.append((middle, nil)) }
            if let band = rect(0, r, w, h - r) { pieces.append((band, nil)) }
            let squares: [(ElementShape.Corners, Double, Double, Double, Double)] = [
                (.topLeft, 0, 0, r, r), (.topRight, w - r, 0, w - r, r), (.bottomLeft, 0, h - r, r, h - r), (.bottomRight, w - r, h - r, w - r, h - r),
            ]
            for (corner, x0, y0, cx, cy) in squares {
                guard let square = rect(x0, y0, x0 + r, y0 + r) else { continue }
                pieces.append((square, corners.contains(corner) ? (cx, cy, r, r) : nil))
            }
            return pieces
        }
    }

    /// Sutherland–Hodgman: the polygon cut by a convex clip polygon.
    static func clip(_ polygon: [(x: Double, y: Double)], by clip: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        // Orientation of the clip polygon, so "inside" is the same side of every edge.
        let area = (0..<clip.count).reduce(0.0) { sum, i in
            let (a, b) = (clip[i], clip[(i + 1) % clip.count])
            return sum + a.x * b.y - b.x * a.y
        }
        var output = polygon
        for i in 0..<clip.count where !output.isEmpty {
            let (a, b) = (clip[i], clip[(i + 1) % clip.count])
            func side(_ p: (x: Double, y: Double)) -> Double { ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) * (area >= 0 ? 1 : -1) }
            let input = output
            output = []
            for j in 0..<input.count {
                let (p, q) = (input[j], input[(j + 1) % input.count])
                let (sp, sq) = (side(p), side(q))
                if sp >= 0 { output.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    output.append((p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)))
                }
            }
        }
        return output
    }

    // MARK: - Distances

    /// d(p, e): the distance to the nearest piece of the element's region.
    static func distance(_ p: (x: Double, y: Double), to candidate: Candidate) -> Double {
        candidate.pieces.map { distance(p, to: $0) }.min() ?? .infinity
    }

    static func distance(_ p: (x: Double, y: Double), to piece: Piece) -> Double {
        let polygon = piece.polygon
        let inPolygon = contains(polygon, p)
        guard let ellipse = piece.ellipse else { return inPolygon ? 0 : edgesDistance(p, polygon) }
        let (c, j) = ellipse
        let det = j.a * j.d - j.b * j.c
        // The point in the ellipse's unit-circle coordinates.
        func unit(_ q: (x: Double, y: Double)) -> (x: Double, y: Double) {
            let (dx, dy) = (q.x - c.x, q.y - c.y)
            return ((j.d * dx - j.c * dy) / det, (-j.b * dx + j.a * dy) / det)
        }
        func inEllipse(_ q: (x: Double, y: Double)) -> Bool {
            let u = unit(q)
            return u.x * u.x + u.y * u.y <= 1 + 1e-12
        }
        if inPolygon && inEllipse(p) { return 0 }
        var best = Double.infinity
        // The polygon's edges, where inside the ellipse.
        for i in 0..<polygon.count {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.count])
            let (ua, ub) = (unit(a), unit(b))
            let (dx, dy) = (ub.x - ua.x, ub.y - ua.y)
            let qa = dx * dx + dy * dy, qb = 2 * (ua.x * dx + ua.y * dy), qc = ua.x * ua.x + ua.y * ua.y - 1
            let disc = qb * qb - 4 * qa * qc
            guard qa > 0, disc >= 0 else { continue }
            let (t0, t1) = (max(0, (-qb - disc.squareRoot()) / (2 * qa)), min(1, (-qb + disc.squareRoot()) / (2 * qa)))
            guard t0 <= t1 else { continue }
            let (s, e) = ((a.x + t0 * (b.x - a.x), a.y + t0 * (b.y - a.y)), (a.x + t1 * (b.x - a.x), a.y + t1 * (b.y - a.y)))
            best = min(best, segmentDistance(p, s, e))
        }
        // The ellipse's arc, where inside the polygon: between the angles where it crosses an edge.
        var angles: [Double] = [0, 2 * Double.pi]
        for i in 0..<polygon.count {
            let (ua, ub) = (unit(polygon[i]), unit(polygon[(i + 1) % polygon.count]))
            // The line through ua, ub meets the unit circle where |ua + t·(ub − ua)| = 1.
            let (dx, dy) = (ub.x - ua.x, ub.y - ua.y)
            let qa = dx * dx + dy * dy, qb = 2 * (ua.x * dx + ua.y * dy), qc = ua.x * ua.x + ua.y * ua.y - 1
            let disc = qb * qb - 4 * qa * qc
            guard qa > 0, disc >= 0 else { continue }
            for t in [(-qb - disc.squareRoot()) / (2 * qa), (-qb + disc.squareRoot()) / (2 * qa)] {
                var angle = atan2(ua.y + t * dy, ua.x + t * dx)
                if angle < 0 { angle += 2 * Double.pi }
                angles.append(angle)
            }
        }
        angles.sort()
        func point(_ angle: Double) -> (x: Double, y: Double) {
            (c.x + j.a * cos(angle) + j.c * sin(angle), c.y + j.b * cos(angle) + j.d * sin(angle))
        }
        func f(_ angle: Double) -> Double {
            let q = point(angle)
            return ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        }
        for k in 0..<angles.count - 1 {
            let (lo, hi) = (angles[k], angles[k + 1])
            guard hi - lo > 1e-15, contains(polygon, point((lo + hi) / 2), slack: 1e-9) else { continue }
            best = min(best, f(lo), f(hi))
            // Sample, then narrow in on the best sample by golden sections.
            let steps = 64
            var bestAngle = lo, bestValue = f(lo)
            for step in 1...steps {
                let angle = lo + (hi - lo) * Double(step) / Double(steps)
                if f(angle) < bestValue { (bestAngle, bestValue) = (angle, f(angle)) }
            }
            var (a, b) = (max(lo, bestAngle - (hi - lo) / Double(steps)), min(hi, bestAngle + (hi - lo) / Double(steps)))
            let ratio = (5.0.squareRoot() - 1) / 2
            for _ in 0..<80 {
                let (m1, m2) = (b - ratio * (b - a), a + ratio * (b - a))
                if f(m1) < f(m2) { b = m2 } else { a = m1 }
            }
            best = min(best, f((a + b) / 2))
        }
        return best
    }

    static func contains(_ polygon: [(x: Double, y: Double)], _ p: (x: Double, y: Double), slack: Double = 0) -> Bool {
        var positive = false, negative = false
        for i in 0..<polygon.count {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.count])
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            let scale = max(1, abs(b.x - a.x) + abs(b.y - a.y))
            if cross > slack * scale { positive = true }
            if cross < -slack * scale { negative = true }
        }
        return !(positive && negative)
    }

    static func edgesDistance(_ p: (x: Double, y: Double), _ polygon: [(x: Double, y: Double)]) -> Double {
        (0..<polygon.count).map { segmentDistance(p, polygon[$0], polygon[($0 + 1) % polygon.count]) }.min() ?? .infinity
    }

    static func segmentDistance(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let (ex, ey) = (b.x - a.x, b.y - a.y)
        let length = ex * ex + ey * ey
        let t = length > 0 ? min(max(((p.x - a.x) * ex + (p.y - a.y) * ey) / length, 0), 1) : 0
        let (dx, dy) = (a.x + t * ex - p.x, a.y + t * ey - p.y)
        return (dx * dx + dy * dy).squareRoot()
    }
}
