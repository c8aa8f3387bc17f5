// Numeric helpers Swift has no unchecked form of, for the per-point hot path. Header-only: each
// function is static inline, so it compiles into the Swift caller as one instruction.
#ifndef CALPHAHITNUMERICS_H
#define CALPHAHITNUMERICS_H

#include <stdint.h>

/// `value` truncated toward zero, with no check. Defined only for a finite `value` with
/// |value| < 2^63: every caller has already established that (a point inside an element's
/// bounds, a pixel coordinate inside an image), so Swift's `Int(_:)` would check it a second time,
/// at the cost of six compares and branches per conversion.
static inline int64_t alphahit_truncate_in_range(double value) {
    return (int64_t)value;
}

#endif
