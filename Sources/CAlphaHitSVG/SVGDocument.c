#include "CAlphaHitSVG.h"

#include <librsvg/rsvg.h>
#include <cairo.h>
#include <stdio.h>

struct ahsvg_document {
    RsvgHandle *handle;
};

static void copy_message(char *message, size_t size, const char *text) {
    if (size == 0) return;
    snprintf(message, size, "%s", text != NULL ? text : "unknown error");
}

static ahsvg_status fail_with(GError *error, char *message, size_t size) {
    copy_message(message, size, error != NULL ? error->message : NULL);
    if (error != NULL) g_error_free(error);
    return AHSVG_ERROR;
}

ahsvg_status ahsvg_document_open(
    const uint8_t *bytes, size_t count, ahsvg_document **document, char *message, size_t message_size) {
    *document = NULL;
    copy_message(message, message_size, "");
    ahsvg_document *made = g_try_malloc0(sizeof *made);
    if (made == NULL) return AHSVG_OUT_OF_MEMORY;
    // Default flags keep librsvg's own limits on XML size and element count; no base file is
    // set, so no external reference can be resolved.
    GError *error = NULL;
    made->handle = rsvg_handle_new_from_data(bytes, count, &error);
    if (made->handle == NULL) {
        g_free(made);
        return fail_with(error, message, message_size);
    }
    // Absolute units inside the drawing (mm, pt, in) at CSS's 96 pixels per inch.
    rsvg_handle_set_dpi(made->handle, 96.0);
    *document = made;
    return AHSVG_OK;
}

void ahsvg_document_destroy(ahsvg_document *document) {
    if (document == NULL) return;
    g_object_unref(document->handle);
    g_free(document);
}

void ahsvg_document_dimensions(const ahsvg_document *document, ahsvg_dimensions *dimensions) {
    gboolean has_width = FALSE, has_height = FALSE, has_viewbox = FALSE;
    RsvgLength width = {0}, height = {0};
    RsvgRectangle viewbox = {0};
    rsvg_handle_get_intrinsic_dimensions(
        document->handle, &has_width, &width, &has_height, &height, &has_viewbox, &viewbox);
    dimensions->has_width = has_width;
    dimensions->width = width.length;
    dimensions->width_unit = (int)width.unit;
    dimensions->has_height = has_height;
    dimensions->height = height.length;
    dimensions->height_unit = (int)height.unit;
    dimensions->has_viewbox = has_viewbox;
    dimensions->viewbox_width = viewbox.width;
    dimensions->viewbox_height = viewbox.height;
}

ahsvg_status ahsvg_document_render(
    const ahsvg_document *document, double viewport_width, double viewport_height,
    int width, int first_row, int rows, uint8_t *pixels, size_t stride, char *message, size_t message_size) {
    copy_message(message, message_size, "");
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, rows, (int)stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        copy_message(message, message_size, cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return AHSVG_ERROR;
    }
    cairo_t *cr = cairo_create(surface);
    cairo_translate(cr, 0, -(double)first_row);
    RsvgRectangle viewport = {0, 0, viewport_width, viewport_height};
    GError *error = NULL;
    gboolean drawn = rsvg_handle_render_document(document->handle, cr, &viewport, &error);
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    if (!drawn) return fail_with(error, message, message_size);
    if (status != CAIRO_STATUS_SUCCESS) {
        copy_message(message, message_size, cairo_status_to_string(status));
        return status == CAIRO_STATUS_NO_MEMORY ? AHSVG_OUT_OF_MEMORY : AHSVG_ERROR;
    }
    return AHSVG_OK;
}
