/// Squared distances inside one run of pixels, the second (horizontal) step of an exact
/// Euclidean distance transform (Felzenszwalb and Huttenlocher's lower envelope of parabolas).
///
/// The run's pixels are 0..<n; each has a squared vertical distance `f(q)` to its nearest
/// not-owned pixel in its column, and the pixels just outside the run (−1 and n) are not owned
/// (`f = 0`). The distance at p is min over q in −1...n of (p − q)² + f(q). The buffers are kept
/// between runs so that a row costs no allocation.
struct RunDistances {
    private var sites: [Int] = [], bounds: [Double] = [], values: [Int] = []

    /// `out[p]` = the squared distance at pixel p of the run whose vertical values are
    /// `f[start..<start + n]`.
    mutating func compute(_ f: [Int], from start: Int, count n: Int, into out: inout [Int]) {
        values.removeAll(keepingCapacity: true)
        values.append(0)
        values.append(contentsOf: f[start..<start + n])
        values.append(0)
        // Sites are positions −1...n; the parabola of site q is (x − q)² + value(q).
        func value(_ q: Int) -> Int { values[q + 1] }
        sites.removeAll(keepingCapacity: true)
        bounds.removeAll(keepingCapacity: true)
        sites.append(-1)
        bounds.append(-.infinity)
        for q in 0...n {
            var crossing = 0.0
            while true {
                let v = sites[sites.count - 1]
                // Where the parabolas of v and q cross: exact whenever it is a whole number.
                crossing = Double((value(q) + q * q) - (value(v) + v * v)) / Double(2 * (q - v))
                if crossing <= bounds[bounds.count - 1] && sites.count > 1 {
                    sites.removeLast()
                    bounds.removeLast()
                } else { break }
            }
            sites.append(q)
            bounds.append(crossing)
        }
        var k = 0
        for p in 0..<n {
            while k + 1 < sites.count && bounds[k + 1] < Double(p) { k += 1 }
            let q = sites[k]
            out[p] = (p - q) * (p - q) + value(q)
        }
    }
}
