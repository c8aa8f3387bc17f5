/// The raw tables one query reads: plain pointers and numbers, so resolving a point allocates
/// nothing, takes no lock and touches no reference count. Valid while the ``EngineStorage``
/// that made them is alive, which the ``HitTester`` holding both guarantees.
@usableFromInline
struct QueryTables: @unchecked Sendable {
    @usableFromInline let elements: UnsafePointer<CompiledElement>
    @usableFromInline let chains: UnsafePointer<Int32>
    @usableFromInline let cellStart: UnsafePointer<Int32>
    @usableFromInline let cellEntries: UnsafePointer<GridEntry>
    @usableFromInline let gridMinX: Double, gridMinY: Double, gridMaxX: Double, gridMaxY: Double
    @usableFromInline let columns: Int, rows: Int
    @usableFromInline let inverseCellWidth: Double, inverseCellHeight: Double
    @usableFromInline let hasCanvas: Bool
    @usableFromInline let canvasWidth: Double, canvasHeight: Double
    /// Whether the layout sets any touch tolerance, so that a miss may still select a near element.
    @usableFromInline let toleranceInUse: Bool

    @inlinable @inline(__always)
    func insideCanvas(_ x: Double, _ y: Double) -> Bool {
        !hasCanvas || (0 <= x && x < canvasWidth && 0 <= y && y < canvasHeight)
    }

    /// The index-range of the grid cell holding (x, y); empty outside the grid.
    @inlinable @inline(__always)
    func candidates(_ x: Double, _ y: Double) -> Range<Int> {
        guard gridMinX <= x && x <= gridMaxX && gridMinY <= y && y <= gridMaxY else { return 0..<0 }
        // Inside the grid, (x − min) · inverse is at least 0, so truncation is floor; the same
        // arithmetic as SpatialGrid.cellIndex, which filled the grid. NaN (from extents too large
        // to subtract) fails the comparison and lands in the last cell, as it did when filling.
        let scaledX = (x - gridMinX) * inverseCellWidth, scaledY = (y - gridMinY) * inverseCellHeight
        let column = scaledX < Double(columns &- 1) ? Int(scaledX) : columns &- 1
        let row = scaledY < Double(rows &- 1) ? Int(scaledY) : rows &- 1
        let cell = row &* columns &+ column
        return Int(cellStart[cell])..<Int(cellStart[cell &+ 1])
    }

    /// Maps the layout point down the element's ancestor chain; nil when a clipping ancestor
    /// does not contain it. The element's own bounds are left to the caller.
    @inlinable @inline(__always)
    func localPoint(of index: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        // Top-level elements, the common case, need no trip through the chains table.
        let element = elements + index
        guard element.pointee.isNested else { return element.localPoint(x, y) }
        if element.pointee.parentOnlyMoves { return element.localPoint(x - element.pointee.parentOriginX, y - element.pointee.parentOriginY) }
        var point = (x: x, y: y)
        let start = Int(element.pointee.chainStart), end = start &+ Int(element.pointee.chainLength)
        for link in start..<end {
            let level = elements + Int(chains[link])
            point = level.localPoint(point.x, point.y)
            if level.pointee.clipsToBounds && link &+ 1 < end && !level.boundsContain(point.x, point.y) { return nil }
        }
        return point
    }

    /// The layout point in element `index`'s local space, whatever its clipping ancestors say.
    func unclippedLocalPoint(of index: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        var point = (x: x, y: y)
        let element = elements + index
        let start = Int(element.pointee.chainStart)
        for link in start..<start + Int(element.pointee.chainLength) { point = (elements + Int(chains[link])).localPoint(point.x, point.y) }
        return point
    }

    /// The front-most element whose own shape takes layout point (x, y).
    @inlinable @inline(__always)
    func frontMost(_ x: Double, _ y: Double) -> Int? {
        guard insideCanvas(x, y) else { return nil }
        for slot in candidates(x, y) where cellEntries[slot].mayContain(x, y) {
            let index = Int(cellEntries[slot].element)
            guard let local = localPoint(of: index, x, y) else { continue }
            if (elements + index).ownHit(local.x, local.y) { return index }
        }
        return nil
    }
}
