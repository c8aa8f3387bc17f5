import AlphaHitBasics

/// A polygon whose edges are all horizontal or vertical, with whole-number vertices (an exact
/// outline), cut into rectangles: each row of unit height cut into the x-ranges inside it by the
/// even-odd rule, and a range merged with the one right above it when the two are the same.
enum RectilinearPieces {
    /// Whether every edge of every ring is horizontal or vertical between whole-number vertices.
    static func applies(to polygon: OutlinePolygon) -> Bool {
        ([polygon.outer] + polygon.holes).allSatisfy { ring in
            ring.indices.allSatisfy { index in
                let (a, b) = (ring[index], ring[(index + 1) % ring.count])
                return a.x == a.x.rounded() && a.y == a.y.rounded() && abs(a.x) < 1e9 && abs(a.y) < 1e9 && (a.x == b.x || a.y == b.y)
            }
        }
    }

    /// The rectangles, as (x, y, width, height), top row first, then by x.
    static func rectangles(of polygon: OutlinePolygon) -> [(x: Int, y: Int, width: Int, height: Int)] {
        // Vertical edges, as (x, top, bottom); each is inside the rows top..<bottom.
        var edges: [(x: Int, top: Int, bottom: Int)] = []
        for ring in [polygon.outer] + polygon.holes {
            for index in ring.indices {
                let (a, b) = (ring[index], ring[(index + 1) % ring.count])
                if a.x == b.x && a.y != b.y { edges.append((Int(a.x), Int(min(a.y, b.y)), Int(max(a.y, b.y)))) }
            }
        }
        guard let top = edges.map(\.top).min(), let bottom = edges.map(\.bottom).max() else { return [] }
        edges.sort { $0.top < $1.top }
        var done: [(x: Int, y: Int, width: Int, height: Int)] = []
        // Open rectangles by their x-range: the row they started in.
        var open: [Int: (start: Int, width: Int)] = [:], active: [(x: Int, bottom: Int)] = []
        var next = 0
        for y in top..<bottom {
            active.removeAll { $0.bottom <= y }
            while next < edges.count && edges[next].top == y {
                active.append((edges[next].x, edges[next].bottom))
                next += 1
            }
            let xs = active.map(\.x).sorted()
            var ranges: [Int: Int] = [:]
            for pair in stride(from: 0, to: xs.count - 1, by: 2) where xs[pair] < xs[pair + 1] { ranges[xs[pair]] = xs[pair + 1] - xs[pair] }
            for (x, run) in open where ranges[x] != run.width {
                done.append((x, run.start, run.width, y - run.start))
                open[x] = nil
            }
            for (x, width) in ranges where open[x] == nil { open[x] = (y, width) }
        }
        for (x, run) in open { done.append((x, run.start, run.width, bottom - run.start)) }
        return done.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// A rectangle's corners, clockwise on screen from its top-left (a positive shoelace sum).
    static func corners(_ r: (x: Int, y: Int, width: Int, height: Int)) -> [Point] {
        let (x0, y0, x1, y1) = (Double(r.x), Double(r.y), Double(r.x + r.width), Double(r.y + r.height))
        return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
    }
}
