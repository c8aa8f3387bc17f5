import AlphaHitBasics
import Dispatch

extension HitTester {
    /// Batches at least this long are spread over all cores.
    static let parallelBatchThreshold = 16_384

    /// The element selected at every point (as ``elementIndex(at:tolerance:)``), or nil for each, in order.
    ///
    /// - Parameters:
    ///   - tolerance: the query's touch tolerance in points (nil: the layout's default).
    ///   - threads: at most how many threads share a large batch, the calling thread among them
    ///     (0: one per core); batches shorter than 16,384 points always run on the calling thread.
    public func elementIndices(at points: [Point], tolerance: Double? = nil, threads: Int = 0) -> [ElementIndex?] {
        [ElementIndex?](unsafeUninitializedCapacity: points.count) { results, initialized in
            points.withUnsafeBufferPointer { elementIndices(at: $0, into: results, tolerance: tolerance, threads: threads) }
            initialized = points.count
        }
    }

    /// Resolves `points` into `results` (which must be at least as long), without allocating
    /// (but for a touch-tolerance index, built once, the first time a miss needs one).
    ///
    /// - Parameters: as for ``elementIndices(at:tolerance:threads:)``.
    public func elementIndices(
        at points: UnsafeBufferPointer<Point>, into results: UnsafeMutableBufferPointer<ElementIndex?>, tolerance: Double? = nil, threads: Int = 0
    ) {
        resolveAll(points, into: results, tolerance: tolerance, exact: false, threads: threads)
    }

    /// The batch, with `exact`: exact hits only, whatever tolerance the layout sets.
    func resolveAll(
        _ points: UnsafeBufferPointer<Point>, into results: UnsafeMutableBufferPointer<ElementIndex?>, tolerance: Double?, exact: Bool, threads: Int
    ) {
        precondition(results.count >= points.count, "the results buffer is shorter than the points")
        guard let pointBase = points.baseAddress, let resultBase = results.baseAddress else { return }
        let count = points.count
        let cores = threads > 0 ? threads : Platform.processorCount
        if count < Self.parallelBatchThreshold || cores == 1 {
            resolve(pointBase, resultBase, 0..<count, tolerance: tolerance, exact: exact)
            return
        }
        let chunks = cores * 4
        let chunkSize = (count + chunks - 1) / chunks
        // Each chunk writes its own slice of the results, so the threads never share a slot.
        let pointAddress = UInt(bitPattern: pointBase), resultAddress = UInt(bitPattern: resultBase)
        Parallel.forEach(chunks, workers: cores) { chunk in
            let start = chunk * chunkSize, end = min(count, start + chunkSize)
            guard start < end else { return }
            resolve(UnsafePointer(bitPattern: pointAddress)!, UnsafeMutablePointer(bitPattern: resultAddress)!, start..<end, tolerance: tolerance, exact: exact)
        }
    }

    private func resolve(_ points: UnsafePointer<Point>, _ results: UnsafeMutablePointer<ElementIndex?>, _ range: Range<Int>, tolerance: Double?, exact: Bool) {
        if exact {
            for i in range { results[i] = queryTables.frontMost(points[i].x, points[i].y).map { queryTables.index(ofPosition: $0) } }
        } else {
            for i in range { results[i] = elementIndex(at: points[i], tolerance: tolerance) }
        }
    }
}

extension HitTester {
    /// The front-most answer for `count` points read from two strided arrays (point i is
    /// `(x[i·stride], y[i·stride])`), written to `indices` as element positions, -1 for no hit:
    /// the C interface's batch query, without building `Point`s or optionals. Spread over at most
    /// `threads` threads (0: one per core) in slices that never share a slot.
    ///
    /// - Parameter tolerance: as for ``elementIndex(at:tolerance:)``.
    package func elementIndices(
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, stride: Int, count: Int, into indices: UnsafeMutablePointer<Int32>,
        tolerance: Double?, threads: Int
    ) {
        let cores = threads > 0 ? threads : Platform.processorCount
        let (xAddress, yAddress, outAddress) = (UInt(bitPattern: x), UInt(bitPattern: y), UInt(bitPattern: indices))
        func resolve(_ range: Range<Int>) {
            let x = UnsafePointer<Double>(bitPattern: xAddress)!, y = UnsafePointer<Double>(bitPattern: yAddress)!
            let out = UnsafeMutablePointer<Int32>(bitPattern: outAddress)!
            for i in range {
                out[i] = elementIndex(at: Point(x: x[i &* stride], y: y[i &* stride]), tolerance: tolerance)?.rawValue ?? -1
            }
        }
        if count < Self.parallelBatchThreshold || cores == 1 {
            resolve(0..<count)
            return
        }
        let chunks = cores * 4, chunkSize = (count + chunks - 1) / chunks
        Parallel.forEach(chunks, workers: cores) { chunk in
            let start = chunk * chunkSize, end = Swift.min(count, start + chunkSize)
            if start < end { resolve(start..<end) }
        }
    }
}
