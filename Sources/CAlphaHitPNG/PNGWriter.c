// libpng writing into a growing memory buffer, with the longjmp caught here.
#include "CAlphaHitPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
    int out_of_memory;
    char *message;
    size_t message_capacity;
} sink;

static void on_write_error(png_structp png, png_const_charp text) {
    sink *s = (sink *)png_get_error_ptr(png);
    if (!s->out_of_memory) snprintf(s->message, s->message_capacity, "%s", text ? text : "unknown error");
    png_longjmp(png, 1);
}

static void on_write_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void write_bytes(png_structp png, png_bytep data, size_t length) {
    sink *s = (sink *)png_get_io_ptr(png);
    if (length > s->capacity - s->count) {
        size_t wanted = s->capacity ? s->capacity : 4096;
        while (wanted - s->count < length) wanted *= 2;
        uint8_t *grown = realloc(s->bytes, wanted);
        if (grown == NULL) {
            s->out_of_memory = 1;
            snprintf(s->message, s->message_capacity, "out of memory while encoding");
            png_error(png, "out of memory");
        }
        s->bytes = grown;
        s->capacity = wanted;
    }
    memcpy(s->bytes + s->count, data, length);
    s->count += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static void write_all(png_structp png, png_infop info, const ahpng_write_request *r) {
    png_set_IHDR(png, info, r->width, r->height, r->bit_depth, r->color_type,
                 r->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (r->palette != NULL && r->palette_count > 0) {
        png_color colors[256];
        int n = r->palette_count > 256 ? 256 : r->palette_count;
        for (int i = 0; i < n; i++) {
            colors[i].red = r->palette[3 * i];
            colors[i].green = r->palette[3 * i + 1];
            colors[i].blue = r->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, n);
    }
    if (r->trns_alpha != NULL && r->trns_alpha_count > 0) {
        png_set_tRNS(png, info, r->trns_alpha, r->trns_alpha_count, NULL);
    } else if (r->has_trns_color) {
        png_color_16 key = {0, r->trns_red, r->trns_green, r->trns_blue, r->trns_gray};
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    if (r->gamma > 0) png_set_gAMA(png, info, r->gamma);
    if (r->srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < r->height; y++) {
            png_write_row(png, r->rows + (size_t)y * r->row_stride);
        }
    }
    png_write_end(png, info);
}

ahpng_status ahpng_write_memory(const ahpng_write_request *request, uint8_t **out, size_t *out_count,
                                char *message, size_t message_capacity) {
    *out = NULL;
    *out_count = 0;
    snprintf(message, message_capacity, "no error");
    // On the heap, so that what the callbacks wrote is still there after a
    // longjmp (locals changed between setjmp and longjmp are indeterminate).
    sink *s = calloc(1, sizeof *s);
    if (s == NULL) return AHPNG_OUT_OF_MEMORY;
    s->message = message;
    s->message_capacity = message_capacity;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, on_write_error, on_write_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(s);
        return AHPNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        ahpng_status status = s->out_of_memory ? AHPNG_OUT_OF_MEMORY : AHPNG_ERROR;
        free(s->bytes);
        free(s);
        return status;
    }
    png_set_write_fn(png, s, write_bytes, flush_nothing);
    write_all(png, info, request);
    png_destroy_write_struct(&png, &info);
    *out = s->bytes;
    *out_count = s->count;
    free(s);
    return AHPNG_OK;
}

void ahpng_free(void *pointer) { free(pointer); }
