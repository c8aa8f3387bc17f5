// The C boundary between AlphaHit and libpng.
//
// libpng reports errors with longjmp, which Swift frames cannot survive. Every
// libpng call therefore happens in this target, inside a setjmp placed in the
// same C function, and each entry point returns a status code. The message of
// the last error is kept in the reader or writer for Swift to read.
#ifndef CALPHAHITPNG_H
#define CALPHAHITPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every entry point.
typedef enum {
    AHPNG_OK = 0,
    /// libpng (or the data source) reported an error; see the message.
    AHPNG_ERROR = 1,
    /// The input ended before libpng had all it needed.
    AHPNG_END_OF_INPUT = 2,
    /// The operating system refused to open or read the file; see errno.
    AHPNG_SYSTEM_ERROR = 3,
    /// An allocation failed.
    AHPNG_OUT_OF_MEMORY = 4,
    /// The input has no bytes at all.
    AHPNG_EMPTY_INPUT = 5,
} ahpng_status;

/// What IHDR says, plus whether a tRNS chunk is present.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    int has_trns;
} ahpng_header;

typedef struct ahpng_reader ahpng_reader;

/// Creates a reader over a file. Returns NULL when out of memory; otherwise a
/// reader whose status says whether the file could be opened.
ahpng_reader *_Nullable ahpng_reader_open_file(const char *_Nonnull path);

/// Creates a reader over bytes that stay alive and unchanged until the reader is destroyed.
ahpng_reader *_Nullable ahpng_reader_open_memory(const uint8_t *_Nullable bytes, size_t count);

void ahpng_reader_destroy(ahpng_reader *_Nullable reader);

/// The status the reader was opened with (a file that cannot be opened).
ahpng_status ahpng_reader_open_status(const ahpng_reader *_Nonnull reader);

/// Reads the signature and every chunk before the image data (png_read_info).
/// libpng's own chunk limits bound what this allocates; no pixel memory is allocated.
ahpng_status ahpng_reader_read_header(ahpng_reader *_Nonnull reader, ahpng_header *_Nonnull header);

/// Sets the transformations that turn every PNG format into 8-bit RGBA rows,
/// without gamma correction and without interlace handling (the caller
/// de-interlaces pass rows itself). Stores the row size in bytes.
ahpng_status ahpng_reader_start_rgba8(ahpng_reader *_Nonnull reader, size_t *_Nonnull row_bytes);

/// Reads the next row (of the next Adam7 pass, for interlaced images) as RGBA8 (png_read_row).
ahpng_status ahpng_reader_read_row(ahpng_reader *_Nonnull reader, uint8_t *_Nonnull row);

/// Reads the chunks after the image data up to IEND, checking their CRCs (png_read_end).
ahpng_status ahpng_reader_finish(ahpng_reader *_Nonnull reader);

/// The message of the last error: libpng's own words, or the data source's.
const char *_Nonnull ahpng_reader_message(const ahpng_reader *_Nonnull reader);

/// The errno of the last AHPNG_SYSTEM_ERROR.
int ahpng_reader_errno(const ahpng_reader *_Nonnull reader);


/// What to write: rows of packed samples exactly as PNG stores them
/// (big-endian for 16-bit, most significant bits first below 8 bits).
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    const uint8_t *_Nonnull rows;
    size_t row_stride;
    /// PLTE entries as R, G, B triples (palette images only).
    const uint8_t *_Nullable palette;
    int palette_count;
    /// tRNS alpha entries (palette images only).
    const uint8_t *_Nullable trns_alpha;
    int trns_alpha_count;
    /// tRNS colour key (grey or RGB images), at the image's bit depth.
    int has_trns_color;
    uint16_t trns_gray, trns_red, trns_green, trns_blue;
    /// gAMA value to write (e.g. 0.45455); 0 writes none.
    double gamma;
    /// Writes an sRGB chunk when non-zero.
    int srgb;
} ahpng_write_request;

/// Encodes a PNG into memory (png_write_*). On success *out is a malloc'd buffer
/// the caller frees with ahpng_free; on error, message receives libpng's words.
ahpng_status ahpng_write_memory(const ahpng_write_request *_Nonnull request,
                                uint8_t *_Nullable *_Nonnull out, size_t *_Nonnull out_count,
                                char *_Nonnull message, size_t message_capacity);

void ahpng_free(void *_Nullable pointer);

#ifdef __cplusplus
}
#endif

#endif
