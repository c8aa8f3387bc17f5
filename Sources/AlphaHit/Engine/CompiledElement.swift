#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One element flattened for the hot path: plain numbers and one raw pointer, no references.
/// Built once by ``HitTester`` and never changed; the image bytes it points at are kept alive
/// by the engine's storage.
@usableFromInline
struct CompiledElement {
    @usableFromInline enum ShapeKind: UInt8 { case rect, ellipse, roundedRect, none }
    @usableFromInline enum Placement: UInt8 { case none, scaleToFill, scaled, natural, capInsets }

    // Fields in the order a query reads them, so the first cache line serves most tests.
    @usableFromInline var originX = 0.0, originY = 0.0, width = 0.0, height = 0.0
    @usableFromInline var hasTransform = false
    @usableFromInline var clipsToBounds = false
    @usableFromInline var shape = ShapeKind.rect
    @usableFromInline var placement = Placement.none
    @usableFromInline var minAlpha: UInt8 = 0
    @usableFromInline var corners: UInt8 = 0
    /// This element's ancestors and itself, root first, at `chains[chainStart ..< chainStart + chainLength]`.
    @usableFromInline var chainLength: Int32 = 0
    @usableFromInline var chainStart: Int32 = 0
    @usableFromInline var parent: Int32 = -1

    // Image.
    @usableFromInline var pixels: UnsafePointer<UInt8>? = nil
    @usableFromInline var bytesPerRow = 0
    @usableFromInline var pixelWidth = 0, pixelHeight = 0
    @usableFromInline var scale = 1.0
    @usableFromInline var imageWidth = 0.0, imageHeight = 0.0
    /// Offsets and factor of scaled (aspectFit/aspectFill) or natural-size placement.
    @usableFromInline var offsetX = 0.0, offsetY = 0.0, factor = 1.0
    @usableFromInline var capTop = 0.0, capLeft = 0.0, capBottom = 0.0, capRight = 0.0
    @usableFromInline var tiles = false

    // Transform: parent point P to local point L.
    @usableFromInline var centreX = 0.0, centreY = 0.0
    @usableFromInline var inverseA = 1.0, inverseB = 0.0, inverseC = 0.0, inverseD = 1.0
    @usableFromInline var translateX = 0.0, translateY = 0.0

    // Shape.
    @usableFromInline var cornerRadius = 0.0

    /// One axis of a resizable image with caps `low` and `high` (left/right or top/bottom).
    @inlinable @inline(__always)
    static func capped(_ l: Double, extent w: Double, natural iw: Double, low: Double, high: Double, tiles: Bool) -> Double {
        if w >= low + high {
            if l < low { return l }
            if l >= w - high { return iw - (w - l) }
            if tiles { return low + fmod(l - low, iw - low - high) }
            return low + (l - low) * (iw - low - high) / (w - low - high)
        }
        let k = w / (low + high)
        return l < low * k ? l / k : iw - (w - l) / k
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
        0 <= x && x < pointee.width && 0 <= y && y < pointee.height
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

    /// The image point (u, v) the local point falls on, before the on-image check.
    @inlinable @inline(__always)
    func imagePoint(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
        switch pointee.placement {
        case .none, .scaleToFill:
            return (x * pointee.imageWidth / pointee.width, y * pointee.imageHeight / pointee.height)
        case .scaled:
            return ((x - pointee.offsetX) / pointee.factor, (y - pointee.offsetY) / pointee.factor)
        case .natural:
            return (x - pointee.offsetX, y - pointee.offsetY)
        case .capInsets:
            return (
                CompiledElement.capped(x, extent: pointee.width, natural: pointee.imageWidth, low: pointee.capLeft, high: pointee.capRight, tiles: pointee.tiles),
                CompiledElement.capped(y, extent: pointee.height, natural: pointee.imageHeight, low: pointee.capTop, high: pointee.capBottom, tiles: pointee.tiles)
            )
        }
    }

    /// The pixel under image point (u, v), or nil when (u, v) is off the drawn image.
    @inlinable @inline(__always)
    func pixel(_ u: Double, _ v: Double) -> (x: Int, y: Int)? {
        guard 0 <= u && u < pointee.imageWidth && 0 <= v && v < pointee.imageHeight else { return nil }
        // u and v are not negative here, so truncation is floor, without a call to floor().
        let px = Swift.min(Int(u * pointee.scale), pointee.pixelWidth - 1)
        let py = Swift.min(Int(v * pointee.scale), pointee.pixelHeight - 1)
        return (px, py)
    }

    @inlinable @inline(__always)
    func alpha(_ x: Int, _ y: Int) -> UInt8 {
        pointee.pixels.unsafelyUnwrapped[y &* pointee.bytesPerRow &+ x]
    }

    /// Whether the element's own shape is hit at local point (x, y): bounds, shape, then image.
    ///
    /// The common cases — a rectangle with an image at natural size (or stretched to exactly its
    /// own size), or with no image — are tested inline; the rest in `ownHitGeneral`.
    @inlinable @inline(__always)
    func ownHit(_ x: Double, _ y: Double) -> Bool {
        guard boundsContain(x, y) else { return false }
        if pointee.shape == .rect {
            if pointee.placement == .none { return true }
            if pointee.placement == .natural {
                let u = x - pointee.offsetX, v = y - pointee.offsetY
                guard 0 <= u && u < pointee.imageWidth && 0 <= v && v < pointee.imageHeight else { return false }
                let px = Swift.min(Int(u * pointee.scale), pointee.pixelWidth &- 1)
                let py = Swift.min(Int(v * pointee.scale), pointee.pixelHeight &- 1)
                return alpha(px, py) >= pointee.minAlpha
            }
        }
        return ownHitGeneral(x, y)
    }

    /// Every shape and placement; out of line to keep the inlined query small.
    @usableFromInline @inline(never)
    func ownHitGeneral(_ x: Double, _ y: Double) -> Bool {
        guard shapeContains(x, y) else { return false }
        guard pointee.placement != .none else { return true }
        let (u, v) = imagePoint(x, y)
        guard let (px, py) = pixel(u, v) else { return false }
        return alpha(px, py) >= pointee.minAlpha
    }

}
