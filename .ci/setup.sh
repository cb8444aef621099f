#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing), then configures and
# builds one build tree. Used by the README's two commands and by CI.
#   .ci/setup.sh [--demo] [release|sanitize] [TARGET...]
#       builds in build/ (release) or build-sanitize/ only the TARGETs named and what they
#       need, or the whole tree if none is named; prints progress only
#   .ci/setup.sh [--demo] packages
#       only installs the packages
#   --demo  only the packages that build the tree and run the demo, not the engines, browser,
#           cluster and compilers the tests and CI use besides
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
          bubblewrap ccache)
if [ -z "$demo" ]; then
  packages+=(fairy-stockfish stockfish chromium pgn-extract slurm-wlm munge
             clang-format clang libclang-rt-14-dev                 # CI's format check and fuzz build
             fairymax gnuchess phalanx hoichess)                   # xboard engines (tests/match/slow_xboard_*)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[ -n "$dir" ] || exit 0

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$dir" "${args[@]}" >/dev/null
if ((${#targets[@]})); then
  cmake --build "$dir" -j "$jobs" --target "${targets[@]}"
else
  cmake --build "$dir" -j "$jobs"
fi
