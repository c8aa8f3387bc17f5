// libpng reading, with every longjmp caught in the function that set it.
#include "CAlphaHitPNG.h"

#include <png.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Ancillary chunks (iCCP, zTXt, ...) may not make libpng allocate more than
// this, which also bounds decompression bombs hidden in text chunks.
#define AHPNG_CHUNK_MALLOC_MAX (8u * 1024u * 1024u)
// How many ancillary chunks of the kinds libpng stores it keeps.
#define AHPNG_CHUNK_CACHE_MAX 1000u

struct ahpng_reader {
    png_structp png;
    png_infop info;
    FILE *file;
    const uint8_t *bytes;
    size_t count;
    size_t offset;
    size_t bytes_read; // from the file, to tell an empty file from a truncated one
    ahpng_status open_status;
    ahpng_status source_status; // set by the read callback before png_error
    int saved_errno;
    char message[512];
};

static void set_message(ahpng_reader *reader, const char *text) {
    snprintf(reader->message, sizeof reader->message, "%s", text ? text : "unknown error");
}

static void on_error(png_structp png, png_const_charp text) {
    ahpng_reader *reader = (ahpng_reader *)png_get_error_ptr(png);
    // A message set by the read callback is more precise than libpng's echo of it.
    if (reader->source_status == AHPNG_OK) set_message(reader, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    // Warnings are benign by definition; libpng's default would print them to stderr.
    (void)png;
    (void)text;
}

static void fail_source(png_structp png, ahpng_reader *reader, ahpng_status status, const char *text) {
    reader->source_status = status;
    set_message(reader, text);
    png_error(png, text);
}

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    ahpng_reader *reader = (ahpng_reader *)png_get_io_ptr(png);
    if (length > reader->count - reader->offset) {
        if (reader->count == 0) fail_source(png, reader, AHPNG_EMPTY_INPUT, "the input is empty");
        fail_source(png, reader, AHPNG_END_OF_INPUT, "unexpected end of data");
    }
    memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

static void read_from_file(png_structp png, png_bytep out, size_t length) {
    ahpng_reader *reader = (ahpng_reader *)png_get_io_ptr(png);
    size_t got = fread(out, 1, length, reader->file);
    reader->bytes_read += got;
    if (got == length) return;
    if (ferror(reader->file)) {
        reader->saved_errno = errno;
        fail_source(png, reader, AHPNG_SYSTEM_ERROR, strerror(errno));
    }
    if (reader->bytes_read == 0) fail_source(png, reader, AHPNG_EMPTY_INPUT, "the file is empty");
    fail_source(png, reader, AHPNG_END_OF_INPUT, "unexpected end of file");
}

static ahpng_reader *create(void) {
    ahpng_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->open_status = AHPNG_OK;
    set_message(reader, "no error");
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (reader->png == NULL) {
        free(reader);
        return NULL;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        png_destroy_read_struct(&reader->png, NULL, NULL);
        free(reader);
        return NULL;
    }
    // AlphaHit checks the caller's size limits itself, right after IHDR, with a
    // message that names them; libpng's own limit is raised to PNG's maximum.
    png_set_user_limits(reader->png, 0x7fffffffu, 0x7fffffffu);
    png_set_chunk_malloc_max(reader->png, AHPNG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(reader->png, AHPNG_CHUNK_CACHE_MAX);
    // Only IHDR, PLTE, tRNS, IDAT and IEND matter for hit testing; every other chunk is skipped
    // unread (a negative count means "all but those five"). Besides saving work, this closes a
    // bomb: libpng treats an oversized ancillary chunk as a benign error, then allocates and
    // zeroes a buffer of the claimed size (found by fuzzing: 64 bytes claiming a 1.5 GB tEXt).
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    return reader;
}

ahpng_reader *ahpng_reader_open_file(const char *path) {
    ahpng_reader *reader = create();
    if (reader == NULL) return NULL;
    reader->file = fopen(path, "rb");
    if (reader->file == NULL) {
        reader->saved_errno = errno;
        reader->open_status = AHPNG_SYSTEM_ERROR;
        set_message(reader, strerror(errno));
        return reader;
    }
    png_set_read_fn(reader->png, reader, read_from_file);
    return reader;
}

ahpng_reader *ahpng_reader_open_memory(const uint8_t *bytes, size_t count) {
    ahpng_reader *reader = create();
    if (reader == NULL) return NULL;
    reader->bytes = bytes;
    reader->count = bytes ? count : 0;
    png_set_read_fn(reader->png, reader, read_from_memory);
    return reader;
}

void ahpng_reader_destroy(ahpng_reader *reader) {
    if (reader == NULL) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    if (reader->file) fclose(reader->file);
    free(reader);
}

ahpng_status ahpng_reader_open_status(const ahpng_reader *reader) { return reader->open_status; }
const char *ahpng_reader_message(const ahpng_reader *reader) { return reader->message; }
int ahpng_reader_errno(const ahpng_reader *reader) { return reader->saved_errno; }

static ahpng_status failure(ahpng_reader *reader) {
    return reader->source_status != AHPNG_OK ? reader->source_status : AHPNG_ERROR;
}

ahpng_status ahpng_reader_read_header(ahpng_reader *reader, ahpng_header *header) {
    if (reader->open_status != AHPNG_OK) return reader->open_status;
    if (setjmp(png_jmpbuf(reader->png))) return failure(reader);
    png_read_info(reader->png, reader->info);
    header->width = png_get_image_width(reader->png, reader->info);
    header->height = png_get_image_height(reader->png, reader->info);
    header->bit_depth = png_get_bit_depth(reader->png, reader->info);
    header->color_type = png_get_color_type(reader->png, reader->info);
    header->interlaced = png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE;
    header->has_trns = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
    return AHPNG_OK;
}

ahpng_status ahpng_reader_start_rgba8(ahpng_reader *reader, size_t *row_bytes) {
    if (setjmp(png_jmpbuf(reader->png))) return failure(reader);
    png_structp png = reader->png;
    png_infop info = reader->info;
    // Palette -> RGB, grey 1/2/4 -> 8 (exact x255/x85/x17), tRNS -> alpha
    // (colour keys compared at the file's own bit depth, before any scaling).
    png_set_expand(png);
    // 16 -> 8 bits by rounding, round(v / 257), not by truncation.
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    // Opaque where the file has neither an alpha channel nor tRNS; libpng adds
    // the filler only to rows that still lack alpha after the steps above.
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    // No png_set_gamma, no png_set_alpha_mode: samples are used as stored.
    png_read_update_info(png, info);
    *row_bytes = png_get_rowbytes(png, info);
    return AHPNG_OK;
}

ahpng_status ahpng_reader_read_row(ahpng_reader *reader, uint8_t *row) {
    if (setjmp(png_jmpbuf(reader->png))) return failure(reader);
    png_read_row(reader->png, row, NULL);
    return AHPNG_OK;
}

ahpng_status ahpng_reader_finish(ahpng_reader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return failure(reader);
    png_read_end(reader->png, NULL);
    return AHPNG_OK;
}
