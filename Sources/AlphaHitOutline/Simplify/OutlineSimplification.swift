/// Exact outlines made simpler within a tolerance, their topology kept (`Docs/Outlines.md`,
/// "Simplified").
package enum OutlineSimplification {
    /// `exact` (an exact outline) with the Hausdorff distance between each ring and its exact ring
    /// at most `epsilon` pixels (> 0): the same rings, each simple, none touching another, every
    /// ring on the same side of every other; vertices on the thousandth.
    package static func simplify(_ exact: [OutlinePolygon], epsilon: Double) -> [OutlinePolygon] {
        let (rings, moved) = SaddleSeparation.rings(of: exact, epsilon: epsilon)
        var simplifier = TopologySimplifier(rings: rings, tolerance: tolerance(epsilon, moved))
        return regroup(simplifier.run(), like: exact)
    }

    /// What is left of `epsilon` (in thousandths) once the corners have moved `moved` pixels, a
    /// hair less so that rounding never takes a ring past it.
    static func tolerance(_ epsilon: Double, _ moved: Double) -> Double { max(0, (epsilon - moved) * 1000 - 1e-6) }

    /// Rings listed as ``SaddleSeparation/rings(of:epsilon:)`` lists them, back in polygons.
    static func regroup(_ rings: [[MilliPoint]], like polygons: [OutlinePolygon]) -> [OutlinePolygon] {
        var next = 0
        return polygons.map { polygon in
            let outer = rings[next].map(\.point)
            let holes = rings[next + 1..<next + 1 + polygon.holes.count].map { $0.map(\.point) }
            next += 1 + polygon.holes.count
            return OutlinePolygon(outer: outer, holes: holes)
        }
    }

    /// The same simplification by ``ReferenceSimplifier``, the straightforward and slow
    /// topology-preserving Douglas–Peucker, for measuring against.
    package static func reference(_ exact: [OutlinePolygon], epsilon: Double) -> [OutlinePolygon] {
        let (rings, moved) = SaddleSeparation.rings(of: exact, epsilon: epsilon)
        return regroup(ReferenceSimplifier.simplify(rings, tolerance: tolerance(epsilon, moved)), like: exact)
    }
}
