// The lookup benchmarks' physical floor: a plain C loop, so that nothing Swift adds (its checked
// conversions, its bounds) is in the baseline the engine is held to.
#include "CBenchmarkFloor.h"

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
