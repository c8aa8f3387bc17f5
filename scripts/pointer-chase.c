// The machine's memory cliff: nanoseconds a dependent load takes when each load's address comes
// from the previous one (a random cycle through one 64-byte line of each `size` bytes), for sizes
// from 16 KiB to 64 MiB. What a query's dependent trips cost (Benchmarks/README.md, "Where the
// round's targets are missed").
//
//     gcc -O2 -o /tmp/pointer-chase scripts/pointer-chase.c && /tmp/pointer-chase
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

int main(void) {
    const size_t line = 64, steps = 20 * 1000 * 1000;
    for (size_t size = 16 << 10; size <= (64u << 20); size *= 2) {
        size_t count = size / line;
        char *memory = aligned_alloc(line, size);
        size_t *order = malloc(count * sizeof *order);
        if (!memory || !order) return 1;
        for (size_t i = 0; i < count; i++) order[i] = i;
        uint64_t state = 42;
        for (size_t i = count - 1; i > 0; i--) {  // Fisher-Yates with a fixed xorshift seed
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            size_t j = state % (i + 1), t = order[i]; order[i] = order[j]; order[j] = t;
        }
        for (size_t i = 0; i < count; i++)
            *(void **)(memory + order[i] * line) = memory + order[(i + 1) % count] * line;
        void **p = (void **)(memory + order[0] * line);
        for (size_t i = 0; i < count; i++) p = *p;  // warm
        double best = 1e30;
        for (int round = 0; round < 3; round++) {
            double start = seconds();
            for (size_t i = 0; i < steps; i++) p = *p;
            double took = (seconds() - start) / steps * 1e9;
            if (took < best) best = took;
        }
        printf("%8zu KiB  %6.1f ns a dependent load%s\n", size >> 10, best, p ? "" : " ");
        free(order);
        free(memory);
    }
    return 0;
}
