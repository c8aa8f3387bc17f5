"""Hit areas out from Python (issue 24): outlines, input regions and tap points, against the
command line and against independent geometry (shapely) and distance transforms (scipy)."""
import json
import math
import random
import struct
import subprocess
import zlib

import numpy
import pytest
import shapely
from scipy import ndimage
from shapely.geometry import LinearRing, MultiPolygon, Polygon
from shapely.ops import unary_union

import alphahit
from conftest import ROOT, sample

HITTEST = str(ROOT / ".build" / "release" / "hittest")
ART = ["Samples/diamonds/diamond.png", "Samples/large/ring.png", "Samples/large/disc.png", "Samples/large/pill.png", "Samples/large/diamond.png"]


def write_png(path, mask):
    """A grey-and-alpha PNG whose alpha is 255 where `mask` is true, else 0 (8-bit, no filter)."""
    height, width = mask.shape
    rows = b"".join(b"\0" + bytes(v for solid in row for v in (128, 255 if solid else 0)) for row in mask)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 4, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def even_odd(polygons, x, y):
    """Whether each point (x[i], y[i]) is inside the rings by the even-odd rule (half-open in y)."""
    inside = numpy.zeros(x.shape, dtype=bool)
    for polygon in polygons:
        for ring in [polygon["outer"]] + polygon["holes"]:
            a, b = ring, numpy.roll(ring, -1, axis=0)
            for (ax, ay), (bx, by) in zip(a, b):
                crosses = (ay <= y) != (by <= y)
                with numpy.errstate(divide="ignore", invalid="ignore"):
                    at = ax + (y - ay) / (by - ay) * (bx - ax)
                inside ^= crosses & (x < at)
    return inside


def shape(polygon):
    return Polygon(polygon["outer"], polygon["holes"])


@pytest.mark.parametrize("path", ART)
@pytest.mark.parametrize("epsilon", [0, 1])
def test_outline_is_what_hittest_outline_prints(path, epsilon):
    cli = json.loads(subprocess.run([HITTEST, "outline", path, "--epsilon", str(epsilon), "--convex", "--triangles"], capture_output=True, text=True, check=True).stdout)
    ours = alphahit.outline(path, epsilon=epsilon, convex=True, triangles=True)
    assert len(ours) == len(cli["polygons"])
    for mine, theirs in zip(ours, cli["polygons"]):
        assert isinstance(mine["outer"], numpy.ndarray) and mine["outer"].shape[1] == 2 and mine["outer"].dtype == numpy.float64
        assert mine["outer"].tolist() == theirs["outer"] and [h.tolist() for h in mine["holes"]] == theirs["holes"]
        assert [p.tolist() for p in mine["convex"]] == theirs["convex"] and [t.tolist() for t in mine["triangles"]] == theirs["triangles"]


