import AlphaHitBasics
import AlphaHitImages

extension HitTester {
    /// Audits every element's target size on the hit map at `scale` pixels per point (the same map
    /// `hitMap(scale:tolerance:)` resolves, band by band, so memory stays bounded).
    ///
    /// An element passes when its largest owned square is at least `minimumSize` points, or by the
    /// WCAG 2.5.8 spacing exception: a circle of diameter `minimumSize` centred on the centre of the
    /// bounding box of its owned pixels contains no sample point owned by another element and
    /// intersects no such circle of another failing element. Each element that owns a pixel also
    /// gets its tap point and clearance (``HitMap/tapPoints()``, from the same pass over the map,
    /// which then holds the map's runs).
    ///
    /// - Parameters:
    ///   - tolerance: the touch tolerance the owned pixels are resolved with (nil: the layout's).
    ///   - minimumSize: points, finite and > 0 (24 for WCAG 2.5.8, 44 Apple, 48 Material).
    ///   - spacingException: whether WCAG 2.5.8's spacing exception applies (true for WCAG; Apple's
    ///     and Material's guidance has none).
    ///   - maximumPixels: the most hit-map pixels the audit may visit, checked before it starts.
    /// - Throws: ``HitMapError`` for a scale outside ``hitMapScales``, a map too large, or one
    ///   over `maximumPixels`.
    public func audit(
        scale: Double = 4, tolerance: Double? = nil, minimumSize: Double = 24, spacingException: Bool = true,
        maximumPixels: Int = defaultMapPixelBudget
    ) throws(HitMapError) -> TargetAudit {
        let map = try hitMap(scale: scale, tolerance: tolerance)
        guard map.width * map.height <= maximumPixels else { throw .overBudget(width: map.width, height: map.height, budget: maximumPixels) }
        let count = storage.ids.count
        var owned = [Int](repeating: 0, count: count)
        var square = [Int](repeating: 0, count: count)
        var bounds = [(x0: Int, y0: Int, x1: Int, y1: Int)](repeating: (Int.max, Int.max, -1, -1), count: count)
        // Largest square by dynamic programming over rows: side[x] of the square ending at (x, y).
        var previousOwners = [Int32](repeating: -1, count: map.width), previousSide = [Int](repeating: 0, count: map.width)
        var side = [Int](repeating: 0, count: map.width), owners = [Int32](repeating: -1, count: map.width)
        var tapPoints = TapPointFinder(width: map.width, height: map.height, ownerCount: count)
        map.forEachBand { rows, band in
            for (offset, y) in rows.enumerated() {
                for x in 0..<map.width {
                    let owner = band[offset * map.width + x].map { Int32(position(of: $0)) } ?? -1
                    owners[x] = owner
                    guard owner >= 0 else {
                        side[x] = 0
                        continue
                    }
                    let e = Int(owner)
                    owned[e] += 1
                    bounds[e] = (min(bounds[e].x0, x), min(bounds[e].y0, y), max(bounds[e].x1, x), max(bounds[e].y1, y))
                    let up = previousOwners[x] == owner ? previousSide[x] : 0
                    let left = x > 0 && owners[x - 1] == owner ? side[x - 1] : 0
                    let diagonal = x > 0 && previousOwners[x - 1] == owner ? previousSide[x - 1] : 0
                    side[x] = 1 + min(up, left, diagonal)
                    square[e] = max(square[e], side[x])
                }
                tapPoints.addRow(owners)
                swap(&previousOwners, &owners)
                swap(&previousSide, &side)
            }
        }
        let audited = (0..<count).filter { auditable($0) }
        var boxes = [GridEntry?](repeating: nil, count: count)
        for box in storage.candidates { boxes[Int(box.element)] = box }
        let pixelArea = 1 / (scale * scale)
        let taps = map.tapPoints(tapPoints.finish())
        var entries: [TargetAudit.Entry] = audited.map { index in
            let own = boxes[index].map { ownPixels(of: index, box: $0, map: map) } ?? 0
            let ownedArea = Double(owned[index]) * pixelArea, ownArea = Double(own) * pixelArea
            return TargetAudit.Entry(
                element: numbering.index(ofPosition: index), id: storage.ids[index], owned: ownedArea, own: ownArea,
                covered: own > 0 ? max(0, 1 - Double(owned[index]) / Double(own)) : 0, largestSquare: Double(square[index]) / scale,
                passes: owned[index] > 0 && Double(square[index]) / scale >= minimumSize, reason: nil,
                tapPoint: taps[numbering.index(ofPosition: index)]?.point, clearance: taps[numbering.index(ofPosition: index)]?.clearance)
        }
        // The spacing exception, for the undersized: their circles, centred on their owned boxes.
        let failing = spacingException ? entries.indices.filter { !entries[$0].passes && owned[position(of: entries[$0].element)] > 0 } : []
        let centres = failing.map { slot -> (x: Double, y: Double) in
            let b = bounds[position(of: entries[slot].element)]
            return ((Double(b.x0) + Double(b.x1) + 1) / 2 / scale, (Double(b.y0) + Double(b.y1) + 1) / 2 / scale)
        }
        let radius = minimumSize / 2
        for (i, slot) in failing.enumerated() {
            let element = entries[slot].element
            let apart = zip(failing.indices, centres).allSatisfy { j, other in
                j == i || ((other.x - centres[i].x) * (other.x - centres[i].x) + (other.y - centres[i].y) * (other.y - centres[i].y)).squareRoot() >= minimumSize
            }
            if apart && circleIsClear(of: element, centre: centres[i], radius: radius, map: map) {
                entries[slot].passes = true
                entries[slot].passesBySpacing = true
            }
        }
        for slot in entries.indices where !entries[slot].passes {
            let e = entries[slot]
            let hidden = e.covered >= 0.5 ? " (\(Int((e.covered * 100).rounded()))% of it is covered by elements in front)" : ""
            entries[slot].reason = owned[position(of: e.element)] == 0
                ? "owns nothing"
                : "largest square \(Self.figure(e.largestSquare)) < \(Self.figure(minimumSize))\(hidden)"
                    + (spacingException ? ", and the \(Self.figure(minimumSize))-point circle around it meets another target" : "")
        }
        return TargetAudit(minimumSize: minimumSize, scale: scale, entries: entries)
    }

