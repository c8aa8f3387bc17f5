import AlphaHitBasics

extension HitTester {
    /// Element `element`'s hit region R(e) as boxes of its local space, with the map to the layout
    /// (``RegionCover``); an element that can never be hit (hidden, disabled, of zero size, or
    /// clipped away entirely) has none.
    ///
    /// - Parameter precision: layout points, > 0, for a region that is not a union of boxes; nil
    ///   for an exact cover.
    /// - Parameter boxes: false for the map and size alone, no boxes.
    /// - Returns: nil when no element has that index.
    /// - Throws: ``RegionCover/Failure``.
    package func regionCover(of element: ElementIndex, precision: Double?, boxes: Bool = true) throws(RegionCover.Failure) -> RegionCover? {
        guard let position = numbering.position(of: element, count: storage.ids.count) else { return nil }
        let (storage, records) = (self.storage, self.records)
        let result: Result<RegionCover, RegionCover.Failure> = storage.withToleranceIndex { index in
            LocalRegion.withRegion(of: position, tables: records, counts: index.counts(of: position)) { region in
                Result { () throws(RegionCover.Failure) in try RegionCover(region: region, hittable: boxes && index.rank(of: position) >= 0, precision: precision) }
            }
        }
        return try result.get()
    }
}

extension HitTester {
    /// Element `element`'s hit region R(e) as one convex polygon in layout points, when it has no
    /// image (``ConvexRegion``): exact with `sagitta` nil, else each round edge followed within
    /// `sagitta` layout points by chords. Empty for an element that can never be hit.
    ///
    /// - Returns: nil for an element with an image (or no element of that index), and for a
    ///   round shape when `sagitta` is nil.
    /// - Throws: ``RegionCover/Failure/tooManyBoxes`` when a round edge would take more than
    ///   ``ConvexRegion/vertexBudget`` vertices.
    package func convexRegion(of element: ElementIndex, sagitta: Double?) throws(RegionCover.Failure) -> [Point]? {
        guard let position = numbering.position(of: element, count: storage.ids.count) else { return nil }
        let (storage, records) = (self.storage, self.records)
        let result: Result<[Point]?, RegionCover.Failure> = storage.withToleranceIndex { index in
            LocalRegion.withRegion(of: position, tables: records, counts: nil) { region in
                Result { () throws(RegionCover.Failure) -> [Point]? in
                    guard region.element.record.pixels == nil else { return nil }
                    let map = region.toLayout
                    let stretch = RegionCover.largestStretch(a: map.a, b: map.b, c: map.c, d: map.d)
                    guard let polygon = try ConvexRegion(region: region, sagitta: sagitta.map { $0 / stretch }) else { return nil }
                    guard index.rank(of: position) >= 0 else { return [] }
                    var points = polygon.vertices.map { p in Point(x: map.a * p.x + map.c * p.y + map.tx, y: map.b * p.x + map.d * p.y + map.ty) }
                    if map.a * map.d - map.b * map.c < 0 { points.reverse() }
                    return points
                }
            }
        }
        return try result.get()
    }
}
