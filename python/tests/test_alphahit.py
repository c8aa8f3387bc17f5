"""The Python package, rule by rule, against hand-checked answers and against `hittest query`."""
import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import numpy
import pytest

import alphahit
from conftest import ROOT, sample


def test_hit_answers_the_readme_points():
    engine = alphahit.Engine(sample("diamonds"))
    assert (engine.hit(75, 95), engine.hit(120, 110), engine.hit(5, 5)) == ("west", "south", None)
    assert len(engine) == 4 and engine.ids == ["west", "east", "north", "south"]
    assert engine.index("south") == 3 and engine.id(0) == "west"


@pytest.mark.parametrize("name", ["diamonds", "nested", "atlas", "retina", "rounded-field", "svg-button"])
def test_hit_many_matches_hittest_query(name):
    engine = alphahit.Engine(sample(name))
    rng = random.Random(name)
    points = [(rng.uniform(-10, 260), rng.uniform(-10, 260)) for _ in range(2000)]
    hittest = ROOT / ".build" / "release" / "hittest"
    text = "".join(f"{x!r} {y!r}\n" for x, y in points)
    answers = subprocess.run([str(hittest), "query", sample(name)], input=text, capture_output=True, text=True, check=True).stdout.split()
    expected = [None if a == "-" else a for a in answers]
    assert engine.hit_many(points) == expected
    assert engine.hit_many(numpy.array(points)) == expected
    assert [engine.hit(x, y) for x, y in points] == expected


def test_webp_and_svg_art():
    """The atlas over a WebP sheet answers as over its PNG; the SVG buttons where their shapes are."""
    webp = alphahit.Engine(str(ROOT / "Samples" / "atlas" / "layout-webp.json"))
    png = alphahit.Engine(sample("atlas"))
    points = [(x + 0.5, y + 0.5) for y in range(100) for x in range(160)]
    assert webp.hit_many(points) == png.hit_many(points)
    svg = alphahit.Engine(sample("svg-button"))
    assert [svg.hit(34, 14), svg.hit(34, 34), svg.hit(118, 18), svg.hit(118, 58)] == ["ring", None, "ring-2x", None]
    assert [svg.hit(80, 130), svg.hit(30, 130), svg.hit(72, 112)] == ["pill", None, None]


def test_hit_many_indices_is_an_int32_array_without_strings():
    engine = alphahit.Engine(sample("nested"))
    points = numpy.random.default_rng(1).uniform(-20, 300, size=(50_000, 2))
    indices = engine.hit_many(points, indices=True)
    assert isinstance(indices, numpy.ndarray) and indices.dtype == numpy.int32 and indices.shape == (50_000,)
    ids = engine.ids
    assert [ids[i] if i >= 0 else None for i in indices.tolist()] == engine.hit_many(points.tolist())
    # A strided view and a float32 array are read correctly (made contiguous float64 first).
    assert engine.hit_many(points[::2], indices=True).tolist() == indices[::2].tolist()
    assert engine.hit_many(points.astype(numpy.float32), indices=True).shape == (50_000,)


def test_hit_many_refuses_a_wrong_shape():
    engine = alphahit.Engine(sample("diamonds"))
    with pytest.raises(alphahit.InvalidArgument):
        engine.hit_many(numpy.zeros((3, 3)))
    with pytest.raises(alphahit.InvalidArgument):
        engine.hit_many([(1, 2, 3)])
    assert engine.hit_many([]) == []


def test_sequences_work_without_numpy():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import alphahit\n"
        "e = alphahit.Engine('Samples/diamonds/layout.json')\n"
        "print(e.hit_many([(75, 95), (5, 5)]), e.hit_many([(75, 95), (5, 5)], indices=True))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "['west', None] [0, -1]"


def test_touch_tolerance():
    engine = alphahit.Engine(sample("diamonds"))
    # (20, 50) misses the west diamond by about 6.4 points (hand estimate 7.07 to the ideal edge).
    assert engine.hit(20, 50) is None
    assert engine.hit(20, 50, tolerance=8) == "west"
    assert engine.hit(20, 50, tolerance=6) is None
    hit_id, distance = engine.hit_with_distance(20, 50, 8)
    assert hit_id == "west" and 5.6 < distance <= 7.07
    assert engine.hit_with_distance(75, 95, 8) == ("west", 0)
    with pytest.raises(alphahit.InvalidArgument):
        engine.hit(1, 1, tolerance=-1)


def test_explain_is_the_query_explanation():
    engine = alphahit.Engine(sample("diamonds"))
    explanation = engine.explain(75, 95)
    hittest = ROOT / ".build" / "release" / "hittest"
    cli = subprocess.run([str(hittest), "query", sample("diamonds"), "--explain", "--json", "75,95"], capture_output=True, text=True, check=True)
    assert explanation == json.loads(cli.stdout)
    assert explanation["id"] == "west" and explanation["explain"][-1] == {"id": "west", "verdict": "hit"}


def test_from_json_with_a_base_folder():
    text = (ROOT / "Samples" / "diamonds" / "layout.json").read_text()
    engine = alphahit.Engine.from_json(text, base_dir=str(ROOT / "Samples" / "diamonds"))
    assert engine.hit(75, 95) == "west"
    assert alphahit.Engine.from_json(b'{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}}]}').hit(1, 1) == "a"


