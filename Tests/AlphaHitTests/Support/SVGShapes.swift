import Foundation

/// Simple SVG shapes with their geometry written out independently of librsvg: whether a point
/// (in the document's points) is inside, and how far it is from the nearest edge.
struct SVGShape: CustomStringConvertible, Sendable {
    let name: String
    /// The document's size in points.
    let width: Double, height: Double
    let svg: String
    let inside: @Sendable (Double, Double) -> Bool
    let edgeDistance: @Sendable (Double, Double) -> Double

    var description: String { name }

    static func document(width: Double, height: Double, _ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">\(body)</svg>"
    }

    static func segmentDistance(_ px: Double, _ py: Double, _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let t = max(0, min(1, ((px - a.0) * dx + (py - a.1) * dy) / (dx * dx + dy * dy)))
        return hypot(px - (a.0 + t * dx), py - (a.1 + t * dy))
    }

    /// Crossings of a rightward ray with the closed polygon's edges (even: outside by even-odd).
    static func crossings(_ px: Double, _ py: Double, _ points: [(Double, Double)]) -> Int {
        var count = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            if (a.1 > py) != (b.1 > py), px < a.0 + (py - a.1) * (b.0 - a.0) / (b.1 - a.1) { count += 1 }
        }
        return count
    }

    static func polygonDistance(_ px: Double, _ py: Double, _ points: [(Double, Double)]) -> Double {
        points.indices.map { segmentDistance(px, py, points[$0], points[($0 + 1) % points.count]) }.min()!
    }

    /// The five outer points of a star of radius `r` about (`cx`, `cy`), the first straight up.
    static func pentagon(_ cx: Double, _ cy: Double, _ r: Double, rotation: Double = 0) -> [(Double, Double)] {
        (0..<5).map { k in
            let angle = -Double.pi / 2 + rotation + Double(k) * 2 * .pi / 5
            return (cx + r * cos(angle), cy + r * sin(angle))
        }
    }

    /// A circle of radius 9 in a 24-point icon.
    static let circle = SVGShape(
        name: "circle", width: 24, height: 24, svg: document(width: 24, height: 24, "<circle cx=\"12\" cy=\"12\" r=\"9\"/>"),
        inside: { x, y in hypot(x - 12, y - 12) < 9 }, edgeDistance: { x, y in abs(hypot(x - 12, y - 12) - 9) })

    /// A five-pointed star (a simple concave decagon), filled by the default non-zero rule.
    static let star: SVGShape = {
        let outer = pentagon(16, 17, 14), inner = pentagon(16, 17, 6, rotation: .pi / 5)
        let points: [(Double, Double)] = (0..<10).map { (k: Int) -> (Double, Double) in k % 2 == 0 ? outer[k / 2] : inner[k / 2] }
        let list = points.map { (point: (Double, Double)) -> String in "\(point.0),\(point.1)" }.joined(separator: " ")
        return SVGShape(
            name: "star", width: 32, height: 32, svg: document(width: 32, height: 32, "<polygon points=\"\(list)\"/>"),
            inside: { x, y in crossings(x, y, points) % 2 == 1 }, edgeDistance: { x, y in polygonDistance(x, y, points) })
    }()

    /// A 28 x 20 rectangle with corners of radius 5, less a circular hole of radius 5 drawn the
    /// other way round (non-zero winding leaves it empty).
    static let roundedRectWithHole: SVGShape = {
        let (x0, y0, w, h, r) = (2.0, 4.0, 28.0, 20.0, 5.0)
        let (hx, hy, hr) = (16.0, 14.0, 5.0)
        // Corners of radius 5 on the rectangle from (2, 4) to (30, 24), clockwise; the hole anticlockwise.
        let path = "M 7 4 H 25 A 5 5 0 0 1 30 9 V 19 A 5 5 0 0 1 25 24 H 7 A 5 5 0 0 1 2 19 V 9 A 5 5 0 0 1 7 4 Z "
            + "M 11 14 A 5 5 0 1 0 21 14 A 5 5 0 1 0 11 14 Z"
        // The signed distance to the rounded rectangle (negative inside).
        let rounded: @Sendable (Double, Double) -> Double = { x, y in
            let qx = abs(x - (x0 + w / 2)) - (w / 2 - r), qy = abs(y - (y0 + h / 2)) - (h / 2 - r)
            return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
        }
        return SVGShape(
            name: "rounded rectangle with a hole", width: 32, height: 28, svg: document(width: 32, height: 28, "<path d=\"\(path)\"/>"),
            inside: { x, y in rounded(x, y) < 0 && hypot(x - hx, y - hy) > hr },
            edgeDistance: { x, y in min(abs(rounded(x, y)), abs(hypot(x - hx, y - hy) - hr)) })
    }()

    /// A pentagram drawn as one self-crossing path with `fill-rule="evenodd"`: its centre pentagon is a hole.
    static let evenOddPentagram: SVGShape = {
        let p = pentagon(20, 21, 18)
        let order = [p[0], p[2], p[4], p[1], p[3]]
        let path = "M " + order.map { "\($0.0) \($0.1)" }.joined(separator: " L ") + " Z"
        return SVGShape(
            name: "even-odd pentagram", width: 40, height: 40,
            svg: document(width: 40, height: 40, "<path fill-rule=\"evenodd\" d=\"\(path)\"/>"),
            inside: { x, y in crossings(x, y, order) % 2 == 1 }, edgeDistance: { x, y in polygonDistance(x, y, order) })
    }()

    static let all = [circle, star, roundedRectWithHole, evenOddPentagram]
}
