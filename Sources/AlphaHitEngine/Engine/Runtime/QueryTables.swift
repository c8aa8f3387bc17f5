import AlphaHitBasics
import AlphaHitImages

/// The tables one query reads: views of the engine's ``Table``s and plain numbers, so resolving a
/// point allocates nothing, takes no lock and touches no reference count. Valid while the ``EngineStorage``
/// that made them is alive, which the ``HitTester`` holding both guarantees.
///
/// A candidate costs one 32-byte ``HotElement`` (and, for an image, one pixel) when it is plain;
/// a general one its full record from `details` instead (its grid entries lead there), and a nested
/// one under a parent that does more than move it walks up `parents`.
@usableFromInline
struct QueryTables: @unchecked Sendable {
    @usableFromInline let hot: TableReader<HotElement>
    @usableFromInline let transforms: TableReader<InverseTransform>
    @usableFromInline let images: TableReader<ImageSlot>
    /// The full records of the general elements, at their `HotElement.detail`.
    @usableFromInline let details: TableReader<CompiledElement>
    /// Each element's parent, −1 at the top level.
    @usableFromInline let parents: TableReader<Int32>
    @usableFromInline let cellStart: TableReader<Int32>
    @usableFromInline let cellEntries: TableReader<CellEntry>
    @usableFromInline let gridMinX: Double, gridMinY: Double, gridMaxX: Double, gridMaxY: Double
    @usableFromInline let columns: Int, rows: Int
    @usableFromInline let inverseCellWidth: Double, inverseCellHeight: Double
    @usableFromInline let hasCanvas: Bool
    @usableFromInline let canvasWidth: Double, canvasHeight: Double
    /// Whether the layout sets any touch tolerance, so that a miss may still select a near element.
    @usableFromInline let toleranceInUse: Bool
    /// The engine's ``ElementNumbering``, position → index.
    @usableFromInline var numbering: NumberReader
    /// A scene snapshot's query (a `LiveQuery`, owned by the snapshot), which answers
    /// ``frontMost(_:_:)`` with element numbers, not positions; nil for a built engine.
    @usableFromInline var live: LiveQueryReference? = nil
    /// The tiles whose answer was proven at build time (``AnswerTiles``); none for a scene's snapshot.
    @usableFromInline var answers: AnswerTiles.Reader = .none

    /// The same tables, handing out the indices `numbering` gives.
    func numbered(by numbering: NumberReader) -> QueryTables {
        var tables = self
        tables.numbering = numbering
        return tables
    }

    /// The index handed out for the element at `position`.
    @inlinable @inline(__always)
    func index(ofPosition position: Int) -> ElementIndex { numbering.index(ofPosition: position) }

    /// The raw index a proven tile's code stands for (see ``AnswerTiles``), −1 for none, computed
    /// without a branch on the code.
    @inlinable @inline(__always)
    func rawIndex(ofTileCode code: UInt16) -> Int32 {
        // A renumbered engine (a scene's) asks out of line: its −1 would otherwise be a constant
        // the optimiser splits the caller's paths on, a branch on every point's answer.
        guard _slowPath(numbering.renumbered) else { return Int32(code) &- 1 }
        return Self.renumberedIndex(ofTileCode: code, numbering)
    }

    @usableFromInline @inline(never)
    static func renumberedIndex(ofTileCode code: UInt16, _ numbering: NumberReader) -> Int32 {
        code == AnswerTiles.none ? -1 : numbering.numbers[Int(code) - 1]
    }

    @inlinable @inline(__always)
    func insideCanvas(_ x: Double, _ y: Double) -> Bool {
        !hasCanvas || (0 <= x && x < canvasWidth && 0 <= y && y < canvasHeight)
    }

