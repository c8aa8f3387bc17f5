import AlphaHitBasics

/// One element's hit region R(e) as disjoint boxes of its local space, for its outline in layout
/// points (`Docs/Outlines.md`, "In layout space"): the boxes and the map that draws them.
///
/// Boxes of the element's bounds (cut to every clipping ancestor that is upright in its local
/// space) are split until each lies wholly inside R(e) or outside it: at pixel edges and at the
/// ends of cap-inset pieces, which is exact. What is left across the edge of a round shape or of a
/// clip at an angle is not a union of boxes: exact covers (no `precision`) refuse it; otherwise
/// such a box is halved, across its longer drawn side, until its drawn diameter is at most
/// `precision`, and kept when a point of it (its centre, corners or edge midpoints) lies in the
/// region; one with none is halved on down to `precision / 8` and then dropped. So every kept box
/// lies within `precision` of R(e) and the union's edge within `precision` of R(e)'s edge (the
/// shape and clips are convex, so the boxes across their edge form a band of that width), but for
/// slivers of R(e) thinner than `precision / 16`, where a clip grazes a curve.
package struct RegionCover: Sendable {
    /// A box of local space: `x0..<x1` × `y0..<y1`.
    package struct Box: Sendable, Equatable {
        package var x0: Double, y0: Double, x1: Double, y1: Double
    }

    /// Why a cover could not be made.
    package enum Failure: Error, Equatable {
        /// The region is not a union of boxes (a round shape, or a clip at an angle): give a precision.
        case notPolygonal
        /// More than ``boxBudget`` boxes would be needed.
        case tooManyBoxes
    }

    /// The most boxes a cover holds (each 32 bytes while it is made).
    package static let boxBudget = 4_000_000

    /// The boxes, disjoint (they share edges at most).
    package private(set) var boxes: [Box] = []
    /// The element's local space in the layout: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
    package let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    /// The element's size in points (its local bounds are `0...width` × `0...height`).
    package let width: Double, height: Double

    /// A local point in layout points.
    package func layoutPoint(_ x: Double, _ y: Double) -> Point {
        Point(x: a * x + c * y + tx, y: b * x + d * y + ty)
    }

    /// The most the map stretches a length: its largest singular value.
    package var largestStretch: Double { Self.largestStretch(a: a, b: b, c: c, d: d) }

    /// The largest singular value of `[[a, c], [b, d]]`.
    static func largestStretch(a: Double, b: Double, c: Double, d: Double) -> Double {
        let (p, q) = (a * a + b * b + c * c + d * d, a * d - b * c)
        return ((p + ((p * p - 4 * q * q).magnitude).squareRoot()) / 2).squareRoot()
    }

    /// - Parameter precision: layout points, > 0; nil for an exact cover.
    /// - Throws: ``Failure``.
    init(region: LocalRegion, hittable: Bool, precision: Double?) throws(Failure) {
        let map = region.toLayout
        (a, b, c, d, tx, ty) = (map.a, map.b, map.c, map.d, map.tx, map.ty)
        (width, height) = (region.element.record.width, region.element.record.height)
        guard hittable, var start = region.bounds else { return }
        // Clips upright in local space are boxes there: cut to them once, exactly.
        var slanted: [LocalRegion.Clip] = []
        for clip in region.clips {
            let m = clip.fromClip
            guard (m.b == 0 && m.c == 0) || (m.a == 0 && m.d == 0) else {
                slanted.append(clip)
                continue
            }
            let p = m.apply(0, 0), q = m.apply(clip.width, clip.height)
            start = LocalBox(x0: max(start.x0, min(p.x, q.x)), y0: max(start.y0, min(p.y, q.y)), x1: min(start.x1, max(p.x, q.x)), y1: min(start.y1, max(p.y, q.y)))
        }
        guard start.x0 < start.x1, start.y0 < start.y1 else { return }
        let e = region.element.record
        let polygonal = slanted.isEmpty && (e.shape == .rect || (e.shape == .roundedRect && (e.cornerRadius <= 0 || e.corners == 0)))
        let sliver = 1e-9 * max(width, height, 1)
        var stack = [start]
        func push(_ halves: (LocalBox, LocalBox)) {
            stack.append(halves.0)
            stack.append(halves.1)
        }
        // Empty boxes are not kept but cost their look: bounded too.
        var looked = 0
        while let box = stack.popLast() {
            looked += 1
            guard looked <= 4 * Self.boxBudget else { throw .tooManyBoxes }
            let (coverage, split) = region.classify(box, clips: slanted)
            if coverage == .empty { continue }
            if coverage == .full {
                try keep(box)
                continue
            }
            if let split {
                push(box.halves(vertical: split.vertical, at: split.at))
                continue
            }
            let size = box.drawnDiameter(map)
            guard let precision else {
                // Only rounding leaves a box of a polygonal region across a pixel edge with no
                // split inside it: halved across the axis that still spans two pixels, it narrows
                // down to the sliver in a few dozen steps, which then goes.
                guard polygonal else { throw .notPolygonal }
                let spread = region.pixelSpread(box)
                let vertical = spread.rows > 1 && (spread.columns <= 1 || box.y1 - box.y0 > box.x1 - box.x0)
                if (vertical ? box.y1 - box.y0 : box.x1 - box.x0) > sliver {
                    push(box.halves(vertical: vertical, at: box.middle(vertical: vertical)))
                }
                continue
            }
            let sampled = size <= precision && Self.samples(of: box).contains { region.containsIgnoringPixels($0.x, $0.y, clips: slanted) }
            if sampled {
                try keep(box)
            } else if size > precision / 8 {
                guard stack.count + boxes.count < Self.boxBudget else { throw .tooManyBoxes }
                let cut = box.middleCut(drawnBy: map)
                push(box.halves(vertical: cut.vertical, at: cut.at))
            }
        }
    }

    private mutating func keep(_ box: LocalBox) throws(Failure) {
        guard boxes.count < Self.boxBudget else { throw .tooManyBoxes }
        boxes.append(Box(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1))
    }

    /// The centre, corners and edge midpoints.
    private static func samples(of box: LocalBox) -> [(x: Double, y: Double)] {
        let xs = [box.x0, box.middle(vertical: false), box.x1], ys = [box.y0, box.middle(vertical: true), box.y1]
        return [(xs[1], ys[1])] + xs.flatMap { x in ys.map { y in (x, y) } }
    }
}
