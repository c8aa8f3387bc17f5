import AlphaHitBasics

import AlphaHitImages

// The one home of "what counts as a hit for one element" (`Docs/HitTesting.md`, "An element's own
// test"): `probe` is the general definition, test by test; `isHit(_:)` reduces it to yes or no by
// the threshold rule (`AlphaThreshold.isSolid`); `ownHit` is the fast variant the queries run,
// held against `probe` on random elements and points by ElementHitTestTests.

/// What an element's own test finds at a local point, test by test: the general definition that
/// `explain`, full hit results, audits and the fast path's fallback all share.
@usableFromInline
enum OwnProbe: Equatable {
    case outsideBounds
    case outsideShape
    /// Inside the shape of an element without an image: solid.
    case noImage
    case offImage
    case pixel(x: Int, y: Int, alpha: UInt8)
}

extension CompiledElement {
    /// `0 ≤ x < width` and `0 ≤ y < height` (false for NaN), as one branch: four comparisons
    /// joined by `&&` are four branches, which random points mispredict.
    @inlinable @inline(__always)
    static func within(_ x: Double, _ width: Double, _ y: Double, _ height: Double) -> Bool {
        (0 <= x ? 1 : 0) & (x < width ? 1 : 0) & (0 <= y ? 1 : 0) & (y < height ? 1 : 0) != 0
    }
}

