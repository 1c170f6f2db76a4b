#!/usr/bin/env bash
# The Slurm recipe of docs/CLUSTER.md on a real, one-node Slurm cluster started on this
# machine (CI runs it from .ci/run; it also runs alone).
#
#   scripts/cluster/ci-slurm.sh [POLYX]
#
# POLYX is the polyx binary to run (default: the release build in cargo's target
# folder, which must exist). Debian's slurmctld, slurmd, slurm-client and munge are
# installed if missing (as root, or with sudo). Everything the daemons write (the munge
# key and socket, slurm.conf, state, spool, logs, pid files, the parts) is in one
# temporary folder, removed at the end; the daemons are stopped by their pids on
# success and on failure. Then:
#
#   1. slurm.sbatch runs as a job array of 4 tasks, and the merge as a job that depends
#      on it (--dependency=afterok), as CLUSTER.md says;
#   2. one running task is requeued (`scontrol requeue`) once it has saved a
#      checkpoint; its second run must resume from that checkpoint;
#   3. the merged count must be the known one.
#
# Without root or sudo the cluster cannot start: this fails, unless
# POLYX_SLURM_TESTS=skip, when it says so and exits 0.
set -euo pipefail
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/../.."
repo=$PWD

# The count: one-sided pentominoes in a 10x6 box, a few seconds a shard in four, long
# enough to catch a task running; KNOWN is its count (tests/cluster.rs checks the same
# board against a whole run).
PUZZLE=tests/data/cluster/one-sided-10x6.toml
POLYX_ARGS="--symmetry keep"
SHARDS=4
KNOWN=11826632
LIMIT=100 # seconds for the whole array and merge

say() { printf 'ci-slurm: %s\n' "$*"; }
fail() {
  printf 'ci-slurm: FAILED: %s\n' "$*" >&2
  exit 1
}

polyx=${1:-}
if [ -z "$polyx" ]; then
  target=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
  polyx=$target/release/polyx
fi
[ -x "$polyx" ] || fail "no polyx binary at $polyx (cargo build --release first)"
polyx=$(cd "$(dirname "$polyx")" && pwd)/$(basename "$polyx")

# The daemons run as root: without root, sudo runs this script again (or it stops).
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    exec sudo -n --preserve-env=POLYX_SLURM_TESTS env PATH="$PATH" bash "$self" "$polyx"
  fi
  if [ "${POLYX_SLURM_TESTS:-}" = skip ]; then
    say "SKIPPED: not root and no sudo, so no Slurm cluster can start (POLYX_SLURM_TESTS=skip)"
    exit 0
  fi
  fail "not root and no sudo: cannot start a Slurm cluster; set POLYX_SLURM_TESTS=skip to skip"
fi

missing=()
for tool in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${tool%%:*}" ] ||
    missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update >/dev/null || true
  env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "${missing[@]}" >/dev/null
fi
PATH=$PATH:/usr/sbin:/sbin

