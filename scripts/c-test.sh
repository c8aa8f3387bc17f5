#!/usr/bin/env bash
# The C interface from C: builds libAlphaHitC.so, checks that it exports only alphahit_ symbols, compiles Tests/CInterface/test_alphahit.c against
# the hand-written header with AddressSanitizer and UndefinedBehaviorSanitizer (strict C99,
# warnings as errors), runs it on the samples, then compiles and runs the README's C example and
# checks its output against the README. About 30 s after a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product AlphaHitC >/dev/null
# The library exports the C interface and nothing else.
others=$(nm -D --defined-only .build/release/libAlphaHitC.so | awk '$2 ~ /^[A-Z]$/ && $3 !~ /^alphahit_/ {print $3}')
if [ -n "$others" ]; then
    echo "libAlphaHitC.so exports symbols outside the C interface:"; echo "$others" | head
    echo "exports: 0 passed, 1 failed"
    exit 1
fi
echo "exports: 1 passed, 0 failed ($(nm -D --defined-only .build/release/libAlphaHitC.so | awk '$2 ~ /^[A-Z]$/' | wc -l) symbols, all alphahit_)"
out=.build/c-test
mkdir -p "$out"
flags=(-std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -pedantic -g -fsanitize=address,undefined -fno-omit-frame-pointer
       -I Sources/AlphaHitC/include -L .build/release -Wl,-rpath,"$PWD/.build/release")
cc "${flags[@]}" Tests/CInterface/test_alphahit.c -o "$out/test_alphahit" -lAlphaHitC -lpthread -lm
# The Swift runtime keeps a few allocations for the life of the process: not leaks of ours.
ASAN_OPTIONS=detect_leaks=0 "$out/test_alphahit" Samples

# The README's C example, exactly as printed there, and the output the README says it prints.
python3 - "$out" <<'PY'
import re, sys
readme = open("README.md").read()
block = re.search(r"<!-- c-example -->\s*```c\n(.*?)```\s*.*?```\n(.*?)```", readme, re.S)
if not block:
    sys.exit("README.md has no C example (<!-- c-example --> then a ```c block and its output)")
open(f"{sys.argv[1]}/example.c", "w").write(block.group(1))
open(f"{sys.argv[1]}/example.expected", "w").write(block.group(2))
PY
cc "${flags[@]}" "$out/example.c" -o "$out/example" -lAlphaHitC
ASAN_OPTIONS=detect_leaks=0 "$out/example" > "$out/example.out"
if diff -u "$out/example.expected" "$out/example.out"; then
    echo "readme-c-example: 1 passed, 0 failed"
else
    echo "readme-c-example: 0 passed, 1 failed"
    exit 1
fi
