/// One image stretched over a rectangle (the `scaleToFill` rule): the alpha test of a single
/// element, usable on its own — for one custom-shaped button, without building a layout.
///
/// A point (x, y) in the rectangle's local space (points) is inside when `0 <= x < width`,
/// `0 <= y < height`, and pixel `(floor(x·iw/width·s), floor(y·ih/height·s))` of the image, with
/// (iw, ih) its size in points and s its scale, has `alpha / 255 >= alphaThreshold`.
/// `contains` is inlined into the caller: no call, allocation or reference counting per point.
public struct ImageHitRegion: Sendable {
    @usableFromInline let image: DecodedImage
    @usableFromInline let width: Double, height: Double
    @usableFromInline let imageWidth: Double, imageHeight: Double
    @usableFromInline let scale: Double
    @usableFromInline let minAlpha: UInt8
    /// Drawn at its natural size: u = x exactly, with no division per point.
    @usableFromInline let naturalSize: Bool
    /// Natural size at one pixel per point: the pixel is (floor(x), floor(y)), already in the image.
    @usableFromInline let pixelPerPoint: Bool

    /// Places `image` over a `size` rectangle.
    ///
    /// - Parameters:
    ///   - imageScale: image pixels per point (> 0); `image.width / imageScale` is its width in points.
    ///   - alphaThreshold: 0...1; a pixel is solid when `alpha / 255 >= alphaThreshold`.
    public init(image: DecodedImage, size: Size, imageScale: Double = 1, alphaThreshold: Double = 0.1) {
        precondition(imageScale > 0 && imageScale.isFinite, "imageScale must be a finite number > 0")
        precondition(alphaThreshold >= 0 && alphaThreshold <= 1, "alphaThreshold must be in 0...1")
        self.image = image
        width = size.width
        height = size.height
        imageWidth = Double(image.width) / imageScale
        imageHeight = Double(image.height) / imageScale
        scale = imageScale
        minAlpha = AlphaThreshold.minAlpha(for: alphaThreshold)
        naturalSize = imageWidth == width && imageHeight == height
        pixelPerPoint = naturalSize && imageScale == 1
    }

    /// Whether `point` (local, in points) lands on a solid pixel. For ``PixelFormat/mask1(minAlpha:)``
    /// images the mask's own `minAlpha` decides, whatever the threshold given here.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        guard 0 <= point.x && point.x < width && 0 <= point.y && point.y < height else { return false }
        if pixelPerPoint { return image.alpha(atX: Int(point.x), y: Int(point.y)) >= minAlpha }
        var (u, v) = (point.x, point.y)
        if !naturalSize {
            (u, v) = (point.x * imageWidth / width, point.y * imageHeight / height)
            guard u < imageWidth && v < imageHeight else { return false }
        }
        // u and v are not negative, so truncation is floor.
        let x = Swift.min(Int(u * scale), image.width &- 1), y = Swift.min(Int(v * scale), image.height &- 1)
        return image.alpha(atX: x, y: y) >= minAlpha
    }
}
