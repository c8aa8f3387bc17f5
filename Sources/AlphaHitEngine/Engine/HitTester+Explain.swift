import AlphaHitAtlas
import AlphaHitBasics

extension HitTester {
    /// Every element the resolution considered at `point`, front to back, with its verdict,
    /// ending with the element hit (if any). Empty when the point is outside the layout's canvas.
    ///
    /// Elements inside a clipping ancestor that does not contain the point are listed as
    /// ``HitVerdict/clippedByAncestor(id:)``; a skipped element is listed once, without its subtree.
    public func explanation(at point: Point) -> [HitExplanation] {
        guard tables.insideCanvas(point.x, point.y) else { return [] }
        var lines: [HitExplanation] = []
        _ = walk(storage.topLevel[...], point.x, point.y, stopAtHit: true) { lines.append($0) }
        return lines
    }

    /// Every element hit at `point`, front to back, found by walking the whole tree rather than
    /// the spatial index: the reference the index is tested against.
    func scanAll(_ point: Point) -> [ElementIndex] {
        guard tables.insideCanvas(point.x, point.y) else { return [] }
        var hits: [ElementIndex] = []
        _ = walk(storage.topLevel[...], point.x, point.y, stopAtHit: false) { line in
            if line.verdict == .hit { hits.append(line.element) }
        }
        return hits
    }

    /// Resolves `list` (siblings, back to front) at a point in their parent's space: the last
    /// sibling first, each element's children before the element. Returns whether anything was hit.
    private func walk(_ list: ArraySlice<Int32>, _ x: Double, _ y: Double, stopAtHit: Bool, report: (HitExplanation) -> Void) -> Bool {
        var found = false
        for index in list.reversed().map(Int.init) {
            let element = records.element(index)
            let local = element.localPoint(x, y)
            func line(_ verdict: HitVerdict) -> HitExplanation {
                HitExplanation(
                    element: ElementIndex(rawValue: Int32(index)), id: storage.ids[index], localPoint: Point(x: local.x, y: local.y),
                    verdict: verdict, boundsContainPoint: element.boundsContain(local.x, local.y))
            }
            if let reason = storage.skipReasons[index] {
                report(line(.skipped(reason)))
                continue
            }
            if element.record.clipsToBounds && !element.boundsContain(local.x, local.y) {
                reportClipped(storage.tree.children(of: index), local.x, local.y, by: storage.ids[index], report: report)
                report(line(.outsideBounds))
                continue
            }
            if walk(storage.tree.children(of: index), local.x, local.y, stopAtHit: stopAtHit, report: report) {
                found = true
                if stopAtHit { return true }
            }
            let verdict = Self.ownVerdict(element, local.x, local.y)
            report(line(verdict))
            if verdict == .hit {
                found = true
                if stopAtHit { return true }
            }
        }
        return found
    }

    /// Lists every element under a clipping ancestor that does not contain the point, with the point
    /// (x, y) in their parent's space.
    private func reportClipped(_ list: ArraySlice<Int32>, _ x: Double, _ y: Double, by ancestor: String, report: (HitExplanation) -> Void) {
        for index in list.reversed().map(Int.init) where storage.skipReasons[index] == nil {
            let element = records.element(index)
            let local = element.localPoint(x, y)
            reportClipped(storage.tree.children(of: index), local.x, local.y, by: ancestor, report: report)
            report(HitExplanation(
                element: ElementIndex(rawValue: Int32(index)), id: storage.ids[index], localPoint: Point(x: local.x, y: local.y),
                verdict: .clippedByAncestor(id: ancestor), boundsContainPoint: element.boundsContain(local.x, local.y)))
        }
    }

    /// The element's own test at a local point, as a verdict.
    static func ownVerdict(_ element: ElementHandle, _ x: Double, _ y: Double) -> HitVerdict {
        switch element.probe(x, y) {
        case .outsideBounds: .outsideBounds
        case .outsideShape: .outsideShape
        case .offImage: .offImage
        case .noImage: .hit
        case .pixel(let px, let py, let alpha) where alpha < element.record.minAlpha:
            .transparent(pixel: PixelCoordinate(x: px, y: py), alpha: alpha, minAlpha: element.record.minAlpha)
        case .pixel: .hit
        }
    }
}