@pytest.mark.parametrize(
    "text, error, fragment",
    [
        ('{"version": 1, "elements": [', alphahit.LayoutError, "invalid JSON"),
        ('{"version": 2, "elements": []}', alphahit.LayoutError, "version"),
        ('{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": -1, "height": 5}}]}', alphahit.LayoutError, "width"),
        ('{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}, "image": "gone.png"}]}', alphahit.DecodeError, "gone.png"),
    ],
)
def test_errors_carry_the_library_message(text, error, fragment):
    with pytest.raises(error) as raised:
        alphahit.Engine.from_json(text, base_dir="/tmp")
    assert fragment in str(raised.value)


def test_a_missing_file_and_a_corrupt_image(tmp_path):
    with pytest.raises(alphahit.LayoutError, match="nonexistent"):
        alphahit.Engine("/nonexistent/layout.json")
    (tmp_path / "bad.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    (tmp_path / "layout.json").write_text('{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}, "image": "bad.png"}]}')
    with pytest.raises(alphahit.DecodeError, match="bad.png"):
        alphahit.Engine(str(tmp_path / "layout.json"))


def test_bad_arguments_are_errors_not_crashes():
    engine = alphahit.Engine(sample("diamonds"))
    with pytest.raises(alphahit.InvalidArgument):
        engine.id(4)
    with pytest.raises(alphahit.InvalidArgument):
        engine.id(-1)
    with pytest.raises(alphahit.NotFound):
        engine.index("nobody")
    engine.close()
    with pytest.raises(alphahit.InvalidArgument):
        engine.hit(1, 1)
    engine.close()


def test_one_engine_from_many_threads():
    engine = alphahit.Engine(sample("nested"))
    rng = random.Random(3)
    points = [(rng.uniform(0, 300), rng.uniform(0, 300)) for _ in range(3000)]
    expected = [engine.hit(x, y) for x, y in points]
    results = []

    def work():
        results.append([engine.hit(x, y) for x, y in points] == expected and engine.hit_many(points) == expected)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [True] * 4


def test_readme_python_example_prints_what_it_says():
    readme = (ROOT / "README.md").read_text()
    block = readme.split("<!-- python-example -->", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    result = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, cwd=ROOT, check=True)
    promised = [line.split("#", 1)[1].strip() for line in block.splitlines() if line.startswith("print(")]
    assert result.stdout.splitlines() == promised


def test_the_library_is_found_through_alphahit_library():
    code = "import alphahit; print(alphahit.library_path()); print(alphahit.Engine('Samples/diamonds/layout.json').hit(75, 95))"
    built = str(ROOT / ".build" / "release" / "libAlphaHitC.so")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                            env={**os.environ, "ALPHAHIT_LIBRARY": built})
    assert result.stdout.split() == [built, "west"]
    missing = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                             env={**os.environ, "ALPHAHIT_LIBRARY": "/nonexistent/libAlphaHitC.so"})
    assert missing.returncode != 0 and "AlphaHitError: cannot load the AlphaHit library /nonexistent/libAlphaHitC.so" in missing.stderr



# Hardening: every argument is checked where it enters, with the parameter's name.

@pytest.mark.parametrize("call, error, fragment", [
    (lambda e: e.hit("75", 95), TypeError, "x must be a real number, not str"),
    (lambda e: e.hit(75, b"95"), TypeError, "y must be a real number, not bytes"),
    (lambda e: e.hit(True, 95), TypeError, "x must be a real number, not bool"),
    (lambda e: e.hit(float("nan"), 95), ValueError, "x must be finite"),
    (lambda e: e.hit(75, float("inf")), ValueError, "y must be finite"),
    (lambda e: e.hit(75, 95, tolerance="5"), TypeError, "tolerance must be a real number"),
    (lambda e: e.hit(75, 95, tolerance=float("inf")), ValueError, "tolerance must be a finite number"),
    (lambda e: e.hit_with_distance(75, 95, float("nan")), ValueError, "tolerance"),
    (lambda e: e.index(b"west"), TypeError, "element_id must be a str, not bytes"),
    (lambda e: e.index("we\0st"), ValueError, "NUL"),
    (lambda e: e.id("0"), TypeError, "index must be an int, not str"),
    (lambda e: e.id(1 << 70), ValueError, "out of range"),
    (lambda e: e.explain(float("nan"), 1), ValueError, "x must be finite"),
    (lambda e: e.hit_many([(75, 95), (3, 4, 5), (6,)]), ValueError, "points[1] must be an (x, y) pair, not 3 numbers"),
    (lambda e: e.hit_many([(75, 95), (6,)]), ValueError, "points[1] must be an (x, y) pair, not 1 numbers"),
    (lambda e: e.hit_many([(75, 95), 7]), TypeError, "points[1] must be an (x, y) pair, not int"),
    (lambda e: e.hit_many(["ab"]), TypeError, "points[0] must be an (x, y) pair, not str"),
    (lambda e: e.hit_many([(75, float("nan"))]), ValueError, "points[0][1] must be finite"),
    (lambda e: e.hit_many(numpy.array([[1.0, 2.0], [numpy.nan, 1.0]])), ValueError, "points[1] must be finite"),
    (lambda e: e.hit_many([(1, 2)], threads=-1), ValueError, "threads"),
    (lambda e: e.hit_many([(1, 2)], tolerance=-1), ValueError, "tolerance"),
])
def test_each_argument_is_checked_where_it_enters_naming_the_parameter(call, error, fragment):
    engine = alphahit.Engine(sample("diamonds"))
    with pytest.raises(error) as raised:
        call(engine)
    assert fragment in str(raised.value)


