// Numeric helpers Swift has no unchecked form of, for the per-point hot path. Header-only: each
// function is static inline, so it compiles into the Swift caller as one instruction.
#ifndef CALPHAHITNUMERICS_H
#define CALPHAHITNUMERICS_H

#include <stdint.h>
#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#endif

/// `value` truncated toward zero, with no check. Defined only for a finite `value` with
/// |value| < 2^63: every caller has already established that (a point inside an element's
/// bounds, a pixel coordinate inside an image), so Swift's `Int(_:)` would check it a second time,
/// at the cost of six compares and branches per conversion.
static inline int64_t alphahit_truncate_in_range(double value) {
    return (int64_t)value;
}

/// `value` truncated toward zero, or INT64_MIN when it is NaN or |value| >= 2^63: what x86-64's
/// `cvttsd2si` gives for any input, in one instruction. Defined for every `value`, so a caller can
/// convert first and check the range on the integer (an unsigned compare refuses INT64_MIN).
static inline int64_t alphahit_truncate_or_minimum(double value) {
#if defined(__x86_64__) && defined(__SSE2__)
    return _mm_cvttsd_si64(_mm_set_sd(value));
#else
    return (value > -0x1p63 && value < 0x1p63) ? (int64_t)value : INT64_MIN;
#endif
}

/// Asks the memory for the cache line at `address` ahead of its use, without waiting for it and
/// without effect on the program's results (an invalid address is not an error).
static inline void alphahit_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