@pytest.mark.parametrize("seed", range(12))
def test_random_masks_exact_even_odd_and_simplified_valid(tmp_path, seed):
    rng = numpy.random.default_rng(seed)
    height, width = rng.integers(3, 30, size=2)
    yy, xx = numpy.mgrid[0:height, 0:width] + 0.5
    mask = numpy.zeros((height, width), dtype=bool)
    for _ in range(rng.integers(1, 4)):
        cx, cy, r = rng.uniform(0, width), rng.uniform(0, height), rng.uniform(2, 9)
        mask |= (xx - cx) ** 2 + (yy - cy) ** 2 < r * r
    mask ^= rng.random((height, width)) < 0.1
    path = tmp_path / "mask.png"
    write_png(path, mask)
    exact = alphahit.outline(str(path))
    # Exact: the even-odd rule puts every pixel centre inside exactly when the pixel is solid.
    assert (even_odd(exact, xx, yy) == mask).all()
    assert sum(shapely.area(Polygon(p["outer"])) - sum(shapely.area(Polygon(h)) for h in p["holes"]) for p in exact) == mask.sum()
    epsilon = [0.5, 1.0, 2.0][seed % 3]
    simplified = alphahit.outline(str(path), epsilon=epsilon, convex=True, max_vertices=8, triangles=True)
    assert len(simplified) == len(exact)
    shapes = []
    for mine, original in zip(simplified, exact):
        assert len(mine["holes"]) == len(original["holes"])
        polygon = shape(mine)
        assert polygon.is_valid, shapely.is_valid_reason(polygon)
        for ring, exact_ring in zip([mine["outer"]] + mine["holes"], [original["outer"]] + original["holes"]):
            assert shapely.hausdorff_distance(LinearRing(ring), LinearRing(exact_ring), densify=0.01) <= epsilon + 1e-9
        pieces = [Polygon(p) for p in mine["convex"]]
        assert all(len(p) <= 8 and abs(Polygon(p).convex_hull.area - Polygon(p).area) < 1e-9 for p in mine["convex"])
        assert abs(sum(p.area for p in pieces) - polygon.area) < 1e-6 and unary_union(pieces).symmetric_difference(polygon).area < 1e-6
        triangles = [Polygon(t) for t in mine["triangles"]]
        assert all(len(t) == 3 for t in mine["triangles"])
        assert abs(sum(t.area for t in triangles) - polygon.area) < 1e-6 and unary_union(triangles).symmetric_difference(polygon).area < 1e-6
        shapes.append(polygon)
    # No two polygons overlap or touch along an edge: together they are a valid multipolygon.
    assert MultiPolygon(shapes).is_valid if shapes else True


def test_outline_arguments_are_checked():
    with pytest.raises(alphahit.InvalidArgument, match="threshold"):
        alphahit.outline(ART[0], threshold=2)
    with pytest.raises(alphahit.InvalidArgument):
        alphahit.outline(ART[0], epsilon=-1)
    with pytest.raises(alphahit.InvalidArgument, match="max_vertices"):
        alphahit.outline(ART[0], convex=True, max_vertices=2)
    with pytest.raises(alphahit.InvalidArgument, match="convex=True"):
        alphahit.outline(ART[0], max_vertices=8)
    with pytest.raises(alphahit.DecodeError, match="nope.png"):
        alphahit.outline("nope.png")
    with pytest.raises(TypeError):
        alphahit.outline(ART[0], epsilon="1")


@pytest.mark.parametrize("name, scale", [("audit", 1), ("audit", 2), ("diamonds", 1.5)])
def test_region_is_what_hittest_region_prints_and_banded(name, scale):
    engine = alphahit.Engine(sample(name))
    region = engine.region(scale=scale)
    cli = json.loads(subprocess.run([HITTEST, "region", sample(name), "--scale", str(scale)], capture_output=True, text=True, check=True).stdout)
    assert region["rects"].dtype == numpy.int64 and region["rects"].tolist() == cli["rects"]
    assert (region["width"], region["height"]) == (cli["width"], cli["height"])
    # The banded form: within a band sorted by x, neither overlapping nor touching.
    bands = {}
    for x, y, w, h in region["rects"].tolist():
        bands.setdefault((y, h), []).append((x, w))
    for spans in bands.values():
        assert all(a[0] + a[1] < b[0] for a, b in zip(spans, spans[1:]))
    for element in engine.ids[:3]:
        assert engine.region(scale=scale, element=element)["rects"].tolist() == json.loads(subprocess.run(
            [HITTEST, "region", sample(name), "--scale", str(scale), "--element", element], capture_output=True, text=True, check=True).stdout)["rects"]
    with pytest.raises(alphahit.NotFound):
        engine.region(element="nope")
    with pytest.raises(alphahit.InvalidArgument):
        engine.region(scale=0)


