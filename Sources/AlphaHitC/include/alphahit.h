/*
 * alphahit.h: the C interface of AlphaHit, pixel-accurate hit testing of irregular-shaped UI
 * elements. Plain C99. Link against libAlphaHitC.so
 * (swift build -c release --product AlphaHitC gives .build/release/libAlphaHitC.so).
 *
 * Conventions (Docs/CInterface.md has the ABI rules):
 * - Every function that can fail returns an alphahit_status; on failure, when `error` is not NULL,
 *   *error receives a message (UTF-8, NUL-terminated) that the caller frees with alphahit_free.
 *   Nothing is printed and nothing aborts: NULL pointers, invalid UTF-8 and out-of-range indices
 *   are reported as ALPHAHIT_INVALID_ARGUMENT.
 * - Strings going in are NUL-terminated UTF-8; strings coming out are allocated by the library
 *   and freed with alphahit_free.
 * - Coordinates are layout points (doubles), x to the right, y downwards.
 * - Element indices: in an engine that has not been changed, positions in layout order (depth
 *   first, parents before children), 0 ..< alphahit_element_count. A change keeps every element's
 *   index for as long as the element exists and never gives a removed element's index to another;
 *   an added element gets an index never used before in the engine (so, after changes, indices
 *   need not be below alphahit_element_count: take them from alphahit_element_index).
 *
 * - Points must be finite: a NaN or infinite coordinate is ALPHAHIT_INVALID_ARGUMENT (or -2 from
 *   the functions that return an index), as `hittest query` refuses it; nothing is answered for it.
 * - Sizes (counts, strides, lengths) are checked: one that no array can have, or a product that
 *   would wrap, is ALPHAHIT_INVALID_ARGUMENT with a message naming it.
 *
 * Thread safety: any number of threads may query one engine at the same time (every function
 * taking a const alphahit_engine *) while one thread at a time changes it (the functions under
 * "Changing an engine"): each query sees the engine before or after each change, never a mix, and
 * no query waits for a change being made. Only alphahit_engine_close must not run while another
 * call uses the same engine. Queries on a changed engine take a brief lock to read its current
 * state; a snapshot (alphahit_engine_snapshot) takes none.
 */
#ifndef ALPHAHIT_H
#define ALPHAHIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface. It changes only when a function or type below changes in a way
 * that breaks existing callers; additions do not change it. */
#define ALPHAHIT_ABI_VERSION 1u

/* Results of the functions that can fail. */
typedef enum alphahit_status {
    ALPHAHIT_OK = 0,
    /* A NULL pointer where one is required, a string that is not UTF-8, an index out of range,
     * a negative, infinite or NaN tolerance, a point that is not finite, a zero or oversized
     * stride or count, a closed engine. */
    ALPHAHIT_INVALID_ARGUMENT = 1,
    /* The layout cannot be read or is not a valid layout (the message lists every problem,
     * FILE:LINE: PATH: MESSAGE a line). */
    ALPHAHIT_LAYOUT_ERROR = 2,
    /* The layout is valid but one of its images cannot be read or decoded (the message names
     * the element, the file and what is wrong with it). */
    ALPHAHIT_DECODE_ERROR = 3,
    /* An id that no element has. */
    ALPHAHIT_NOT_FOUND = 4
} alphahit_status;

/* An engine: a layout with its images decoded and indexed, ready for queries. Opaque. */
typedef struct alphahit_engine alphahit_engine;

/* The ABI version of the library actually loaded: compare with ALPHAHIT_ABI_VERSION. */
uint32_t alphahit_abi_version(void);

/* The library's version ("0.3.0"): the same as `hittest --version` and the Python package's.
 * A static string: do not free it. */
const char *alphahit_version(void);

/* Frees a string (a message, an id, an explanation) the library returned. NULL is ignored. */
void alphahit_free(void *pointer);

/* Opens the layout file at `path` (JSON, Docs/LayoutFormat.md); image paths in it are relative to
 * the file's folder. On success *engine receives a handle to close with alphahit_engine_close.
 * Returns ALPHAHIT_OK, ALPHAHIT_INVALID_ARGUMENT, ALPHAHIT_LAYOUT_ERROR or ALPHAHIT_DECODE_ERROR. */
