#!/usr/bin/env python3
"""Draws cost per point against element count from an alphahit-bench JSON file, as an SVG.

Usage: python3 Benchmarks/chart.py Benchmarks/results.json Benchmarks/resolve-scaling.svg
Standard library only. Plots the p25..p75 band and the p50 line of resolve/n10 ... resolve/n100000
on logarithmic axes, with resolve/diamonds as a reference line and resolve/mixed10k (the mixed
real-world layout of 10,520 elements) as a mark of its own beside the generated rows.
"""
import json
import math
import re
import sys


def main(source, target):
    with open(source) as f:
        document = json.load(f)
    results = {r["name"]: r for r in document["results"]}
    series = sorted(
        (int(name.split("/n")[1]), r) for name, r in results.items() if re.fullmatch(r"resolve/n\d+", name)
    )
    if not series:
        sys.exit("no resolve/nN results in " + source)
    width, height, left, right, top, bottom = 660, 400, 70, 50, 40, 50
    xs = [math.log10(n) for n, _ in series]
    mixed = results.get("resolve/mixed10k")
    values = [v for _, r in series + ([(0, mixed)] if mixed else []) for v in (r["p25_ns"], r["p50_ns"], r["p75_ns"])]
    low, high = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    x0, x1 = min(xs), max(xs)

    def px(logn):
        return left + (logn - x0) / (x1 - x0) * (width - left - right)

    def py(ns):
        return top + (high - math.log10(ns)) / (high - low) * (height - top - bottom)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">Cost per point against element count (resolve/nN, p25-p75 band, p50 line)</text>',
    ]
    for decade in range(low, high + 1):
        for step in (1, 2, 5):
            ns = step * 10 ** decade
            if 10 ** low <= ns <= 10 ** high:
                y = py(ns)
                out.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
                out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{ns:g} ns</text>')
    for n, _ in series:
        x = px(math.log10(n))
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{height - bottom}" stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{height - bottom + 18}" text-anchor="middle">{n:,}</text>')
    band = [(px(math.log10(n)), py(r["p75_ns"])) for n, r in series] + [
        (px(math.log10(n)), py(r["p25_ns"])) for n, r in reversed(series)
    ]
    out.append('<polygon fill="#9ecae1" opacity="0.6" points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in band) + '"/>')
    line = [(px(math.log10(n)), py(r["p50_ns"])) for n, r in series]
    out.append('<polyline fill="none" stroke="#08519c" stroke-width="2" points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in line) + '"/>')
    for (n, r), (x, y) in zip(series, line):
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#08519c"/>')
        out.append(f'<text x="{x + 6:.1f}" y="{y - 6:.1f}">{r["p50_ns"]:.0f} ns</text>')
    if "resolve/diamonds" in results:
        y = py(results["resolve/diamonds"]["p50_ns"])
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e6550d" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{width - right - 4}" y="{y - 5:.1f}" text-anchor="end" fill="#e6550d">resolve/diamonds (4 elements)</text>')
    if mixed:
        x, y = px(math.log10(10_520)), py(mixed["p50_ns"])
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{py(mixed["p75_ns"]):.1f}" y2="{py(mixed["p25_ns"]):.1f}" stroke="#31a354" stroke-width="2"/>')
        out.append(f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="#31a354"/>')
        out.append(f'<text x="{x + 8:.1f}" y="{y + 16:.1f}" fill="#31a354">mixed10k: {mixed["p50_ns"]:.0f} ns</text>')
    out.append(f'<text x="{width / 2}" y="{height - 10}" text-anchor="middle">elements in the layout (log scale)</text>')
    out.append("</svg>")
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
