#!/usr/bin/env bash
# Runs a slow script test (its command line follows) only when REFEREE_SLOW_TESTS=1, as the
# slow GoogleTest suites are (tests/CMakeLists.txt); otherwise exits 77, which CTest shows as
# skipped.
if [ "${REFEREE_SLOW_TESTS:-}" != 1 ]; then
  echo "a slow test: run it with REFEREE_SLOW_TESTS=1 (bash .ci/test.sh --slow)"
  exit 77
fi
exec "$@"