alphahit_status alphahit_engine_open_file(const char *path, alphahit_engine **engine, char **error);

/* Opens a layout given as `length` bytes of JSON text (need not be NUL-terminated); relative image
 * paths start at `base_dir` (NULL: the current folder). Otherwise as alphahit_engine_open_file. */
alphahit_status alphahit_engine_open_json(
    const char *json, size_t length, const char *base_dir, alphahit_engine **engine, char **error);

/* Closes an engine and frees it. NULL is ignored, and so is a second close of the same handle:
 * the handle itself (a few dozen bytes) stays allocated, and any later call with it returns
 * ALPHAHIT_INVALID_ARGUMENT ("the engine is closed"), or -2 / -1 from the functions that return
 * an index or a count. */
void alphahit_engine_close(alphahit_engine *engine);

/* The number of elements (every element of the layout, hit-testable or not); -1 for NULL. */
int64_t alphahit_element_count(const alphahit_engine *engine);

/* The id of element `index`: *id receives a string to free with alphahit_free.
 * Returns ALPHAHIT_OK or ALPHAHIT_INVALID_ARGUMENT (NULL engine or id, index out of range). */
alphahit_status alphahit_element_id(const alphahit_engine *engine, int64_t index, char **id, char **error);

/* The index of the element at `position` in layout order (0 ..< alphahit_element_count) in *index:
 * `position` itself until the engine is changed. Returns ALPHAHIT_OK or ALPHAHIT_INVALID_ARGUMENT
 * (NULL engine or index, position out of range). */
alphahit_status alphahit_element_at(const alphahit_engine *engine, int64_t position, int64_t *index, char **error);

/* The index of the element with id `id` in *index. Returns ALPHAHIT_OK, ALPHAHIT_NOT_FOUND, or
 * ALPHAHIT_INVALID_ARGUMENT (NULL pointer, id not UTF-8). */
alphahit_status alphahit_element_index(const alphahit_engine *engine, const char *id, int64_t *index, char **error);

/* The front-most element whose shape takes point (x, y): its index, or -1 when nothing is hit,
 * or -2 when `engine` is NULL or closed or the point is not finite. The layout's own touch tolerances apply,
 * as in `hittest query` without --tolerance. */
int32_t alphahit_hit(const alphahit_engine *engine, double x, double y);

/* alphahit_hit for `count` points: point i is (x[i * stride], y[i * stride]), so separate x and y
 * arrays use stride 1 and interleaved x, y pairs use x = pairs, y = pairs + 1, stride 2. Writes
 * each answer to indices[i] (-1 for no hit). Spread over at most `threads` threads, the calling
 * thread among them (0: one per core).
 * The arrays belong to the caller and are not kept. Returns ALPHAHIT_OK, or
 * ALPHAHIT_INVALID_ARGUMENT for a NULL pointer with count > 0, a zero stride, a count or stride
 * (or (count - 1) * stride) larger than any array of doubles, or a point that is not finite (the
 * message names the first; nothing is written then). */
alphahit_status alphahit_hit_many(
    const alphahit_engine *engine, const double *x, const double *y, size_t stride, size_t count,
    int32_t *indices, uint32_t threads, char **error);

/* alphahit_hit_many with touch tolerance `tolerance` (points, finite, >= 0), as
 * alphahit_hit_with_tolerance answers each point. */
alphahit_status alphahit_hit_many_with_tolerance(
    const alphahit_engine *engine, const double *x, const double *y, size_t stride, size_t count,
    double tolerance, int32_t *indices, uint32_t threads, char **error);

/* The element a tap at (x, y) selects with touch tolerance `tolerance` (points, >= 0): the
 * front-most exact hit, else the element whose hit region is nearest within its tolerance
 * (Docs/HitTesting.md, "Touch tolerance"). Returns its index, -1 for none, -2 for a NULL or
 * closed engine, a negative, infinite or NaN tolerance, or a point that is not finite. When `distance` is not NULL it receives the distance in points
 * from the point to the element's hit region (0 for an exact hit; unchanged for none). */
int32_t alphahit_hit_with_tolerance(const alphahit_engine *engine, double x, double y, double tolerance, double *distance);

