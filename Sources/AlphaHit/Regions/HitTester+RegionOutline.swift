import AlphaHitBasics
import AlphaHitEngine
import AlphaHitJSON
import AlphaHitOutline

extension HitTester {
    /// Coordinates are rounded to the thousandth of a point, which moves a vertex at most this far.
    static let roundingSlack = 0.0008

    /// The outline of element `element`'s own hit region R(e), in layout points after every
    /// transform (`hittest outline LAYOUT --element ID`, `Docs/Outlines.md`, "In layout space"):
    /// the points of its bounds inside its shape, on its solid pixels (its `alphaThreshold`, its
    /// image placement) and inside every clipping ancestor's bounds, whatever lies in front of it.
    ///
    /// With `epsilon` 0 the outline is exact, each vertex a corner of R(e) (pixel edges and the
    /// bounds, mapped to the layout; not rounded): the even-odd rule puts a point inside exactly
    /// when it is in R(e), points on the edge aside. A region with a round edge (an ellipse,
    /// rounded corners, or a clip at an angle to the element) has no exact outline and needs
    /// `epsilon` > 0: then every ring lies within `epsilon` points of R(e)'s edge and that edge
    /// within `epsilon` of the rings (Hausdorff distance), vertices on the thousandth of a point;
    /// but for one gap, in an element with an image: a sliver of R(e) thinner than about
    /// `epsilon / 64` where a pixel or an angled clip grazes a round edge may be lost
    /// (`Docs/Outlines.md`, "An element's own region").
    /// Outer rings have a positive shoelace sum and holes a negative one, as for images, whatever
    /// the transforms (a mirroring one reverses the rings). An element that can never be hit (hidden,
    /// disabled, of zero size, clipped away), or an index no element has, has no polygons; nor has
    /// one drawn so far out (1e300 points, say) that Doubles cannot tell its corners apart.
    ///
    /// - Parameter epsilon: points, 0 or from a few thousandths (see
    ///   ``OutlineError/epsilonTooSmall(_:minimum:)``) to 1,000,000.
    /// - Throws: ``OutlineError``: `.epsilon` out of range, `.notPolygonal` for a round region at
    ///   epsilon 0, `.epsilonTooSmall`, `.tooDetailed` when it would take more than
    ///   ``RegionCover/boxBudget`` boxes (give a larger epsilon).
    public func outline(of element: ElementIndex, epsilon: Double = 0) throws(OutlineError) -> [OutlinePolygon] {
        guard epsilon >= 0 && epsilon <= 1_000_000 else { throw .epsilon(epsilon) }
        // Without an image, the region is convex: one polygon, its round edges followed by chords.
        func convex(_ sagitta: Double?) throws(OutlineError) -> [Point]? {
            do {
                return try convexRegion(of: element, sagitta: sagitta)
            } catch {
                throw .tooDetailed("vertices", limit: ConvexRegion.vertexBudget)
            }
        }
        if epsilon == 0, let exact = try convex(nil) {
            let ring = Self.startingAtTop(exact)
            return ring.count >= 3 && OutlinePolygon.signedArea(of: ring) > 0 ? [OutlinePolygon(outer: ring)] : []
        }
        if epsilon == 0, try convex(1) != nil { throw .notPolygonal }
        if epsilon > 0 {
            guard epsilon > Self.roundingSlack else { throw .epsilonTooSmall(epsilon, minimum: Self.thousandthsAbove(Self.roundingSlack)) }
            if let chords = try convex(epsilon - Self.roundingSlack) {
                var ring: [Point] = []
                for p in chords {
                    let q = Point(x: JSONText.thousandths(p.x), y: JSONText.thousandths(p.y))
                    if ring.last != q { ring.append(q) }
                }
                while ring.count > 1 && ring.first == ring.last { ring.removeLast() }
                return ring.count >= 3 && OutlinePolygon.signedArea(of: ring) > 0 ? [OutlinePolygon(outer: Self.startingAtTop(ring))] : []
            }
        }
        // Polygonal regions come out exact first (and are then simplified, if asked).
        let exact: RegionCover?
        do {
            exact = try regionCover(of: element, precision: nil)
        } catch .notPolygonal {
            guard epsilon > 0 else { throw .notPolygonal }
            exact = nil
        } catch {
            throw .tooDetailed("boxes", limit: RegionCover.boxBudget)
        }
        if let exact, epsilon == 0 {
            return Self.oriented(BoxUnion.outline(of: exact.boxes.map { ($0.x0, $0.y0, $0.x1, $0.y1) }).map { $0.mapped { exact.layoutPoint($0.x, $0.y) } }, exact)
        }
        let cover: RegionCover
        if let exact {
            cover = exact
        } else {
            // Of what epsilon allows, slack for rounding, a quarter for the boxes along the round
            // edge (a point off by a box lies within two of the outline), half for the simplifier.
            guard let rough = try? regionCover(of: element, precision: nil, boxes: false) else { return [] }
            let slack = Self.workSpace(rough, epsilon: epsilon).slack
            let budget = epsilon - 2 * slack
            guard budget > 0 else { throw .epsilonTooSmall(epsilon, minimum: Self.thousandthsAbove(2 * slack)) }
            do {
                cover = try regionCover(of: element, precision: budget / 4)!
            } catch {
                throw .tooDetailed("boxes", limit: RegionCover.boxBudget)
            }
        }
        let (k, slack) = Self.workSpace(cover, epsilon: epsilon)
        let budget = epsilon - slack
        guard budget > 0 else { throw .epsilonTooSmall(epsilon, minimum: Self.thousandthsAbove(slack)) }
        let tolerance = (exact == nil ? budget / 2 : budget) / cover.largestStretch
        let snapped = cover.boxes.map { box in (Self.snap(box.x0 * k), Self.snap(box.y0 * k), Self.snap(box.x1 * k), Self.snap(box.y1 * k)) }
        let traced = BoxUnion.outline(of: snapped)
        let simplified = OutlineSimplification.simplify(traced, epsilon: tolerance * k)
        return Self.oriented(simplified.map { polygon in
            polygon.mapped { p in
                let q = cover.layoutPoint(p.x / k, p.y / k)
                return Point(x: JSONText.thousandths(q.x), y: JSONText.thousandths(q.y))
            }
        }, cover)
    }

