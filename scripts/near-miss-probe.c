// What a lean, exact touch-tolerance search costs on `resolve/n10000/near-miss12`'s layout and
// taps, against the suite's C floor loop in the same process: the round's target is "≤ 300×
// lookup/floor/cached". Not part of the suite; Benchmarks/README.md ("What a lean near miss could
// give") keeps its figures.
//
// The layout is `n10000-layout.h`'s. The taps are 100,000 random points of the canvas that hit no
// button exactly (as the suite's are). Each design answers what `elementIndex(at:tolerance: 12)`
// answers: the front-most button solid at the point; else the button whose solid pixels (closed
// squares, measured where the button is drawn) are nearest, if within 12 points, the front-most
// between equal distances; else none. Every design is checked against a slow scan (every pixel of
// every button within 12 points) on 20,000 of the misses, 20,000 points anywhere and 10,000 whole
// points (on the unrotated buttons' pixel edges), then timed.
//
// Designs, each a uniform grid of cells of N points listing every button whose box lies within
// 12 points of the cell, front first (2-byte numbers; the buttons' maps to pixels in a table):
//   lists/Npt    each listed button's box distance first; then the point mapped to its pixels,
//                an exact hit if its pixel is solid, else the lower bound of a per-art field of
//                pixel-centre distances (pixels 16 around the art), and only then the exact
//                distance: the solid runs that pixel's list names (the engine's own tables).
//   field/Npt    the same without the exact step: the field's bound taken as the distance.
//                Not exact (it says how much the exact step costs).
//
// clang -O3 -o /tmp/near-miss-probe scripts/near-miss-probe.c -lm && /tmp/near-miss-probe
// (`--check`: only the check against the scan, a few seconds; CI runs it.)
#include "n10000-layout.h"

enum { MISSES = 100000, PASSES = 5, REPEATS = 6, MARGIN = 16, FIELD = SIDE + 2 * MARGIN };
static const double REACH = 12;
// Half a pixel's diagonal, and a margin for the Float field (as the engine's `SolidRuns`).
static const double HALF_DIAGONAL = 0.7081067811865476;

// One art's solid runs, the field of its pixel-centre distances and each field pixel's list of the
// runs that can hold the nearest solid point to a tap anywhere in that pixel.
typedef struct {
    int count;
    double x0[SIDE * SIDE], x1[SIDE * SIDE], row[SIDE * SIDE];
    float field[FIELD * FIELD];
    uint32_t start[FIELD * FIELD + 1];
    uint16_t *lists;
} runs_t;
static runs_t runs[4];

static double square_distance2(double u, double v, double x0, double x1, double y0, double y1) {
    double nx = u < x0 ? x0 : u > x1 ? x1 : u, ny = v < y0 ? y0 : v > y1 ? y1 : v;
    return (nx - u) * (nx - u) + (ny - v) * (ny - v);
}

static void make_runs(void) {
    for (int a = 0; a < 4; a++) {
        runs_t *r = &runs[a];
        for (int y = 0; y < SIDE; y++)
            for (int x = 0; x < SIDE;) {
                if (!art[a][y * SIDE + x]) { x++; continue; }
                int first = x;
                while (x < SIDE && art[a][y * SIDE + x]) x++;
                r->x0[r->count] = first, r->x1[r->count] = x, r->row[r->count] = y, r->count++;
            }
        size_t used = 0, capacity = 1 << 16;
        r->lists = malloc(capacity * sizeof(uint16_t));
        for (int k = 0; k < FIELD * FIELD; k++) {
            double cx = k % FIELD - MARGIN + 0.5, cy = k / FIELD - MARGIN + 0.5, best = INFINITY;
            for (int i = 0; i < r->count; i++) {
                double d = square_distance2(cx, cy, r->x0[i], r->x1[i], r->row[i], r->row[i] + 1);
                if (d < best) best = d;
            }
            r->field[k] = (float)sqrt(best);
        }
        for (int k = 0; k < FIELD * FIELD; k++) {
            double left = k % FIELD - MARGIN, top = k / FIELD - MARGIN, reach = r->field[k] + HALF_DIAGONAL;
            r->start[k] = (uint32_t)used;
            for (int i = 0; i < r->count; i++) {
                // The run's distance to the pixel's square: no tap in the pixel is nearer to it.
                double dx = fmax(fmax(r->x0[i] - (left + 1), 0), left - r->x1[i]);
                double dy = fmax(fmax(r->row[i] - (top + 1), 0), top - (r->row[i] + 1));
                if (sqrt(dx * dx + dy * dy) > reach) continue;
                if (used == capacity) r->lists = realloc(r->lists, (capacity *= 2) * sizeof(uint16_t));
                r->lists[used++] = (uint16_t)i;
            }
        }
        r->start[FIELD * FIELD] = (uint32_t)used;
    }
}

