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
    /// How `contains` tests this region: the distance between alpha bytes (1 or 4) when the image
    /// covers the rectangle at one pixel per point (`identity` placement) in a byte format,
    /// ``identityMask`` for a mask at identity (threshold above 0), ``placed`` otherwise. One
    /// integer, so that the common case costs one predicted branch, not one for the placement and
    /// one for the format.
    @usableFromInline let mode: Int
    /// The rectangle's size in pixels when `mode` is not ``placed`` (then its size in points).
    @usableFromInline let pixelWidth: UInt, pixelHeight: UInt
    @usableFromInline static var identityMask: Int { 0 }
    @usableFromInline static var placed: Int { -1 }
    /// Whether `contains` takes the identity path (a 1:1 image, but for a mask at threshold 0).
    var isIdentity: Bool { mode != Self.placed }
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
        // A mask at threshold 0 (every pixel solid, clear bits too) takes the general path, so
        // that the identity mask's test is its bit alone, with no compare with the threshold.
        if compiled.placement == .identity && (pixels.alphaShift >= 0 || compiled.minAlpha > 0) {
            mode = pixels.alphaShift >= 0 ? 1 << pixels.alphaShift : Self.identityMask
            // Identity placement means the size in points is the image's size in pixels.
            pixelWidth = UInt(image.width)
            pixelHeight = UInt(image.height)
        } else {
            mode = Self.placed
            pixelWidth = 0
            pixelHeight = 0
        }
        self.minAlpha = compiled.minAlpha
        self.owner = Table([compiled])
        self.element = ElementHandle(owner.view, 0)
    }

    /// Whether `point` (local, in points) lands on a solid pixel. For ``PixelFormat/mask1(minAlpha:)``
    /// images the mask's own `minAlpha` decides, whatever the threshold given here.
    @inlinable @inline(__always)
    public func contains(_ point: Point) -> Bool {
        // `imageRectangleHit` for identity placement (held to it by ElementHitTestTests), then the
        // general test.
        let mode = mode
        if _fastPath(mode > Self.identityMask) {
            guard let (x, y) = identityPixel(point) else { return false }
            return AlphaThreshold.isSolid(alpha: pixels.byteAlpha(atX: x, y: y, stride: mode), minimumAlpha: minAlpha)
        }
        if mode == Self.identityMask {
            guard let (x, y) = identityPixel(point) else { return false }
            // Here `minAlpha` ≥ 1, and every threshold byte in 1...255 takes a mask's 255 and
            // refuses its 0: the constant 1 leaves the bit alone to decide.
            return AlphaThreshold.isSolid(alpha: pixels.maskAlpha(atX: x, y: y), minimumAlpha: 1)
        }
        // The element's own test (ElementHitTest.swift), on this image's pixels in any format.
        return element.imageRectangleHit(point.x, point.y) { pixels.alpha(atX: $0, y: $1) }
    }

    /// Pixel (⌊x⌋, ⌊y⌋) when `point` is inside the rectangle at identity placement, else nil.
    ///
    /// The truncations come first: below a whole-pixel bound, an unsigned compare of ⌊x⌋ refuses
    /// NaN, x ≥ width and the conversion's `Int.min` for huge x, so only -1 < x < 0 (which
    /// truncates to 0) needs a compare with 0, one for both axes (-0.0 is inside). The result
    /// stays a branch before the load: a branch-free form, reading pixel (0, 0) for points outside,
    /// measured 5× slower out of cache (the load then waits for the compares instead of being
    /// issued speculatively).
    @inlinable @inline(__always)
    func identityPixel(_ point: Point) -> (x: Int, y: Int)? {
        let x = Int(truncatingOrMinimum: point.x), y = Int(truncatingOrMinimum: point.y)
        guard UInt(bitPattern: x) < pixelWidth, UInt(bitPattern: y) < pixelHeight, min(point.x, point.y) >= 0 else { return nil }
        return (x, y)
    }
}
