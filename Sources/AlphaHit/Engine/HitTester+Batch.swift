import Dispatch

extension HitTester {
    /// Batches at least this long are spread over all cores.
    static let parallelBatchThreshold = 16_384

    /// The front-most element at every point (as ``elementIndex(at:)``), or nil for each, in order.
    ///
    /// - Parameter threads: how many threads may share a large batch (0: one per core); batches
    ///   shorter than 16,384 points always run on the calling thread.
    public func elementIndices(at points: [Point], threads: Int = 0) -> [ElementIndex?] {
        [ElementIndex?](unsafeUninitializedCapacity: points.count) { results, initialized in
            points.withUnsafeBufferPointer { elementIndices(at: $0, into: results, threads: threads) }
            initialized = points.count
        }
    }

    /// Resolves `points` into `results` (which must be at least as long), without allocating.
    ///
    /// - Parameter threads: as for ``elementIndices(at:threads:)``.
    public func elementIndices(at points: UnsafeBufferPointer<Point>, into results: UnsafeMutableBufferPointer<ElementIndex?>, threads: Int = 0) {
        precondition(results.count >= points.count, "the results buffer is shorter than the points")
        let tables = self.tables
        guard let pointBase = points.baseAddress, let resultBase = results.baseAddress else { return }
        let count = points.count
        let cores = threads > 0 ? threads : Platform.processorCount
        if count < Self.parallelBatchThreshold || cores == 1 {
            Self.resolve(tables, pointBase, resultBase, 0..<count)
            return
        }
        let chunks = cores * 4
        let chunkSize = (count + chunks - 1) / chunks
        // Each chunk writes its own slice of the results, so the threads never share a slot.
        let pointAddress = UInt(bitPattern: pointBase), resultAddress = UInt(bitPattern: resultBase)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkSize, end = min(count, start + chunkSize)
            guard start < end else { return }
            Self.resolve(
                tables, UnsafePointer(bitPattern: pointAddress)!, UnsafeMutablePointer(bitPattern: resultAddress)!, start..<end)
        }
    }

    private static func resolve(
        _ tables: QueryTables, _ points: UnsafePointer<Point>, _ results: UnsafeMutablePointer<ElementIndex?>, _ range: Range<Int>
    ) {
        for i in range {
            let point = points[i]
            results[i] = tables.frontMost(point.x, point.y).map { ElementIndex(rawValue: Int32(truncatingIfNeeded: $0)) }
        }
    }
}
