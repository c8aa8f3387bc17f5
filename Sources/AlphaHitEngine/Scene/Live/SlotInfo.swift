/// What a scene keeps of each element slot besides its hot record: the number it is known by,
/// its parent's slot, its place in the resolution order, and the grid cells it is listed in.
struct SlotInfo: BitwiseCopyable, Equatable {
    /// The element's ``ElementIndex``; −1 for a free slot.
    var number: Int32
    /// The parent's slot, −1 at the top level.
    var parent: Int32
    /// The element's place in pre-order among the scene's elements: a larger label is in front
    /// (the resolution order is the reverse of pre-order). Labels need not be consecutive.
    var label: UInt32
    /// How many children the element has.
    var children: Int32
    /// The columns and rows of the cells holding its entries (none when `firstColumn > lastColumn`).
    var firstColumn: UInt16 = 1, lastColumn: UInt16 = 0, firstRow: UInt16 = 0, lastRow: UInt16 = 0
    /// Whether it is also listed among the entries beyond the grid's rectangle.
    var overflows = false

    static let free = SlotInfo(number: -1, parent: -1, label: 0, children: 0)

    /// The cells of its entries.
    var cells: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        firstColumn <= lastColumn ? (Int(firstColumn)...Int(lastColumn), Int(firstRow)...Int(lastRow)) : nil
    }

    /// Calls `body` with each cell of its entries (a cell's index in a grid `gridColumns` wide),
    /// row by row as the grid lists an element's entries, until `body` returns false. False when
    /// `body` stopped it.
    @inline(__always)
    func forEachCell(inGridOf gridColumns: Int, _ body: (Int) -> Bool) -> Bool {
        guard let cells else { return true }
        for row in cells.rows {
            for column in cells.columns where !body(row * gridColumns + column) { return false }
        }
        return true
    }
}
