// The lookup benchmarks' physical floor: a plain C loop, so that nothing Swift adds (its checked
// conversions, its bounds) is in the baseline the engine is held to. Beside it, the same loop with
// only the checks a test of an arbitrary point needs: what no correct per-point test can beat.
#include "CBenchmarkFloor.h"
#include "CAlphaHitNumerics.h"

uint64_t benchmark_floor_lookup(
    const uint8_t *alpha, ptrdiff_t bytes_per_row, const double *points, size_t count, uint8_t min_alpha)
{
    uint64_t solid = 0;
    for (size_t i = 0; i < count; i++) {
        // Points are (x, y) pairs inside the buffer; truncation is the pixel, as the engine's.
        ptrdiff_t x = (ptrdiff_t)points[2 * i], y = (ptrdiff_t)points[2 * i + 1];
        solid += alpha[y * bytes_per_row + x] >= min_alpha;
    }
    return solid;
}

uint64_t benchmark_checked_floor_lookup(
    const uint8_t *alpha, ptrdiff_t bytes_per_row, const double *points, size_t count, uint8_t min_alpha, uint64_t width,
    uint64_t height)
{
    uint64_t solid = 0;
    for (size_t i = 0; i < count; i++) {
        double x_point = points[2 * i], y_point = points[2 * i + 1];
        // The engine's own conversion (INT64_MIN for NaN and |v| >= 2^63), then its checks: an
        // unsigned compare below each bound refuses that, past the edge and negative whole
        // numbers; only -1 < v < 0, which truncates to 0, needs the compare with 0.
        int64_t x = alphahit_truncate_or_minimum(x_point), y = alphahit_truncate_or_minimum(y_point);
        double least = x_point < y_point ? x_point : y_point;
        if ((uint64_t)x < width && (uint64_t)y < height && least >= 0)
            solid += alpha[y * bytes_per_row + x] >= min_alpha;
    }
    return solid;
}
