import AlphaHitBasics

/// A decoded image: immutable pixel bytes in one ``PixelFormat``.
///
/// A value type; copies share the same bytes, which stay valid for as long as
/// any copy exists (so an image handed out by ``ImageCache`` survives eviction).
/// Reading pixels is a plain indexed load, with no locking or allocation.
public struct DecodedImage: Sendable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// The layout of the bytes.
    public let format: PixelFormat
    /// Bytes from the start of one row to the next; at least the row's packed size.
    public let bytesPerRow: Int
    /// The file format the image was read from and what its header said.
    public let origin: ImageOrigin

    @usableFromInline package let storage: PixelStorage
    /// ``AlphaReader/alphaShift``: 0 for alpha8, 2 for ARGB, -1 for masks.
    @usableFromInline let alphaShift: Int

    init(width: Int, height: Int, format: PixelFormat, bytesPerRow: Int, origin: ImageOrigin, storage: PixelStorage) {
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerRow = bytesPerRow
        self.origin = origin
        self.storage = storage
        switch format {
        case .alpha8: alphaShift = 0
        case .premultipliedARGB8: alphaShift = 2
        case .mask1: alphaShift = -1
        }
    }

    /// The PNG header, when the image was read from a PNG.
    public var pngHeader: PNGHeader? {
        if case .png(let header) = origin { header } else { nil }
    }

    /// The number of pixel bytes held: `bytesPerRow * height`.
    public var byteCount: Int { storage.count }

    /// Calls `body` with the pixel bytes, rows `bytesPerRow` apart.
    ///
    /// The buffer is valid only during the call; keep the image alive instead of the pointer.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    /// The first pixel byte's address, for an engine that keeps the image alive and reads its
    /// pixels in place (valid while the image is).
    package var pixelAddress: UnsafePointer<UInt8> {
        UnsafePointer(storage.base.assumingMemoryBound(to: UInt8.self))
    }

    /// The addresses the pixel bytes span (at least one), to find the image a pixel address is in.
    package var pixelAddresses: Range<UInt> {
        let base = UInt(bitPattern: storage.base)
        return base..<base + UInt(max(storage.count, 1))
    }

    /// The alpha of pixel (`x`, `y`), in 0...255.
    ///
    /// For ``PixelFormat/mask1(minAlpha:)`` images this is 255 where the bit is set and 0 elsewhere.
    /// - Precondition: `0 <= x < width` and `0 <= y < height` (checked in debug builds only).
    @inlinable
    public func alpha(atX x: Int, y: Int) -> UInt8 {
        assert(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return alphaReader.alpha(atX: x, y: y)
    }
}
