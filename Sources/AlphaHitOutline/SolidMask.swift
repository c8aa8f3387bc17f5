import AlphaHitBasics
import AlphaHitImages

/// Which pixels of an image, or of a rectangle of it, are solid at a threshold: the pixels the hit
/// test itself counts (``AlphaThreshold/isSolid(alpha:minimumAlpha:)``), one bit each.
///
/// Pixel (x, y) is the one whose top-left corner is (x, y) in the mask's coordinates (x right,
/// y down, origin at the top-left corner); pixels outside the mask are never solid.
public struct SolidMask: Sendable, Equatable {
    /// The mask's size in pixels (each ≥ 0).
    public let width: Int, height: Int
    /// Row-major bits, each row a whole number of 64-bit words, bit `x % 64` of word `x / 64`.
    private var words: [UInt64]
    private let wordsPerRow: Int

    /// A `width` × `height` mask whose pixel (x, y) is solid where `isSolid(x, y)` says so.
    ///
    /// - Precondition: `width >= 0` and `height >= 0`.
    public init(width: Int, height: Int, isSolid: (_ x: Int, _ y: Int) -> Bool) {
        precondition(width >= 0 && height >= 0, "a mask's size is never negative")
        (self.width, self.height) = (width, height)
        wordsPerRow = (width + 63) / 64
        words = [UInt64](repeating: 0, count: wordsPerRow * height)
        for y in 0..<height {
            for x in 0..<width where isSolid(x, y) { words[y * wordsPerRow + x / 64] |= 1 << UInt64(x % 64) }
        }
    }

    /// The solid pixels of `image`, or of its rectangle `region` (in image pixels), at
    /// `threshold` (0...1, the rule and rounding of an element's `alphaThreshold`).
    ///
    /// - Throws: ``OutlineError/threshold(_:)`` for a threshold outside 0...1 (or not a number),
    ///   ``OutlineError/region(_:width:height:)`` for a region not inside the image.
    public init(image: DecodedImage, threshold: Double = AlphaThreshold.defaultValue, region: PixelRegion? = nil) throws(OutlineError) {
        let region = try Self.checked(threshold, region, of: image)
        let minimumAlpha = AlphaThreshold.minimumAlpha(for: threshold)
        self.init(width: region.width, height: region.height) { x, y in
            AlphaThreshold.isSolid(alpha: image.alpha(atX: region.x + x, y: region.y + y), minimumAlpha: minimumAlpha)
        }
    }

    /// `region` (nil: the whole image) once it and `threshold` are checked.
    static func checked(_ threshold: Double, _ region: PixelRegion?, of image: DecodedImage) throws(OutlineError) -> PixelRegion {
        guard threshold >= 0 && threshold <= 1 else { throw .threshold(threshold) }
        let region = region ?? PixelRegion(x: 0, y: 0, width: image.width, height: image.height)
        guard region.x >= 0, region.y >= 0, region.width >= 0, region.height >= 0,
            region.width <= image.width - region.x, region.height <= image.height - region.y
        else { throw .region(region, width: image.width, height: image.height) }
        return region
    }

    /// Whether pixel (`x`, `y`) is solid; false for any pixel outside the mask.
    @inlinable
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return bit(x, y)
    }

    @usableFromInline
    func bit(_ x: Int, _ y: Int) -> Bool { words[y * wordsPerRow + x / 64] >> UInt64(x % 64) & 1 != 0 }

    /// How many pixels are solid.
    public var solidCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

/// A rectangle of an image, in whole pixels: its top-left pixel and its size.
public struct PixelRegion: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    /// The rectangle of `width` × `height` pixels whose top-left pixel is (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
