#!/usr/bin/env python3
"""A/B of two alphahit-bench binaries, run alternately (old new, then new old, ...), each with
--samples 5; prints, for each benchmark, the median over the rounds of its p50 and the ratio
new/old, and the same for the fastest round's p50 (on a shared machine interference only ever
adds time, so the minimum is the steadier of the two).

    git worktree add ../old-bench <commit> && (cd ../old-bench && swift build -c release --product alphahit-bench)
    scripts/ab-bench.py --old ../old-bench/.build/release/alphahit-bench --filter '^resolve/' --rounds 4

Build both from clean trees: an incremental build after moving code between targets can link
stale objects. Both binaries (and the `hittest` beside each, for `cli/*`) are copied into two
folders whose paths have the same length, and run from there: the same binary run from two paths
of different lengths differed by up to 30% here (the path and environment shift the stack).
"""
import argparse, collections, os, re, shutil, statistics, subprocess, tempfile

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--old", required=True)
parser.add_argument("--new", default=".build/release/alphahit-bench")
parser.add_argument("--filter", default="^(lookup|resolve|batch|cli/query-10k|startup|cache/build-warm)")
parser.add_argument("--rounds", type=int, default=4)
arguments = parser.parse_args()

units = {"ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
results = {"old": collections.defaultdict(list), "new": collections.defaultdict(list)}
scratch = tempfile.mkdtemp(prefix="ab-bench-")
copies = {}
for tag, binary in [("old", arguments.old), ("new", arguments.new)]:
    folder = os.path.join(scratch, tag)
    os.makedirs(folder)
    for name in ["alphahit-bench", "hittest"]:
        source = os.path.join(os.path.dirname(binary), name) if name == "hittest" else binary
        if os.path.exists(source):
            shutil.copy2(source, os.path.join(folder, name))
    copies[tag] = os.path.join(folder, "alphahit-bench")
for round in range(arguments.rounds):
    order = [("old", copies["old"]), ("new", copies["new"])]
    for tag, binary in order if round % 2 == 0 else reversed(order):
        output = subprocess.run([binary, "--filter", arguments.filter, "--samples", "5"], capture_output=True, text=True).stdout
        for line in output.splitlines():
            match = re.match(r"^(\S+)\s+per \S+\s+(?:\S+ \S+\s+){2}([\d.]+) (ns|µs|us|ms|s)\b", line)
            if match:
                results[tag][match.group(1)].append(float(match.group(2)) * units[match.group(3)])
print(f"{'benchmark':40} {'old p50 (ns)':>14} {'new p50 (ns)':>14} {'new/old':>8} {'min new/old':>12}")
for name, values in results["old"].items():
    if name in results["new"]:
        old, new = statistics.median(values), statistics.median(results["new"][name])
        fastest = min(results["new"][name]) / min(values)
        print(f"{name:40} {old:14.1f} {new:14.1f} {new / old:8.3f} {fastest:12.3f}")
shutil.rmtree(scratch)