def test_a_nan_point_is_refused_in_every_call_and_no_call_returns_invalid_json():
    engine = alphahit.Engine(sample("diamonds"))
    for call in (lambda: engine.hit(float("nan"), 1), lambda: engine.explain(1, float("-inf")), lambda: engine.hit_many([(float("nan"), 0)])):
        with pytest.raises(ValueError):
            call()
    explained = engine.explain(1e300, -1e300, tolerance=1e300)
    assert explained["id"] is None


def test_hit_many_and_explain_take_a_tolerance_like_hit():
    engine = alphahit.Engine(sample("diamonds"))
    points = [(20, 50), (75, 95), (5, 5), (160, 50)]
    assert engine.hit_many(points, tolerance=8) == [engine.hit(x, y, tolerance=8) for x, y in points]
    assert engine.hit_many(numpy.array(points, dtype=float), tolerance=8) == [engine.hit(x, y, tolerance=8) for x, y in points]
    near = engine.explain(20, 50, tolerance=8)
    assert near["id"] == "west" and any(entry["id"] == "west" for entry in near["near"])


def test_a_path_with_nul_is_refused_never_cut_short(tmp_path):
    with pytest.raises(ValueError, match="NUL"):
        alphahit.Engine(sample("diamonds") + "\0ignored")
    with pytest.raises(TypeError, match="path must be"):
        alphahit.Engine(42)
    with pytest.raises(ValueError, match="NUL"):
        alphahit.Engine.from_json("{}", base_dir="/tmp\0/x")
    atlas = tmp_path / "ui.json"
    atlas.write_text('{"frames": {"a": {"frame": {"x": 0, "y": 0, "w": 1, "h": 1}}}, "meta": {"image": "ui.png\\u0000.txt"}}')
    layout = '{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}, "image": {"atlas": "ui.json", "frame": "a"}}]}'
    with pytest.raises(alphahit.AlphaHitError, match="control character U\\+0000"):
        alphahit.Engine.from_json(layout, base_dir=str(tmp_path))


def test_an_atlas_number_near_2_63_is_an_error_not_a_dead_process(tmp_path):
    (tmp_path / "ui.atlas").write_text("ui.png\nsize: 4, 4\nplay\n  xy: 9223372036854775807, 0\n  size: 1, 1\n")
    layout = '{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 5, "height": 5}, "image": {"atlas": "ui.atlas", "frame": "play"}}]}'
    with pytest.raises(alphahit.AlphaHitError, match="too large: at most 16777216"):
        alphahit.Engine.from_json(layout, base_dir=str(tmp_path))


def test_one_version_for_the_package_the_library_and_the_command_line():
    hittest = ROOT / ".build" / "release" / "hittest"
    cli = subprocess.run([str(hittest), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    assert alphahit.__version__ == alphahit.library_version() == cli
    pyproject = (ROOT / "python" / "pyproject.toml").read_text()
    assert f'version = "{alphahit.__version__}"' in pyproject


def test_the_newest_library_is_loaded_not_a_stale_copy(tmp_path):
    package = tmp_path / "checkout" / "python" / "alphahit"
    build = tmp_path / "checkout" / ".build" / "release"
    package.mkdir(parents=True)
    build.mkdir(parents=True)
    for module in (ROOT / "python" / "alphahit").glob("*.py"):
        (package / module.name).write_text(module.read_text())
    (package / "libAlphaHitC.so").write_bytes(b"stale")
    (build / "libAlphaHitC.so").write_bytes((ROOT / ".build" / "release" / "libAlphaHitC.so").read_bytes())
    os.utime(package / "libAlphaHitC.so", (1, 1))
    env = {k: v for k, v in os.environ.items() if k != "ALPHAHIT_LIBRARY"}
    code = "import alphahit; print(alphahit.library_path()); print(alphahit.Engine(%r).hit(75, 95))" % sample("diamonds")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=package.parent, env=env, check=True)
    assert result.stdout.split() == [str(build / "libAlphaHitC.so"), "west"]


def test_installing_without_the_library_fails_at_once_with_the_command_to_run(tmp_path):
    env = {**os.environ, "ALPHAHIT_LIBRARY": str(tmp_path / "missing" / "libAlphaHitC.so"), "PATH": "/usr/bin:/bin"}
    env.pop("PYTHONPATH", None)
    result = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT / "python", capture_output=True, text=True, env=env)
    assert result.returncode != 0
    assert "swift build -c release --product AlphaHitC" in result.stderr
