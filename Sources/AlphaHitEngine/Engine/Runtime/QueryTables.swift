import AlphaHitBasics

/// The raw tables one query reads: plain pointers and numbers, so resolving a point allocates
/// nothing, takes no lock and touches no reference count. Valid while the ``EngineStorage``
/// that made them is alive, which the ``HitTester`` holding both guarantees.
///
/// A candidate costs one 32-byte ``HotElement`` (and, for an image, one pixel) when it is plain;
/// a general one its full record from `details` instead (its grid entries lead there), and a nested
/// one under a parent that does more than move it walks up `parents`.
@usableFromInline
struct QueryTables: @unchecked Sendable {
    @usableFromInline let hot: UnsafePointer<HotElement>
    @usableFromInline let transforms: UnsafePointer<InverseTransform>
    @usableFromInline let images: UnsafePointer<ImageSlot>
    /// The full records of the general elements, at their `HotElement.detail`.
    @usableFromInline let details: UnsafePointer<CompiledElement>
    /// Each element's parent, −1 at the top level.
    @usableFromInline let parents: UnsafePointer<Int32>
    @usableFromInline let cellStart: UnsafePointer<Int32>
    @usableFromInline let cellEntries: UnsafePointer<CellEntry>
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

    /// The entries of the grid cell holding (x, y), and the point's place in that cell in 256ths
    /// (see ``CellEntry``); no entries outside the grid.
    @inlinable @inline(__always)
    func cell(_ x: Double, _ y: Double) -> (entries: Range<Int>, x: UInt8, y: UInt8) {
        guard gridMinX <= x && x <= gridMaxX && gridMinY <= y && y <= gridMaxY else { return (0..<0, 0, 0) }
        // Inside the grid, (x − min) · inverse is at least 0, so truncation is floor; the same
        // arithmetic as SpatialGrid.cellIndex, which filled the grid. NaN (from extents too large
        // to subtract) fails the comparison and lands in the last cell, as it did when filling.
        let scaledX = (x - gridMinX) * inverseCellWidth, scaledY = (y - gridMinY) * inverseCellHeight
        let column = scaledX < Double(columns &- 1) ? Int(scaledX) : columns &- 1
        let row = scaledY < Double(rows &- 1) ? Int(scaledY) : rows &- 1
        let cell = row &* columns &+ column
        return (
            Int(cellStart[cell])..<Int(cellStart[cell &+ 1]),
            CellEntry.fraction(scaledX, in: column), CellEntry.fraction(scaledY, in: row)
        )
    }

    /// The front-most element whose own shape takes layout point (x, y).
    @inlinable @inline(__always)
    func frontMost(_ x: Double, _ y: Double) -> Int? {
        guard insideCanvas(x, y) else { return nil }
        let (entries, cellX, cellY) = cell(x, y)
        for slot in entries where cellEntries[slot].mayContain(cellX, cellY) {
            let entry = Int(cellEntries[slot].element)
            if _fastPath(entry >= 0) {
                if hits(entry, x, y) { return entry }
            } else if Self.generalHits(details + (-1 &- entry), x, y, hot: hot, details: details, parents: parents, transforms: transforms) {
                return Int(details[-1 &- entry].element)
            }
        }
        return nil
    }

    /// Whether element `index`'s own shape takes layout point (x, y), its clipping ancestors
    /// included: for a plain element, the general path's arithmetic on its hot record alone.
    @inlinable @inline(__always)
    func hits(_ index: Int, _ x: Double, _ y: Double) -> Bool {
        let element = hot + index
        let bits = element.pointee.bits
        if bits & HotElement.kindMask == HotElement.Kind.general.rawValue { return generalHits(index, x, y) }
        var px = x, py = y
        if bits & HotElement.parentMovesBit != 0 {
            px -= Double(element.pointee.parentOriginX)
            py -= Double(element.pointee.parentOriginY)
        }
        px -= Double(element.pointee.originX)
        py -= Double(element.pointee.originY)
        let width = Double(element.pointee.width), height = Double(element.pointee.height)
        if bits & HotElement.transformBit != 0 { (px, py) = Self.inverse(transforms + Int(element.pointee.detail), width, height, px, py) }
        guard 0 <= px && px < width && 0 <= py && py < height else { return false }
        switch bits & HotElement.kindMask {
        case HotElement.Kind.solid.rawValue: return true
        case HotElement.Kind.image.rawValue:
            // Identity placement: bounds and image agree, so (⌊x⌋, ⌊y⌋) is inside the image.
            let image = images + Int(element.pointee.image)
            return image.pointee.pixels[Int(py) &* image.pointee.rowBytes &+ Int(px)] >= element.pointee.minAlpha
        default: return false
        }
    }

    /// A plain element's inverse transform `m` applied to its parent-space point less its origin.
    @inlinable @inline(__always)
    static func inverse(_ m: UnsafePointer<InverseTransform>, _ width: Double, _ height: Double, _ px: Double, _ py: Double) -> (Double, Double) {
        let centreX = width / 2, centreY = height / 2
        let dx = px - centreX - m.pointee.translateX, dy = py - centreY - m.pointee.translateY
        return (centreX + (m.pointee.a * dx + m.pointee.c * dy), centreY + (m.pointee.b * dx + m.pointee.d * dy))
    }

    /// A general element: its full record's own test, after its chain.
    @inlinable @inline(__always)
    func generalHits(_ index: Int, _ x: Double, _ y: Double) -> Bool {
        // The tables go by their pointers, not as `self`: a call with the whole struct would copy
        // it to the stack on every query, whether the call is made or not.
        Self.generalHits(details + Int(hot[index].detail), x, y, hot: hot, details: details, parents: parents, transforms: transforms)
    }

    /// Out of line, to keep the inlined query small.
    @usableFromInline @inline(never)
    static func generalHits(
        _ record: UnsafePointer<CompiledElement>, _ x: Double, _ y: Double,
        hot: UnsafePointer<HotElement>, details: UnsafePointer<CompiledElement>, parents: UnsafePointer<Int32>, transforms: UnsafePointer<InverseTransform>
    ) -> Bool {
        let local: (x: Double, y: Double)
        if !record.pointee.isNested {
            local = record.localPoint(x, y)
        } else if record.pointee.parentOnlyMoves {
            local = record.localPoint(x - record.pointee.parentOriginX, y - record.pointee.parentOriginY)
        } else {
            let chain = AncestorWalk(hot: hot, details: details, parents: parents, transforms: transforms)
            guard let inParent = chain.pointInside(Int(record.pointee.parent), x, y) else { return false }
            local = record.localPoint(inParent.x, inParent.y)
        }
        return record.ownHit(local.x, local.y)
    }
}
