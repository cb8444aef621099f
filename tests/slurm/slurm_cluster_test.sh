#!/usr/bin/env bash
# A real one-node Slurm cluster (Debian's slurm-wlm and munge), started in a folder of its
# own on loopback and stopped at the end: a tournament runs as a job array of 4 shards plus
# a merge job; one shard is requeued mid-way and resumes from its journal; the merged result
# equals a one-machine run of the same config, game for game.
# Usage: slurm_cluster_test.sh BUILD_DIR. Exit 77 (skipped) where Slurm cannot run here.
set -uo pipefail
build=$(cd "$1" && pwd)
referee="$build/bin/referee"
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; rm -rf /tmp/referee-slurm-last-failure; cp -r "$t" /tmp/referee-slurm-last-failure 2>/dev/null; for f in "$t"/log/*.log "$t"/out/slurm/*.log; do [ -f "$f" ] && { echo "== $f"; tail -n 20 "$f"; }; done >&2; exit 1; }

for tool in munged slurmctld slurmd sbatch squeue scontrol sinfo python3; do
  command -v "$tool" >/dev/null 2>&1 || skip "$tool is not installed (Debian: slurm-wlm, munge)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs"

t=$(mktemp -d /tmp/referee-slurm.XXXXXX)
chmod 755 "$t"
cleanup() {
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --full -u root >/dev/null 2>&1
  for pidfile in "$t/slurmd.pid" "$t/slurmctld.pid" "$t/munge/munged.pid"; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  sleep 1
  for pidfile in "$t/slurmd.pid" "$t/slurmctld.pid" "$t/munge/munged.pid"; do
    [ -f "$pidfile" ] && kill -9 "$(cat "$pidfile")" 2>/dev/null
  done
  pkill -9 -f "$t/" 2>/dev/null
  rm -rf "$t"
}
trap cleanup EXIT
mkdir -p "$t/munge" "$t/state" "$t/spool" "$t/log" "$t/run"
chmod 700 "$t/munge"

free_port() {
  local p
  for _ in $(seq 200); do
    p=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  return 1
}
ctld_port=$(free_port) && d_port=$(free_port) || skip "no free loopback port"
[ "$ctld_port" != "$d_port" ] || d_port=$((ctld_port + 1))
host=$(hostname -s)

dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$t/munge/munge.key"
munged -f --key-file="$t/munge/munge.key" --socket="$t/munge/socket" --pid-file="$t/munge/munged.pid" \
  --log-file="$t/log/munged.log" --seed-file="$t/munge/seed" || skip "munged does not start here"

cat > "$t/slurm.conf" <<CONF
ClusterName=referee-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
AuthInfo=socket=$t/munge/socket
CredType=cred/munge
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobRequeue=1
KillWait=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF="$t/slurm.conf"
slurmctld -f "$SLURM_CONF" -i || skip "slurmctld does not start here"
slurmd -f "$SLURM_CONF" || skip "slurmd does not start here"
for _ in $(seq 100); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || skip "the node did not come up: $(sinfo 2>&1 | tail -1)"

# Engines slowed by a relay (every line to the engine waits 20 ms) so a shard is still
# running when it is requeued; the moves are the random engine's, fixed by the game seed.
cat > "$t/slow-random.sh" <<SH
#!/bin/bash
while IFS= read -r line; do sleep 0.02; printf '%s\n' "\$line"; done | exec "$build/bin/random-engine" "\$@"
SH
chmod 755 "$t/slow-random.sh"
write_config() {  # NAME ENGINE-COMMAND
  cat > "$t/$1.yaml" <<YAML
name: $1
variant: minitchess
format: round-robin
games_per_pairing: 4
time_control: "60+0"
concurrency: 1
seed: 7
output: $t/$1-out
engines:
  - {name: r1, cmd: $2, args: [--seed, "1"]}
  - {name: r2, cmd: $2, args: [--seed, "2"]}
  - {name: r3, cmd: $2, args: [--seed, "3"]}
YAML
}
write_config cluster "$t/slow-random.sh"
write_config local "$build/bin/random-engine"

cd "$t" || fail "cd"
"$referee" tournament cluster.yaml --slurm --shards 4 --dry-run > dry.txt || fail "dry run: $(cat dry.txt)"
grep -q -- '--requeue' dry.txt && grep -q -- '--array=1-4' dry.txt || fail "dry run scripts: $(cat dry.txt)"
[ ! -e "$t/cluster-out/slurm/shards.sbatch" ] || fail "--dry-run wrote scripts"

"$referee" tournament cluster.yaml --slurm --shards 4 > submit.txt 2>&1 || fail "submit: $(cat submit.txt)"
array=$(sed -n 's/.*as job array \([0-9]*\) .*/\1/p' submit.txt)
merge=$(sed -n 's/.*merge as job \([0-9]*\) .*/\1/p' submit.txt)
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in: $(cat submit.txt)"