/* Why point (x, y) hits what it hits, as a JSON object in *json (free with alphahit_free):
 * {"point": [x, y], "id": ID or null, "explain": [{"id": ID, "verdict": TEXT}, ...], "others": N}
 * with one entry, front to back, for each element in front of the winner (and the winner) whose
 * bounds contain the point, as `hittest query --explain --json` prints them.
 * Returns ALPHAHIT_OK or ALPHAHIT_INVALID_ARGUMENT (also for a point that is not finite). */
alphahit_status alphahit_explain(const alphahit_engine *engine, double x, double y, char **json, char **error);

/* alphahit_explain with touch tolerance `tolerance` (points, finite, >= 0): the "near" list and the
 * answer then follow it, as `hittest query --explain --json --tolerance`. */
alphahit_status alphahit_explain_with_tolerance(
    const alphahit_engine *engine, double x, double y, double tolerance, char **json, char **error);

/* Changing an engine (Docs/LiveScenes.md). Each change is checked as the layout file is: a change
 * that is refused changes nothing. Every function returns ALPHAHIT_OK; ALPHAHIT_NOT_FOUND for an
 * id that no element has; ALPHAHIT_LAYOUT_ERROR when the changed layout breaks a layout rule (the
 * message lists every problem, PATH: MESSAGE a line, at the changed layout's paths);
 * ALPHAHIT_DECODE_ERROR when only an image of it cannot be read; ALPHAHIT_INVALID_ARGUMENT for a
 * NULL pointer, a string that is not UTF-8, a change that is not valid JSON or not a change, a
 * position beyond the siblings, a move into the element's own subtree, a closed engine, or a
 * snapshot (which cannot be changed). After a change, queries answer exactly what an engine
 * opened on the changed layout answers, with the indices above. */

/* Applies one change given as `length` bytes of JSON (need not be NUL-terminated; at most 256 MiB),
 * one line of a `hittest replay` script:
 *   {"set": "ID", KEY: VALUE, ...}    sets element keys (null: back to the default)
 *   {"add": ELEMENT, "parent": "ID", "index": N}   parent and index optional (top level; last)
 *   {"remove": "ID"}
 *   {"move": "ID", "parent": "ID" or null, "index": N}   parent absent: stays with its parent */
alphahit_status alphahit_engine_change(alphahit_engine *engine, const char *json, size_t length, char **error);

/* Moves or resizes element `id`: its frame (x, y, width, height) in its parent's points. */
alphahit_status alphahit_set_frame(
    alphahit_engine *engine, const char *id, double x, double y, double width, double height, char **error);

/* Sets element `id`'s transform, about the centre of its frame, to the six numbers at `matrix`
 * (a, b, c, d, tx, ty: x' = a x + c y + tx, y' = b x + d y + ty); NULL removes it. */
alphahit_status alphahit_set_transform(alphahit_engine *engine, const char *id, const double *matrix, char **error);

/* Hides (hidden != 0) or shows (0) element `id` and its subtree. */
alphahit_status alphahit_set_hidden(alphahit_engine *engine, const char *id, int32_t hidden, char **error);

/* Puts element `id` in state `state` ("normal": its own image; see the layout key "states"). */
alphahit_status alphahit_set_state(alphahit_engine *engine, const char *id, const char *state, char **error);

/* An immutable copy of the engine as it is now, in *snapshot (close it with alphahit_engine_close):
 * taken in constant time, unchanged by later changes to `engine`, queried without any lock, and
 * itself refusing changes. Returns ALPHAHIT_OK or ALPHAHIT_INVALID_ARGUMENT. */
alphahit_status alphahit_engine_snapshot(const alphahit_engine *engine, alphahit_engine **snapshot, char **error);

/* Outlines, regions and tap points (Docs/Outlines.md). */

/* Flags of alphahit_outline_png: also cut each polygon into convex pieces, into triangles. */
#define ALPHAHIT_OUTLINE_CONVEX 1u
#define ALPHAHIT_OUTLINE_TRIANGLES 2u

