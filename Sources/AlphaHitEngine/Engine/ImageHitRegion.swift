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
public struct ImageHitRegion: @unchecked Sendable {
    // Unchecked: `element` points into `owner`, which is immutable after init and lives as long as this value.
    @usableFromInline let image: DecodedImage
    /// The element's placement, in storage owned (and freed) by `owner`.
    @usableFromInline let element: UnsafePointer<CompiledElement>
    @usableFromInline let minAlpha: UInt8
    let owner: CompiledElementBox

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
        self.owner = CompiledElementBox(compiled)
        self.element = UnsafePointer(owner.pointer)
    }

    /// Whether `point` (local, in points) lands on a solid pixel. For ``PixelFormat/mask1(minAlpha:)``
    /// images the mask's own `minAlpha` decides, whatever the threshold given here.
    @inlinable @inline(__always)
    public func contains(_ point: Point) -> Bool {
        guard element.boundsContain(point.x, point.y), let (x, y) = element.pixelUnder(point.x, point.y) else { return false }
        return image.alpha(atX: x, y: y) >= minAlpha
    }
}

/// Owns one ``CompiledElement`` at a stable address, for a value type to point into.
final class CompiledElementBox: @unchecked Sendable {
    // Written once in init; read-only afterwards.
    let pointer: UnsafeMutablePointer<CompiledElement>

    init(_ element: CompiledElement) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: element)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
