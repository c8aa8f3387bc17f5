import CAlphaHitNumerics

extension Int {
    /// `value` truncated toward zero without Swift's checks, for the per-point hot path.
    ///
    /// The caller guarantees `value` is finite and `|value| < 2^63` (a point already inside an
    /// element's bounds, a pixel coordinate already inside an image); for any other value the result
    /// is unspecified. `Int(_:)` checks the same range again, six compares and branches a conversion,
    /// which was most of what the alpha test added to its floor (Benchmarks/README.md, "The lookup's
    /// code against the floor's, instruction by instruction").
    @inlinable @inline(__always)
    package init(uncheckedTruncating value: Double) {
        assert(value.isFinite && value.magnitude < 0x1p63, "\(value) is out of Int's range")
        self = Int(alphahit_truncate_in_range(value))
    }
}
