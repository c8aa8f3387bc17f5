import AlphaHitBasics

/// Writes one row of 8-bit RGBA pixels into a destination row of a ``PixelFormat``.
///
/// Pixels land at columns `xStart, xStart + xStep, ...`, so the same code places
/// whole rows (`xStart` 0, `xStep` 1) and the sparse rows of an Adam7 pass.
struct RowConverter {
    let format: PixelFormat

    func convert(
        rgba source: UnsafePointer<UInt8>, count: Int,
        into row: UnsafeMutableRawPointer, xStart: Int, xStep: Int
    ) {
        switch format {
        case .alpha8:
            let out = row.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                out[xStart &+ i &* xStep] = source[i &* 4 &+ 3]
            }
        case .premultipliedARGB8 where xStep == 1:
            // A whole row: the same arithmetic as below, in a loop simple enough to unroll.
            let out = row.assumingMemoryBound(to: UInt8.self) + xStart &* 4
            for i in 0..<count {
                let alpha = UInt32(source[i &* 4 &+ 3])
                out[i &* 4] = UInt8(truncatingIfNeeded: alpha)
                out[i &* 4 &+ 1] = Self.premultiply(source[i &* 4], alpha)
                out[i &* 4 &+ 2] = Self.premultiply(source[i &* 4 &+ 1], alpha)
                out[i &* 4 &+ 3] = Self.premultiply(source[i &* 4 &+ 2], alpha)
            }
        case .premultipliedARGB8:
            let out = row.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                let pixel = source + i &* 4
                let alpha = UInt32(pixel[3])
                let target = out + (xStart &+ i &* xStep) &* 4
                target[0] = UInt8(truncatingIfNeeded: alpha)
                target[1] = Self.premultiply(pixel[0], alpha)
                target[2] = Self.premultiply(pixel[1], alpha)
                target[3] = Self.premultiply(pixel[2], alpha)
            }
        case .mask1(let minAlpha):
            let words = row.assumingMemoryBound(to: UInt64.self)
            for i in 0..<count where AlphaThreshold.isSolid(alpha: source[i &* 4 &+ 3], minimumAlpha: minAlpha) {
                let x = xStart &+ i &* xStep
                words[x &>> 6] |= 1 &<< UInt64(x & 63)
            }
        }
    }

    /// Sets the bits of a ``PixelFormat/mask1(minAlpha:)`` row (zeroed before) from a row of alpha
    /// bytes: the formats that decode alpha on its own plane (WebP, SVG) share the mask rule here.
    static func mask(alpha source: UnsafePointer<UInt8>, count: Int, minAlpha: UInt8, into row: UnsafeMutableRawPointer) {
        let words = row.assumingMemoryBound(to: UInt64.self)
        for x in 0..<count where AlphaThreshold.isSolid(alpha: source[x], minimumAlpha: minAlpha) {
            words[x &>> 6] |= 1 &<< UInt64(x & 63)
        }
    }

    /// `(c * a + 127) / 255`, which equals `round(c * a / 255)` for every 8-bit pair.
    @inline(__always)
    static func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt32(channel) &* alpha &+ 127) / 255)
    }
}
