// The WebP and SVG benchmarks' floors: plain libwebp and librsvg calls on the same files, and
// the encoder that makes the WebP fixtures.
#include "CBenchmarkFloor.h"

#include <librsvg/rsvg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <webp/decode.h>
#include <webp/encode.h>

static uint8_t *read_whole(const char *path, size_t *count) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = size > 0 ? malloc((size_t)size) : NULL;
    if (bytes != NULL && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *count = (size_t)size;
    return bytes;
}

int benchmark_encode_webp(const uint8_t *rgba, int width, int height, int lossless, float quality, uint8_t **output, size_t *size) {
    *size = lossless ? WebPEncodeLosslessRGBA(rgba, width, height, width * 4, output)
                     : WebPEncodeRGBA(rgba, width, height, width * 4, quality, output);
    return *size > 0 ? 0 : -1;
}

void benchmark_free_webp(uint8_t *bytes) { WebPFree(bytes); }

int benchmark_floor_decode_webp(const char *path, uint64_t *checksum) {
    size_t count = 0;
    uint8_t *bytes = read_whole(path, &count);
    if (bytes == NULL) return -1;
    int width = 0, height = 0;
    uint8_t *pixels = WebPDecodeRGBA(bytes, count, &width, &height);
    free(bytes);
    if (pixels == NULL) return -1;
    uint64_t sum = 0;
    for (int y = 0; y < height; y++) sum += pixels[(size_t)y * (size_t)width * 4 + 3];
    WebPFree(pixels);
    *checksum += sum;
    return 0;
}

int benchmark_floor_rasterise_svg(const char *path, double scale, uint64_t *checksum) {
    size_t count = 0;
    uint8_t *bytes = read_whole(path, &count);
    if (bytes == NULL) return -1;
    RsvgHandle *handle = rsvg_handle_new_from_data(bytes, count, NULL);
    free(bytes);
    if (handle == NULL) return -1;
    double width = 0, height = 0;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
        g_object_unref(handle);
        return -1;
    }
    int columns = (int)ceil(width * scale), rows = (int)ceil(height * scale);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, columns, rows);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width * scale, height * scale};
    gboolean drawn = rsvg_handle_render_document(handle, cr, &viewport, NULL);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    uint64_t sum = 0;
    for (int y = 0; y < rows && data != NULL; y++) sum += data[(size_t)y * (size_t)stride + 3];
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    *checksum += sum;
    return drawn ? 0 : -1;
}
