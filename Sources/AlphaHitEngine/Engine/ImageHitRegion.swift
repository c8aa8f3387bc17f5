import AlphaHitBasics
import AlphaHitImages

/// One image stretched over a rectangle (the `scaleToFill` rule): the alpha test of a single
/// element, usable on its own — for one custom-shaped button, without building a layout.
///
/// A point (x, y) in the rectangle's local space (points) is inside when `0 <= x < width`,
/// `0 <= y < height`, and pixel `(floor(x·iw/width·s), floor(y·ih/height·s))` of the image, with
/// (iw, ih) its size in points and s its scale, has `alpha / 255 >= alphaThreshold`: the same
/// element test a ``HitTester`` runs. `contains` is inlined into the caller: no call, allocation or
/// reference counting per point.
public struct ImageHitRegion: Sendable {
    @usableFromInline let image: DecodedImage
    /// The element's placement, read through `element`.
    @usableFromInline let element: ElementHandle
    @usableFromInline let minAlpha: UInt8
    /// The image's pixels in place (kept alive by `image`).
    @usableFromInline let pixels: AlphaReader
    /// The rectangle, in points, and whether the image covers it at one pixel per point
    /// (`identity` placement): the common case, tested from these fields alone.
    @usableFromInline let width: Double, height: Double
    @usableFromInline let isIdentity: Bool
    /// Owns the one record `element` reads.
    let owner: Table<CompiledElement>

    /// Places `image` over a `size` rectangle.
    ///
    /// - Parameters:
    ///   - imageScale: image pixels per point (> 0); `image.width / imageScale` is its width in points.
    ///   - alphaThreshold: 0...1; a pixel is solid when `alpha / 255 >= alphaThreshold`.
    public init(image: DecodedImage, size: Size, imageScale: Double = 1, alphaThreshold: Double = AlphaThreshold.defaultValue) {
        precondition(imageScale > 0 && imageScale.isFinite, "imageScale must be a finite number > 0")
        precondition(alphaThreshold >= 0 && alphaThreshold <= 1, "alphaThreshold must be in 0...1")
        var compiled = CompiledElement()
        compiled.width = size.width
        compiled.height = size.height
        compiled.placeImage(
            pixelWidth: image.width, pixelHeight: image.height, scale: imageScale,
            minAlpha: AlphaThreshold.minimumAlpha(for: alphaThreshold), contentMode: .scaleToFill, capInsets: nil, tiles: false)
        self.image = image
        self.pixels = image.alphaReader
        self.width = size.width
        self.height = size.height
        self.isIdentity = compiled.placement == .identity
        self.minAlpha = compiled.minAlpha
        self.owner = Table([compiled])
        self.element = ElementHandle(owner.view, 0)
    }

    /// Whether `point` (local, in points) lands on a solid pixel. For ``PixelFormat/mask1(minAlpha:)``
    /// images the mask's own `minAlpha` decides, whatever the threshold given here.
    @inlinable @inline(__always)
    public func contains(_ point: Point) -> Bool {
        // Every field the identity case needs is read before the first branch, so that in a loop
        // the compiler keeps them in registers (a read behind a branch cannot be hoisted).
        let pixels = pixels, width = width, height = height, minAlpha = minAlpha
        if _fastPath(isIdentity) {
            // `imageRectangleHit` for identity placement: inside the bounds, pixel (⌊x⌋, ⌊y⌋),
            // which the bounds keep inside the image. Held to it by ElementHitTestTests. (A
            // branch-free form, reading pixel (0, 0) for points outside, measured 5× slower out
            // of cache: the load waits for the compares instead of being issued speculatively.)
            guard CompiledElement.within(point.x, width, point.y, height) else { return false }
            let alpha = pixels.alpha(atX: Int(uncheckedTruncating: point.x), y: Int(uncheckedTruncating: point.y))
            return AlphaThreshold.isSolid(alpha: alpha, minimumAlpha: minAlpha)
        }
        // The element's own test (ElementHitTest.swift), on this image's pixels in any format.
        return element.imageRectangleHit(point.x, point.y) { pixels.alpha(atX: $0, y: $1) }
    }
}
