"""Hit areas out (Docs/Outlines.md): outlines of a PNG's solid pixels as NumPy arrays, a layout's
element's own region R(e) in layout points, a layout's input region as rectangles, and each
element's safe tap point. Imported by the package; use ``alphahit.outline``, ``Engine.outline``,
``Engine.region`` and ``Engine.tap_point``."""
import ctypes
import json
import math

from . import AlphaHitError, InvalidArgument, _check, _id, _library, _number, _path, _tolerance

CONVEX, TRIANGLES = 1, 2


def _numpy():
    try:
        import numpy
    except ImportError:
        raise AlphaHitError("outlines come as NumPy arrays: install NumPy (pip install numpy)") from None
    return numpy


def outline(path, threshold=0.1, epsilon=0.0, convex=False, max_vertices=None, triangles=False):
    """The outline of the solid pixels of the PNG at `path` (alpha / 255 >= `threshold`, 0...1):
    a list with one dict per polygon, ``{"outer": array, "holes": [array, ...]}``, each array of
    shape (n, 2) and dtype float64, image pixels (x right, y down); outer rings have a positive
    shoelace sum, holes a negative one. Exact for `epsilon` 0, else simplified within `epsilon`
    pixels. With `convex`, each dict also has ``"convex"``: its convex pieces (of at most
    `max_vertices` corners, >= 3; None: no limit); with `triangles`, ``"triangles"``.
    Raises DecodeError for a file that cannot be read, InvalidArgument for a value out of range."""
    threshold, epsilon = _number("threshold", threshold), _number("epsilon", epsilon)
    flags, limit = _pieces(convex, max_vertices, triangles)
    text, error = ctypes.c_void_p(), ctypes.c_void_p()
    status = _library().alphahit_outline_png(
        _path("path", path), threshold, epsilon, flags, limit, ctypes.byref(text), ctypes.byref(error))
    _check(status, error)
    return _polygons(json.loads(_take(text)))


def element_outline(engine, element_id, epsilon=0.0, convex=False, max_vertices=None, triangles=False):
    """The outline of element `element_id`'s own hit region R(e) (its bounds, shape, solid pixels
    and clipping ancestors, whatever lies in front of it) in layout points after every transform,
    as ``alphahit.outline`` gives polygons: exact for `epsilon` 0 (a round edge refuses it: raises
    InvalidArgument), else within `epsilon` points of R(e)'s edge. Raises NotFound for an unknown
    id; an element that can never be hit has no polygons."""
    epsilon = _number("epsilon", epsilon)
    flags, limit = _pieces(convex, max_vertices, triangles)
    text, error = ctypes.c_void_p(), ctypes.c_void_p()
    status = _library().alphahit_element_outline(
        engine._live(), _id("element_id", element_id), epsilon, flags, limit, ctypes.byref(text), ctypes.byref(error))
    _check(status, error)
    return _polygons(json.loads(_take(text)))


def _pieces(convex, max_vertices, triangles):
    """The flags and corner limit of the C calls, checked."""
    if max_vertices is not None and (isinstance(max_vertices, bool) or not isinstance(max_vertices, int)):
        raise TypeError(f"max_vertices must be an int or None, not {type(max_vertices).__name__}")
    if max_vertices is not None and not (3 <= max_vertices <= 2**31 - 1):
        raise InvalidArgument(f"max_vertices must be at least 3, not {max_vertices}")
    if max_vertices is not None and not convex:
        raise InvalidArgument("max_vertices is for convex pieces: give convex=True too")
    return (CONVEX if convex else 0) | (TRIANGLES if triangles else 0), max_vertices or 0


def _polygons(document):
    """The JSON's polygons as dicts of NumPy arrays."""
    numpy = _numpy()

    def ring(points):
        return numpy.array(points, dtype=numpy.float64).reshape(-1, 2)

    polygons = []
    for polygon in document["polygons"]:
        entry = {"outer": ring(polygon["outer"]), "holes": [ring(hole) for hole in polygon["holes"]]}
        for key in ("convex", "triangles"):
            if key in polygon:
                entry[key] = [ring(piece) for piece in polygon[key]]
        polygons.append(entry)
    return polygons


def _take(pointer):
    from . import _take_string
    return _take_string(pointer)


def region(engine, scale=1.0, element=None, tolerance=None):
    """The pixels of the hit map at `scale` pixels per point that the elements own (or element
    id `element` only), as ``{"scale", "width", "height", "rects"}`` with "rects" an int64 array
    of shape (k, 4), one ``[x, y, w, h]`` a row, in X11's YXBanded order (Docs/Outlines.md,
    "Input regions"), with touch tolerance `tolerance` (None: the layout's)."""
    numpy = _numpy()
    scale = _number("scale", scale)
    encoded = None if element is None else _id("element", element)
    limit = None if tolerance is None else ctypes.byref(ctypes.c_double(_tolerance(tolerance)))
    text, error = ctypes.c_void_p(), ctypes.c_void_p()
    _check(_library().alphahit_region(engine._live(), scale, encoded, limit, ctypes.byref(text), ctypes.byref(error)), error)
    document = json.loads(_take(text))
    document["rects"] = numpy.array(document["rects"], dtype=numpy.int64).reshape(-1, 4)
    return document


def tap_point(engine, element_id, scale=4.0):
    """Where a tap surely selects element `element_id`, on the hit map at `scale` pixels per point
    (4, as ``hittest audit``): ``(x, y, clearance)`` in points, the centre of its owned pixel
    farthest from anything it does not own, and that distance. Raises NotFound for an unknown id
    or an element that owns no pixel."""
    scale = _number("scale", scale)
    if not math.isfinite(scale):
        raise InvalidArgument(f"scale must be finite, not {scale!r}")
    x, y, clearance, error = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_void_p()
    status = _library().alphahit_tap_point(
        engine._live(), _id("element_id", element_id), scale, ctypes.byref(x), ctypes.byref(y), ctypes.byref(clearance), ctypes.byref(error))
    _check(status, error)
    return (x.value, y.value, clearance.value)