/* The outline of the solid pixels of the image at `path` (a PNG, WebP or SVG, told by its content
 * whatever the name: the function predates the other formats; an SVG is drawn at 2 or 3 pixels
 * per point for an @2x/@3x file name, else 1) (alpha / 255 >= `threshold`, 0...1, the hit
 * test's rule) as JSON in *json (free with alphahit_free), exactly as `hittest outline` prints it:
 * {"image", "threshold", "epsilon", "polygons": [{"outer": [[x, y], ...], "holes": [...],
 * "convex": [...], "triangles": [...]}], "pieces": N, "triangleCount": N}, in image pixels (x right,
 * y down). Exact for `epsilon` 0, else simplified within `epsilon` pixels (0...1000000). With
 * ALPHAHIT_OUTLINE_CONVEX in `flags`, each polygon's convex pieces of at most `max_vertices`
 * corners (0: no limit, else at least 3); with ALPHAHIT_OUTLINE_TRIANGLES, its triangles.
 * Returns ALPHAHIT_OK, ALPHAHIT_DECODE_ERROR (the file cannot be read or decoded), or
 * ALPHAHIT_INVALID_ARGUMENT (NULL pointer, threshold, epsilon, flags or max_vertices out of
 * range, a simplified polygon over the 20000 vertices pieces are cut from). */
alphahit_status alphahit_outline_png(
    const char *path, double threshold, double epsilon, uint32_t flags, int32_t max_vertices, char **json, char **error);

/* The outline of element `id`'s own hit region R(e) (its bounds, shape, solid pixels at its
 * alphaThreshold, clipped by every clipping ancestor; whatever lies in front of it) in layout
 * points after every transform, as JSON in *json (free with alphahit_free), as `hittest outline
 * LAYOUT --element ID` prints it without "layout": {"element", "epsilon", "polygons": [...], ...},
 * polygons as alphahit_outline_png's, outer rings positive. Exact for `epsilon` 0 (coordinates not
 * rounded), which a round edge (ellipse, rounded corners, a clip at an angle to an image) refuses;
 * else within `epsilon` points of R(e)'s edge (Hausdorff), coordinates to the thousandth. `flags`
 * and `max_vertices` as alphahit_outline_png's. An element that can never be hit has no polygons.
 * Returns ALPHAHIT_OK, ALPHAHIT_NOT_FOUND for an id no element has, or ALPHAHIT_INVALID_ARGUMENT
 * (NULL pointer, epsilon out of range or too small, a round region at epsilon 0, flags or
 * max_vertices out of range, an outline too detailed: the message says which). */
alphahit_status alphahit_element_outline(
    const alphahit_engine *engine, const char *id, double epsilon, uint32_t flags, int32_t max_vertices, char **json, char **error);

/* The pixels of the hit map at `scale` pixels per point (pixel (px, py) samples the point
 * ((px + 0.5) / scale, (py + 0.5) / scale), as `hittest render` paints it) that the elements own,
 * or element `id` only (NULL: all), with touch tolerance *tolerance (NULL: the layout's), as
 * banded rectangles (X11's YXBanded form) in JSON in *json, exactly as `hittest region` prints it:
 * {"scale": S, "width": W, "height": H, "rects": [[x, y, w, h], ...]}. Returns ALPHAHIT_OK,
 * ALPHAHIT_NOT_FOUND for an id no element has, or ALPHAHIT_INVALID_ARGUMENT (NULL engine or json,
 * a scale outside 0.000001...1000000, a map over 134217728 pixels or without a canvas to bound it,
 * a bad tolerance). */
alphahit_status alphahit_region(
    const alphahit_engine *engine, double scale, const char *id, const double *tolerance, char **json, char **error);

/* Element `id`'s tap point on the hit map at `scale` pixels per point (4 is `hittest audit`'s
 * default), with the layout's touch tolerances: in *x, *y the centre of its owned pixel farthest
 * from every pixel it does not own (a query there answers it), and in *clearance (when not NULL)
 * that distance in points. Returns ALPHAHIT_OK, ALPHAHIT_NOT_FOUND for an id no element has or an
 * element that owns no pixel (it has no tap point), or ALPHAHIT_INVALID_ARGUMENT (NULL pointer, a
 * bad scale or a map too large, as alphahit_region). */
alphahit_status alphahit_tap_point(
    const alphahit_engine *engine, const char *id, double scale, double *x, double *y, double *clearance, char **error);

#ifdef __cplusplus
}
#endif

#endif /* ALPHAHIT_H */
