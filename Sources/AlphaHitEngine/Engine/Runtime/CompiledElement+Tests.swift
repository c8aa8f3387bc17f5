import AlphaHitBasics

/// What an element's own test finds at a local point, test by test: the general definition that
/// `explain`, full hit results and the fast path's fallback all share.
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

/// The tests a query runs, read field by field through the pointer: calling methods on the large
/// struct itself would copy all of it for every candidate.
extension UnsafePointer where Pointee == CompiledElement {
    /// The parent-space point `p` in this element's local space: `L = C + M⁻¹·(P − O − C − t)`,
    /// evaluated in exactly that order (plain `P − O` without a transform).
    @inlinable @inline(__always)
    func localPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let px = x - pointee.originX, py = y - pointee.originY
        guard pointee.hasTransform else { return (px, py) }
        let dx = px - pointee.centreX - pointee.translateX, dy = py - pointee.centreY - pointee.translateY
        return (pointee.centreX + (pointee.inverseA * dx + pointee.inverseC * dy), pointee.centreY + (pointee.inverseB * dx + pointee.inverseD * dy))
    }

    /// Half-open bounds `[0, width) × [0, height)`.
    @inlinable @inline(__always)
    func boundsContain(_ x: Double, _ y: Double) -> Bool {
        CompiledElement.within(x, pointee.width, y, pointee.height)
    }

    /// Whether a local point inside the bounds is inside the shape.
    @inlinable @inline(__always)
    func shapeContains(_ x: Double, _ y: Double) -> Bool {
        switch pointee.shape {
        case .rect:
            return true
        case .none:
            return false
        case .ellipse:
            let halfWidth = pointee.width / 2, halfHeight = pointee.height / 2
            let nx = (x - halfWidth) / halfWidth, ny = (y - halfHeight) / halfHeight
            return nx * nx + ny * ny <= 1
        case .roundedRect:
            let r = pointee.cornerRadius
            guard r > 0 else { return true }
            let left = x < r, right = x >= pointee.width - r, top = y < r, bottom = y >= pointee.height - r
            var circleX = 0.0, circleY = 0.0
            if top && left && pointee.corners & 1 != 0 {
                (circleX, circleY) = (r, r)
            } else if top && right && pointee.corners & 2 != 0 {
                (circleX, circleY) = (pointee.width - r, r)
            } else if bottom && left && pointee.corners & 4 != 0 {
                (circleX, circleY) = (r, pointee.height - r)
            } else if bottom && right && pointee.corners & 8 != 0 {
                (circleX, circleY) = (pointee.width - r, pointee.height - r)
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
        switch pointee.placement {
        case .none, .scaleToFill:
            return (x * pointee.imageWidth / pointee.width, y * pointee.imageHeight / pointee.height)
        case .scaled:
            return ((x - pointee.offsetX) / pointee.factor, (y - pointee.offsetY) / pointee.factor)
        case .natural, .identity:
            return (x - pointee.offsetX, y - pointee.offsetY)
        case .capInsets:
            return (
                CompiledElement.capped(x, extent: pointee.width, natural: pointee.imageWidth, low: pointee.capLeft, high: pointee.capRight, tiles: pointee.tiles),
                CompiledElement.capped(y, extent: pointee.height, natural: pointee.imageHeight, low: pointee.capTop, high: pointee.capBottom, tiles: pointee.tiles)
            )
        }
    }

    /// The pixel under image point (u, v): `(floor(u·s), floor(v·s))` kept inside the image, or
    /// nil when (u, v) is off the drawn image `[0, iw) × [0, ih)`.
    @inlinable @inline(__always)
    func pixel(_ u: Double, _ v: Double) -> (x: Int, y: Int)? {
        guard CompiledElement.within(u, pointee.imageWidth, v, pointee.imageHeight) else { return nil }
        // u and v are not negative here, so truncation is floor, without a call to floor().
        let px = Swift.min(Int(u * pointee.scale), pointee.pixelWidth &- 1)
        let py = Swift.min(Int(v * pointee.scale), pointee.pixelHeight &- 1)
        return (px, py)
    }

    /// The pixel under local point (x, y), inside the bounds, or nil when the point is off the drawn image.
    ///
    /// Natural-size placement, the common case, is mapped inline without the placement switch;
    /// for `identity` the bounds are the image, so (floor(x), floor(y)) is the pixel: x < width
    /// = pixelWidth, a whole number, makes the truncation at most pixelWidth − 1.
    @inlinable @inline(__always)
    func pixelUnder(_ x: Double, _ y: Double) -> (x: Int, y: Int)? {
        if pointee.placement == .identity { return (Int(x), Int(y)) }
        if pointee.placement == .natural { return pixel(x - pointee.offsetX, y - pointee.offsetY) }
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
        if _slowPath(pointee.isFrame) { return frameAlpha(x, y) }
        return pointee.pixels.unsafelyUnwrapped[y &* pointee.bytesPerRow &+ x]
    }

    /// The pixels of the image that can be solid, as half-open ranges: for a frame its stored pixels
    /// (the rest is trimmed, alpha 0), else the whole image. Scans of an image visit only these, so
    /// that a frame declaring a huge source size around a few stored pixels costs what it stores.
    var storedPixels: (x: Range<Int>, y: Range<Int>) {
        guard pointee.isFrame else { return (0..<pointee.pixelWidth, 0..<pointee.pixelHeight) }
        let x0 = min(max(pointee.trimX, 0), pointee.pixelWidth), y0 = min(max(pointee.trimY, 0), pointee.pixelHeight)
        return (x0..<max(x0, min(pointee.trimX + pointee.trimWidth, pointee.pixelWidth)), y0..<max(y0, min(pointee.trimY + pointee.trimHeight, pointee.pixelHeight)))
    }

    /// A frame's pixel: transparent where the packer trimmed, else the stored pixel, rotation undone.
    @inlinable @inline(__always)
    func frameAlpha(_ x: Int, _ y: Int) -> UInt8 {
        let u = x &- pointee.trimX, v = y &- pointee.trimY
        guard u >= 0 && u < pointee.trimWidth && v >= 0 && v < pointee.trimHeight else { return 0 }
        return pointee.pixels.unsafelyUnwrapped[u &* pointee.frameStrideX &+ v &* pointee.frameStrideY]
    }

    /// The element's own test at local point (x, y), saying which part decided: bounds, then shape,
    /// then the image's pixel. The one general definition of "what is under a local point".
    func probe(_ x: Double, _ y: Double) -> OwnProbe {
        guard boundsContain(x, y) else { return .outsideBounds }
        guard shapeContains(x, y) else { return .outsideShape }
        guard pointee.placement != .none else { return .noImage }
        guard let (px, py) = pixelUnder(x, y) else { return .offImage }
        return .pixel(x: px, y: py, alpha: alpha(px, py))
    }

    /// Whether the element's own shape is hit at local point (x, y): ``probe(_:_:)`` reduced to
    /// yes or no: rectangles without an image or with one at natural size or stretched are tested
    /// inline (guarded by the index-vs-scan property test), everything else out of line.
    @inlinable @inline(__always)
    func ownHit(_ x: Double, _ y: Double) -> Bool {
        guard boundsContain(x, y) else { return false }
        if pointee.shape == .rect {
            if pointee.placement == .none { return true }
            if pointee.placement == .identity { return alpha(Int(x), Int(y)) >= pointee.minAlpha }
            if pointee.placement == .natural {
                guard let (px, py) = pixel(x - pointee.offsetX, y - pointee.offsetY) else { return false }
                return alpha(px, py) >= pointee.minAlpha
            }
            if pointee.placement == .scaleToFill {
                // `imagePoint`'s stretch, in its order of operations.
                guard let (px, py) = pixel(x * pointee.imageWidth / pointee.width, y * pointee.imageHeight / pointee.height) else { return false }
                return alpha(px, py) >= pointee.minAlpha
            }
        }
        return ownHitGeneral(x, y)
    }

    /// Every shape and placement; out of line to keep the inlined query small.
    @usableFromInline @inline(never)
    func ownHitGeneral(_ x: Double, _ y: Double) -> Bool {
        switch probe(x, y) {
        case .noImage: true
        case .pixel(_, _, let alpha): alpha >= pointee.minAlpha
        case .outsideBounds, .outsideShape, .offImage: false
        }
    }
}
