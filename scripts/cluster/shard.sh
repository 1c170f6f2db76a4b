#!/bin/sh
# One shard of a `polyx count` run on a cluster (docs/CLUSTER.md).
#
#   SHARDS=N shard.sh PUZZLE OUTDIR [more `polyx count` options]
#
# The shard's index comes from the scheduler: SHARD_INDEX (1-based) if set, else
# SLURM_ARRAY_TASK_ID (1-based: submit with --array=1-N), else JOB_COMPLETION_INDEX
# (0-based: a Kubernetes Indexed Job). The part's summary goes to
# OUTDIR/part-I-of-N.jsonl, written only when the shard finished; until then the search
# state is saved in OUTDIR/part-I-of-N.checkpoint, so a shard that was killed or
# preempted resumes where it stopped when it is run again. A finished shard run again
# does nothing. POLYX names the binary (default: polyx on the PATH); CHECKPOINT_EVERY
# the seconds between checkpoints (default 300).
set -eu

if [ $# -lt 2 ]; then
  echo "usage: SHARDS=N shard.sh PUZZLE OUTDIR [polyx count options]" >&2
  exit 2
fi
puzzle=$1
out=$2
shift 2
n=${SHARDS:?set SHARDS to the number of shards}

if [ -n "${SHARD_INDEX:-}" ]; then
  i=$SHARD_INDEX
elif [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  i=$SLURM_ARRAY_TASK_ID
elif [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
  i=$((JOB_COMPLETION_INDEX + 1))
else
  echo "shard.sh: no shard index: set SHARD_INDEX, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX" >&2
  exit 2
fi

part="$out/part-$i-of-$n.jsonl"
if [ -s "$part" ]; then
  echo "shard $i/$n: already finished ($part)" >&2
  exit 0
fi
mkdir -p "$out"
if [ -e "$out/part-$i-of-$n.checkpoint" ]; then
  echo "shard $i/$n: resuming from its checkpoint ($out/part-$i-of-$n.checkpoint)" >&2
fi
"${POLYX:-polyx}" count "$puzzle" --shard "$i/$n" --format json \
  --checkpoint "$out/part-$i-of-$n.checkpoint" \
  --checkpoint-every "${CHECKPOINT_EVERY:-300}" "$@" >"$part.tmp"
# Only a finished shard's summary takes the part's name.
mv "$part.tmp" "$part"
