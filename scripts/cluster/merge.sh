#!/bin/sh
# Adds up the parts that shard.sh wrote (docs/CLUSTER.md).
#
#   merge.sh OUTDIR N
#
# Prints the whole search's JSON summary (`polyx merge`), or names the shards that
# have not finished and exits 1. POLYX names the binary (default: polyx on the PATH).
set -eu

if [ $# -ne 2 ]; then
  echo "usage: merge.sh OUTDIR N" >&2
  exit 2
fi
out=$1
n=$2
missing=""
i=1
set --
while [ "$i" -le "$n" ]; do
  part="$out/part-$i-of-$n.jsonl"
  if [ -s "$part" ]; then
    set -- "$@" "$part"
  else
    missing="$missing $i"
  fi
  i=$((i + 1))
done
if [ -n "$missing" ]; then
  echo "merge.sh: shards not finished:$missing (of $n); run them again" >&2
  exit 1
fi
exec "${POLYX:-polyx}" merge "$@"
