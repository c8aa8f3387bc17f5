import AlphaHitBasics

/// One image as the hot path reads it: its alpha8 plane and row length.
@usableFromInline
struct ImageSlot: Hashable, BitwiseCopyable {
    @usableFromInline var pixels: UnsafePointer<UInt8>
    @usableFromInline var rowBytes: Int
}
