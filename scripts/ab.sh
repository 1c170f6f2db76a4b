#!/usr/bin/env bash
# Compares two builds of polyx (or any two programs) on one question: runs them
# alternately, N pairs, the first of each pair switching every time (whichever runs
# second in a pair tends to read a little slower here), and prints the median wall
# clock of each and their ratio.
#
# Each program is first copied COPIES times (default 4, env AB_COPIES), and the pairs
# take the copies in turn. Where a file's pages happen to lie moves a run here by up to
# 10%: two copies of one binary, made a minute apart, read 2.84 and 3.13 ms on Scott's
# board, for as long as they existed. One copy per side measures that luck as much as
# the change; the median over several copies of each evens it out.
# Usage: scripts/ab.sh N OLD NEW -- ARGS...     (needs bash 5 for $EPOCHREALTIME)
# Example: scripts/ab.sh 30 /tmp/polyx-before target/release/polyx -- count 6x10
set -euo pipefail
n=$1 a=$2 b=$3
shift 3
[ "${1:-}" = "--" ] && shift
copies=${AB_COPIES:-4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for k in $(seq "$copies"); do
  cp "$a" "$work/a$k"
  cp "$b" "$work/b$k"
done
sync
ta=() tb=()
for i in $(seq "$n"); do
  k=$((i % copies + 1))
  if ((i % 2)); then order="a b"; else order="b a"; fi
  for w in $order; do
    bin=$work/$w$k
    t0=$EPOCHREALTIME
    "$bin" "$@" > /dev/null 2>&1
    t1=$EPOCHREALTIME
    d=$(awk -v x="$t0" -v y="$t1" 'BEGIN { printf "%.3f", (y - x) * 1000 }')
    if [ "$w" = a ]; then ta+=("$d"); else tb+=("$d"); fi
  done
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ma=$(median "${ta[@]}")
mb=$(median "${tb[@]}")
echo "$a: $ma ms  $b: $mb ms  new/old: $(awk -v x="$ma" -v y="$mb" 'BEGIN { printf "%.3f", y / x }')"
