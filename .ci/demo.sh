#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and runs the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/setup.sh release
bin=build/bin
echo "== variants"
"$bin/referee" variants
echo "== perft, minichess, depth 5 from the start"
"$bin/referee" perft minichess 5
echo "== legal moves, minitchess, seed 001's first diagram"
printf '20 B\nk.K..\nrpP..\npP...\nP....\n.....\n.....\n' > /tmp/referee-demo-board.txt
"$bin/referee" moves minitchess --board /tmp/referee-demo-board.txt
