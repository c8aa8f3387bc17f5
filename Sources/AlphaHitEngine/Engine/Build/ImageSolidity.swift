import AlphaHitBasics

/// What an element's image shows under a rectangle of its local space: whether any of the pixels
/// under it is solid, whether all are, and whether every point of it falls on the image.
///
/// The one rule both build-time proofs use: a grid cell's verdict (``EngineBuilder/cellVerdict(element:cell:records:counts:)``)
/// and an answer tile's (``TileProof``).
struct ImageSolidity: Equatable {
    var anySolid: Bool
    /// False also when the pixels were too many to read (see ``ElementHandle/solidity(under:counts:pixelLimit:)``).
    var allSolid: Bool
    var onImage: Bool
}

extension ElementHandle {
    /// The solidity of the pixels under the local rectangle `x0...x1 × y0...y1`, for an image placed
    /// by stretching, aspect or natural size, or by cap insets within one branch of their map on
    /// each axis (``CompiledElement/cappedPieces(_:_:extent:natural:low:high:tiles:)``): each axis
    /// maps to image points and pixels monotonically, so the pixels under the two corners bound
    /// those under every point between.
    ///
    /// - Parameters:
    ///   - counts: the image's solid-pixel counts at the element's threshold, if built (one lookup);
    ///     else the pixels are read, the stored ones only.
    ///   - pixelLimit: the most pixels to read; beyond it the answer is "some solid, not all" (the
    ///     undecided answer for both proofs), without reading any.
    /// - Returns: nil when no point of the rectangle falls on the image, or a corner maps to no number.
    func solidity(under x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, counts: SolidPixelCounts.Reader?, pixelLimit: Int = .max) -> ImageSolidity? {
        assert(record.placement != .none, "only for an image")
        let (u0, v0) = imagePoint(x0, y0), (u1, v1) = imagePoint(x1, y1)
        let (iw, ih) = (record.imageWidth, record.imageHeight)
        // An image without extent has no point on it (`pixel` finds none): nothing can be solid.
        guard iw > 0, ih > 0, u1 >= 0, u0 < iw, v1 >= 0, v0 < ih, !u0.isNaN, !v0.isNaN, !u1.isNaN, !v1.isNaN else { return nil }
        let onImage = u0 >= 0 && u1 < iw && v0 >= 0 && v1 < ih
        // The corners' pixels, with image points off the image moved onto its nearest edge.
        func clamped(_ value: Double, _ extent: Double) -> Double { min(max(value, 0), extent.nextDown) }
        let (px0, py0) = pixel(clamped(u0, iw), clamped(v0, ih))!
        let (px1, py1) = pixel(clamped(u1, iw), clamped(v1, ih))!
        // Corners out of order would mean a map that is not monotonic: say "undecided", never trap.
        guard px0 <= px1, py0 <= py1 else { return ImageSolidity(anySolid: true, allSolid: false, onImage: onImage) }
        let total = (px1 - px0 + 1) * (py1 - py0 + 1)
        if let counts {
            let solid = counts.count(x0: px0, y0: py0, x1: px1, y1: py1)
            return ImageSolidity(anySolid: solid > 0, allSolid: solid == total, onImage: onImage)
        }
        guard total <= pixelLimit else { return ImageSolidity(anySolid: true, allSolid: false, onImage: onImage) }
        // Only the stored pixels can be solid: a scan of the rest would cost a frame's declared
        // size, however little it stores.
        let stored = storedPixels
        let xs = (px0..<px1 + 1).clamped(to: stored.x), ys = (py0..<py1 + 1).clamped(to: stored.y)
        var anySolid = false, allSolid = xs.count * ys.count == total
        for y in ys {
            for x in xs {
                if isSolidPixel(x, y) { anySolid = true } else { allSolid = false }
            }
            if anySolid && !allSolid { break }
        }
        return ImageSolidity(anySolid: anySolid, allSolid: allSolid, onImage: onImage)
    }
}
