/// An immutable block of decoded pixel bytes, freed when the last image using it goes away.
///
/// Written once by the decoder before any ``DecodedImage`` refers to it, never
/// after; that is what makes the unchecked `Sendable` conformance true.
@usableFromInline
final class PixelStorage: @unchecked Sendable {
    /// Start of the bytes, aligned for `UInt64` so mask rows can be read as words.
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline let count: Int

    /// Allocates `count` zeroed bytes.
    init(zeroedByteCount count: Int) {
        self.count = count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
    }

    deinit {
        base.deallocate()
    }
}
