#!/usr/bin/env python3
"""Writes a large layout for load measurements: Samples/large repeated downwards.

    scripts/make-large-layout.py ROWS_OF_1000 OUT_DIR

Samples/large has 1,000 rows of 9 buttons plus the row (10,000 elements on a 2160 x 2400 canvas);
each repeat adds 1,000 rows 2,400 points lower, with ids made unique. 30 repeats give the
300,000-element layout of issue 10 (about 29 MB, written compactly), its images copied beside it.
"""
import json
import os
import shutil
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sample = os.path.join(root, "Samples", "large")
repeats, out = int(sys.argv[1]), sys.argv[2]
base = json.load(open(os.path.join(sample, "layout.json")))
height = base["canvas"]["height"]
elements = []
for repeat in range(repeats):
    for row in base["elements"]:
        row = json.loads(json.dumps(row))
        row["id"] = f"{row['id']}.{repeat}"
        row["frame"]["y"] += repeat * height
        for child in row.get("children", []):
            child["id"] = f"{child['id']}.{repeat}"
        elements.append(row)
layout = {"version": base["version"], "canvas": {"width": base["canvas"]["width"], "height": repeats * height}, "elements": elements}
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "layout.json"), "w") as file:
    json.dump(layout, file, separators=(",", ":"))
for name in os.listdir(sample):
    if name.endswith(".png"):
        shutil.copy(os.path.join(sample, name), out)
