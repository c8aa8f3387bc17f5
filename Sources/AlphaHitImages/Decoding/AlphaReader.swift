/// The address, row length and format of a decoded image's pixels, read in place: the one home
/// of "the alpha of pixel (x, y)" for every ``PixelFormat``.
///
/// Its three fields are what a lookup needs, so a caller that keeps them beside its own numbers
/// reads a pixel with no indirection through the image's storage. Valid only while an image
/// sharing the bytes is alive.
@usableFromInline @frozen
package struct AlphaReader: @unchecked Sendable {
    @usableFromInline package let base: UnsafeRawPointer
    @usableFromInline package let rowBytes: Int
    /// log2 of the bytes a pixel's alpha is apart (0 for alpha8, 2 for ARGB), or -1 for masks:
    /// one integer compare on the lookup path instead of a switch over the format enum.
    @usableFromInline package let alphaShift: Int

    @usableFromInline
    package init(base: UnsafeRawPointer, rowBytes: Int, alphaShift: Int) {
        self.base = base
        self.rowBytes = rowBytes
        self.alphaShift = alphaShift
    }

    /// The alpha of pixel (`x`, `y`), in 0...255: 255 or 0 for a mask's set and clear bits.
    /// - Precondition: the pixel is inside the image (not checked).
    @inlinable @inline(__always)
    package func alpha(atX x: Int, y: Int) -> UInt8 {
        if alphaShift >= 0 { return byteAlpha(atX: x, y: y, stride: 1 &<< alphaShift) }
        return maskAlpha(atX: x, y: y)
    }

    /// The alpha of pixel (`x`, `y`) of an alpha8 or ARGB image, whose alpha bytes are `stride`
    /// apart (`1 << alphaShift`: 1 or 4).
    /// - Precondition: the pixel is inside the image (not checked).
    @inlinable @inline(__always)
    package func byteAlpha(atX x: Int, y: Int, stride: Int) -> UInt8 {
        // alpha8, or the A byte that leads each ARGB pixel.
        base.load(fromByteOffset: y &* rowBytes &+ x &* stride, as: UInt8.self)
    }

    /// The alpha of pixel (`x`, `y`) of a mask (`alphaShift < 0`): 255 or 0.
    /// - Precondition: the pixel is inside the image (not checked).
    @inlinable @inline(__always)
    package func maskAlpha(atX x: Int, y: Int) -> UInt8 {
        let word = (base + y &* rowBytes).load(fromByteOffset: (x &>> 6) &<< 3, as: UInt64.self)
        return (word &>> UInt64(x & 63)) & 1 == 0 ? 0 : 255
    }
}

extension DecodedImage {
    /// A reader of these pixels in place; keep the image alive while it is used.
    @inlinable
    package var alphaReader: AlphaReader {
        AlphaReader(base: UnsafeRawPointer(storage.base), rowBytes: bytesPerRow, alphaShift: alphaShift)
    }
}
