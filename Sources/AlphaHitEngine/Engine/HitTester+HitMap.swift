import AlphaHitBasics

extension HitTester {
    /// The longest side a hit map may have, in pixels.
    public static let maximumHitMapSide = 1 << 20

    /// The scales a hit map may have, in pixels per point: beyond them a pixel's area in points
    /// is no longer a finite, non-zero number.
    public static let hitMapScales = 1e-6...1e6

    /// How many pixels a job over a whole hit map (``audit(scale:tolerance:minimumSize:maximumPixels:)``,
    /// the command line's pictures and pages) visits by default: 2^27, about 134 million (the 10,000-element sample's page and its audit take 104 million).
    public static let defaultMapPixelBudget = 1 << 27

    /// The area a hit map covers, in points: the canvas when the layout has one, else from the
    /// origin to the far edges of everything that can be hit (zero when nothing can be).
    public var mapExtent: Size {
        if let canvas = storage.canvas { return canvas }
        return Size(width: max(0, storage.contentMaxX), height: max(0, storage.contentMaxY))
    }

    /// The hit map of the layout at `scale` pixels per point, covering ``mapExtent``
    /// (`ceil(extent × scale)` pixels a side): each pixel's owner is what ``elementIndex(at:tolerance:)``
    /// answers at its centre.
    ///
    /// - Parameter tolerance: the query's touch tolerance in points (nil: the layout's default).
    /// - Throws: ``HitMapError`` when `scale` is outside ``hitMapScales``, or when a side would
    ///   exceed ``maximumHitMapSide`` pixels.
    public func hitMap(scale: Double = 1, tolerance: Double? = nil) throws(HitMapError) -> HitMap {
        guard Self.hitMapScales.contains(scale) else { throw .invalidScale(scale) }
        let extent = mapExtent
        let width = (extent.width * scale).rounded(.up), height = (extent.height * scale).rounded(.up)
        guard width <= Double(Self.maximumHitMapSide), height <= Double(Self.maximumHitMapSide) else {
            throw .tooLarge(width: width, height: height)
        }
        return HitMap(width: Int(width), height: Int(height), scale: scale, engine: self, tolerance: tolerance)
    }
}
