import AlphaHitBasics
import AlphaHitImages

/// Answers which element a layout point hits: front-most first, by each element's frame,
/// transform, shape, image placement and pixel transparency, under the rules in `Docs/HitTesting.md`.
///
/// An immutable, `Sendable` value, built once from a ``Layout``; share it between threads freely.
/// The queries all take the point as `at:`: ``elementIndex(at:)`` is the hot path (a spatial-index
/// lookup and a few element tests, with no allocation, locking or reference counting);
/// ``hit(at:)``, ``allHits(at:)``, ``explanation(at:)`` and ``elementIndices(at:threads:)``
/// build on the same tests.
public struct HitTester: Sendable {
    /// A built engine's storage; nil in a scene's snapshot, whose ``live`` builds one when asked.
    private let builtStorage: GuaranteedReference<EngineStorage>?
    private let builtNumbering: ElementNumbering
    /// A scene's snapshot (`Scene/Live`); nil for a built engine. A snapshot's queries of a point
    /// other than the lookup ask its engine once, read in place (`live.withEngine`): through
    /// ``storage``, ``tables`` and ``numbering`` each would copy the engine out (288 bytes and its
    /// references), several times a query. They test `_slowPath(live != nil)` and read
    /// `live.unsafelyUnwrapped`: binding it (`if let`) counts a reference, and made a built
    /// engine's `hit(at:)` 11 instructions longer (callgrind, 2026-12-07).
    let live: LiveSnapshot?
    /// What the inlined lookup reads: the built tables, or a scene snapshot's query.
    @usableFromInline let queryTables: QueryTables

    /// Everything the engine owns; for a scene's snapshot, the engine of its layout, built on first use.
    var storage: EngineStorage {
        // Not `builtStorage?.object ?? …`: that `??` copied the optional through its generic value
        // witnesses, about 130 instructions a call (callgrind, 2026-12-07), and `hittest query`
        // asks once for every point it answers.
        builtStorage != nil ? builtStorage.unsafelyUnwrapped.object : live.unsafelyUnwrapped.engine.storage
    }
    /// Calls `body` with ``storage``: a built engine's without counting a reference to it, which
    /// every near miss did before (callgrind), whatever the form of the read.
    @inline(__always)
    func withStorage<Result>(_ body: (EngineStorage) -> Result) -> Result {
        // Read in place: binding the optional (`if let`) copies the reference in it, and counts it.
        if builtStorage != nil { return builtStorage.unsafelyUnwrapped.withObject(body) }
        return body(storage)
    }
    /// The indices this engine hands out for its positions (the identity but in a scene's snapshot).
    var numbering: ElementNumbering { builtStorage != nil ? builtNumbering : live.unsafelyUnwrapped.engine.numbering }
    /// The query tables of ``storage``: everything but the lookup reads these.
    var tables: QueryTables { live == nil ? queryTables : live.unsafelyUnwrapped.engine.queryTables }

    /// Validates `layout`, decodes its images through `cache`, and builds the engine.
    ///
    /// - Throws: ``LayoutError`` listing every problem, each with its path
    ///   (`elements[2].children[0].frame.width: must be a finite number ≥ 0`): duplicate or empty
    ///   ids, negative or non-finite sizes, thresholds outside [0, 1], singular transforms,
    ///   cap insets that do not fit the image, nesting deeper than ``Layout/maximumDepth`` levels,
    ///   and images that cannot be decoded (with the decoder's message).
    public init(layout: Layout, cache: ImageCache = .shared) throws(LayoutError) {
        try self.init(layout: layout, cache: cache) { _, _ in nil }
    }

    /// As ``init(layout:cache:)``, remembering where each element starts in its layout file.
    package init(layout: consuming Layout, cache: ImageCache, sourceLine: (_ element: Int, _ path: () -> LayoutPath) -> Int?) throws(LayoutError) {
        var builder = EngineBuilder(layout: consume layout, cache: cache)
        self.init(storage: try builder.build(sourceLine: sourceLine))
    }

    /// The engine of a build.
    init(storage: EngineStorage) {
        self.init(storage: storage, numbering: .identity)
    }

    /// A scene's snapshot: the lookup reads its live tables, everything else its engine.
    init(live snapshot: LiveSnapshot) {
        builtStorage = nil
        builtNumbering = .identity
        live = snapshot
        queryTables = .live(snapshot)
    }

    /// The same engine, handing out `numbers[position]` as the index of the element at each
    /// position (a scene's numbers, which last across its changes).
    ///
    /// - Precondition: one number per element, distinct and ≥ 0.
    package func numbered(by numbers: [Int32]) -> HitTester {
        precondition(numbers.count == storage.ids.count, "one number per element")
        return HitTester(storage: storage, numbering: ElementNumbering(numbers: numbers))
    }

    private init(storage: EngineStorage, numbering: ElementNumbering) {
        builtStorage = GuaranteedReference(storage)
        builtNumbering = numbering
        live = nil
        queryTables = storage.tables.numbered(by: numbering.reader)
    }

    /// The layout's canvas, when it has one: points outside `[0, width) × [0, height)` hit nothing.
    public var canvas: Size? { storage.canvas }

