#!/usr/bin/env python3
"""1,000,000 points through Engine.hit_many with a NumPy array (indices=True) on the 10,000-element
sample, per point, beside the Swift batch figure for the same query measured in the same run
(alphahit-bench's batch/large/allcores). Target: within 1.5x of it. No timing is asserted.

Usage (from the repository's root, after swift build -c release and pip install ./python):
    python3 python/benchmarks/bench_hit_many.py [--samples 5]
"""
import argparse
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy

import alphahit

ROOT = Path(__file__).resolve().parents[2]


def swift_batch(samples):
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        subprocess.run(
            [str(ROOT / ".build/release/alphahit-bench"), "--filter", "batch/large/allcores", "--samples", str(samples), "--json", report.name],
            check=True, capture_output=True, cwd=ROOT)
        results = json.load(open(report.name))["results"]
    return next(r["p50_ns"] for r in results if r["name"] == "batch/large/allcores")


def python_batch(samples):
    engine = alphahit.Engine(str(ROOT / "Samples/large/layout.json"))
    rng = numpy.random.default_rng(5)
    points = numpy.column_stack([rng.uniform(0, 2160, 1_000_000), rng.uniform(0, 2400, 1_000_000)])
    engine.hit_many(points, indices=True)  # warm-up
    timings = []
    for _ in range(samples):
        start = time.perf_counter_ns()
        engine.hit_many(points, indices=True)
        timings.append((time.perf_counter_ns() - start) / len(points))
    return statistics.median(timings)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=5)
    samples = parser.parse_args().samples
    swift = swift_batch(samples)
    python = python_batch(samples)
    print(f"batch/large/allcores (Swift): {swift:.1f} ns per point")
    print(f"python/hit_many-numpy-1M:     {python:.1f} ns per point, {python / swift:.2f}x the Swift batch (target <= 1.5x)")


if __name__ == "__main__":
    main()
