#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, and runs the whole suite.
#   .ci/test.sh              optimised build in build/
#   .ci/test.sh --sanitize   AddressSanitizer + UBSan build in build-sanitize/
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=release
[ "${1:-}" = "--sanitize" ] && flavour=sanitize
bash .ci/setup.sh "$flavour"
dir=build; [ "$flavour" = sanitize ] && dir=build-sanitize
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$dir" --output-on-failure -j "$(nproc 2>/dev/null || echo 2)"
