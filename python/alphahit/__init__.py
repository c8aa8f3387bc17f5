"""AlphaHit from Python: which irregular-shaped UI element is under a point, to the pixel.

A thin layer over the C interface (alphahit.h) through ctypes. The Swift library is the source of
truth; this module only translates. NumPy is optional: ``hit_many`` takes a NumPy array of shape
(n, 2) without copying it, and ``indices=True`` returns a NumPy ``int32`` array.

The library is found through the environment variable ``ALPHAHIT_LIBRARY`` (a path to
``libAlphaHitC.so``), else the newest of this package's own copy and ``.build/release`` of the
checkout the package sits in (so a fresh build is never shadowed by a stale copy).

Every argument is checked where it enters, with ``TypeError`` or ``ValueError`` naming the
parameter, as the standard library does: coordinates and tolerances are real numbers (not bool, str
or bytes), points are finite (a NaN point is refused, as ``hittest query`` refuses it), tolerances
finite and >= 0, ids are str, indices int.
"""
import ctypes
import json
import math
import numbers
import os
from pathlib import Path

__all__ = ["Engine", "outline", "AlphaHitError", "LayoutError", "DecodeError", "InvalidArgument", "NotFound", "library_path", "library_version", "__version__"]

ABI_VERSION = 1
__version__ = "0.3.0"


class AlphaHitError(Exception):
    """Anything the library refused; the message is the library's."""


class InvalidArgument(AlphaHitError, ValueError):
    """An argument the C interface refuses (a bad index, a negative tolerance, text that is not UTF-8)."""


class LayoutError(AlphaHitError):
    """The layout cannot be read or is not valid: every problem, ``FILE:LINE: PATH: MESSAGE`` a line."""


class DecodeError(AlphaHitError):
    """The layout is valid but one of its images cannot be read or decoded."""


class NotFound(AlphaHitError, KeyError):
    """No element has the id."""


_ERRORS = {1: InvalidArgument, 2: LayoutError, 3: DecodeError, 4: NotFound}


def library_path():
    """Where the C library is: ALPHAHIT_LIBRARY, else the newest of this package's copy and the
    checkout's build."""
    explicit = os.environ.get("ALPHAHIT_LIBRARY")
    if explicit:
        return explicit
    here = Path(__file__).resolve().parent
    found = [c for c in (here / "libAlphaHitC.so", here.parent.parent / ".build" / "release" / "libAlphaHitC.so") if c.exists()]
    if found:
        return str(max(found, key=lambda candidate: candidate.stat().st_mtime))
    raise AlphaHitError(
        "libAlphaHitC.so not found: build it (swift build -c release --product AlphaHitC) and reinstall the "
        "package, or set ALPHAHIT_LIBRARY to its path"
    )