tmp=$(mktemp -d /tmp/polyx-slurm.XXXXXX)
chmod 700 "$tmp"
pids=()
jobs=()
cleanup() {
  status=$?
  # The jobs first (a task still running on failure), so that no job step outlives
  # its slurmd; then the daemons, by their pids.
  if [ ${#jobs[@]} -gt 0 ]; then
    scancel "${jobs[@]}" 2>/dev/null || true
    for _ in $(seq 100); do
      squeue -h 2>/dev/null | grep -q . || break
      sleep 0.2
    done
  fi
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
  done
  # Anything of this cluster still left (a job step whose slurmd has gone): the
  # processes whose environment names this cluster's slurm.conf.
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    [ "$pid" != $$ ] || continue
    if { tr '\0' '\n' <"$environ"; } 2>/dev/null | grep -qxF "SLURM_CONF=$tmp/slurm.conf"; then
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  if [ "$status" != 0 ] && [ -d "$tmp" ]; then
    for log in "$tmp"/log/*; do
      [ -f "$log" ] || continue
      echo "--- $log (last lines)" >&2
      tail -n 20 "$log" >&2
    done
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# munge: a key of its own and a socket in the temporary folder.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/run" "$tmp/parts"
chmod 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
socket=$tmp/munge/munge.socket
munged --force --key-file="$tmp/munge/munge.key" --socket="$socket" \
  --pid-file="$tmp/run/munged.pid" --log-file="$tmp/log/munged.log" \
  --seed-file="$tmp/munge/munged.seed"
for _ in $(seq 50); do [ -s "$tmp/run/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$tmp/run/munged.pid")")

# Two free ports for the daemons.
port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
ctld_port=$(port)
slurmd_port=$(port)
host=$(hostname -s)
cpus=$(nproc)
conf=$tmp/slurm.conf
cat >"$conf" <<EOF
ClusterName=polyxci
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
KillWait=5
MinJobAge=300
NodeName=polyxci NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=polyxci Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf
env SLURM_CONF="$conf" slurmctld -f "$conf"
env SLURM_CONF="$conf" slurmd -f "$conf" -N polyxci
for _ in $(seq 50); do
  [ -s "$tmp/run/slurmctld.pid" ] && [ -s "$tmp/run/slurmd.pid" ] && break
  sleep 0.1
done
pids+=("$(cat "$tmp/run/slurmctld.pid")" "$(cat "$tmp/run/slurmd.pid")")
up=
for _ in $(seq 100); do
  if sinfo -h -N -o '%t' 2>/dev/null | grep -qx idle; then
    up=1
    break
  fi
  sleep 0.2
done
[ -n "$up" ] || fail "the node did not come up: $(sinfo -N 2>&1)"
say "cluster up: one node, $cpus CPUs ($(sinfo -h -o '%P %D %t'))"

# The job sees the release build first on its PATH; logs and parts stay in $tmp.
export PATH="$(dirname "$polyx"):$PATH"
export PUZZLE POLYX_ARGS OUT=$tmp/parts CHECKPOINT_EVERY=1
start=$(date +%s)
array=$(sbatch --parsable --export=ALL --array="1-$SHARDS" --open-mode=append \
  --output="$tmp/log/count-%A_%a.log" scripts/cluster/slurm.sbatch)
array=${array%%;*}
jobs+=("$array")
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" \
  --output="$tmp/log/merge.log" --job-name=polyx-merge \
  --wrap "scripts/cluster/merge.sh '$OUT' $SHARDS > '$tmp/total.json'")
merge=${merge%%;*}
jobs+=("$merge")
say "submitted the array $array (tasks 1-$SHARDS of $PUZZLE, $POLYX_ARGS) and the merge $merge (afterok:$array)"
squeue -o '%.12i %.14j %.9T %.5C %R' | sed 's/^/ci-slurm:   /'

elapsed() { echo $(($(date +%s) - start)); }

# Requeue the first task seen running with a checkpoint saved.
requeued=
while [ -z "$requeued" ]; do
  [ "$(elapsed)" -lt "$LIMIT" ] || fail "no task was seen running with a checkpoint"
  for task in $(squeue -h -j "$array" -t RUNNING -o '%K'); do
    if [ -s "$OUT/part-$task-of-$SHARDS.checkpoint" ] && [ ! -e "$OUT/part-$task-of-$SHARDS.jsonl" ]; then
      scontrol requeue "${array}_$task"
      # Slurm holds a requeued job back (BeginTime, about two minutes); let it start
      # again as soon as its node is free, as a preempted task on a busy cluster would.
      for _ in $(seq 50); do
        squeue -h -j "${array}_$task" -t PENDING -o '%i' | grep -q . && break
        sleep 0.1
      done
      scontrol update JobId="${array}_$task" StartTime=now
      requeued=$task
      say "requeued task ${array}_$task while it ran ($(elapsed) s in), its checkpoint saved"
      break
    fi
  done
  sleep 0.2
done

while squeue -h -j "$array,$merge" 2>/dev/null | grep -q .; do
  [ "$(elapsed)" -lt "$LIMIT" ] || {
    squeue >&2
    fail "the array and merge did not finish in $LIMIT s"
  }
  sleep 0.5
done
state=$(scontrol show job "$merge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
[ "$state" = COMPLETED ] || fail "the merge job ended $state: $(cat "$tmp/log/merge.log" 2>/dev/null)"
say "the array and merge finished in $(elapsed) s; each task's log:"
for log in "$tmp"/log/count-*.log; do
  sed "s|^|ci-slurm:   $(basename "$log"): |" "$log"
done

log=$tmp/log/count-${array}_$requeued.log
grep -q "resuming from its checkpoint" "$log" ||
  fail "the requeued task ${array}_$requeued did not resume from its checkpoint"
restarts=$(scontrol show job "${array}_$requeued" | sed -n 's/.*Restarts=\([0-9]*\).*/\1/p')
[ "${restarts:-0}" -ge 1 ] || fail "Slurm shows no restart of task ${array}_$requeued"
say "task ${array}_$requeued ran again (Restarts=$restarts) and resumed from its checkpoint"

total=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).read().splitlines()[-1])["solutions"])' "$tmp/total.json")
say "merged: $(tail -n 1 "$tmp/total.json")"
[ "$total" = "$KNOWN" ] || fail "the merged count is $total, not the known $KNOWN"
say "OK: the merged count $total is the known count"
