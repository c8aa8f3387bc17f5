/// A uniform grid over the plane (in thousandths) whose cells list what lies in them, so that a
/// question about one segment looks only at the cells along it.
struct SegmentGrid {
    /// A cell's side, in thousandths: eight pixels.
    static let cellSide: Int64 = 8000

    private let originX: Int64, originY: Int64, columns: Int, rows: Int
    private var cells: [[Int32]]

    /// A grid covering the box from (`minX`, `minY`) to (`maxX`, `maxY`), in thousandths;
    /// anything beyond it falls in the cells at its border.
    init(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) {
        (originX, originY) = (minX, minY)
        columns = Int((maxX - minX) / Self.cellSide) + 1
        rows = Int((maxY - minY) / Self.cellSide) + 1
        cells = [[Int32]](repeating: [], count: columns * rows)
    }

    private func column(_ x: Double) -> Int { Int(min(Double(columns - 1), max(0, ((x - Double(originX)) / Double(Self.cellSide)).rounded(.down)))) }
    private func row(_ y: Double) -> Int { Int(min(Double(rows - 1), max(0, ((y - Double(originY)) / Double(Self.cellSide)).rounded(.down)))) }

    /// Calls `body` with every cell within `margin` of the segment ab (and perhaps a few more).
    func forEachCell(_ a: MilliPoint, _ b: MilliPoint, margin: Double, _ body: (Int) -> Void) {
        let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
        let m = margin + 1
        let (lowX, highX) = (min(ax, bx), max(ax, bx))
        for cx in column(lowX - m)...column(highX + m) {
            // The segment's y over this column's x-range (widened by the margin), widened again.
            let left = Double(originX) + Double(cx) * Double(Self.cellSide) - m, right = left + Double(Self.cellSide) + 2 * m
            let x0 = min(max(left, lowX), highX), x1 = min(max(right, lowX), highX)
            func y(_ x: Double) -> Double { ax == bx ? ay : ay + (x - ax) / (bx - ax) * (by - ay) }
            let (y0, y1) = ax == bx ? (min(ay, by), max(ay, by)) : (min(y(x0), y(x1)), max(y(x0), y(x1)))
            for cy in row(y0 - m)...row(y1 + m) { body(cy * columns + cx) }
        }
    }

    /// Lists `item` in every cell along the segment ab.
    mutating func insert(_ item: Int32, along a: MilliPoint, _ b: MilliPoint) {
        // The cells are found first: appending while this grid is borrowed for the walk would
        // copy every cell's list.
        var found: [Int] = []
        forEachCell(a, b, margin: 0) { found.append($0) }
        for cell in found { cells[cell].append(item) }
    }

    /// What cell `cell` lists.
    subscript(cell: Int) -> [Int32] { cells[cell] }
}
