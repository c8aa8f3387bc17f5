// The C boundary between AlphaHit and librsvg (with cairo and GLib).
//
// librsvg speaks GObject and GError; Swift sees an opaque document, plain numbers and a
// status code, with librsvg's message copied into the caller's buffer. No base file or URL is
// ever given to librsvg, so it resolves no external reference (files, network): only data: URIs
// inside the document are drawn. librsvg runs no scripts.
#ifndef CALPHAHITSVG_H
#define CALPHAHITSVG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status of every entry point.
typedef enum {
    AHSVG_OK = 0,
    /// librsvg or cairo refused the document or the drawing; see the message.
    AHSVG_ERROR = 1,
    /// An allocation failed.
    AHSVG_OUT_OF_MEMORY = 2,
} ahsvg_status;

/// The units of a length, in librsvg's order (RsvgUnit).
typedef enum {
    AHSVG_UNIT_PERCENT = 0,
    AHSVG_UNIT_PX,
    AHSVG_UNIT_EM,
    AHSVG_UNIT_EX,
    AHSVG_UNIT_IN,
    AHSVG_UNIT_CM,
    AHSVG_UNIT_MM,
    AHSVG_UNIT_PT,
    AHSVG_UNIT_PC,
} ahsvg_unit;

/// What the root <svg> element says about its size (rsvg_handle_get_intrinsic_dimensions).
typedef struct {
    int has_width;
    double width;
    int width_unit;
    int has_height;
    double height;
    int height_unit;
    int has_viewbox;
    double viewbox_width;
    double viewbox_height;
} ahsvg_dimensions;

typedef struct ahsvg_document ahsvg_document;

/// Parses `count` bytes of SVG (the bytes may be freed afterwards). On AHSVG_OK `*document`
/// is set; otherwise it is NULL and `message` holds librsvg's words (always NUL-terminated).
ahsvg_status ahsvg_document_open(
    const uint8_t *_Nonnull bytes, size_t count, ahsvg_document *_Nullable *_Nonnull document,
    char *_Nonnull message, size_t message_size);

void ahsvg_document_destroy(ahsvg_document *_Nullable document);

/// The root element's width, height and viewBox, as written.
void ahsvg_document_dimensions(const ahsvg_document *_Nonnull document, ahsvg_dimensions *_Nonnull dimensions);

/// Draws rows `first_row ..< first_row + rows` of the document laid into a viewport of
/// `viewport_width` x `viewport_height` pixels at the origin, into `pixels`: cairo ARGB32 (native
/// 32-bit words, premultiplied), `width` pixels per row, `stride` bytes apart (a multiple of 4,
/// at least 4 * width). The caller clears the rows first.
ahsvg_status ahsvg_document_render(
    const ahsvg_document *_Nonnull document, double viewport_width, double viewport_height,
    int width, int first_row, int rows, uint8_t *_Nonnull pixels, size_t stride,
    char *_Nonnull message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