def _load():
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        raise AlphaHitError(f"cannot load the AlphaHit library {path}: {error}") from None
    c_double, c_int32, c_int64, c_size_t, c_void_p, c_char_p = (
        ctypes.c_double, ctypes.c_int32, ctypes.c_int64, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_char_p)
    out = ctypes.POINTER(c_void_p)
    signatures = {
        "alphahit_abi_version": (ctypes.c_uint32, []),
        "alphahit_version": (c_char_p, []),
        "alphahit_free": (None, [c_void_p]),
        "alphahit_engine_open_file": (c_int32, [c_char_p, out, out]),
        "alphahit_engine_open_json": (c_int32, [c_char_p, c_size_t, c_char_p, out, out]),
        "alphahit_engine_close": (None, [c_void_p]),
        "alphahit_element_count": (c_int64, [c_void_p]),
        "alphahit_element_id": (c_int32, [c_void_p, c_int64, out, out]),
        "alphahit_element_index": (c_int32, [c_void_p, c_char_p, ctypes.POINTER(c_int64), out]),
        "alphahit_element_at": (c_int32, [c_void_p, c_int64, ctypes.POINTER(c_int64), out]),
        "alphahit_engine_change": (c_int32, [c_void_p, c_char_p, c_size_t, out]),
        "alphahit_set_frame": (c_int32, [c_void_p, c_char_p, c_double, c_double, c_double, c_double, out]),
        "alphahit_set_transform": (c_int32, [c_void_p, c_char_p, ctypes.POINTER(c_double), out]),
        "alphahit_set_hidden": (c_int32, [c_void_p, c_char_p, c_int32, out]),
        "alphahit_set_state": (c_int32, [c_void_p, c_char_p, c_char_p, out]),
        "alphahit_engine_snapshot": (c_int32, [c_void_p, out, out]),
        "alphahit_hit": (c_int32, [c_void_p, c_double, c_double]),
        "alphahit_hit_many": (c_int32, [c_void_p, c_void_p, c_void_p, c_size_t, c_size_t, c_void_p, ctypes.c_uint32, out]),
        "alphahit_hit_many_with_tolerance": (
            c_int32, [c_void_p, c_void_p, c_void_p, c_size_t, c_size_t, c_double, c_void_p, ctypes.c_uint32, out]),
        "alphahit_explain_with_tolerance": (c_int32, [c_void_p, c_double, c_double, c_double, out, out]),
        "alphahit_hit_with_tolerance": (c_int32, [c_void_p, c_double, c_double, c_double, ctypes.POINTER(c_double)]),
        "alphahit_explain": (c_int32, [c_void_p, c_double, c_double, out, out]),
        "alphahit_outline_png": (c_int32, [c_char_p, c_double, c_double, ctypes.c_uint32, c_int32, out, out]),
        "alphahit_element_outline": (c_int32, [c_void_p, c_char_p, c_double, ctypes.c_uint32, c_int32, out, out]),
        "alphahit_region": (c_int32, [c_void_p, c_double, c_char_p, ctypes.POINTER(c_double), out, out]),
        "alphahit_tap_point": (
            c_int32, [c_void_p, c_char_p, c_double, ctypes.POINTER(c_double), ctypes.POINTER(c_double), ctypes.POINTER(c_double), out]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    version = lib.alphahit_abi_version()
    if version != ABI_VERSION:
        raise AlphaHitError(f"{library_path()} has ABI version {version}; this package needs {ABI_VERSION}")
    return lib


_lib = None


def _library():
    global _lib
    if _lib is None:
        _lib = _load()
    return _lib


def _take_string(pointer):
    """The library's string at `pointer` (a c_void_p), freed; None for NULL."""
    if not pointer.value:
        return None
    try:
        return ctypes.string_at(pointer.value).decode("utf-8")
    finally:
        _library().alphahit_free(pointer)


def _number(name, value):
    """`value` as a float, for parameter `name`: a real number (not bool), else TypeError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    return float(value)


def _coordinate(name, value):
    """A point's coordinate: a finite real number."""
    number = _number(name, value)
    if not math.isfinite(number):
        raise InvalidArgument(f"{name} must be finite, not {value!r}")
    return number


def _tolerance(value):
    """A touch tolerance: a finite real number >= 0."""
    number = _number("tolerance", value)
    if not math.isfinite(number) or number < 0:
        raise InvalidArgument(f"tolerance must be a finite number of at least 0, not {value!r}")
    return number


def _path(name, value):
    """A path for the C library: str, bytes or os.PathLike, without NUL (which would cut it short)."""
    if not isinstance(value, (str, bytes, os.PathLike)):
        raise TypeError(f"{name} must be a str, bytes or os.PathLike path, not {type(value).__name__}")
    encoded = os.fsencode(value)
    if b"\0" in encoded:
        raise InvalidArgument(f"{name} must not contain a NUL character: {value!r}")
    return encoded


def _check(status, error):
    message = _take_string(error)
    if status != 0:
        raise _ERRORS.get(status, AlphaHitError)(message or f"alphahit status {status}")


def _id(name, value):
    """An element id or state name for the C library: a str without NUL, encoded."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise InvalidArgument(f"{name} must not contain a NUL character")
    return value.encode("utf-8", "surrogatepass")


class Engine:
    """A layout with its images decoded and indexed, which can be changed while it is queried.

    Any number of threads may query an engine while one thread at a time changes it (the methods
    under "Changes", Docs/LiveScenes.md); each query sees the engine before or after each change.
    An element keeps its index for as long as it exists; an added element gets an index never used
    before, so after changes indices are not positions in ``ids``."""

    def __init__(self, path):
        """Opens the layout file at `path` (str, bytes or os.PathLike); raises LayoutError or DecodeError."""
        self._handle = None
        self._names = {}
        self._order = None
        encoded = _path("path", path)
        handle, error = ctypes.c_void_p(), ctypes.c_void_p()
        status = _library().alphahit_engine_open_file(encoded, ctypes.byref(handle), ctypes.byref(error))
        _check(status, error)
        self._handle = handle

    @classmethod
    def from_json(cls, text, base_dir=None):
        """An engine from a layout's JSON text (str or bytes); image paths start at `base_dir`."""
        engine = cls.__new__(cls)
        engine._handle = None
        engine._names = {}
        engine._order = None
        if not isinstance(text, (str, bytes, bytearray, memoryview)):
            raise TypeError(f"text must be str or bytes, not {type(text).__name__}")
        data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
        handle, error = ctypes.c_void_p(), ctypes.c_void_p()
        directory = _path("base_dir", base_dir) if base_dir is not None else None
        status = _library().alphahit_engine_open_json(data, len(data), directory, ctypes.byref(handle), ctypes.byref(error))
        _check(status, error)
        engine._handle = handle
        return engine

    def close(self):
        """Frees the engine; it cannot be queried afterwards."""
        if self._handle is not None:
            _library().alphahit_engine_close(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def __del__(self):
        if getattr(self, "_handle", None) is not None and _lib is not None:
            self.close()

    def _live(self):
        if self._handle is None:
            raise InvalidArgument("the engine is closed")
        return self._handle

    def __len__(self):
        """The number of elements, in layout order."""
        return _library().alphahit_element_count(self._live())

    @property
    def ids(self):
        """Every element's id, in layout order (until the engine is changed, an element's index is
        its position here)."""
        return [self.id(index) for index in self.indices]

    @property
    def indices(self):
        """Every element's index, in layout order (remembered until this object changes the engine)."""
        order = self._order
        if order is None:
            lib, handle = _library(), self._live()
            order = []
            for position in range(len(self)):
                index, error = ctypes.c_int64(), ctypes.c_void_p()
                _check(lib.alphahit_element_at(handle, position, ctypes.byref(index), ctypes.byref(error)), error)
                order.append(index.value)
            self._order = order
        return list(order)

    def _name(self, index):
        """The id of element `index`, remembered: an index names one element for the engine's life."""
        name = self._names.get(index)
        if name is None:
            name = self._names[index] = self.id(index)
        return name

    def id(self, index):
        """The id of element `index` (an int); raises InvalidArgument when out of range."""
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        if not -(1 << 63) <= index < (1 << 63):
            raise InvalidArgument(f"element index {index} is out of range 0..<{len(self)}")
        text, error = ctypes.c_void_p(), ctypes.c_void_p()
        status = _library().alphahit_element_id(self._live(), index, ctypes.byref(text), ctypes.byref(error))
        _check(status, error)
        return _take_string(text)

    def index(self, element_id):
        """The index of the element with id `element_id` (a str); raises NotFound."""
        encoded = _id("element_id", element_id)
        index, error = ctypes.c_int64(), ctypes.c_void_p()
        status = _library().alphahit_element_index(self._live(), encoded, ctypes.byref(index), ctypes.byref(error))
        _check(status, error)
        return index.value

    def hit(self, x, y, tolerance=None):
        """The id of the front-most element at (x, y), or None. With `tolerance` (points), a tap
        that hits nothing selects the nearest element within it (Docs/HitTesting.md)."""
        x, y = _coordinate("x", x), _coordinate("y", y)
        lib, handle = _library(), self._live()
        if tolerance is None:
            index = lib.alphahit_hit(handle, x, y)
        else:
            index = lib.alphahit_hit_with_tolerance(handle, x, y, _tolerance(tolerance), None)
        return None if index < 0 else self._name(index)

    def hit_with_distance(self, x, y, tolerance):
        """(id, distance in points) of what a tap at (x, y) selects with `tolerance`, or None."""
        x, y, tolerance = _coordinate("x", x), _coordinate("y", y), _tolerance(tolerance)
        distance = ctypes.c_double(0)
        index = _library().alphahit_hit_with_tolerance(self._live(), x, y, tolerance, ctypes.byref(distance))
        return None if index < 0 else (self._name(index), distance.value)

    def hit_many(self, points, indices=False, threads=0, tolerance=None):
        """The answer for every point: a sequence of (x, y) pairs or a NumPy array of shape (n, 2).

        Returns a list of ids (None for no hit); with ``indices=True`` the element indices instead
        (-1 for no hit), as a NumPy ``int32`` array when NumPy is installed, else a list. The points
        are spread over at most `threads` threads (0: one per core). With `tolerance` (points), each point
        is answered as ``hit(x, y, tolerance)``. Every point must be a pair of finite real numbers:
        anything else raises TypeError or ValueError naming the point, before any is answered."""
        if isinstance(threads, bool) or not isinstance(threads, numbers.Integral) or not 0 <= threads < (1 << 32):
            raise InvalidArgument(f"threads must be an int from 0 to {(1 << 32) - 1}, not {threads!r}")
        if tolerance is not None:
            tolerance = _tolerance(tolerance)
        handle = self._live()
        try:
            import numpy
        except ImportError:
            numpy = None
        if numpy is not None and isinstance(points, numpy.ndarray):
            array = numpy.ascontiguousarray(points, dtype=numpy.float64)
            if array.ndim != 2 or array.shape[1] != 2:
                raise InvalidArgument(f"points must have shape (n, 2), not {array.shape}")
            finite = numpy.isfinite(array).all(axis=1)
            if not finite.all():
                bad = int(numpy.argmin(finite))
                raise InvalidArgument(f"points[{bad}] must be finite, not {tuple(array[bad].tolist())!r}")
            count = array.shape[0]
            base = array.ctypes.data
            keep = array
        else:
            if isinstance(points, (str, bytes)):
                raise TypeError(f"points must be a sequence of (x, y) pairs, not {type(points).__name__}")
            pairs = []
            for position, point in enumerate(points):
                if isinstance(point, (str, bytes)):
                    raise TypeError(f"points[{position}] must be an (x, y) pair, not {type(point).__name__}")
                try:
                    size = len(point)
                except TypeError:
                    raise TypeError(f"points[{position}] must be an (x, y) pair, not {type(point).__name__}") from None
                if size != 2:
                    raise InvalidArgument(f"points[{position}] must be an (x, y) pair, not {size} numbers: {tuple(point)!r}")
                pairs.append(_coordinate(f"points[{position}][0]", point[0]))
                pairs.append(_coordinate(f"points[{position}][1]", point[1]))
            count = len(pairs) // 2
            keep = (ctypes.c_double * len(pairs))(*pairs)
            base = ctypes.addressof(keep)
        if numpy is not None:
            out = numpy.empty(count, dtype=numpy.int32)
            out_address = out.ctypes.data
        else:
            out = (ctypes.c_int32 * count)()
            out_address = ctypes.addressof(out)
        error = ctypes.c_void_p()
        y_address = base + 8 if count else 0
        if tolerance is None:
            status = _library().alphahit_hit_many(handle, base, y_address, 2, count, out_address, threads, ctypes.byref(error))
        else:
            status = _library().alphahit_hit_many_with_tolerance(
                handle, base, y_address, 2, count, tolerance, out_address, threads, ctypes.byref(error))
        _check(status, error)
        del keep
        if indices:
            return out if numpy is not None else list(out)
        name = self._name
        return [name(i) if i >= 0 else None for i in (out.tolist() if numpy is not None else out)]

    def explain(self, x, y, tolerance=None):
        """Why (x, y) hits what it hits, as `hittest query --explain --json` tells it: a dict with
        "point", "id", "explain" (each element whose bounds contain the point, front to back, with
        its verdict), "others" and "near" (with `tolerance`, the elements within reach)."""
        x, y = _coordinate("x", x), _coordinate("y", y)
        text, error = ctypes.c_void_p(), ctypes.c_void_p()
        if tolerance is None:
            status = _library().alphahit_explain(self._live(), x, y, ctypes.byref(text), ctypes.byref(error))
        else:
            status = _library().alphahit_explain_with_tolerance(self._live(), x, y, _tolerance(tolerance), ctypes.byref(text), ctypes.byref(error))
        _check(status, error)
        return json.loads(_take_string(text))


    # Changes (Docs/LiveScenes.md): each is checked as the layout file is, and one that is refused
    # changes nothing: NotFound for an unknown id, LayoutError (DecodeError for an unreadable image)
    # with every problem at its path, InvalidArgument for anything else.

    def change(self, change):
        """Applies one change, a dict (or its JSON text) as a line of a `hittest replay` script:
        {"set": ID, KEY: VALUE, ...} (None: back to the default), {"add": ELEMENT, "parent": ID,
        "index": N}, {"remove": ID}, {"move": ID, "parent": ID or None, "index": N}."""
        if isinstance(change, dict):
            text = json.dumps(change, allow_nan=False).encode("utf-8")
        elif isinstance(change, (str, bytes)):
            text = change.encode("utf-8", "surrogatepass") if isinstance(change, str) else change
        else:
            raise TypeError(f"change must be a dict or JSON text, not {type(change).__name__}")
        error = ctypes.c_void_p()
        self._order = None
        _check(_library().alphahit_engine_change(self._live(), text, len(text), ctypes.byref(error)), error)

    def update(self, keys):
        """Sets element keys: ``update({"set": "field", "frame": {...}, "state": "disabled"})``."""
        if not isinstance(keys, dict) or not isinstance(keys.get("set"), str):
            raise TypeError('update takes a dict naming the element: {"set": ID, KEY: VALUE, ...}')
        self.change(keys)

    def add(self, element, parent=None, index=None):
        """Adds `element` (a dict of the layout format, with its children) as the child of
        `parent` (an id; None: the top level) at position `index` among its siblings (None: last,
        the front-most)."""
        change = {"add": element}
        if parent is not None:
            change["parent"] = parent
        if index is not None:
            change["index"] = index
        self.change(change)

    def remove(self, element_id):
        """Removes the element and its subtree."""
        self.change({"remove": element_id})

    def move(self, element_id, parent=..., index=None):
        """Moves the element to position `index` (None: last) under `parent` (an id; None: the top
        level; left out: its own parent)."""
        change = {"move": element_id}
        if parent is not ...:
            change["parent"] = parent
        if index is not None:
            change["index"] = index
        self.change(change)

    def set_frame(self, element_id, x, y, width, height):
        """Moves or resizes the element: its frame in its parent's points."""
        numbers = [_number(name, value) for name, value in (("x", x), ("y", y), ("width", width), ("height", height))]
        error = ctypes.c_void_p()
        _check(_library().alphahit_set_frame(self._live(), _id("element_id", element_id), *numbers, ctypes.byref(error)), error)

    def set_transform(self, element_id, transform):
        """Sets the element's transform about its frame's centre to (a, b, c, d, tx, ty), or removes it (None)."""
        matrix = None
        if transform is not None:
            values = list(transform)
            if len(values) != 6:
                raise InvalidArgument(f"transform must be six numbers (a, b, c, d, tx, ty), not {len(values)}")
            matrix = (ctypes.c_double * 6)(*[_number(f"transform[{i}]", v) for i, v in enumerate(values)])
        error = ctypes.c_void_p()
        _check(_library().alphahit_set_transform(self._live(), _id("element_id", element_id), matrix, ctypes.byref(error)), error)

    def set_hidden(self, element_id, hidden):
        """Hides (True) or shows (False) the element and its subtree."""
        if not isinstance(hidden, bool):
            raise TypeError(f"hidden must be a bool, not {type(hidden).__name__}")
        error = ctypes.c_void_p()
        _check(_library().alphahit_set_hidden(self._live(), _id("element_id", element_id), int(hidden), ctypes.byref(error)), error)

    def set_state(self, element_id, state):
        """Puts the element in `state` ("normal": its own image; see the layout key "states")."""
        error = ctypes.c_void_p()
        _check(_library().alphahit_set_state(self._live(), _id("element_id", element_id), _id("state", state), ctypes.byref(error)), error)

    def snapshot(self):
        """An immutable Engine of this one as it is now: later changes do not reach it, and it
        refuses changes of its own."""
        handle, error = ctypes.c_void_p(), ctypes.c_void_p()
        _check(_library().alphahit_engine_snapshot(self._live(), ctypes.byref(handle), ctypes.byref(error)), error)
        snapshot = Engine.__new__(Engine)
        snapshot._handle = handle
        snapshot._names = self._names
        snapshot._order = None
        return snapshot


def library_version():
    """The loaded C library's version; the same as ``__version__`` and ``hittest --version``."""
    return _library().alphahit_version().decode("utf-8")


# Hit areas out, in their own module: alphahit.outline, Engine.outline, Engine.region and Engine.tap_point.
from .outlines import element_outline as _element_outline, outline, region as _region, tap_point as _tap_point  # noqa: E402

Engine.outline = _element_outline
Engine.region = _region
Engine.tap_point = _tap_point
