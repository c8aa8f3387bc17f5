import AlphaHitBasics

/// The in-memory pixel formats an image can be decoded into.
///
/// Every format is derived from the image's 8-bit RGBA samples under the rules
/// in `Docs/Decoding.md`: 16-bit samples rounded with `round(v / 257)`, low bit
/// depths scaled up exactly, tRNS applied, no gamma or colour-profile correction.
public enum PixelFormat: Hashable, Sendable {
    /// One byte per pixel: the pixel's alpha. Rows are `width` bytes.
    case alpha8
    /// Four bytes per pixel in memory order A, R, G, B, colour premultiplied
    /// as `c' = (c * a + 127) / 255` (integer division). Rows are `4 * width` bytes.
    case premultipliedARGB8
    /// One bit per pixel, set where `alpha8 >= minAlpha`.
    ///
    /// Rows are padded to whole 64-bit words; pixel `x` of a row is bit `x % 64`
    /// (least significant first) of the row's word `x / 64`, stored little-endian
    /// as `UInt64`. Padding bits are zero. `minAlpha` 0 sets every pixel.
    case mask1(minAlpha: UInt8)

    /// Whether this is a ``mask1(minAlpha:)`` format (built by setting bits into zeroed rows).
    package var isMask: Bool {
        if case .mask1 = self { true } else { false }
    }

    /// The bytes one row of `width` pixels occupies in this format, or nil on overflow.
    package func bytesPerRow(width: Int) -> Int? {
        switch self {
        case .alpha8:
            return width
        case .premultipliedARGB8:
            let (bytes, overflow) = width.multipliedReportingOverflow(by: 4)
            return overflow ? nil : bytes
        case .mask1:
            let words = width / 64 + (width % 64 == 0 ? 0 : 1)
            return words * 8
        }
    }
}
