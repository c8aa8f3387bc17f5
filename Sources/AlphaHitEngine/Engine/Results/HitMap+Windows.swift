import AlphaHitBasics

extension HitMap {
    /// The pixels whose sample points may lie in the layout rectangle `rect` (rounded outwards),
    /// as column and row ranges; nil when none does. Any Double goes in, never a trap.
    public func window(covering rect: Rect) -> (columns: Range<Int>, rows: Range<Int>)? {
        guard let columns = pixels(from: rect.x, to: rect.x + rect.width, count: width),
            let rows = pixels(from: rect.y, to: rect.y + rect.height, count: height)
        else { return nil }
        return (columns.lowerBound..<columns.upperBound + 1, rows.lowerBound..<rows.upperBound + 1)
    }

    /// The owner of every pixel of a window of the map, row-major (`columns.count` a row); nil
    /// where nothing is hit.
    ///
    /// - Precondition: the window lies within the map.
    public func owners(inColumns columns: Range<Int>, rows: Range<Int>) -> [ElementIndex?] {
        precondition(columns.lowerBound >= 0 && columns.upperBound <= width && rows.lowerBound >= 0 && rows.upperBound <= height, "a window outside the map")
        var points: [Point] = []
        points.reserveCapacity(rows.count * columns.count)
        for y in rows {
            for x in columns { points.append(point(ofPixelX: x, y: y)) }
        }
        return [ElementIndex?](unsafeUninitializedCapacity: points.count) { results, initialized in
            points.withUnsafeBufferPointer { engine.resolveAll($0, into: results, tolerance: tolerance, exact: exact, threads: 0) }
            initialized = points.count
        }
    }
}

extension HitTester {
    /// The layout rectangle (points) outside which element `element` and its subtree own no
    /// pixel of any map with touch tolerance `tolerance` (nil: the layout's): their hit boxes,
    /// widened by the largest tolerance in play; nil when none of them can be hit.
    public func reach(ofSubtree element: ElementIndex, tolerance: Double? = nil) -> Rect? {
        reach(ofSubtrees: [element], tolerance: tolerance)[0]
    }

    /// ``reach(ofSubtree:tolerance:)`` of each element, the engine's boxes looked up once for all.
    public func reach(ofSubtrees elements: [ElementIndex], tolerance: Double? = nil) -> [Rect?] {
        var boxes: [Int: GridEntry] = [:]
        for box in storage.candidates { boxes[Int(box.element)] = box }
        let radius = storage.tolerance.searchRadius(query: tolerance)
        return elements.map { element in
            var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
            var pending = [element]
            while let next = pending.popLast() {
                pending += children(of: next)
                guard let box = boxes[position(of: next)] else { continue }
                (minX, minY) = (min(minX, Double(box.minX)), min(minY, Double(box.minY)))
                (maxX, maxY) = (max(maxX, Double(box.maxX)), max(maxY, Double(box.maxY)))
            }
            guard minX <= maxX else { return nil }
            return Rect(x: minX - radius, y: minY - radius, width: maxX - minX + 2 * radius, height: maxY - minY + 2 * radius)
        }
    }
}
