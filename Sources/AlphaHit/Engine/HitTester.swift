/// Answers which element a layout point hits: front-most first, by each element's frame,
/// transform, shape, image placement and pixel transparency, under the rules in `Docs/HitTesting.md`.
///
/// An immutable, `Sendable` value, built once from a ``Layout``; share it between threads freely.
/// ``hitElement(at:)`` is the hot path: a spatial-index lookup and a few element tests, with no
/// allocation, locking or reference counting.
public struct HitTester: Sendable {
    let storage: EngineStorage
    @usableFromInline let tables: QueryTables

    /// Validates `layout`, decodes its images through `cache`, and builds the engine.
    ///
    /// - Throws: ``LayoutError`` listing every problem, each with its path
    ///   (`elements[2].children[0].frame.width: must be a finite number ≥ 0`): duplicate or empty
    ///   ids, negative or non-finite sizes, thresholds outside [0, 1], singular transforms,
    ///   cap insets that do not fit the image, nesting deeper than 256 levels, and images that
    ///   cannot be decoded (with the decoder's message).
    public init(layout: Layout, cache: ImageCache = .shared) throws(LayoutError) {
        try self.init(layout: layout, cache: cache, sourceLines: [:])
    }

    /// As ``init(layout:cache:)``, remembering where each element starts in its layout file.
    init(layout: Layout, cache: ImageCache, sourceLines: [String: Int]) throws(LayoutError) {
        var builder = EngineBuilder(layout: layout, cache: cache)
        builder.sourceLines = sourceLines
        storage = try builder.build()
        tables = storage.tables
    }

    /// The number of elements in the layout, hidden ones included.
    public var elementCount: Int { storage.ids.count }

    /// The front-most element whose own shape takes `point` (layout space, points), or nil.
    ///
    /// Inlined into the caller: a spatial-grid lookup and the tests of the few elements there.
    @inlinable
    public func hitElement(at point: Point) -> ElementIndex? {
        tables.frontMost(point.x, point.y).map { ElementIndex(rawValue: Int32(truncatingIfNeeded: $0)) }
    }

    /// The front-most hit at `point`, with the element's id, path, local point, and pixel.
    public func hitTest(_ point: Point) -> Hit? {
        hitElement(at: point).flatMap { hit(of: Int($0.rawValue), at: point) }
    }

    /// Every element whose own shape takes `point`, front to back.
    ///
    /// Walks the whole tree: the spatial index keeps, per cell, only the elements that can be the
    /// front-most answer there, so it cannot list what lies behind.
    public func hitTestAll(_ point: Point) -> [Hit] {
        scanAll(point).compactMap { hit(of: Int($0.rawValue), at: point) }
    }

    /// The id of an element of this engine.
    public func id(of element: ElementIndex) -> String {
        storage.ids[Int(element.rawValue)]
    }

    /// The ids from the top level down to `element`, inclusive.
    public func path(of element: ElementIndex) -> [String] {
        let e = tables.elements[Int(element.rawValue)]
        let start = Int(e.chainStart)
        return (start..<start + Int(e.chainLength)).map { storage.ids[Int(tables.chains[$0])] }
    }

    /// The full result for element `index` at `point`, or nil when its own shape does not take it.
    func hit(of index: Int, at point: Point) -> Hit? {
        let element = tables.elements + index
        guard let local = tables.localPoint(of: index, point.x, point.y),
            element.ownHit(local.x, local.y)
        else { return nil }
        var pixel: PixelCoordinate?
        var alpha: UInt8?
        if element.pointee.placement != .none {
            let (u, v) = element.imagePoint(local.x, local.y)
            if let (px, py) = element.pixel(u, v) {
                pixel = PixelCoordinate(x: px, y: py)
                alpha = element.alpha(px, py)
            }
        }
        let elementIndex = ElementIndex(rawValue: Int32(index))
        return Hit(
            element: elementIndex, id: storage.ids[index], path: path(of: elementIndex),
            localPoint: Point(x: local.x, y: local.y), pixel: pixel, alpha: alpha)
    }
}
