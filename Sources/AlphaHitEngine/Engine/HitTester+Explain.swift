import AlphaHitBasics

extension HitTester {
    /// Why `point` hits what it hits: the verdict of every element the resolution considered, and
    /// the touch-tolerance search after a miss, as one value.
    ///
    /// - Parameter tolerance: as for ``elementIndex(at:tolerance:)`` (nil: the layout's).
    public func explain(at point: Point, tolerance: Double? = nil) -> PointExplanation {
        guard isOnCanvas(point) else { return PointExplanation(point: point, isOutsideCanvas: true, lines: [], touchVerdicts: []) }
        return PointExplanation(
            point: point, isOutsideCanvas: false, lines: explanation(at: point), touchVerdicts: touchVerdicts(at: point, tolerance: tolerance))
    }

    /// Every element the resolution considered at `point`, front to back, with its verdict,
    /// ending with the element hit (if any). Empty when the point is outside the layout's canvas.
    ///
    /// Elements inside a clipping ancestor that does not contain the point are listed as
    /// ``HitVerdict/clippedByAncestor(id:)``; a skipped element is listed once, without its subtree.
    public func explanation(at point: Point) -> [HitExplanation] {
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.explanation(at: point) } }
        guard tables.insideCanvas(point.x, point.y) else { return [] }
        var lines: [HitExplanation] = []
        walk(point, stopAtHit: true) { lines.append($0) }
        return lines
    }

    /// Every element hit at `point`, front to back, found by walking the whole tree rather than
    /// the spatial index: the reference the index is tested against.
    func scanAll(_ point: Point) -> [ElementIndex] {
        guard tables.insideCanvas(point.x, point.y) else { return [] }
        var hits: [ElementIndex] = []
        walk(point, stopAtHit: false) { line in
            if line.verdict == .hit { hits.append(line.element) }
        }
        return hits
    }

    /// Resolves layout point `point` over the whole tree in the resolution order
    /// (``ElementTree/walkInResolutionOrder(_:enter:visit:)``), reporting each element's verdict.
    private func walk(_ point: Point, stopAtHit: Bool, report: (HitExplanation) -> Void) {
        let tree = storage.tree
        // Each entered element's local point: its parent was entered (and mapped) before it.
        var locals: [Int: (x: Double, y: Double)] = [:]
        func local(of index: Int) -> (x: Double, y: Double) {
            let parent = Int(tables.parents[index])
            let outer = parent >= 0 ? locals[parent]! : (x: point.x, y: point.y)
            return records.element(index).localPoint(outer.x, outer.y)
        }
        func line(_ index: Int, _ local: (x: Double, y: Double), _ verdict: HitVerdict) -> HitExplanation {
            HitExplanation(
                element: numbering.index(ofPosition: index), id: storage.ids[index], localPoint: Point(x: local.x, y: local.y),
                verdict: verdict, boundsContainPoint: records.element(index).boundsContain(local.x, local.y))
        }
        tree.walkInResolutionOrder(tree.topLevel[...]) { index in
            let element = records.element(index), here = local(of: index)
            if let reason = storage.skipReasons[index] {
                report(line(index, here, .skipped(reason)))
                return false
            }
            if element.record.clipsToBounds && !element.boundsContain(here.x, here.y) {
                // Its subtree is listed as clipped, in the same order, then the element itself.
                locals[index] = here
                let ancestor = storage.ids[index]
                tree.walkInResolutionOrder(tree.children(of: index)) { inside in
                    guard storage.skipReasons[inside] == nil else { return false }
                    locals[inside] = local(of: inside)
                    return true
                } visit: { inside in
                    report(line(inside, locals[inside]!, .clippedByAncestor(id: ancestor)))
                    return false
                }
                report(line(index, here, .outsideBounds))
                return false
            }
            locals[index] = here
            return true
        } visit: { index in
            let verdict = Self.ownVerdict(records.element(index), locals[index]!)
            report(line(index, locals[index]!, verdict))
            return verdict == .hit && stopAtHit
        }
    }

    /// The element's own test at a local point, as a verdict.
    static func ownVerdict(_ element: ElementHandle, _ local: (x: Double, y: Double)) -> HitVerdict {
        let probe = element.probe(local.x, local.y)
        switch probe {
        case .outsideBounds: return .outsideBounds
        case .outsideShape: return .outsideShape
        case .offImage: return .offImage
        case .noImage: return .hit
        case .pixel(let px, let py, let alpha):
            return element.isHit(probe) ? .hit : .transparent(pixel: PixelCoordinate(x: px, y: py), alpha: alpha, minAlpha: element.record.minAlpha)
        }
    }
}
