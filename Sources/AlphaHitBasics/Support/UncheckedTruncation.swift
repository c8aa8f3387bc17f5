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

    /// `value` truncated toward zero, or `Int.min` when `value` is NaN or `|value| >= 2^63`.
    ///
    /// Defined for every `value`, in one instruction on x86-64: a caller converts first and then
    /// checks the integer's range (`UInt(bitPattern:)` below a bound refuses `Int.min` too), which
    /// needs no floating-point compare for the upper bounds and NaN.
    @inlinable @inline(__always)
    package init(truncatingOrMinimum value: Double) {
        self = Int(alphahit_truncate_or_minimum(value))
    }
}