# Requeue shard 2 once its first game is journaled and before its last.
echo "submitted at ${SECONDS}s"
requeued=no
for _ in $(seq 600); do
  line=$("$referee" status cluster.yaml 2>/dev/null | grep '^shard 2/4' || true)
  done_games=$(echo "$line" | awk '{print $3}')
  if [ -n "$done_games" ] && [ "$done_games" -ge 1 ] && [ "$done_games" -lt 3 ]; then
    scontrol requeue "${array}_2" || fail "scontrol requeue ${array}_2"
    # Slurm holds a requeued job back for a while before it may start again; a test
    # need not wait for that.
    stopped=no
    for _ in $(seq 150); do
      state=$(squeue -h -j "${array}_2" -o %T 2>/dev/null)
      [ "$state" != RUNNING ] && stopped=yes
      [ "$stopped" = yes ] && [ "$state" = RUNNING ] && break
      [ "$state" = PENDING ] && scontrol update JobId="${array}_2" StartTime=now >/dev/null 2>&1
      sleep 0.2
    done
    echo "shard 2 $(squeue -h -j "${array}_2" -o '%T %r' 2>/dev/null) at ${SECONDS}s"
    requeued=yes
    break
  fi
  [ -n "$done_games" ] && [ "$done_games" -ge 3 ] && break
  sleep 0.1
done
echo "shard 2 requeued at ${SECONDS}s"
[ "$requeued" = yes ] || fail "shard 2 was never caught mid-way (status: $("$referee" status cluster.yaml 2>&1))"
scontrol show job "${array}_2" | grep -q 'Restarts=1' || fail "shard 2 shows no restart: $(scontrol show job "${array}_2")"

for _ in $(seq 900); do
  [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
  sleep 0.2
done
[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] || fail "jobs still queued after 180 s: $(squeue)"
echo "all jobs done at ${SECONDS}s"
[ -f "$t/cluster-out/report.html" ] || fail "the merge job wrote no report"
"$referee" status cluster.yaml > status.txt || fail "status after the merge: $(cat status.txt)"
grep -q '^whole  *12 of 12 ' status.txt || fail "merged journal incomplete: $(cat status.txt)"

"$referee" tournament local.yaml --quiet > local.txt 2>&1 || fail "one-machine run: $(cat local.txt)"
python3 - "$t/cluster-out/journal.jsonl" "$t/local-out/journal.jsonl" <<'PY' || fail "the cluster and one machine differ"
import json, sys
def games(path):
    out = {}
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            if "slot" not in rec:
                continue
            g = rec["game"]
            key = rec["slot"]
            if key in out:
                sys.exit(f"{path}: slot {key} twice")
            out[key] = (g["white"], g["black"], [m["move"] for m in g["moves"]], g.get("result"), g.get("reason_key"))
    return out
a, b = games(sys.argv[1]), games(sys.argv[2])
if len(a) != 12 or a != b:
    diff = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    sys.exit(f"{len(a)} vs {len(b)} games; slots that differ: {diff}")
print(f"{len(a)} games equal, slot for slot")
PY
echo "slurm cluster test passed"
