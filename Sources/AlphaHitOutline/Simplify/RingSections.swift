/// How a closed ring is cut before it is simplified: three vertices always kept, so that no ring
/// collapses to a segment, and the sections between them.
enum RingSections {
    /// The kept vertices of a ring of `ring.count` > 3 vertices, in ring order: vertex 0, the
    /// vertex farthest from it, and the vertex farthest from the segment between those two. A
    /// section is then (s[0], s[1]), (s[1], s[2]), (s[2], count), vertex `count` being vertex 0.
    static func anchors(of ring: [MilliPoint]) -> [Int] {
        func squared(_ a: MilliPoint, _ b: MilliPoint) -> Int64 { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) }
        let far = ring.indices.dropFirst().max { squared(ring[0], ring[$0]) < squared(ring[0], ring[$1]) }!
        let third = ring.indices.filter { $0 != 0 && $0 != far }.max {
            PlaneGeometry.distance(ring[$0], toSegment: ring[0], ring[far]) < PlaneGeometry.distance(ring[$1], toSegment: ring[0], ring[far])
        }!
        return [0, far, third].sorted()
    }

    /// The signed area's sign of the ring's `kept` vertices (positive: clockwise on screen).
    static func orientation(of ring: [MilliPoint], kept: [Bool]) -> Int {
        let points = ring.indices.filter { kept[$0] }.map { ring[$0] }
        var twice = 0.0
        for index in points.indices {
            let (a, b) = (points[index], points[(index + 1) % points.count])
            twice += Double(a.x - points[0].x) * Double(b.y - points[0].y) - Double(b.x - points[0].x) * Double(a.y - points[0].y)
        }
        return twice > 0 ? 1 : twice < 0 ? -1 : 0
    }
}
