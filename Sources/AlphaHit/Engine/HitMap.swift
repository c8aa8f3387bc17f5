/// Which element owns each pixel of a picture of the layout: the front-most element hit at the
/// pixel's centre. Pixel (px, py) samples the layout point ((px + 0.5) / scale, (py + 0.5) / scale).
public struct HitMap: Sendable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// The owner of each pixel, row-major; nil where nothing is hit.
    public let owners: [ElementIndex?]

    /// The layout point a pixel samples.
    public func point(ofPixelX x: Int, y: Int) -> Point {
        Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
    }
}

extension HitTester {
    /// The area a hit map covers, in points: the canvas when the layout has one, else from the
    /// origin to the far edges of everything that can be hit.
    public var mapExtent: Size {
        if tables.hasCanvas { return Size(width: tables.canvasWidth, height: tables.canvasHeight) }
        guard tables.cellStart[tables.columns * tables.rows] > 0 else { return Size(width: 0, height: 0) }
        return Size(width: max(0, tables.gridMaxX), height: max(0, tables.gridMaxY))
    }

    /// The pixel size of a hit map at `scale`, or nil when it is not a sensible number.
    public func mapSize(scale: Double) -> (width: Int, height: Int)? {
        let extent = mapExtent
        let width = (extent.width * scale).rounded(.up), height = (extent.height * scale).rounded(.up)
        guard scale > 0, width.isFinite, height.isFinite, width < 1e9, height < 1e9 else { return nil }
        return (Int(width), Int(height))
    }

    /// The owner of every pixel of the layout at `scale` pixels per point (resolved as one batch).
    ///
    /// - Precondition: ``mapSize(scale:)`` is not nil.
    public func hitMap(scale: Double = 1) -> HitMap {
        let (width, height) = mapSize(scale: scale)!
        var points: [Point] = []
        points.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { points.append(Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)) }
        }
        return HitMap(width: width, height: height, scale: scale, owners: hitElements(at: points))
    }
}
