#!/usr/bin/env bash
# An installed referee (cmake --install) stands on its own: it reports its version, finds
# the variants under <prefix>/share and the in-tree engines under <prefix>/lib, and its bash
# completion offers the subcommands. Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
# Open to others, as an install prefix is: under a root referee each engine runs as a user of
# its own and must reach its executable.
chmod 755 "$prefix"
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
referee="$prefix/bin/referee"
[ -x "$referee" ] || fail "no $referee after install"
[ -x "$prefix/lib/minichess-referee/random-engine" ] || fail "random-engine not installed"
[ ! -e "$prefix/bin/random-engine" ] || fail "engines must stay out of PATH"

version=$("$referee" --version)
[[ $version =~ ^referee\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "--version printed '$version'"

# A variant that exists only in the installed folder proves which folder is read.
variants="$prefix/share/minichess-referee/variants"
sed 's/^name: minichess$/name: installed-only/' "$variants/minichess.yaml" > "$variants/installed-only.yaml"
grep -q '^name: installed-only$' "$variants/installed-only.yaml" || fail "test set-up: no name line"
# Listed into a file first: grep -q stops reading at its match, and under pipefail the
# referee's next write (the list is over 4 KB) would fail with SIGPIPE.
"$referee" variants > "$prefix/variants.txt"
grep -q '^installed-only ' "$prefix/variants.txt" || fail "installed variants folder not read"

# In-tree engines are found in <prefix>/lib/minichess-referee (nothing named random is on
# PATH, so a game that ends by the rules proves it).
out="$prefix/game"
"$referee" play installed-only --white random --black random --tc 5 --quiet --out "$out" > "$prefix/play.txt" \
  || fail "play with installed engines failed: $(cat "$prefix/play.txt")"
grep -qiE '^result (1-0|0-1|1/2-1/2) ' "$prefix/play.txt" || fail "no result: $(cat "$prefix/play.txt")"
[ -s "$out.json" ] && [ -s "$out.pgn" ] || fail "no record written"

# Completion: the subcommands come from --help.
# shellcheck disable=SC1091
source "$prefix/share/bash-completion/completions/referee"
COMP_WORDS=("$referee" pe); COMP_CWORD=1
_referee
[[ " ${COMPREPLY[*]} " == *" perft "* ]] || fail "completion of 'pe' gave '${COMPREPLY[*]}'"
COMP_WORDS=("$referee" perft mini); COMP_CWORD=2
_referee
[[ " ${COMPREPLY[*]} " == *" minichess "* && " ${COMPREPLY[*]} " == *" minitchess "* ]] \
  || fail "completion of a variant gave '${COMPREPLY[*]}'"
echo "install test passed"
