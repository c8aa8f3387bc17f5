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
        self.minAlpha = compiled.minAlpha
        self.owner = Table([compiled])
        self.element = ElementHandle(owner.view, 0)
    }

    /// Whether `point` (local, in points) lands on a solid pixel. For ``PixelFormat/mask1(minAlpha:)``
    /// images the mask's own `minAlpha` decides, whatever the threshold given here.
    @inlinable @inline(__always)
    public func contains(_ point: Point) -> Bool {
        // The element's own test (ElementHitTest.swift), on this image's pixels in any format.
        element.imageRectangleHit(point.x, point.y) { image.alpha(atX: $0, y: $1) }
    }
}
