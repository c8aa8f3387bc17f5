import AlphaHitBasics

/// The budget of the general way of cutting polygons (ear clipping, quadratic in the vertices).
public enum OutlinePieces {
    /// The most vertices, holes included, of a polygon that is not an exact outline's (one whose
    /// edges are not all horizontal or vertical between whole numbers) that ``OutlinePolygon``
    /// cuts into triangles or convex pieces.
    public static let maximumVertices = 20_000
}

extension OutlinePolygon {
    /// Convex polygons of at most `maximumVertices` corners whose interiors are disjoint and whose
    /// union is this polygon: rectangles (or, for `maximumVertices` 3, each cut in two) for an
    /// exact outline's polygon; otherwise its triangles (``triangles()``) merged across their
    /// diagonals, longest first, while the result stays convex and small enough
    /// (Hertel–Mehlhorn). Each is oriented as an outer ring (a positive shoelace sum), with
    /// corners only; vertices on the thousandth of a pixel.
    ///
    /// - Parameter maximumVertices: at least 3 (`Int.max`: no limit).
    /// - Throws: ``OutlineError/maximumVertices(_:)`` for fewer than 3;
    ///   ``OutlineError/tooManyVertices(_:limit:)`` for a polygon over ``OutlinePieces/maximumVertices``.
    public func convexPieces(maximumVertices: Int = .max) throws(OutlineError) -> [[Point]] {
        guard maximumVertices >= 3 else { throw .maximumVertices(maximumVertices) }
        if RectilinearPieces.applies(to: self) {
            let rectangles = RectilinearPieces.rectangles(of: self).map(RectilinearPieces.corners)
            return maximumVertices >= 4 ? rectangles : rectangles.flatMap { [[$0[0], $0[1], $0[2]], [$0[0], $0[2], $0[3]]] }
        }
        return ConvexMerging.merge(try generalTriangles(), maximumVertices: maximumVertices).map { $0.map(\.point) }
    }

    /// Triangles whose interiors are disjoint and whose areas add up to the polygon's (holes
    /// included): two for each of an exact outline's rectangles (``convexPieces(maximumVertices:)``),
    /// otherwise by clipping ears off the outer ring with each hole joined to it by a two-way cut.
    /// Each is oriented as an outer ring (a positive shoelace sum); vertices on the thousandth.
    ///
    /// - Throws: ``OutlineError/tooManyVertices(_:limit:)`` for a polygon, not an exact outline's,
    ///   over ``OutlinePieces/maximumVertices``.
    public func triangles() throws(OutlineError) -> [[Point]] {
        if RectilinearPieces.applies(to: self) { return try convexPieces(maximumVertices: 3) }
        return try generalTriangles().map { $0.map(\.point) }
    }

    private func generalTriangles() throws(OutlineError) -> [[MilliPoint]] {
        let count = holes.reduce(outer.count) { $0 + $1.count }
        guard count <= OutlinePieces.maximumVertices else { throw .tooManyVertices(count, limit: OutlinePieces.maximumVertices) }
        let ring = HoleBridging.join(outer: outer.map(MilliPoint.init), holes: holes.map { $0.map(MilliPoint.init) })
        return EarClipping.triangles(of: ring)
    }
}
