/// Finds each owner's tap point from a hit map's rows, fed top down once: an exact Euclidean
/// distance transform of every owner's pixels at once, whose only memory is the map's runs.
///
/// A pixel's squared distance to the nearest pixel of another owner (or none, or off the map) is
/// min over the pixels q of its own row run of (x − q.x)² + v(q)², where v(q) is q's distance to
/// the end of its vertical run (the pixels just past a run are another owner's). The rows are
/// kept as runs of one owner (8 bytes a run) and each column's vertical runs as their top rows
/// (4 bytes a run); ``finish()`` then goes bottom up, counting each pixel's distance down with a
/// counter a column, taking its distance up from its run's top, and each row run horizontally
/// (``RunDistances``).
struct TapPointFinder {
    /// The best pixel of an owner: its squared distance (0: owns nothing), then its x and y.
    typealias Best = (squared: Int, x: Int, y: Int)

    private let width: Int, height: Int, ownerCount: Int
    /// Row y's runs are `runStarts[rowStarts[y]..<rowStarts[y + 1]]`, with their owners.
    private var runStarts: [Int32] = [], runOwners: [Int32] = [], rowStarts: [Int] = [0]
    /// For each column, the top row of each of its vertical runs of an owner, top to bottom.
    private var columnTops: [[Int32]]
    private var previous: [Int32]

    /// A finder for a `width` × `height` map whose owners are positions 0..<`ownerCount`.
    init(width: Int, height: Int, ownerCount: Int) {
        (self.width, self.height, self.ownerCount) = (width, height, ownerCount)
        columnTops = [[Int32]](repeating: [], count: width)
        previous = [Int32](repeating: -1, count: width)
    }

    /// Adds the next row (top down): each pixel's owner position, −1 for none.
    mutating func addRow(_ owners: [Int32]) {
        let y = Int32(rowStarts.count - 1)
        for x in 0..<width {
            let owner = owners[x]
            if x == 0 || owner != owners[x - 1] {
                runStarts.append(Int32(x))
                runOwners.append(owner)
            }
            if owner >= 0 && owner != previous[x] { columnTops[x].append(y) }
        }
        rowStarts.append(runStarts.count)
        previous = owners
    }

    /// Every owner's best pixel, by position: the owned pixel farthest from every pixel it does
    /// not own, the first in raster order on a tie.
    ///
    /// - Precondition: every row was added.
    consuming func finish() -> [Best] {
        precondition(rowStarts.count == height + 1, "a tap point needs every row of the map")
        var best = [Best](repeating: (0, 0, 0), count: ownerCount)
        var below = [Int32](repeating: -1, count: width), row = [Int32](repeating: -1, count: width)
        var down = [Int](repeating: 0, count: width), top = [Int](repeating: 0, count: width)
        var vertical = [Int](repeating: 0, count: width), distances = [Int](repeating: 0, count: width)
        var runs = RunDistances()
        for y in (0..<height).reversed() {
            let runRange = rowStarts[y]..<rowStarts[y + 1]
            for run in runRange {
                let end = run + 1 < runRange.upperBound ? Int(runStarts[run + 1]) : width
                for x in Int(runStarts[run])..<end { row[x] = runOwners[run] }
            }
            for x in 0..<width where row[x] >= 0 {
                if below[x] == row[x] {
                    down[x] += 1
                } else {
                    // The bottom of a vertical run: its top is the column's last one not yet met.
                    down[x] = 1
                    top[x] = Int(columnTops[x].removeLast())
                }
                let nearest = min(y - top[x] + 1, down[x])
                vertical[x] = nearest * nearest
            }
            for run in runRange where runOwners[run] >= 0 {
                let start = Int(runStarts[run]), end = run + 1 < runRange.upperBound ? Int(runStarts[run + 1]) : width
                runs.compute(vertical, from: start, count: end - start, into: &distances)
                let owner = Int(runOwners[run])
                for p in 0..<end - start {
                    // Rows go upwards, so an equal distance wins only from a smaller y; within a
                    // row the first pixel keeps it.
                    if distances[p] > best[owner].squared || (distances[p] == best[owner].squared && y < best[owner].y) {
                        best[owner] = (distances[p], start + p, y)
                    }
                }
            }
            swap(&below, &row)
        }
        return best
    }

    /// The runs held, for the memory figures: rows' runs, and columns' runs of an owner.
    var runCount: (rows: Int, columns: Int) { (runStarts.count, columnTops.reduce(0) { $0 + $1.count }) }
}
