#!/usr/bin/env bash
# Runs the whole test suite under the thread sanitizer, then under the address sanitizer.
#
#   scripts/sanitizers.sh [thread|address]   (default: both)
#
# XCTest's own allocations are reported as leaks by LeakSanitizer; none of AlphaHit's are, so leak
# detection stays on for the address run, with XCTest's known reports suppressed.
set -euo pipefail
cd "$(dirname "$0")/.."

run_thread() {
    echo "== swift test --sanitize=thread"
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" swift test --sanitize=thread
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
    both) run_thread && run_address ;;
    *) echo "Error: expected thread, address or nothing" >&2; exit 2 ;;
esac
