// The decode benchmarks' physical floor, kept out of the shipped targets.
#ifndef CBENCHMARKFLOOR_H
#define CBENCHMARKFLOOR_H

#include <stdint.h>

/// A plain libpng read of a file into one reused 8-bit RGBA row (the same expansions the decoder
/// asks for), doing nothing with the pixels but summing one byte a row so the work cannot be
/// skipped. Returns 0 on success, -1 on any error.
int benchmark_floor_read_rgba_rows(const char *_Nonnull path, uint64_t *_Nonnull checksum);

#endif
