#!/usr/bin/env bash
# The one format: every C++ file in the tree against the root .clang-format.
#   .ci/format.sh          check (exit 1 and name the files that differ)
#   .ci/format.sh --fix    rewrite them in place
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "format: clang-format is not installed (bash .ci/setup.sh installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.cc')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
  echo "format: ${#bad[@]} of ${#files[@]} C++ files differ from .clang-format (bash .ci/format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "format: all ${#files[@]} C++ files follow .clang-format"
