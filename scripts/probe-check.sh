#!/usr/bin/env bash
# The C probes beside the benchmark suite (scripts/ideal-query-probe.c, scripts/near-miss-probe.c;
# not part of the suite, their figures in Benchmarks/README.md): both build with warnings as
# errors, and the near-miss probe's designs answer as its pixel scan does (`--check`, under
# AddressSanitizer and UndefinedBehaviorSanitizer). About 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/probe-check
mkdir -p "$out"
flags=(-O2 -Wall -Wextra -Werror -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
cc "${flags[@]}" scripts/ideal-query-probe.c -o "$out/ideal-query-probe" -lm
cc "${flags[@]}" scripts/near-miss-probe.c -o "$out/near-miss-probe" -lm
# A probe keeps its tables for the life of the process: not leaks worth a report.
if ASAN_OPTIONS=detect_leaks=0 "$out/near-miss-probe" --check; then
    echo "probes: 1 passed, 0 failed"
else
    echo "probes: 0 passed, 1 failed"
    exit 1
fi
