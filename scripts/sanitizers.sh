#!/usr/bin/env bash
# Runs the whole test suite under the thread sanitizer, then under the address sanitizer.
#
#   scripts/sanitizers.sh [thread|address|concurrency]   (default: both whole runs)
#
# `concurrency` (what .ci/run uses, for time) runs under the thread sanitizer only the suites whose
# code runs on more than one thread or shares state between threads: the stress test, the live
# scenes, the image cache, the lazy references, the parallel batches, grids and layout loading, and
# the query stream. Swift Testing runs them side by side, as in the whole run.
#
# XCTest's own allocations are reported as leaks by LeakSanitizer; none of AlphaHit's are, so leak
# detection stays on for the address run, with XCTest's known reports suppressed.
set -euo pipefail
cd "$(dirname "$0")/.."

run_thread() {
    echo "== swift test --sanitize=thread"
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" swift test --sanitize=thread
}

# The suites the `concurrency` run keeps, as a `swift test --filter` pattern over their type names.
concurrency_suites='ConcurrencyStressTests|HitSceneTests|LiveSceneFastRouteTests|LiveScenePropertyTests|LiveTablesTests|ImageCacheTests|MemoryTypesTests|ParallelTests|LayoutFileTests|QueryCommandTests|HotElementTests|TouchToleranceMemoryTests|EngineAPITests'

run_concurrency() {
    # A suite renamed or removed would drop out of the filter silently: refuse instead.
    for suite in ${concurrency_suites//|/ }; do
        grep -rqE "^(struct|final class|class) $suite\b" Tests || { echo "Error: no test suite named $suite (scripts/sanitizers.sh)" >&2; exit 1; }
    done
    echo "== swift test --sanitize=thread --filter (the concurrency suites)"
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" swift test --sanitize=thread --filter "$concurrency_suites"
}

run_address() {
    echo "== swift test --sanitize=address"
    suppressions=$(mktemp)
    # Leaks inside XCTest, and inside Foundation (its Process.run, in the tests that run the binary;
    # the library itself does not use Foundation).
    printf 'leak:libXCTest.so\nleak:libFoundation.so\n' > "$suppressions"
    ASAN_OPTIONS="detect_leaks=1 ${ASAN_OPTIONS:-}" LSAN_OPTIONS="suppressions=$suppressions" swift test --sanitize=address
    rm -f "$suppressions"
}

case "${1:-both}" in
    thread) run_thread ;;
    address) run_address ;;
    concurrency) run_concurrency ;;
    both) run_thread && run_address ;;
    *) echo "Error: expected thread, address, concurrency or nothing" >&2; exit 2 ;;
esac
