// The benchmarks' physical floors (lookup and decode), kept out of the shipped targets.
#ifndef CBENCHMARKFLOOR_H
#define CBENCHMARKFLOOR_H

#include <stddef.h>
#include <stdint.h>

/// A plain libpng read of a file into one reused 8-bit RGBA row (the same expansions the decoder
/// asks for), doing nothing with the pixels but summing one byte a row so the work cannot be
/// skipped. Returns 0 on success, -1 on any error.
int benchmark_floor_read_rgba_rows(const char *_Nonnull path, uint64_t *_Nonnull checksum);

/// Encodes straight RGBA pixels as a WebP (lossless, or lossy at `quality` 0-100) into *output,
/// freed with benchmark_free_webp. Returns 0 on success, -1 on any error.
int benchmark_encode_webp(
    const uint8_t *_Nonnull rgba, int width, int height, int lossless, float quality, uint8_t *_Nullable *_Nonnull output,
    size_t *_Nonnull size);
void benchmark_free_webp(uint8_t *_Nullable bytes);

/// A plain libwebp decode of a file (read whole, then WebPDecodeRGBA), summing one alpha a row.
int benchmark_floor_decode_webp(const char *_Nonnull path, uint64_t *_Nonnull checksum);

/// A plain librsvg rasterisation of a file at `scale` pixels per point: parse, one ARGB32 cairo
/// surface of the scaled intrinsic size, render_document. Sums one byte a row.
int benchmark_floor_rasterise_svg(const char *_Nonnull path, double scale, uint64_t *_Nonnull checksum);

/// The lookup floor: for each of `count` (x, y) pairs in `points` (inside the buffer), load byte
/// (trunc y) * bytes_per_row + (trunc x) of `alpha` and count those >= min_alpha. Nothing else.
uint64_t benchmark_floor_lookup(
    const uint8_t *_Nonnull alpha, ptrdiff_t bytes_per_row, const double *_Nonnull points, size_t count, uint8_t min_alpha);

/// The lookup floor plus only what a correct test of an arbitrary point adds: the same count for
/// `count` (x, y) pairs anywhere (NaN, infinite, negative, past the edge), each counted only when
/// 0 <= x < width and 0 <= y < height (`width` x `height` pixels at one pixel a point) and its
/// pixel's alpha >= min_alpha. The checks are the engine's identity test's (ImageHitRegion), in C.
uint64_t benchmark_checked_floor_lookup(
    const uint8_t *_Nonnull alpha, ptrdiff_t bytes_per_row, const double *_Nonnull points, size_t count, uint8_t min_alpha,
    uint64_t width, uint64_t height);

#endif
