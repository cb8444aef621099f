#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing), then configures and
# builds one build tree. Used by the README's two commands and by CI.
#   .ci/setup.sh [release|sanitize]   -> prints nothing but progress; build in build/ or build-sanitize/
set -euo pipefail
cd "$(dirname "$0")/.."

flavour=${1:-release}
packages=(g++ cmake make libboost-dev libboost-filesystem-dev libyaml-cpp-dev libfmt-dev
          libgtest-dev libcli11-dev nlohmann-json3-dev fairy-stockfish chromium
          ccache clang-format clang libclang-rt-14-dev libsodium-dev libseccomp-dev pkg-config bubblewrap
          stockfish slurm-wlm munge pgn-extract
          fairymax gnuchess phalanx hoichess)  # xboard engines (tests/match/slow_xboard_*)

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

case "$flavour" in
  release)  dir=build;          args=(-DCMAKE_BUILD_TYPE=Release) ;;
  sanitize) dir=build-sanitize; args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DREFEREE_SANITIZE=ON) ;;
  *) echo "setup: unknown flavour '$flavour' (release or sanitize)" >&2; exit 2 ;;
esac

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$dir" "${args[@]}" >/dev/null
cmake --build "$dir" -j "$jobs"