// The slow answer: 0 for none, else element + 1.
static uint16_t reference(double px, double py) {
    for (int i = COUNT - 1; i >= 0; i--)
        if (solid_at(&buttons[i], px, py)) return (uint16_t)(i + 1);
    double best = REACH * REACH;
    uint16_t found = 0;
    for (int i = COUNT - 1; i >= 0; i--) {
        const record_t *b = &buttons[i];
        if (square_distance2(px, py, b->x, b->right, b->y, b->bottom) > REACH * REACH) continue;
        const inverse_t *t = &maps[i];
        double u = t->a * px + t->b * py + t->tx, v = t->c * px + t->d * py + t->ty;
        for (int y = 0; y < SIDE; y++)
            for (int x = 0; x < SIDE; x++) {
                if (!art[b->art][y * SIDE + x]) continue;
                double d = square_distance2(u, v, x, x + 1, y, y + 1);
                // Front first: a later, equal distance is behind.
                if (d < best || (found == 0 && d <= best)) best = d, found = (uint16_t)(i + 1);
            }
    }
    return found;
}

typedef struct { int cell, columns, rows; uint32_t *start; uint16_t *numbers; } lists_t;

static lists_t make_lists(int cell) {
    lists_t g = {cell, (int)ceil(width / cell), (int)ceil(height / cell), 0, 0};
    size_t cells = (size_t)g.columns * g.rows;
    g.start = calloc(cells + 1, sizeof(uint32_t));
    for (int pass = 0; pass < 2; pass++) {
        uint32_t *fill = calloc(cells, sizeof(uint32_t));
        for (int i = COUNT - 1; i >= 0; i--) {
            const record_t *b = &buttons[i];
            int c0 = (int)floor((b->x - REACH) / cell), c1 = (int)floor((b->right + REACH) / cell);
            int r0 = (int)floor((b->y - REACH) / cell), r1 = (int)floor((b->bottom + REACH) / cell);
            for (int r = r0 < 0 ? 0 : r0; r <= r1 && r < g.rows; r++)
                for (int c = c0 < 0 ? 0 : c0; c <= c1 && c < g.columns; c++) {
                    size_t k = (size_t)r * g.columns + c;
                    if (pass == 0) { g.start[k + 1]++; continue; }
                    g.numbers[g.start[k] + fill[k]++] = (uint16_t)i;
                }
        }
        free(fill);
        if (pass == 0) {
            for (size_t k = 0; k < cells; k++) g.start[k + 1] += g.start[k];
            g.numbers = malloc(g.start[cells] * sizeof(uint16_t));
        }
    }
    return g;
}

// `exact`: the runs' exact distance after the field's bound; else the bound alone.
static inline uint16_t lists_query(const lists_t *g, double px, double py, int exact) {
    if (!(px >= 0 && py >= 0 && px < width && py < height)) return 0;
    size_t k = (size_t)((long)py / g->cell) * g->columns + (size_t)((long)px / g->cell);
    double best = REACH * REACH;
    uint16_t found = 0;
    for (uint32_t s = g->start[k], e = g->start[k + 1]; s < e; s++) {
        uint16_t i = g->numbers[s];
        const record_t *b = &buttons[i];
        if (square_distance2(px, py, b->x, b->right, b->y, b->bottom) > best) continue;
        const inverse_t *t = &maps[i];
        double u = t->a * px + t->b * py + t->tx, v = t->c * px + t->d * py + t->ty;
        if (!(u >= -MARGIN && v >= -MARGIN && u < SIDE + MARGIN && v < SIDE + MARGIN)) continue;
        long fx = (long)(u + MARGIN), fy = (long)(v + MARGIN);
        if (u >= 0 && v >= 0 && u < SIDE && v < SIDE && art[b->art][(long)v * SIDE + (long)u]) return (uint16_t)(i + 1);
        const runs_t *r = &runs[b->art];
        double bound = r->field[fy * FIELD + fx] - HALF_DIAGONAL;
        if (bound > 0 && bound * bound > best) continue;
        double d = INFINITY;
        if (exact) {
            for (uint32_t l = r->start[fy * FIELD + fx], end = r->start[fy * FIELD + fx + 1]; l < end; l++) {
                uint16_t run = r->lists[l];
                double e2 = square_distance2(u, v, r->x0[run], r->x1[run], r->row[run], r->row[run] + 1);
                d = e2 < d ? e2 : d;
            }
        } else {
            d = (bound + HALF_DIAGONAL) * (bound + HALF_DIAGONAL);
        }
        if (d < best || (found == 0 && d <= best)) best = d, found = (uint16_t)(i + 1);
    }
    return found;
}

