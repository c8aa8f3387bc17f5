// The decode benchmarks' physical floor: libpng reading 8-bit RGBA rows and nothing else.
#include "CBenchmarkFloor.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static void floor_error(png_structp png, png_const_charp text) {
    (void)text;
    png_longjmp(png, 1);
}

static void floor_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int benchmark_floor_read_rgba_rows(const char *path, uint64_t *checksum) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return -1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, floor_error, floor_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    // Heap memory reachable after a longjmp: the row is freed on every path.
    png_bytep *volatile row = calloc(1, sizeof(png_bytep));
    if (info == NULL || row == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        free(row);
        fclose(file);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(row[0]);
        free(row);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    row[0] = malloc(png_get_rowbytes(png, info));
    if (row[0] == NULL) png_error(png, "out of memory");
    uint64_t sum = 0;
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, row[0], NULL);
            sum += row[0][3];
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(row[0]);
    free(row);
    fclose(file);
    *checksum += sum;
    return 0;
}