@pytest.mark.parametrize("name", ["audit", "diamonds", "nested"])
def test_tap_points_match_audit_and_a_distance_transform(name):
    engine = alphahit.Engine(sample(name))
    audit = json.loads(subprocess.run([HITTEST, "audit", sample(name), "--json"], capture_output=True, text=True).stdout)
    for entry in audit["elements"]:
        if entry["tapPoint"] is None:
            with pytest.raises(alphahit.NotFound, match="owns no pixel"):
                engine.tap_point(entry["id"])
            continue
        x, y, clearance = engine.tap_point(entry["id"])
        assert [x, y] == entry["tapPoint"] and round(clearance, 3) == entry["clearance"]
        assert engine.hit(x, y) == entry["id"]
        # The owned pixels (the element's region at the audit's scale), padded with a ring of
        # pixels it does not own, through scipy's exact Euclidean distance transform.
        region = engine.region(scale=4, element=entry["id"])
        owned = numpy.zeros((region["height"] + 2, region["width"] + 2), dtype=bool)
        for rx, ry, rw, rh in region["rects"].tolist():
            owned[ry + 1:ry + 1 + rh, rx + 1:rx + 1 + rw] = True
        distances = ndimage.distance_transform_edt(owned)
        best = numpy.argmax(distances)  # the first maximum in raster order: smallest y, then x
        py, px = divmod(best, owned.shape[1])
        assert (x, y) == ((px - 1 + 0.5) / 4, (py - 1 + 0.5) / 4) and abs(clearance - distances.max() / 4) < 1e-12
    with pytest.raises(alphahit.NotFound):
        engine.tap_point("nope")


def panel_point(x, y):
    """A point of the nested sample's panel (140 x 100 at (40, 30), turned 15 degrees about its centre) in layout points."""
    c, s = math.cos(math.radians(15)), math.sin(math.radians(15))
    dx, dy = x - 70, y - 50
    return (110 + c * dx - s * dy, 80 + s * dx + c * dy)


@pytest.mark.parametrize("epsilon", [0, 0.5, 0.05])
def test_element_outline_is_what_hittest_outline_prints(epsilon):
    engine = alphahit.Engine(sample("nested"))
    for element in ["backdrop", "panel", "panel-button", "overhang", "play", "stop"]:
        run = subprocess.run([HITTEST, "outline", sample("nested"), "--element", element, "--epsilon", str(epsilon), "--convex"], capture_output=True, text=True)
        if run.returncode != 0:
            assert "epsilon > 0" in run.stderr and epsilon == 0
            with pytest.raises(alphahit.InvalidArgument, match="epsilon > 0"):
                engine.outline(element, epsilon=epsilon)
            continue
        cli = json.loads(run.stdout)["polygons"]
        ours = engine.outline(element, epsilon=epsilon, convex=True)
        assert len(ours) == len(cli)
        for mine, theirs in zip(ours, cli):
            assert numpy.allclose(mine["outer"], numpy.array(theirs["outer"]).reshape(-1, 2), rtol=0, atol=1e-12)
            assert [p.tolist() for p in mine["convex"]] == [p.tolist() for p in mine["convex"]] and len(mine["convex"]) == len(theirs["convex"])
    with pytest.raises(alphahit.NotFound):
        engine.outline("nope")


def test_element_outline_against_shapely():
    """The overhang (cut by the turned panel's bounds) exactly; the panel's button (an ellipse)
    within epsilon, by Hausdorff distance to a fine polygon of the true ellipse."""
    engine = alphahit.Engine(sample("nested"))
    overhang = engine.outline("overhang")
    truth = Polygon([panel_point(x, y) for x, y in [(100, 60), (140, 60), (140, 100), (100, 100)]])
    assert len(overhang) == 1 and shape(overhang[0]).symmetric_difference(truth).area < 1e-9
    ellipse = Polygon([panel_point(50 + 30 * math.cos(t), 50 + 20 * math.sin(t)) for t in numpy.linspace(0, 2 * math.pi, 20000, endpoint=False)])
    for epsilon in [1, 0.25, 0.05, 0.01]:
        button = engine.outline("panel-button", epsilon=epsilon)
        assert len(button) == 1 and not button[0]["holes"]
        mine = shape(button[0])
        assert mine.is_valid and LinearRing(button[0]["outer"]).is_ccw  # a positive shoelace sum
        assert mine.exterior.hausdorff_distance(ellipse.exterior) <= epsilon + 1e-4, epsilon
