@testable import AlphaHitOutline
import AlphaHit
import Foundation
import Testing

/// Independent geometry for checking outlines: plain Double arithmetic, written apart from the
/// library's exact predicates so that the two can disagree.
enum OutlineChecks {
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
        return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
    }

    static func distance(_ p: Point, toRing ring: [Point]) -> Double {
        ring.indices.map { distance(p, ring[$0], ring[($0 + 1) % ring.count]) }.min()!
    }

    /// The Hausdorff distance between rings `a` and `b` when it is at most `limit`, sampled every
    /// `step` pixels along each (so at most `step / 2` short of the true value); something over
    /// `limit` otherwise. Only the edges near a sample can be nearest it within `limit`, so only
    /// those are measured.
    static func hausdorff(_ a: [Point], _ b: [Point], limit: Double, step: Double = 0.01) -> Double {
        func directed(_ from: [Point], _ to: [Point]) -> Double {
            let edges = to.indices.map { (to[$0], to[($0 + 1) % to.count]) }
            var worst = 0.0
            for index in from.indices {
                let (p, q) = (from[index], from[(index + 1) % from.count])
                let (x0, x1) = (min(p.x, q.x) - limit - 1e-6, max(p.x, q.x) + limit + 1e-6)
                let (y0, y1) = (min(p.y, q.y) - limit - 1e-6, max(p.y, q.y) + limit + 1e-6)
                let near = edges.filter { max($0.0.x, $0.1.x) >= x0 && min($0.0.x, $0.1.x) <= x1 && max($0.0.y, $0.1.y) >= y0 && min($0.0.y, $0.1.y) <= y1 }
                guard !near.isEmpty else { return .infinity }
                let count = max(1, Int((hypot(q.x - p.x, q.y - p.y) / step).rounded(.up)))
                for k in 0..<count {
                    let t = Double(k) / Double(count)
                    let sample = Point(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y))
                    worst = max(worst, near.map { distance(sample, $0.0, $0.1) }.min()!)
                }
            }
            return worst
        }
        return max(directed(a, b), directed(b, a))
    }

    static func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }

    /// Whether closed segments ab and cd share a point (collinear within 1e-9).
    static func touch(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func sign(_ v: Double) -> Int { abs(v) < 1e-9 ? 0 : v > 0 ? 1 : -1 }
        func on(_ p: Point, _ s: Point, _ t: Point) -> Bool {
            min(s.x, t.x) - 1e-9 <= p.x && p.x <= max(s.x, t.x) + 1e-9 && min(s.y, t.y) - 1e-9 <= p.y && p.y <= max(s.y, t.y) + 1e-9
        }
        let (d1, d2, d3, d4) = (sign(cross(a, b, c)), sign(cross(a, b, d)), sign(cross(c, d, a)), sign(cross(c, d, b)))
        if d1 * d2 < 0 && d3 * d4 < 0 { return true }
        return (d1 == 0 && on(c, a, b)) || (d2 == 0 && on(d, a, b)) || (d3 == 0 && on(a, c, d)) || (d4 == 0 && on(b, c, d))
    }

    /// Whether the ring neither crosses nor touches itself: no two edges meet but neighbours at
    /// their shared vertex, and those nowhere else.
    static func isSimple(_ ring: [Point]) -> Bool {
        let n = ring.count
        guard n >= 3, Set(ring.map { [$0.x, $0.y] }).count == n else { return false }
        for i in 0..<n {
            for j in i + 1..<n {
                let (a, b, c, d) = (ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n])
                if j == i + 1 || (i == 0 && j == n - 1) {
                    // Neighbours: they must not fold back along each other.
                    let shared = j == i + 1 ? b : a
                    let (u, v) = j == i + 1 ? (a, d) : (b, c)
                    if abs(cross(shared, u, v)) < 1e-9 && (u.x - shared.x) * (v.x - shared.x) + (u.y - shared.y) * (v.y - shared.y) > 0 { return false }
                } else if touch(a, b, c, d) {
                    return false
                }
            }
        }
        return true
    }

    /// Whether no edge of one ring meets an edge of the other.
    static func disjoint(_ first: [Point], _ second: [Point]) -> Bool {
        let (fx, fy) = (first.map(\.x), first.map(\.y)), (sx, sy) = (second.map(\.x), second.map(\.y))
        if fx.max()! < sx.min()! || sx.max()! < fx.min()! || fy.max()! < sy.min()! || sy.max()! < fy.min()! { return true }
        for i in first.indices {
            let (a, b) = (first[i], first[(i + 1) % first.count])
            for j in second.indices {
                let (c, d) = (second[j], second[(j + 1) % second.count])
                guard max(a.x, b.x) >= min(c.x, d.x), max(c.x, d.x) >= min(a.x, b.x), max(a.y, b.y) >= min(c.y, d.y), max(c.y, d.y) >= min(a.y, b.y) else { continue }
                if touch(a, b, c, d) { return false }
            }
        }
        return true
    }

    static func inside(_ p: Point, _ ring: [Point]) -> Bool { OutlinePolygon(outer: ring).contains(x: p.x, y: p.y) }

    /// Every rule of a simplified outline against its exact outline at `epsilon`.
    static func expectValid(_ simplified: [OutlinePolygon], exact: [OutlinePolygon], epsilon: Double, _ what: String, thousandths: Bool = true) {
        #expect(simplified.count == exact.count && zip(simplified, exact).allSatisfy { $0.holes.count == $1.holes.count }, "\(what): the same rings")
        guard simplified.count == exact.count else { return }
        let rings = simplified.flatMap { [$0.outer] + $0.holes }, exactRings = exact.flatMap { [$0.outer] + $0.holes }
        let outers = Set(simplified.indices.map { p in simplified[..<p].reduce(0) { $0 + 1 + $1.holes.count } })
        for (index, (ring, exactRing)) in zip(rings, exactRings).enumerated() {
            #expect(hausdorff(ring, exactRing, limit: epsilon) <= epsilon + 1e-9, "\(what): ring \(index) within \(epsilon)")
            #expect(isSimple(ring), "\(what): ring \(index) simple")
            #expect(outers.contains(index) ? OutlinePolygon.signedArea(of: ring) > 0 : OutlinePolygon.signedArea(of: ring) < 0, "\(what): ring \(index) oriented")
            #expect(!thousandths || ring.allSatisfy { ($0.x * 1000).rounded() == $0.x * 1000 || abs(($0.x * 1000).rounded() - $0.x * 1000) < 1e-6 }, "\(what): thousandths")
            #expect(ring.count <= exactRing.count, "\(what): ring \(index) no more vertices")
        }
        for i in rings.indices {
            for j in rings.indices where j != i {
                if j > i { #expect(disjoint(rings[i], rings[j]), "\(what): rings \(i) and \(j) do not touch") }
                // Ring j is inside ring i exactly when it was: an exact edge's midpoint, on no other ring.
                let (a, b) = (exactRings[j][0], exactRings[j][1])
                let was = inside(Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), exactRings[i])
                #expect(inside(rings[j][0], rings[i]) == was, "\(what): ring \(j) on the same side of ring \(i)")
            }
        }
    }

    /// The art outlines are measured on: every sample's PNG and every frame of the real atlases
    /// among the fixtures, as masks at the default threshold.
    static func art() throws -> [(name: String, mask: SolidMask)] {
        var masks: [(String, SolidMask)] = []
        let samples = Fixtures.packageRoot.appendingPathComponent("Samples")
        for folder in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let directory = samples.appendingPathComponent(folder)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.sorted() ?? [] where file.hasSuffix(".png") {
                let image = try ImageDecoder().decode(contentsOfFile: directory.appendingPathComponent(file).path, as: .alpha8)
                masks.append(("\(folder)/\(file)", try SolidMask(image: image)))
            }
        }
        for atlas in ["texturepacker-hash/building1.json", "starling-xml/atlas.xml", "aseprite-json/beetle.json", "libgdx-legacy/skin.atlas"] {
            for (name, entry) in try AtlasExportTests.planes(atlas).sorted(by: { $0.key < $1.key }) {
                let (w, plane) = (entry.frame.sourceWidth, entry.alpha)
                masks.append(("\(atlas) \(name)", SolidMask(width: w, height: entry.frame.sourceHeight) { x, y in
                    AlphaThreshold.isSolid(alpha: plane[y * w + x], minimumAlpha: AlphaThreshold.defaultMinimumAlpha)
                }))
            }
        }
        return masks
    }
}
