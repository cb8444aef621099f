#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and runs the demo
# tournament (a round-robin on MinitChess between the in-tree engines), ending with the
# path of its report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/setup.sh release
# A demo is run again and again: start it afresh each time.
rm -rf matches/demo
build/bin/referee tournament configs/demo.yaml
