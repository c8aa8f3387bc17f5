#!/usr/bin/env python3
"""Draws `hittest region`'s rectangles as an SVG, each band in its own shade, for the docs.

Usage: hittest region LAYOUT --scale S | scripts/draw-region.py > region.svg
RegionDocsTests holds Docs/images/region-audit.svg to the region it shows.
"""
import json
import sys

region = json.load(sys.stdin)
w, h = region["width"], region["height"]
zoom = max(1, 720 // max(w, h, 1))
lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * zoom}" height="{h * zoom}" viewBox="0 0 {w} {h}">',
         f'<rect width="{w}" height="{h}" fill="#f4f4f6"/>']
band, shade = None, 0
for x, y, rw, rh in region["rects"]:
    if y != band:
        band, shade = y, 1 - shade
    colour = ["#2b6cb0", "#4a90d9"][shade]
    lines.append(f'<rect class="r" x="{x}" y="{y}" width="{rw}" height="{rh}" fill="{colour}" stroke="#fff" stroke-width="0.15"/>')
lines.append("</svg>")
print("\n".join(lines))
