#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing), then configures and
# builds one build tree. Used by the README's two commands and by CI.
#   .ci/setup.sh [--demo] [release|sanitize] [TARGET...]
#       builds in build/ (release) or build-sanitize/ only the TARGETs named and what they
#       need, or the whole tree if none is named; prints progress only
#   .ci/setup.sh [--demo] packages
#       only installs the packages
#   --demo  only the packages that build the tree and run the demo, not the engines, browser,
#           cluster, compilers and ffish (npm) the tests and CI use besides
# The demo builds the referee and the engines its config names (.ci/demo.sh); the tests build
# all-tests, every test binary and the programs the tests run (tests/CMakeLists.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

demo=
if [ "${1:-}" = "--demo" ]; then demo=1; shift; fi
flavour=${1:-release}
shift || true
targets=("$@")
case "$flavour" in
  packages) dir= ;;
  release)  dir=build;          args=(-DCMAKE_BUILD_TYPE=Release -DREFEREE_UNITY_BUILD=ON) ;;
  sanitize) dir=build-sanitize; args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DREFEREE_SANITIZE=ON -DREFEREE_UNITY_BUILD=ON) ;;
  *) echo "setup: unknown flavour '$flavour' (release, sanitize or packages)" >&2; exit 2 ;;
esac

# What configures and builds the tree (GoogleTest too: the build configures the tests) and
# confines the engines (bubblewrap).
packages=(g++ cmake make libboost-dev libboost-filesystem-dev libyaml-cpp-dev libfmt-dev
          libgtest-dev libcli11-dev nlohmann-json3-dev libsodium-dev libseccomp-dev pkg-config
          bubblewrap ccache lld)  # lld: the referee's code laid out in the order it runs
if [ -z "$demo" ]; then
  packages+=(fairy-stockfish stockfish chromium pgn-extract slurm-wlm munge
             clang-format clang libclang-rt-14-dev                 # CI's format check and fuzz build
             fairymax gnuchess phalanx hoichess crazywa hachu)     # xboard engines (tests/match/slow_xboard_*)
  # node and npm for ffish (below), unless the machine has them already (a NodeSource node
  # brings its own npm, which Debian's npm package would conflict with).
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then packages+=(nodejs npm); fi
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# ffish, the current Fairy-Stockfish compiled to WebAssembly, pinned: the oracle of the
# variants.ini tests for keys Debian's 11.1 does not know (tests/support/ffish_oracle.js, which
# looks in npm's global folder). Those tests skip without it, so a failed install only warns,
# and a machine that cannot reach npm's registry gives up after one short try instead of
# npm's minutes of retries.
ffish_version=0.7.10
if [ -z "$demo" ] && command -v npm >/dev/null && command -v node >/dev/null; then
  ffish_dir="$(npm root -g 2>/dev/null || true)/ffish"
  if [ "$(node -p "require('$ffish_dir/package.json').version" 2>/dev/null || true)" != "$ffish_version" ]; then
    echo "setup: installing ffish@$ffish_version (npm)"
    $sudo timeout 300 npm install -g --no-audit --no-fund --loglevel=error --fetch-retries=1 \
        --fetch-timeout=30000 "ffish@$ffish_version" >/dev/null ||
      echo "setup: ffish@$ffish_version could not be installed; the ffish tests will skip" >&2
  fi
fi
[ -n "$dir" ] || exit 0

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$dir" "${args[@]}" >/dev/null
if ((${#targets[@]})); then
  cmake --build "$dir" -j "$jobs" --target "${targets[@]}"
else
  cmake --build "$dir" -j "$jobs"
fi