    /// Whether `point` lies on the canvas, `[0, width) × [0, height)` (always, for a layout without
    /// one): outside it nothing is hit, not even by touch tolerance. The one canvas test.
    public func isOnCanvas(_ point: Point) -> Bool { queryTables.insideCanvas(point.x, point.y) }

    /// Every image, sheet and atlas file the engine was read from, as resolved (the layout file
    /// aside): what a command writing files must never write over.
    package var inputFiles: [String] { storage.inputFiles }

    /// The front-most element whose own shape takes `point` (layout space, points), or nil.
    ///
    /// Inlined into the caller where the point's tile has a proven answer (see ``AnswerTiles``):
    /// one load. Elsewhere, one call: a spatial-grid lookup and the tests of the few elements there.
    /// A miss falls back on touch tolerance only when the query or the layout asks for it (see
    /// ``touchHit(at:tolerance:)``): otherwise a miss costs what it always did.
    ///
    /// - Parameter tolerance: how far (points ≥ 0) a tap may miss an element and still select it
    ///   when nothing is hit exactly; nil: the layout's `defaults.touchTolerance`. An element's own
    ///   `touchTolerance` overrides both.
    @inlinable @inline(__always)
    public func elementIndex(at point: Point, tolerance: Double? = nil) -> ElementIndex? {
        // The tiles lie inside the canvas. Whether a search is wanted is known before the point:
        // tested first, so that a proven miss without one is taken like a hit. Both ways end in
        // one number (−1 for none), so that the caller's test of the answer is a select, not a
        // branch on the tile (random points would mispredict it about every other query).
        let known = queryTables.answers.code(point.x, point.y)
        let searches = tolerance != nil || queryTables.toleranceInUse
        let raw: Int32
        if _fastPath(known != AnswerTiles.mixed) && !(searches && known == AnswerTiles.none) {
            raw = queryTables.rawIndex(ofTileCode: known)
        } else {
            raw = searchedElementIndex(at: point, tolerance: tolerance)
        }
        // Compared with −1 exactly (the only negative one): a caller's `?.rawValue ?? -1` folds away.
        return raw == -1 ? nil : ElementIndex(rawValue: raw)
    }

    /// ``elementIndex(at:tolerance:)`` by the grid, as a raw index (−1 for none): out of line, so
    /// that the inlined part stays small.
    @usableFromInline @inline(never)
    func searchedElementIndex(at point: Point, tolerance: Double?) -> Int32 {
        let position = queryTables.frontMostPosition(point.x, point.y)
        if (tolerance != nil || queryTables.toleranceInUse) && position < 0 { return nearMissElement(point, tolerance: tolerance)?.rawValue ?? -1 }
        return position < 0 ? -1 : queryTables.index(ofPosition: position).rawValue
    }

    /// The element ``elementIndex(at:tolerance:)`` selects at `point`, with its id, path, local
    /// point, and pixel; for a hit by touch tolerance, the distance and the point it snaps to.
    ///
    /// - Parameter tolerance: as for ``elementIndex(at:tolerance:)``.
    public func hit(at point: Point, tolerance: Double? = nil) -> Hit? {
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.hit(at: point, tolerance: tolerance) } }
        if let index = tables.frontMost(point.x, point.y) { return hit(of: index, at: point) }
        guard tolerance != nil || tables.toleranceInUse, let near = nearMiss(point, tolerance: tolerance) else { return nil }
        let index = position(of: near.element)
        let local = records.unclippedLocalPoint(of: index, near.nearestPoint.x, near.nearestPoint.y)
        return Hit(
            element: near.element, id: near.id, path: path(of: near.element), localPoint: Point(x: local.x, y: local.y),
            pixel: nil, alpha: nil, distance: near.distance, nearestPoint: near.nearestPoint)
    }

    /// Every element whose own shape takes `point`, front to back.
    ///
    /// Walks the whole tree: the spatial index keeps, per cell, only the elements that can be the
    /// front-most answer there, so it cannot list what lies behind.
    public func allHits(at point: Point) -> [Hit] {
        if _slowPath(live != nil) { return live.unsafelyUnwrapped.withEngine { $0.allHits(at: point) } }
        return scanAll(point).compactMap { hit(of: position(of: $0), at: point) }
    }

    /// The full result for element `index` at `point`, or nil when its own shape does not take it.
    func hit(of index: Int, at point: Point) -> Hit? {
        let element = records.element(index)
        guard let local = records.localPoint(of: index, point.x, point.y) else { return nil }
        var pixel: PixelCoordinate?, alpha: UInt8?
        switch element.probe(local.x, local.y) {
        case .noImage:
            break
        case .pixel(let x, let y, let value) where value >= element.record.minAlpha:
            (pixel, alpha) = (PixelCoordinate(x: x, y: y), value)
        case .pixel, .outsideBounds, .outsideShape, .offImage:
            return nil
        }
        let elementIndex = numbering.index(ofPosition: index)
        return Hit(
            element: elementIndex, id: storage.ids[index], path: path(of: elementIndex),
            localPoint: Point(x: local.x, y: local.y), pixel: pixel, alpha: alpha, nearestPoint: point)
    }
}