    /// The simplifier's work space and what rounding costs there: it works in whole thousandths
    /// of its units, on a grid of 8 units a cell, so local coordinates are scaled by `scale` to
    /// put about 4 units in `epsilon` and the element at most 16,000 units across (the grid's
    /// cells stay few); `slack` (points) is how far snapping to those thousandths, and then
    /// rounding to the layout's, may move a vertex.
    private static func workSpace(_ cover: RegionCover, epsilon: Double) -> (scale: Double, slack: Double) {
        let stretch = cover.largestStretch
        let scale = min(4 * stretch / epsilon, 16_000 / max(cover.width, cover.height))
        return (scale, roundingSlack + 0.00071 * stretch / scale)
    }

    private static func snap(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private static func thousandthsAbove(_ value: Double) -> Double { (value * 1000).rounded(.up) / 1000 + 0.001 }

    /// The ring started at its top-most vertex (the left-most of those), as traced rings start.
    private static func startingAtTop(_ ring: [Point]) -> [Point] {
        guard let top = ring.indices.min(by: { (ring[$0].y, ring[$0].x) < (ring[$1].y, ring[$1].x) }) else { return ring }
        return Array(ring[top...] + ring[..<top])
    }

    /// A mirroring map reverses every ring: turned back, so that outer rings stay positive. Drawn
    /// so far out that Doubles no longer tell its corners apart, a ring has no area left: dropped.
    private static func oriented(_ polygons: [OutlinePolygon], _ cover: RegionCover) -> [OutlinePolygon] {
        let mirrored = cover.a * cover.d - cover.b * cover.c < 0
        return polygons.compactMap { polygon in
            let (outer, holes) = mirrored ? (polygon.outer.reversed(), polygon.holes.map { $0.reversed() }) : (polygon.outer, polygon.holes)
            guard OutlinePolygon.signedArea(of: outer) > 0 else { return nil }
            return OutlinePolygon(outer: outer, holes: holes.filter { OutlinePolygon.signedArea(of: $0) < 0 })
        }
    }
}
