#!/usr/bin/env bash
# The README's test command: installs what is missing, builds what the tests run (the target
# all-tests: the test binaries, the referee, the in-tree engines; no benchmarks), and runs the suite.
#   .ci/test.sh              the default set (every test but the slow ones), optimised, build/
#   .ci/test.sh --slow       only the tests labelled slow (suites named Slow*, see
#                            tests/CMakeLists.txt): REFEREE_SLOW_TESTS=1 ctest -L slow
#   .ci/test.sh --sanitize   AddressSanitizer + UBSan build in build-sanitize/ (with --slow too)
# The default set is what a plain `ctest` runs; .ci/run runs both sets.
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=release slow=
for arg in "$@"; do
  case "$arg" in
    --sanitize) flavour=sanitize ;;
    --slow) slow=1 ;;
    *) echo "test.sh: unknown argument $arg (--sanitize, --slow)" >&2; exit 2 ;;
  esac
done
bash .ci/setup.sh "$flavour" all-tests
dir=build; [ "$flavour" = sanitize ] && dir=build-sanitize
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
jobs=$(nproc 2>/dev/null || echo 2)
if [ -n "$slow" ]; then
  REFEREE_SLOW_TESTS=1 ctest --test-dir "$dir" --output-on-failure -j "$jobs" -L slow
else
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
fi
