import AlphaHitBasics

/// One element in one grid cell, in 8 bytes: its index and its box inside the cell, each edge as
/// a 256th of the cell, rounded outwards; an edge beyond the cell is the cell's own (0 or 255).
///
/// A query puts its point in the same 256ths (``fraction(_:in:)``, the arithmetic that placed
/// the boxes), so it rejects most candidates reading only the cell's contiguous entries, eight to
/// a cache line, and never rejects one whose box holds the point: every step from a coordinate
/// to its 256th (subtract, multiply, truncate, clamp) keeps order.
@usableFromInline
struct CellEntry: BitwiseCopyable, Equatable {
    /// The element (its hot record), or for a general element −1 − its full record's place in the
    /// table of general records, so that testing it reads that record and not the hot one first.
    @usableFromInline var element: Int32
    /// The box's low edges, and its extent beyond them (high edge − low edge), in 256ths.
    @usableFromInline var minX: UInt8, minY: UInt8, spanX: UInt8, spanY: UInt8

    init(element: Int32, minX: UInt8, minY: UInt8, maxX: UInt8, maxY: UInt8) {
        self.element = element
        (self.minX, self.minY) = (minX, minY)
        // The high edge is never below the low one (the same monotonic steps place both); were it
        // ever, the span would wrap to a large one: more candidates, never a missed one.
        (spanX, spanY) = (maxX &- minX, maxY &- minY)
    }

    /// Whether a point at 256ths (x, y) of the cell may lie in the box: `min ≤ x ≤ min + span` on
    /// both axes, without a branch. Below `min` the wrapped difference exceeds any span; a
    /// difference past its span makes `span − difference` negative, and so the two ORed together.
    /// (Four comparisons joined by `&&` compiled to four branches, which the random points of a
    /// crowded cell mispredicted about one time in eight.)
    @inlinable @inline(__always)
    func mayContain(_ x: UInt8, _ y: UInt8) -> Bool {
        (Int32(spanX) &- Int32(x &- minX)) | (Int32(spanY) &- Int32(y &- minY)) >= 0
    }

    /// Which 256th of cell `cell` (a column, or a row) a grid coordinate `scaled` (the cell count from the grid's
    /// edge, `(x − min) · cells / extent`) falls in, clamped into 0...255; 0 for NaN.
    @inlinable @inline(__always)
    static func fraction(_ scaled: Double, in cell: Int) -> UInt8 {
        let within = (scaled - Double(cell)) * 256
        // Truncated only inside (0, 255): no range check needed.
        return within >= 255 ? 255 : within > 0 ? UInt8(truncatingIfNeeded: Int(uncheckedTruncating: within)) : 0
    }
}
