#!/usr/bin/env python3
"""The two things a Python user would pick instead of AlphaHit, timed on one of alphahit-bench's
layouts (issue 26). alphahit-bench writes the fixture and runs this script; its rows are
peer/pygame-ce/LAYOUT and peer/shapely-strtree/LAYOUT.

- pygame-ce: each element's image loaded, scaled to its frame and rotated (pygame.transform),
  then pygame.mask.from_surface with the element's threshold; a point is tested in a Python loop,
  front to back: the rotated rectangle's collidepoint, then mask.get_at.
- shapely: an STRtree over the elements' exact outlines (AlphaHit's own, in layout points); a
  point is one tree.query(Point, predicate="within"), that is, the outlines that contain it; the
  front-most of those is its answer.

Setting up (loading, masks, the tree) is not timed; each sample times all the fixture's points.

Usage: peers.py FIXTURE.json [--samples N] [--json OUT]
A peer whose package is missing is reported as {"skipped": reason}.
"""
import argparse
import json
import sys
import time


def pygame_peer(fixture):
    """Masks front to back; returns (answer function over all points, setup seconds)."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    start = time.perf_counter()
    loaded = {}
    elements = []
    for element in fixture["elements"]:
        path = element["image"]
        if path not in loaded:
            loaded[path] = pygame.image.load(path)
        x, y, width, height = element["frame"]
        surface = pygame.transform.smoothscale(loaded[path], (max(1, round(width)), max(1, round(height))))
        if element["rotation"]:
            # pygame turns counterclockwise on screen; the layout's angle is clockwise.
            surface = pygame.transform.rotate(surface, -element["rotation"])
        # from_surface sets a bit where alpha > threshold; the engine's pixel is solid at >= min_alpha.
        mask = pygame.mask.from_surface(surface, element["min_alpha"] - 1)
        rect = surface.get_rect(center=(x + width / 2, y + height / 2))
        elements.append((rect, mask, element["index"]))
    setup = time.perf_counter() - start

    def answer_all(points):
        answers = []
        for px, py in points:
            ix, iy = int(px), int(py)
            found = -1
            for rect, mask, index in elements:
                if rect.collidepoint(ix, iy) and mask.get_at((ix - rect.x, iy - rect.y)):
                    found = index
                    break
            answers.append(found)
        return answers

    return answer_all, setup


def shapely_peer(fixture):
    """An STRtree of the exact outlines; returns (answer function over all points, setup seconds)."""
    from shapely.geometry import Point, Polygon
    from shapely.strtree import STRtree

    start = time.perf_counter()
    geometries, fronts, indices = [], [], []
    for front, element in enumerate(fixture["elements"]):
        for rings in element["polygons"]:
            geometries.append(Polygon(rings[0], rings[1:]))
            fronts.append(front)
            indices.append(element["index"])
    tree = STRtree(geometries)
    setup = time.perf_counter() - start

    def answer_all(points):
        answers = []
        for px, py in points:
            # predicate(point, polygon): the point "within" the polygon is the polygon containing it.
            found = tree.query(Point(px, py), predicate="within")
            answers.append(indices[min(found, key=fronts.__getitem__)] if len(found) else -1)
        return answers

    return answer_all, setup


PEERS = {"pygame-ce": pygame_peer, "shapely-strtree": shapely_peer}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fixture")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--json")
    arguments = parser.parse_args()
    with open(arguments.fixture) as file:
        fixture = json.load(file)
    points = fixture["points"]
    expected = fixture["answers"]
    results = {}
    for name, make in PEERS.items():
        try:
            answer_all, setup = make(fixture)
        except ImportError as error:
            results[name] = {"skipped": f"{error} (pip install {'pygame-ce' if name == 'pygame-ce' else 'shapely'})"}
            print(f"{name}: skipped: {results[name]['skipped']}", file=sys.stderr)
            continue
        answers = answer_all(points)  # warm-up, and the answers compared with the engine's
        agreement = sum(a == b for a, b in zip(answers, expected)) / len(points)
        samples = []
        for _ in range(max(1, arguments.samples)):
            start = time.perf_counter_ns()
            answer_all(points)
            samples.append((time.perf_counter_ns() - start) / len(points))
        results[name] = {"samples_ns": samples, "agreement": agreement, "setup_s": setup}
        print(f"{name}: {min(samples):.0f} ns a point (best of {len(samples)}), agreement {agreement:.4f}, set-up {setup:.2f} s")
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(results, file)


if __name__ == "__main__":
    main()
