#!/usr/bin/env python3
"""Checks the inspector page (`hittest render --html`) in headless Chromium.

For every sample it renders the page, opens it, moves the real pointer to random points of the
map (uniform, plus points just around element frames, where off-by-one mistakes live), and checks
that `#hover-id` shows what `hittest query` answers for the layout point under the pointer, and
that the readout's point, pixel and alpha agree with `hittest query --json`. Where a page has a
touch-tolerance map it does the same with the map switched on, against `query --tolerance`. It
also hovers and clicks rows of the element list, switches the audit overlay on, and saves a
screenshot of each page. Prints one line per check and closes with 'N passed, N failed'.

Run through scripts/browser-test.sh, which installs Chromium, its driver and Selenium when missing.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# (sample, layout file, extra render arguments, tolerance map to check or None)
PAGES = [
    ("diamonds", "layout.json", ["--tolerance", "8"], 8),
    ("rounded-field", "layout.json", [], None),
    ("unit-field", "layout.json", [], None),
    ("retina", "layout.json", [], None),
    ("nested", "layout.json", ["--tolerance", "6"], 6),
    ("atlas", "layout.json", [], None),
    ("audit", "layout.json", [], None),
    ("svg-button", "layout.json", ["--tolerance", "4"], 4),
    ("large", "layout.json", [], None),
]


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
            print(f"ok    {what}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL  {what}", flush=True)


def number(value):
    """A layout coordinate as both the page and hittest print it: 10, 10.5."""
    return str(int(value)) if value == int(value) else repr(value)


def query(hittest, layout, points, tolerance):
    arguments = [hittest, "query", layout, "--json"] + (["--tolerance", str(tolerance)] if tolerance is not None else [])
    text = "".join(f"{repr(x)} {repr(y)}\n" for x, y in points)
    result = subprocess.run(arguments, input=text, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in result.stdout.splitlines()]


def expected_pixel_text(answer):
    if answer["id"] is None:
        return "nothing here"
    if answer["pixel"] is not None:
        return f"pixel ({answer['pixel'][0]}, {answer['pixel'][1]}), alpha {answer['alpha']}"
    if answer["distance"]:
        return f"by touch tolerance, {answer['distance']:.2f} pt from its region"
    return "its shape (no image)"


def same_detail(shown, answer):
    """Whether the readout's pixel text says what query --json does (a distance to 0.01 point:
    the page keeps hundredths)."""
    expected = expected_pixel_text(answer)
    prefix = "by touch tolerance, "
    if answer["id"] is not None and answer["pixel"] is None and answer["distance"] and shown.startswith(prefix):
        return abs(float(shown[len(prefix):].split()[0]) - answer["distance"]) <= 0.0051
    return shown == expected


def probe_points(rng, data, count):
    """`count` map pixels: two thirds uniform, the rest within two pixels of a frame corner or edge."""
    width, height, scale = data["width"], data["height"], data["scale"]
    points = set()
    frames = [e["frame"] for e in data["elements"]]
    while len(points) < count:
        if rng.random() < 0.67 or not frames:
            px, py = rng.randrange(width), rng.randrange(height)
        else:
            f = rng.choice(frames)
            k = rng.randrange(4)
            t = rng.random()
            x = f[2 * k] + t * (f[(2 * k + 2) % 8] - f[2 * k])
            y = f[2 * k + 1] + t * (f[(2 * k + 3) % 8] - f[2 * k + 1])
            px, py = int(x * scale) + rng.randint(-2, 2), int(y * scale) + rng.randint(-2, 2)
        if 0 <= px < width and 0 <= py < height:
            points.add((px, py))
    return sorted(points, key=lambda p: rng.random())


def move_pointer(driver, px, py):
    """Scrolls the map so that pixel (px, py) is in view and puts the pointer on it."""
    vx, vy = driver.execute_script(
        """
        const [px, py] = arguments;
        const pane = document.getElementById('map-pane'), map = document.getElementById('hit-map');
        pane.scrollLeft = Math.max(0, px - pane.clientWidth / 2);
        pane.scrollTop = Math.max(0, py - pane.clientHeight / 2);
        const r = map.getBoundingClientRect();
        return [r.left + px, r.top + py];
        """,
        px,
        py,
    )
    if vx != int(vx) or vy != int(vy):
        raise RuntimeError(f"the map is not at a whole CSS pixel: {vx}, {vy}")
    actions = ActionBuilder(driver, duration=0)
    actions.pointer_action.move_to_location(int(vx), int(vy))
    actions.perform()


def readout(driver):
    return driver.execute_script(
        "return ['hover-id', 'hover-point', 'hover-pixel'].map(id => document.getElementById(id).textContent);"
    )


def check_points(driver, checks, hittest, layout, name, data, rng, count, tolerance):
    scale = data["scale"]
    pixels = probe_points(rng, data, count)
    answers = query(hittest, layout, [(px / scale, py / scale) for px, py in pixels], tolerance)
    wrong_id, wrong_detail = [], []
    for (px, py), answer in zip(pixels, answers):
        move_pointer(driver, px, py)
        shown_id, shown_point, shown_pixel = readout(driver)
        expected_id = answer["id"] if answer["id"] is not None else "-"
        point = f"({number(px / scale)}, {number(py / scale)})"
        if shown_id != expected_id:
            wrong_id.append(f"{point}: page {shown_id!r}, query {expected_id!r}")
        elif shown_point != f"at {point}" or not same_detail(shown_pixel, answer):
            wrong_detail.append(f"{point}: page {shown_point!r} {shown_pixel!r}, query {expected_pixel_text(answer)!r}")
    label = f"{name}{'' if tolerance is None else f' (tolerance map {tolerance})'}"
    checks.check(not wrong_id, f"{label}: hover-id matches hittest query at {len(pixels)} random points" + "".join(f"\n      {w}" for w in wrong_id[:10]))
    checks.check(not wrong_detail, f"{label}: the readout's point, pixel and alpha match query --json" + "".join(f"\n      {w}" for w in wrong_detail[:10]))


def check_list(driver, checks, hittest, layout, name, data):
    """Hovering a row highlights that element; clicking selects it; the list has every element."""
    rows = driver.find_elements(By.CSS_SELECTOR, "#element-list tr")
    checks.check(len(rows) == len(data["elements"]), f"{name}: the list has a row for each of the {len(data['elements'])} elements")
    failing = [i for i, e in enumerate(data["elements"]) if e["audit"] and not e["audit"]["pass"]]
    index = failing[0] if failing else 0
    row = rows[index]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    actions = ActionBuilder(driver, duration=0)
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + 20, r.top + r.height / 2];", row)
    actions.pointer_action.move_to_location(int(rect[0]), int(rect[1]))
    actions.perform()
    highlighted = driver.execute_script("return document.getElementById('highlight').dataset.element;")
    checks.check(highlighted == data["elements"][index]["id"], f"{name}: hovering the row of {data['elements'][index]['id']!r} highlights it")
    # Its tap point is marked: the marker's red dot at the audit's point, which hittest query answers.
    tap = data["elements"][index]["audit"] and data["elements"][index]["audit"]["tapPoint"]
    shown = driver.execute_script("return document.getElementById('highlight').dataset.tapPoint;")
    checks.check(shown == (",".join(number(v) for v in tap) if tap else ""), f"{name}: hovering the row marks the tap point {tap} (shows {shown!r})")
    if tap:
        dot = driver.execute_script(
            "return Array.from(document.getElementById('highlight').getContext('2d').getImageData(arguments[0], arguments[1], 1, 1).data);",
            int(tap[0] * data["scale"]), int(tap[1] * data["scale"]))
        checks.check(dot == [255, 45, 85, 255], f"{name}: the marker's dot is drawn at the tap point (pixel {dot})")
        answer = query(hittest, layout, [tap], None)[0].get("id")
        checks.check(answer == data["elements"][index]["id"], f"{name}: hittest query at the tap point answers {data['elements'][index]['id']!r} (got {answer!r})")
    row.click()
    selected = driver.execute_script("return document.querySelector('#element-list tr.selected')?.dataset.index;")
    checks.check(selected == str(index), f"{name}: clicking the row selects it")


def check_script_syntax(driver, checks):
    """The inspector's script, from its own file, compiled by the browser's JavaScript engine
    (without running it): a syntax error fails here with the engine's message, before any page."""
    source = open(os.path.join("Sources", "HitTestCLI", "Inspector", "inspector.js"), encoding="utf-8").read()
    error = driver.execute_script(
        "try { new Function(arguments[0]); return null; } catch (e) { return e.name + ': ' + e.message; }", source)
    checks.check(error is None, f"Inspector/inspector.js is valid JavaScript{'' if error is None else ' (' + error + ')'}")
    # The check itself must be able to fail: a script with a syntax error is refused.
    broken = driver.execute_script("try { new Function(arguments[0]); return null; } catch (e) { return e.name; }", source + "\n}{")
    checks.check(broken == "SyntaxError", "the syntax check refuses a broken script")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hittest", default=".build/release/hittest")
    parser.add_argument("--points", type=int, default=200, help="random points per page and map (default 200)")
    parser.add_argument("--screenshots", default=None, help="folder for the screenshots (default: a temporary folder)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--only", default=None, help="check only this sample")
    arguments = parser.parse_args()

    screenshots = arguments.screenshots or tempfile.mkdtemp(prefix="inspector-screenshots-")
    os.makedirs(screenshots, exist_ok=True)
    pages = tempfile.mkdtemp(prefix="inspector-pages-")
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--force-device-scale-factor=1", "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    checks = Checks()
    rng = random.Random(arguments.seed)
    try:
        check_script_syntax(driver, checks)
        for name, layout_file, extra, tolerance in PAGES:
            if arguments.only and name != arguments.only:
                continue
            layout = os.path.join("Samples", name, layout_file)
            page = os.path.join(pages, f"{name}.html")
            subprocess.run([arguments.hittest, "render", layout, "--html", page] + extra, check=True, capture_output=True)
            size = os.path.getsize(page)
            driver.get("file://" + os.path.abspath(page))
            WebDriverWait(driver, 120).until(lambda d: d.execute_script("return document.body.dataset.ready"))
            state = driver.execute_script("return document.body.dataset.ready")
            checks.check(state == "true", f"{name}: the page loads its data ({size / 1024:.0f} KiB)")
            if state != "true":
                continue
            data = driver.execute_script("return JSON.parse(document.getElementById('inspector-data').textContent);")
            data_scale = driver.find_element(By.ID, "hit-map").get_attribute("data-scale")
            checks.check(float(data_scale) == data["scale"], f"{name}: #hit-map has data-scale {data_scale}")
            check_points(driver, checks, arguments.hittest, layout, name, data, rng, arguments.points, None)
            if tolerance is not None:
                driver.find_element(By.ID, "toggle-tolerance").click()
                check_points(driver, checks, arguments.hittest, layout, name, data, rng, arguments.points, tolerance)
                driver.find_element(By.ID, "toggle-tolerance").click()
            check_list(driver, checks, arguments.hittest, layout, name, data)
            driver.find_element(By.ID, "toggle-audit").click()
            hatched = driver.execute_script("return !document.getElementById('audit-overlay').hidden;")
            checks.check(hatched, f"{name}: the audit overlay toggles on")
            stats = driver.execute_script("return window.inspector;")
            mean = stats["hoverTotalMs"] / max(1, stats["hoverCount"])
            print(f"      {name}: ready in {stats['readyMs']:.0f} ms; pointer moves answered in {mean:.3f} ms on average, {stats['hoverMaxMs']:.2f} ms at most ({stats['hoverCount']} moves)")
            # The screenshot: the pointer at the centre of the selected element's frame (the first
            # failing element's), which usually shows its readout.
            selected = int(driver.execute_script("return document.querySelector('#element-list tr.selected').dataset.index;"))
            frame = data["elements"][selected]["frame"]
            centre = (sum(frame[0::2]) / 4 * data["scale"], sum(frame[1::2]) / 4 * data["scale"])
            move_pointer(driver, min(data["width"] - 1, int(centre[0])), min(data["height"] - 1, int(centre[1])))
            driver.save_screenshot(os.path.join(screenshots, f"{name}.png"))
    finally:
        driver.quit()
    print(f"screenshots in {screenshots}")
    print(f"browser: {checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
