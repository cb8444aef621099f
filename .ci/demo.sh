#!/usr/bin/env bash
# The README's main command: installs what is missing, builds the referee and the in-tree
# engines the demo config names (nothing else: no tests, no benchmarks), and runs the demo
# tournament (a round-robin on MinitChess between the in-tree engines), ending with the
# path of its report.
set -euo pipefail
cd "$(dirname "$0")/.."
config=configs/demo.yaml
# Each `cmd: NAME` of an in-tree engine (engines/NAME/) is the target NAME-engine.
engines=()
while read -r name; do
  if [ -d "engines/$name" ]; then engines+=("$name-engine"); fi
done < <(grep -oE 'cmd: *[A-Za-z0-9_-]+' "$config" | sed 's/cmd: *//' | sort -u)
bash .ci/setup.sh --demo release referee "${engines[@]}"
# A demo is run again and again: start it afresh each time.
rm -rf matches/demo
build/bin/referee tournament "$config"
