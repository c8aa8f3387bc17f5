#!/usr/bin/env python3
"""Runs the whole benchmark suite N times in a row (issue 26: every target must hold in each of
five consecutive full runs, judged by best sample) and prints a Markdown table of each target's
figure and verdict in every run, from the suite's own "targets:" lines.

    swift build -c release && scripts/bench-runs.py --runs 5 [--out DIR]
    scripts/bench-runs.py --tabulate DIR     # the table again, from runs already made

Each run's table and JSON are kept in DIR (default: a new temporary folder). Build from a clean
tree (`rm -rf .build/release .build/*/release` first) after moving code between targets: an
incremental release build then can link stale objects (2026-12-07: a `hittest` that crashed).
"""
import argparse, os, re, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("--binary", default=".build/release/alphahit-bench")
parser.add_argument("--out")
parser.add_argument("--tabulate", metavar="DIR", help="only tabulate the runN.txt already in DIR")
arguments = parser.parse_args()
out = arguments.out or tempfile.mkdtemp(prefix="bench-runs-")
os.makedirs(out, exist_ok=True)

verdicts = {}  # target text without its figure -> [(figure, met)] per run
order = []
for run in range(1, arguments.runs + 1):
    started = time.time()
    if arguments.tabulate:
        with open(os.path.join(arguments.tabulate, f"run{run}.txt")) as file:
            stdout = file.read()
    else:
        result = subprocess.run([arguments.binary, "--json", os.path.join(out, f"run{run}.json")], capture_output=True, text=True)
        with open(os.path.join(out, f"run{run}.txt"), "w") as file:
            file.write(result.stdout + result.stderr)
        if result.returncode != 0:
            sys.exit(f"run {run} failed ({result.returncode}): see {out}/run{run}.txt")
        stdout = result.stdout
    lines = stdout.split("\ntargets:\n", 1)[1].splitlines()
    for line in lines:
        # "ref" lines (references, not targets) are tabulated too, with no verdict.
        match = re.match(r"\s+(met   |MISSED|ref   ) (\S+)(?: / (\S+))?: (\S+)(.*)", line)
        if not match:
            continue
        state, name, over, figure, rest = match.groups()
        # " BASELINE (target ...)" after a ratio ("1.20x"), " ns (target ...)" and the like otherwise.
        ratio = figure.endswith("x") and not rest.strip().startswith("(")
        key = f"{name}{' / ' + over if over else ''}{' ÷' if ratio else ''}{rest}"
        if key not in verdicts:
            verdicts[key] = []
            order.append(key)
        verdicts[key].append((figure, state.strip() != "MISSED", state.strip() == "ref"))
    if not arguments.tabulate:
        print(f"run {run}: {time.time() - started:.0f} s", file=sys.stderr)

print(f"| target | " + " | ".join(f"run {i}" for i in range(1, arguments.runs + 1)) + " | all five |")
print("|---|" + "---:|" * arguments.runs + "---|")
for key in order:
    cells = verdicts[key]
    shown = [f"{figure}" if met else f"**{figure}**" for figure, met, _ in cells]
    if any(reference for _, _, reference in cells):
        verdict = "reference"
    else:
        verdict = "met" if len(cells) == arguments.runs and all(m for _, m, _ in cells) else "**missed**"
    print(f"| {key.strip()} | " + " | ".join(shown) + f" | {verdict} |")
print(f"\n(figures in bold missed their target; tables and JSON in {arguments.tabulate or out})", file=sys.stderr)