/// The tests a query runs, read field by field through the handle: calling methods on the large
/// struct itself would copy all of it for every candidate.
extension ElementHandle {
    /// The parent-space point `p` in this element's local space: `L = C + M⁻¹·(P − O − C − t)`,
    /// evaluated in exactly that order (plain `P − O` without a transform).
    @inlinable @inline(__always)
    func localPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let px = x - record.originX, py = y - record.originY
        guard record.hasTransform else { return (px, py) }
        let inverse = InverseTransform(
            a: record.inverseA, b: record.inverseB, c: record.inverseC, d: record.inverseD, translateX: record.translateX, translateY: record.translateY)
        return inverse.localPoint(px, py, centreX: record.centreX, centreY: record.centreY)
    }

    /// Half-open bounds `[0, width) × [0, height)`.
    @inlinable @inline(__always)
    func boundsContain(_ x: Double, _ y: Double) -> Bool {
        CompiledElement.within(x, record.width, y, record.height)
    }

    /// Whether a local point inside the bounds is inside the shape.
    @inlinable @inline(__always)
    func shapeContains(_ x: Double, _ y: Double) -> Bool {
        switch record.shape {
        case .rect:
            return true
        case .none:
            return false
        case .ellipse:
            let halfWidth = record.width / 2, halfHeight = record.height / 2
            let nx = (x - halfWidth) / halfWidth, ny = (y - halfHeight) / halfHeight
            return nx * nx + ny * ny <= 1
        case .roundedRect:
            let r = record.cornerRadius
            guard r > 0 else { return true }
            let left = x < r, right = x >= record.width - r, top = y < r, bottom = y >= record.height - r
            var circleX = 0.0, circleY = 0.0
            if top && left && record.corners & 1 != 0 {
                (circleX, circleY) = (r, r)
            } else if top && right && record.corners & 2 != 0 {
                (circleX, circleY) = (record.width - r, r)
            } else if bottom && left && record.corners & 4 != 0 {
                (circleX, circleY) = (r, record.height - r)
            } else if bottom && right && record.corners & 8 != 0 {
                (circleX, circleY) = (record.width - r, record.height - r)
            } else {
                return true
            }
            let dx = x - circleX, dy = y - circleY
            return dx * dx + dy * dy <= r * r
        }
    }

    /// The image point (u, v), in image points, that local point (x, y) falls on.
    @inlinable @inline(__always)
    func imagePoint(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
        switch record.placement {
        case .none, .scaleToFill:
            return (x * record.imageWidth / record.width, y * record.imageHeight / record.height)
        case .scaled:
            return ((x - record.offsetX) / record.factor, (y - record.offsetY) / record.factor)
        case .natural, .identity:
            return (x - record.offsetX, y - record.offsetY)
        case .capInsets:
            return (
                CompiledElement.capped(x, extent: record.width, natural: record.imageWidth, low: record.capLeft, high: record.capRight, tiles: record.tiles),
                CompiledElement.capped(y, extent: record.height, natural: record.imageHeight, low: record.capTop, high: record.capBottom, tiles: record.tiles)
            )
        }
    }

    /// The pixel under image point (u, v): `(floor(u·s), floor(v·s))` kept inside the image, or
    /// nil when (u, v) is off the drawn image `[0, iw) × [0, ih)`.
    @inlinable @inline(__always)
    func pixel(_ u: Double, _ v: Double) -> (x: Int, y: Int)? {
        guard CompiledElement.within(u, record.imageWidth, v, record.imageHeight) else { return nil }
        // u and v are not negative here, so truncation is floor, without a call to floor(); and
        // u·s < iw·s, about the pixel width, is in Int's range, so it needs no check.
        let px = Swift.min(Int(uncheckedTruncating: u * record.scale), record.pixelWidth &- 1)
        let py = Swift.min(Int(uncheckedTruncating: v * record.scale), record.pixelHeight &- 1)
        return (px, py)
    }

    /// The pixel under local point (x, y), inside the bounds, or nil when the point is off the drawn image.
    ///
    /// Natural-size placement, the common case, is mapped inline without the placement switch;
    /// for `identity` the bounds are the image, so (floor(x), floor(y)) is the pixel: x < width
    /// = pixelWidth, a whole number, makes the truncation at most pixelWidth − 1.
    @inlinable @inline(__always)
    func pixelUnder(_ x: Double, _ y: Double) -> (x: Int, y: Int)? {
        if record.placement == .identity { return (Int(uncheckedTruncating: x), Int(uncheckedTruncating: y)) }
        if record.placement == .natural { return pixel(x - record.offsetX, y - record.offsetY) }
        return pixelUnderGeneral(x, y)
    }

    /// Every other placement; out of line to keep the inlined callers small.
    @usableFromInline @inline(never)
    func pixelUnderGeneral(_ x: Double, _ y: Double) -> (x: Int, y: Int)? {
        let (u, v) = imagePoint(x, y)
        return pixel(u, v)
    }

    /// The alpha of pixel (x, y) of the element's image (inside the image): its alpha8 plane, or
    /// for an atlas frame the sheet's pixel, read in place.
    @inlinable @inline(__always)
    func alpha(_ x: Int, _ y: Int) -> UInt8 {
        // Every caller maps to a pixel inside the image first; debug builds hold them to it.
        assert(x >= 0 && x < record.pixelWidth && y >= 0 && y < record.pixelHeight, "pixel (\(x), \(y)) outside the \(record.pixelWidth) x \(record.pixelHeight) image")
        if _slowPath(record.isFrame) { return frameAlpha(x, y) }
        return record.pixels.unsafelyUnwrapped[y &* record.bytesPerRow &+ x]
    }

    /// The pixels of the image that can be solid, as half-open ranges: for a frame its stored pixels
    /// (the rest is trimmed, alpha 0), else the whole image. Scans of an image visit only these, so
    /// that a frame declaring a huge source size around a few stored pixels costs what it stores.
    var storedPixels: (x: Range<Int>, y: Range<Int>) {
        guard record.isFrame else { return (0..<record.pixelWidth, 0..<record.pixelHeight) }
        let x0 = min(max(record.trimX, 0), record.pixelWidth), y0 = min(max(record.trimY, 0), record.pixelHeight)
        return (x0..<max(x0, min(record.trimX + record.trimWidth, record.pixelWidth)), y0..<max(y0, min(record.trimY + record.trimHeight, record.pixelHeight)))
    }

    /// A frame's pixel: transparent where the packer trimmed, else the stored pixel, rotation undone.
    @inlinable @inline(__always)
    func frameAlpha(_ x: Int, _ y: Int) -> UInt8 {
        let u = x &- record.trimX, v = y &- record.trimY
        guard u >= 0 && u < record.trimWidth && v >= 0 && v < record.trimHeight else { return 0 }
        return record.pixels.unsafelyUnwrapped[u &* record.frameStrideX &+ v &* record.frameStrideY]
    }

    /// The element's own test at local point (x, y), saying which part decided: bounds, then shape,
    /// then the image's pixel. The one general definition of "what is under a local point".
    func probe(_ x: Double, _ y: Double) -> OwnProbe {
        probe(x, y) { alpha($0, $1) }
    }

    /// ``probe(_:_:)`` with the pixels read by `alphaAt` (for an image the element does not point
    /// into: ``ImageHitRegion``'s, in any pixel format).
    @inlinable @inline(__always)
    func probe(_ x: Double, _ y: Double, alphaAt: (Int, Int) -> UInt8) -> OwnProbe {
        guard boundsContain(x, y) else { return .outsideBounds }
        guard shapeContains(x, y) else { return .outsideShape }
        guard record.placement != .none else { return .noImage }
        guard let (px, py) = pixelUnder(x, y) else { return .offImage }
        return .pixel(x: px, y: py, alpha: alphaAt(px, py))
    }

    /// Whether what ``probe(_:_:)`` found is a hit: inside the shape without an image, or on a
    /// pixel the threshold calls solid.
    @inlinable @inline(__always)
    func isHit(_ probe: OwnProbe) -> Bool {
        switch probe {
        case .noImage: true
        case .pixel(_, _, let alpha): AlphaThreshold.isSolid(alpha: alpha, minimumAlpha: record.minAlpha)
        case .outsideBounds, .outsideShape, .offImage: false
        }
    }

    /// ``probe(_:_:alphaAt:)`` reduced by ``isHit(_:)`` for a rectangle with an image (the one
    /// element of an ``ImageHitRegion``): the shape step, always inside, is left out. Held against
    /// the general form by ElementHitTestTests.
    @inlinable @inline(__always)
    func imageRectangleHit(_ x: Double, _ y: Double, alphaAt: (Int, Int) -> UInt8) -> Bool {
        assert(record.shape == .rect && record.placement != .none, "only for a rectangle with an image")
        guard boundsContain(x, y), let (px, py) = pixelUnder(x, y) else { return false }
        return AlphaThreshold.isSolid(alpha: alphaAt(px, py), minimumAlpha: record.minAlpha)
    }

    /// Whether the element's pixel (x, y), inside the image, is solid by its threshold: what scans
    /// of an element's image (pruning, counts, runs, diagnostics) ask of every pixel.
    @inlinable @inline(__always)
    func isSolidPixel(_ x: Int, _ y: Int) -> Bool {
        AlphaThreshold.isSolid(alpha: alpha(x, y), minimumAlpha: record.minAlpha)
    }

    /// Whether the element's own shape is hit at local point (x, y): ``probe(_:_:)`` reduced to
    /// yes or no: rectangles without an image or with one at natural size or stretched are tested
    /// inline (guarded by the index-vs-scan property test), everything else out of line.
    @inlinable @inline(__always)
    func ownHit(_ x: Double, _ y: Double) -> Bool {
        guard boundsContain(x, y) else { return false }
        if record.shape == .rect {
            if record.placement == .none { return true }
            if record.placement == .identity { return isSolidPixel(Int(uncheckedTruncating: x), Int(uncheckedTruncating: y)) }
            if record.placement == .natural {
                guard let (px, py) = pixel(x - record.offsetX, y - record.offsetY) else { return false }
                return isSolidPixel(px, py)
            }
            if record.placement == .scaleToFill {
                // `imagePoint`'s stretch, in its order of operations.
                guard let (px, py) = pixel(x * record.imageWidth / record.width, y * record.imageHeight / record.height) else { return false }
                return isSolidPixel(px, py)
            }
        }
        return ownHitGeneral(x, y)
    }

    /// Every shape and placement; out of line to keep the inlined query small.
    @usableFromInline @inline(never)
    func ownHitGeneral(_ x: Double, _ y: Double) -> Bool {
        isHit(probe(x, y))
    }
}