    /// Not skipped (itself or an ancestor) and not `shape: none`.
    private func auditable(_ index: Int) -> Bool {
        let element = records.element(index)
        guard element.record.shape != .none else { return false }
        return !isSkipped(index)
    }

    /// How many hit-map sample points lie in the element's own region (its test and its clips).
    private func ownPixels(of index: Int, box: GridEntry, map: HitMap) -> Int {
        guard let columns = map.pixels(from: Double(box.minX), to: Double(box.maxX), count: map.width),
            let rows = map.pixels(from: Double(box.minY), to: Double(box.maxY), count: map.height)
        else { return 0 }
        let (x0, x1, y0, y1) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
        let records = self.records
        var count = 0
        for y in y0...y1 {
            for x in x0...x1 {
                let point = map.point(ofPixelX: x, y: y)
                guard tables.insideCanvas(point.x, point.y), let local = records.localPoint(of: index, point.x, point.y) else { continue }
                if records.element(index).ownHit(local.x, local.y) { count += 1 }
            }
        }
        return count
    }

    /// Whether no hit-map sample point within `radius` of `centre` is owned by another element.
    private func circleIsClear(of element: ElementIndex, centre: (x: Double, y: Double), radius: Double, map: HitMap) -> Bool {
        guard let columns = map.pixels(from: centre.x - radius, to: centre.x + radius, count: map.width),
            let rows = map.pixels(from: centre.y - radius, to: centre.y + radius, count: map.height)
        else { return true }
        let (x0, x1, y0, y1) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
        for y in y0...y1 {
            for x in x0...x1 {
                let point = map.point(ofPixelX: x, y: y)
                let (dx, dy) = (point.x - centre.x, point.y - centre.y)
                guard dx * dx + dy * dy < radius * radius else { continue }
                if let owner = map.owner(at: point), owner != element { return false }
            }
        }
        return true
    }

    private static func figure(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String((value * 100).rounded() / 100)
    }
}