    /// The entries of the grid cell holding (x, y), and the point's place in that cell in 256ths
    /// (see ``CellEntry``); no entries outside the grid.
    @inlinable @inline(__always)
    func cell(_ x: Double, _ y: Double) -> (entries: Range<Int>, x: UInt8, y: UInt8) {
        guard let (cell, cellX, cellY) = Self.cell(
            x, y, minX: gridMinX, minY: gridMinY, maxX: gridMaxX, maxY: gridMaxY,
            inverseWidth: inverseCellWidth, inverseHeight: inverseCellHeight, columns: columns, rows: rows)
        else { return (0..<0, 0, 0) }
        return (Int(cellStart[cell])..<Int(cellStart[cell &+ 1]), cellX, cellY)
    }

    /// The grid cell holding (x, y) and the point's place in it in 256ths, or nil outside the
    /// grid: the one cell arithmetic, for the built grid and a scene's.
    @inlinable @inline(__always)
    static func cell(
        _ x: Double, _ y: Double, minX: Double, minY: Double, maxX: Double, maxY: Double,
        inverseWidth: Double, inverseHeight: Double, columns: Int, rows: Int
    ) -> (cell: Int, x: UInt8, y: UInt8)? {
        guard minX <= x && x <= maxX && minY <= y && y <= maxY else { return nil }
        // Inside the grid, (x − min) · inverse is at least 0, so truncation is floor; the same
        // arithmetic as SpatialGrid.cellIndex, which filled the grid. NaN (from extents too large
        // to subtract) fails the comparison and lands in the last cell, as it did when filling.
        let scaledX = (x - minX) * inverseWidth, scaledY = (y - minY) * inverseHeight
        let column = axisCell(scaledX, count: columns), row = axisCell(scaledY, count: rows)
        return (row &* columns &+ column, CellEntry.fraction(scaledX, in: column), CellEntry.fraction(scaledY, in: row))
    }

    /// The column (or row) of `count` holding grid coordinate `scaled` (`(x − min) · inverse`, at
    /// least 0 or NaN), the last for NaN: one axis of ``cell(_:_:minX:minY:maxX:maxY:inverseWidth:inverseHeight:columns:rows:)``.
    @inlinable @inline(__always)
    static func axisCell(_ scaled: Double, count: Int) -> Int {
        // Truncated only below `cells − 1` (at most 4,095): Swift's range check would be redundant.
        scaled < Double(count &- 1) ? Int(uncheckedTruncating: scaled) : count &- 1
    }

    /// The front-most element whose own shape takes layout point (x, y).
    @inlinable @inline(__always)
    func frontMost(_ x: Double, _ y: Double) -> Int? {
        let position = frontMostPosition(x, y)
        return position < 0 ? nil : position
    }

    /// The position of the front-most element whose own shape takes layout point (x, y), or −1:
    /// ``frontMost(_:_:)`` as a plain number, so that a caller can select its answer without a
    /// branch on it (random points would mispredict one about every other query).
    @inlinable @inline(__always)
    func frontMostPosition(_ x: Double, _ y: Double) -> Int {
        guard insideCanvas(x, y) else { return -1 }
        // A proven tile answers alone; none (code 0) is −1.
        let known = answers.code(x, y)
        if _fastPath(known != AnswerTiles.mixed) { return Int(known) &- 1 }
        let (entries, cellX, cellY) = cell(x, y)
        for slot in entries where cellEntries[slot].mayContain(cellX, cellY) {
            let entry = Int(cellEntries[slot].element)
            if _fastPath(entry >= 0) {
                if hits(entry, x, y) { return entry }
            } else {
                // The full record is read in place, field by field: a subscript would copy all of it.
                let record = ElementHandle(details, -1 &- entry)
                if Self.generalHits(record, x, y, hot: hot, details: details, parents: parents, transforms: transforms) { return Int(record.record.element) }
            }
        }
        // A scene snapshot's own grid is empty (no point is inside it): its lookup is asked here,
        // so that a built engine's hits never test for it.
        if _slowPath(live != nil) { return Self.liveFrontMost(live.unsafelyUnwrapped, x, y) ?? -1 }
        return -1
    }

