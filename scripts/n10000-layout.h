// `resolve/n10000`'s layout rebuilt in C for the probes beside it (`ideal-query-probe.c`,
// `near-miss-probe.c`): 1,000 rows of nine 32-point buttons 24 points apart, eleven rows across
// (216 × 24 points apart), later buttons in front, one in five rotated about its centre by a whole
// number of degrees in [-45, 45). Simplified in the probes' favour: whole-point origins, one
// threshold, no containers, clipping or checks beyond the canvas, four kinds of art as 32 × 32
// one-byte masks. Static functions: each probe is one translation unit.
#ifndef N10000_LAYOUT_H
#define N10000_LAYOUT_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { COUNT = 9000, SIDE = 32 };

// A button's box (its rotated bounds, whole points), art, and its transform's index (-1: none).
typedef struct { int16_t x, y, right, bottom; uint16_t art; int16_t transform; } record_t;
typedef struct { int16_t x, y; uint16_t art; int16_t transform; uint16_t element, pad; } entry_t;  // 12 bytes, inline
// Layout point to the button's pixel: (a·x + b·y + tx, c·x + d·y + ty).
typedef struct { double a, b, c, d, tx, ty; } inverse_t;

static uint8_t art[4][SIDE * SIDE];
static record_t buttons[COUNT];
static inverse_t inverses[COUNT];
// Every button's map from layout points to its pixels (a translation for the unrotated ones).
static inverse_t maps[COUNT];
static int rotated_count;
static double width, height;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t seed = 7;
static uint64_t next_random(void) {
    seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
    return seed;
}
static double uniform(void) { return (next_random() >> 11) * 0x1.0p-53; }

static void make_art(void) {
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            double dx = x + 0.5 - 16, dy = y + 0.5 - 16;
            art[0][y * SIDE + x] = dx * dx + dy * dy <= 15.5 * 15.5;                                 // disc
            art[1][y * SIDE + x] = fabs(dx) + fabs(dy) <= 16;                                        // diamond
            art[2][y * SIDE + x] = dx * dx + dy * dy <= 15.5 * 15.5 && dx * dx + dy * dy >= 8 * 8;   // ring
            art[3][y * SIDE + x] = fabs(dx) <= 14 && fabs(dy) <= 12;                                 // tab
        }
}

static void make_layout(void) {
    int rows = COUNT / 9, across = 11;
    for (int row = 0; row < rows; row++)
        for (int column = 0; column < 9; column++) {
            record_t *b = &buttons[row * 9 + column];
            b->x = (int16_t)((row % across) * 216 + column * 24);
            b->y = (int16_t)((row / across) * 24);
            b->art = (uint16_t)(next_random() % 4);
            b->transform = -1;
            b->right = b->x + SIDE, b->bottom = b->y + SIDE;
            if (next_random() % 5 == 0) {
                double angle = ((double)(next_random() % 90) - 45) * M_PI / 180, c = cos(angle), s = sin(angle);
                double cx = b->x + 16.0, cy = b->y + 16.0, reach = 16 * (fabs(c) + fabs(s));
                // The inverse rotation about the centre, then the pixel's offset.
                inverses[rotated_count] = (inverse_t){c, s, -s, c, -(c * cx + s * cy) + 16, -(-s * cx + c * cy) + 16};
                b->transform = (int16_t)rotated_count++;
                b->x = (int16_t)floor(cx - reach), b->y = (int16_t)floor(cy - reach);
                b->right = (int16_t)ceil(cx + reach), b->bottom = (int16_t)ceil(cy + reach);
            }
            maps[row * 9 + column] = b->transform >= 0 ? inverses[b->transform] : (inverse_t){1, 0, 0, 1, -b->x, -b->y};
        }
    width = across * 216 + 8;
    height = ((rows + across - 1) / across) * 24 + 8;
}

static inline int solid_in(uint16_t kind, int16_t transform, int16_t x0, int16_t y0, double px, double py) {
    long lx, ly;
    if (transform < 0) {
        lx = (long)px - x0, ly = (long)py - y0;
    } else {
        const inverse_t *t = &inverses[transform];
        double u = t->a * px + t->b * py + t->tx, v = t->c * px + t->d * py + t->ty;
        if (!(u >= 0 && v >= 0)) return 0;
        lx = (long)u, ly = (long)v;
    }
    return (unsigned long)lx < SIDE && (unsigned long)ly < SIDE && art[kind][ly * SIDE + lx];
}

static int solid_at(const record_t *b, double px, double py) {
    return solid_in(b->art, b->transform, b->x, b->y, px, py);
}

// The slow, obvious answer every design is checked against: 0 for none, else element + 1.
static uint16_t scan(double px, double py) {
    for (int i = COUNT - 1; i >= 0; i--)
        if (solid_at(&buttons[i], px, py)) return (uint16_t)(i + 1);
    return 0;
}

// The suite's `lookup/floor/cached` loop (`CBenchmarkFloor/LookupFloor.c`), out of line as it is there.
__attribute__((noinline)) static uint64_t floor_lookup(const uint8_t *alpha, ptrdiff_t bytes_per_row, const double *points, size_t count, uint8_t min_alpha) {
    uint64_t solid = 0;
    for (size_t i = 0; i < count; i++) {
        ptrdiff_t x = (ptrdiff_t)points[2 * i], y = (ptrdiff_t)points[2 * i + 1];
        solid += alpha[y * bytes_per_row + x] >= min_alpha;
    }
    return solid;
}

// Times each design alternating with the others: `passes` passes over every design, `repeats` runs
// of each in a row (the first runs warm it up, as the suite's warm-up does), the best run of each
// in `best` (ns a point). Design 0 is the floor loop over `count` of `floor_points` in the 256²
// `floor_buffer`; the others are `run(design, context)`, which answers `count` points and returns a
// checksum of the answers. Returns the checksums' sum.
static uint64_t time_designs(int designs, int passes, int repeats, size_t count, const uint8_t *floor_buffer,
                             const double *floor_points, uint64_t (*run)(int design, void *context), void *context, double *best) {
    for (int d = 0; d < designs; d++) best[d] = INFINITY;
    uint64_t sink = 0;
    for (int pass = 0; pass < passes; pass++)
        for (int d = 0; d < designs; d++)
            for (int repeat = 0; repeat < repeats; repeat++) {
                double start = now();
                uint64_t sum;
                if (d == 0) {
                    // The points' address made opaque: the same call on the same points was
                    // otherwise made once for all the repeats.
                    const double *opaque = floor_points;
                    __asm__ volatile("" : "+r"(opaque) : : "memory");
                    sum = floor_lookup(floor_buffer, 256, opaque, count, 26);
                } else {
                    sum = run(d, context);
                }
                double ns = (now() - start) * 1e9 / count;
                if (ns < best[d]) best[d] = ns;
                sink += sum;
            }
    return sink;
}

// The table every probe prints: each design's best time, its ratio to the floor's (design 0) and
// its memory, in all and per button.
static void print_designs(int designs, char names[][40], const double *best, const double *bytes) {
    printf("%-30s %10s %10s %12s %12s\n", "design", "best ns", "x floor", "memory", "B a button");
    for (int d = 0; d < designs; d++)
        printf("%-30s %10.2f %10.1f %8.2f MiB %12.0f\n", names[d], best[d], best[d] / best[0], bytes[d] / 1048576, bytes[d] / COUNT);
}

#endif
