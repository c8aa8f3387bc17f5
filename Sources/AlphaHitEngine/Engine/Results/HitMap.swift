import AlphaHitBasics

/// A picture of the layout in which each pixel names the element that owns it: the element a tap
/// at the pixel's centre selects (the front-most hit, else the nearest within its touch tolerance). Pixel (px, py) samples the layout point
/// ((px + 0.5) / scale, (py + 0.5) / scale).
///
/// Owners are resolved on demand, band by band, so a map of any size needs the memory of one
/// band, never an array of every pixel. Made by ``HitTester/hitMap(scale:)``.
public struct HitMap: Sendable {
    /// Width in pixels (at least 0).
    public let width: Int
    /// Height in pixels (at least 0).
    public let height: Int
    /// Pixels per point (finite, > 0).
    public let scale: Double
    let engine: HitTester
    /// The query's touch tolerance (nil: the layout's); ignored when `exact`.
    let tolerance: Double?
    /// Exact hits only, whatever tolerance the layout sets (for what pixels elements own).
    var exact = false

    /// The layout point pixel (`x`, `y`) samples.
    public func point(ofPixelX x: Int, y: Int) -> Point {
        Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
    }

    /// The pixels along one side (`count` of them) whose sample points may lie in the layout
    /// interval [`low`, `high`] (rounded outwards), or nil when none does. Any Double goes in: an
    /// interval off the map gives nil, never a trap.
    func pixels(from low: Double, to high: Double, count: Int) -> ClosedRange<Int>? {
        let first = (low * scale - 0.5).rounded(.down), last = (high * scale - 0.5).rounded(.up)
        guard count > 0, !first.isNaN, !last.isNaN, first <= last, last >= 0, first <= Double(count - 1) else { return nil }
        return Int(clamping: first, to: 0...count - 1)...Int(clamping: last, to: 0...count - 1)
    }

    /// The answer at one layout point, as the map resolves its pixels.
    func owner(at point: Point) -> ElementIndex? {
        exact ? engine.queryTables.frontMost(point.x, point.y).map { engine.queryTables.index(ofPosition: $0) } : engine.elementIndex(at: point, tolerance: tolerance)
    }

    /// An owner's position in the engine's pre-order listing (``HitTester/position(of:)``).
    package func position(of owner: ElementIndex) -> Int { engine.position(of: owner) }

    /// The owner of every pixel of `rows`, row-major (`width` per row); nil where nothing is hit.
    ///
    /// - Precondition: `rows` lies within `0..<height`.
    public func owners(inRows rows: Range<Int>) -> [ElementIndex?] {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) outside the map's 0..<\(height)")
        var points: [Point] = []
        points.reserveCapacity(rows.count * width)
        for y in rows {
            for x in 0..<width { points.append(point(ofPixelX: x, y: y)) }
        }
        return [ElementIndex?](unsafeUninitializedCapacity: points.count) { results, initialized in
            points.withUnsafeBufferPointer { engine.resolveAll($0, into: results, tolerance: tolerance, exact: exact, threads: 0) }
            initialized = points.count
        }
    }

    /// Calls `body` with each band of at most `rowsPerBand` rows, top to bottom, and its owners
    /// (row-major, as ``owners(inRows:)``): the memory of one band at a time.
    public func forEachBand(rowsPerBand: Int = 64, _ body: (_ rows: Range<Int>, _ owners: [ElementIndex?]) throws -> Void) rethrows {
        let step = max(1, rowsPerBand)
        var start = 0
        while start < height {
            let rows = start..<min(height, start + step)
            try body(rows, owners(inRows: rows))
            start = rows.upperBound
        }
    }
}

/// Why ``HitTester/hitMap(scale:)`` cannot make a map.
public enum HitMapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scale is not a number within ``HitTester/hitMapScales``.
    case invalidScale(Double)
    /// A job over the map would visit more pixels than its budget allows.
    case overBudget(width: Int, height: Int, budget: Int)
    /// The map would be wider or taller than ``HitTester/maximumHitMapSide`` pixels.
    case tooLarge(width: Double, height: Double)

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "the scale \(scale) is not a number from 0.000001 to 1000000 pixels per point"
        case .overBudget(let width, let height, let budget):
            "a hit map of \(width)x\(height) pixels is over the budget of \(budget) pixels"
        case .tooLarge(let width, let height):
            "a hit map of \(Self.figure(width))x\(Self.figure(height)) pixels is too large (at most \(HitTester.maximumHitMapSide) pixels a side)"
        }
    }
}

extension HitMapError {
    private static func figure(_ value: Double) -> String {
        value < 1e15 ? String(Int(value)) : value.isFinite ? "\(value)" : "infinitely many"
    }
}