    /// Whether element `index`'s own shape takes layout point (x, y), its clipping ancestors
    /// included: for a plain element, the general path's arithmetic on its hot record alone.
    @inlinable @inline(__always)
    func hits(_ index: Int, _ x: Double, _ y: Double) -> Bool {
        // The kind first: a general element needs nothing else of its hot record. The record is
        // read field by field through its address: a copy of all 32 bytes costs more registers.
        let element = hot.address(of: index)
        if element.pointee.bits & HotElement.kindMask == HotElement.Kind.general.rawValue { return generalHits(index, x, y) }
        return Self.plainHits(element, x, y, transform: { transforms.address(of: $0) }, image: { images.address(of: $0) })
    }

    /// Whether a plain (not general) hot record's own shape takes layout point (x, y): the one
    /// test of a hot record, for the built tables and a scene's, which find its transform and
    /// image slot in their own tables.
    @inlinable @inline(__always)
    static func plainHits(
        _ element: UnsafePointer<HotElement>, _ x: Double, _ y: Double,
        transform: (Int) -> UnsafePointer<InverseTransform>, image: (Int) -> UnsafePointer<ImageSlot>
    ) -> Bool {
        let bits = element.pointee.bits
        var px = x, py = y
        if bits & HotElement.parentMovesBit != 0 {
            px -= Double(element.pointee.parentOriginX)
            py -= Double(element.pointee.parentOriginY)
        }
        px -= Double(element.pointee.originX)
        py -= Double(element.pointee.originY)
        let width = Double(element.pointee.width), height = Double(element.pointee.height)
        if bits & HotElement.transformBit != 0 {
            (px, py) = transform(Int(element.pointee.detail)).pointee.localPoint(px, py, centreX: width / 2, centreY: height / 2)
        }
        guard 0 <= px && px < width && 0 <= py && py < height else { return false }
        switch bits & HotElement.kindMask {
        case HotElement.Kind.solid.rawValue: return true
        case HotElement.Kind.image.rawValue:
            // Identity placement: bounds and image agree, so (⌊x⌋, ⌊y⌋) is inside the image (and
            // in Int's range: the bounds are `Float`s).
            let slot = image(Int(element.pointee.image))
            return AlphaThreshold.isSolid(alpha: slot.pointee.pixels[Int(uncheckedTruncating: py) &* slot.pointee.rowBytes &+ Int(uncheckedTruncating: px)], minimumAlpha: element.pointee.minAlpha)
        default: return false
        }
    }

    /// A general element: its full record's own test, after its chain.
    @inlinable @inline(__always)
    func generalHits(_ index: Int, _ x: Double, _ y: Double) -> Bool {
        // The tables go by their pointers, not as `self`: a call with the whole struct would copy
        // it to the stack on every query, whether the call is made or not.
        Self.generalHits(ElementHandle(details, Int(hot[index].detail)), x, y, hot: hot, details: details, parents: parents, transforms: transforms)
    }

    /// Out of line, to keep the inlined query small.
    @usableFromInline @inline(never)
    static func generalHits(
        _ element: ElementHandle, _ x: Double, _ y: Double,
        hot: TableReader<HotElement>, details: TableReader<CompiledElement>, parents: TableReader<Int32>, transforms: TableReader<InverseTransform>
    ) -> Bool {
        let local: (x: Double, y: Double)
        if !element.record.isNested {
            local = element.localPoint(x, y)
        } else if element.record.parentOnlyMoves {
            local = element.localPoint(x - element.record.parentOriginX, y - element.record.parentOriginY)
        } else {
            let chain = AncestorWalk(hot: hot, details: details, parents: parents, transforms: transforms)
            guard let inParent = chain.pointInside(Int(element.record.parent), x, y) else { return false }
            local = element.localPoint(inParent.x, inParent.y)
        }
        return element.ownHit(local.x, local.y)
    }
}
