#!/usr/bin/env bash
# Writes cmake/referee.text-order: the referee's functions that start-up, perft, a match, its
# report and a round-robin execute, one symbol a line: start-up's first, then those each
# later run adds, each run's hottest first. LLD lays them
# out together at the start of the text (referee/CMakeLists.txt), so those runs map about
# 1 MB of the referee's code instead of most of its 4 MB (the kernel maps 64 KiB around each
# page touched). Run it after a change that renames or adds much of that code; a stale list
# only costs memory (its missing names are skipped, new functions go after it).
# Needs valgrind (callgrind) and a Release build: build/bin/{referee,scripted-engine,bench-referee}.
# Usage: cmake/text-order.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
for b in referee scripted-engine bench-referee; do
  [ -x "$build/bin/$b" ] || { echo "text-order: build first; $build/bin/$b is missing" >&2; exit 2; }
done
command -v valgrind >/dev/null || { echo "text-order: needs valgrind" >&2; exit 2; }
referee=$(realpath "$build/bin/referee")
engine=$(realpath "$build/bin/scripted-engine")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/bench-referee" --write-script "$work/script.txt"

# A tournament config of ENGINES scripted engines, GAMES games a pairing.
config() {
  local name=$1 engines=$2 games=$3
  {
    echo "name: $name"
    echo "variant: minitchess"
    echo "games_per_pairing: $games"
    echo 'time_control: "600+0"'
    echo "concurrency: 2"
    echo "output: $work/out-$name"
    echo "engines:"
    for i in $(seq 1 "$engines"); do
      echo "  - {name: e$i, cmd: $engine, args: [$work/script.txt]}"
    done
  } > "$work/$name.yaml"
}
config match 2 40
config robin 3 4
config lines 3 2

# Valgrind cannot run the engines' confinement in the forked child (it knows no seccomp or
# Landlock, and keeps descriptors above the limit an engine is given): a preloaded shim
# makes those calls succeed (seccomp, the descriptor limit) or report Landlock missing, and
# engines run as the referee's user. The engines themselves run outside valgrind.
cat > "$work/shim.c" <<'EOC'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
int prctl(int option, ...) {
  va_list ap;
  va_start(ap, option);
  unsigned long a = va_arg(ap, unsigned long), b = va_arg(ap, unsigned long),
                c = va_arg(ap, unsigned long), d = va_arg(ap, unsigned long);
  va_end(ap);
  if (option == PR_SET_SECCOMP) return 0;
  int (*real)(int, ...) = (int (*)(int, ...))dlsym(RTLD_NEXT, "prctl");
  return real(option, a, b, c, d);
}
long syscall(long n, ...) {
  va_list ap;
  va_start(ap, n);
  long a[6];
  for (int i = 0; i < 6; ++i) a[i] = va_arg(ap, long);
  va_end(ap);
  if (n == SYS_landlock_create_ruleset || n == SYS_landlock_add_rule ||
      n == SYS_landlock_restrict_self) {
    errno = ENOSYS;
    return -1;
  }
  long (*real)(long, ...) = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
  return real(n, a[0], a[1], a[2], a[3], a[4], a[5]);
}
int setrlimit(__rlimit_resource_t r, const struct rlimit *l) {
  return r == RLIMIT_NOFILE ? 0 : prlimit(0, r, l, 0);
}
EOC
cc -shared -fPIC -O2 -o "$work/shim.so" "$work/shim.c" -ldl

n=0
profile() {
  n=$((n + 1))
  REFEREE_ENGINE_USERS=0 LD_PRELOAD="$work/shim.so" \
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$n" \
    "$referee" "$@" > "$work/out.$n" 2> "$work/vg.$n" || { cat "$work/vg.$n" >&2; exit 1; }
  if grep -q 'no game was played' "$work/vg.$n"; then cat "$work/vg.$n" >&2; exit 1; fi
}
profile --version
profile --help
profile tournament --help
profile perft minichess 4
profile perft chess 3
profile tournament "$work/match.yaml"
profile report "$work/match.yaml"
profile tournament "$work/robin.yaml" --quiet
profile tournament "$work/lines.yaml"  # a line a game, not quiet

# Each function of the referee's own file with its instructions in all runs (self cost).
python3 - "$referee" "$work"/cg.* > cmake/referee.text-order <<'EOF'
import collections, re, sys
exe, files = sys.argv[1], sys.argv[2:]
files.sort(key=lambda f: int(f.rsplit(".", 1)[1]))  # in the order the runs were made
first, total = {}, collections.Counter()  # a function's first run, its cost in all runs
for run, path in enumerate(files):
    cost = collections.Counter()
    obs, fns, ob, fn, call = {}, {}, None, None, False
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            kind, key, name = m.groups()
            table = obs if kind.endswith("ob") else fns
            if name:
                table[key] = name
            if kind == "ob":
                ob = obs.get(key)
            elif kind == "fn":
                fn = fns.get(key) if ob == exe else None
        elif line.startswith("calls="):
            call = True  # the next cost line is the call's, not the function's own
        elif line[:1].isdigit() or line[:1] in "+-*":
            if fn and not call:
                cost[fn] += int(line.split()[1])
            call = False
    for name, c in cost.items():
        first.setdefault(name, run)
        total[name] += c
# By the first run that executes it (start-up first, then what perft adds, then a match...),
# so a short command maps only the start of the list; within one run, hottest first.
for name in sorted(first, key=lambda n: (first[n], -total[n], n)):
    print(name)
EOF
echo "cmake/referee.text-order: $(wc -l < cmake/referee.text-order) functions"