enum { SIZES = 3, DESIGNS = 1 + 2 * SIZES };

// What the designs answer with.
struct designs {
    const double *misses;
    const lists_t *lists;
};

// Design `d` (1 to SIZES: exact, by cell size; then the field alone) over every miss.
static uint64_t run_design(int d, void *context) {
    const struct designs *c = context;
    const lists_t *g = &c->lists[(d - 1) % SIZES];
    int exact = d <= SIZES;
    uint64_t sum = 0;
    for (int i = 0; i < MISSES; i++) sum += lists_query(g, c->misses[2 * i], c->misses[2 * i + 1], exact);
    return sum;
}

int main(int argc, char **argv) {
    int check_only = argc > 1 && strcmp(argv[1], "--check") == 0;
    make_art();
    make_layout();
    make_runs();
    double *misses = malloc(sizeof(double) * 2 * MISSES), *floor_points = malloc(sizeof(double) * 2 * MISSES);
    for (int i = 0; i < MISSES;) {
        double x = uniform() * width, y = uniform() * height;
        if (scan(x, y)) continue;
        misses[2 * i] = x, misses[2 * i + 1] = y, i++;
    }
    for (int i = 0; i < MISSES; i++) floor_points[2 * i] = uniform() * 256, floor_points[2 * i + 1] = uniform() * 256;
    uint8_t *floor_buffer = malloc(256 * 256);
    for (int i = 0; i < 256 * 256; i++) floor_buffer[i] = (uint8_t)next_random();

    int sizes[SIZES] = {4, 8, 16};
    lists_t lists[SIZES];
    for (int s = 0; s < SIZES; s++) lists[s] = make_lists(sizes[s]);
    int field_off[SIZES] = {0}, selected = 0;
    // Misses, points anywhere, and whole points, which lie on the unrotated buttons' pixel edges.
    for (int i = 0; i < 50000; i++) {
        double x = i < 20000 ? misses[2 * i] : uniform() * width, y = i < 20000 ? misses[2 * i + 1] : uniform() * height;
        if (i >= 40000) x = floor(x), y = floor(y);
        uint16_t expected = reference(x, y);
        selected += i < 20000 && expected != 0;
        for (int s = 0; s < SIZES; s++) {
            if (lists_query(&lists[s], x, y, 1) != expected) {
                printf("lists/%dpt disagrees at (%.17g, %.17g): %d, not %d\n", sizes[s], x, y, lists_query(&lists[s], x, y, 1), expected);
                return 1;
            }
            field_off[s] += i < 20000 && lists_query(&lists[s], x, y, 0) != expected;
        }
    }
    if (check_only) {
        printf("near-miss probe: every design answers 20,000 misses, 20,000 points and 10,000 whole points as the scan does\n");
        return 0;
    }
    double best[DESIGNS], bytes[DESIGNS];
    char names[DESIGNS][40];
    snprintf(names[0], 40, "floor (C, 256² alpha8)");
    bytes[0] = 65536;
    double shared = sizeof buttons + sizeof maps + sizeof runs;
    for (int a = 0; a < 4; a++) shared += runs[a].start[FIELD * FIELD] * 2.0;
    for (int s = 0; s < SIZES; s++) {
        size_t cells = (size_t)lists[s].columns * lists[s].rows;
        snprintf(names[1 + s], 40, "lists/%dpt", sizes[s]);
        snprintf(names[1 + SIZES + s], 40, "field/%dpt (not exact)", sizes[s]);
        bytes[1 + s] = bytes[1 + SIZES + s] = (cells + 1) * 4.0 + lists[s].start[cells] * 2.0 + shared;
    }
    struct designs context = {misses, lists};
    uint64_t sink = time_designs(DESIGNS, PASSES, REPEATS, MISSES, floor_buffer, floor_points, run_design, &context, best);
    printf("%d buttons, %d rotated; of 20,000 misses %d select a button within 12 points\n", COUNT, rotated_count, selected);
    for (int s = 0; s < SIZES; s++) {
        size_t cells = (size_t)lists[s].columns * lists[s].rows;
        printf("%dpt cells list %.1f buttons on average; the field alone answers %.2f%% of misses as the scan does\n", sizes[s],
               (double)lists[s].start[cells] / cells, 100.0 - field_off[s] / 200.0);
    }
    print_designs(DESIGNS, names, best, bytes);
    printf("(checksum %llu)\n", (unsigned long long)sink);
    return 0;
}
