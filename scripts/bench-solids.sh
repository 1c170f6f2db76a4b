#!/usr/bin/env bash
# The 3D benchmarks (BENCHMARKS.md, "Solids"): polyx's bitboard engine against the C
# yardstick (../shared/bench/refdlx.c, cc -O2) on the same matrix, in one run per
# question, and the Bedlam cube counted on 2 threads. The puzzles are built in code by
# examples/solids.rs (until the built-in sets for layers exist; then
# `polyx count bedlam-4x4x4 -j 2` and `polyx show BOARD --dlx` do the same).
#
# Usage: scripts/bench-solids.sh      (from the repository's top level)
# Needs cc and GNU time (/usr/bin/time); prints wall and user CPU seconds of whole
# processes. RUNS (default 1) repeats each; BEDLAM_DLX=1 also runs refdlx on the Bedlam
# matrix (about 2.8e11 memory accesses: many minutes).
set -euo pipefail
runs=${RUNS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --example solids
solids=target/release/examples/solids
cc -O2 -o "$work/refdlx" ../shared/bench/refdlx.c

timed() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "$label: %e s wall, %U s user" "$@" > "$work/out" 2> "$work/err" || true
  echo "  $(head -1 "$work/out")"
  tail -1 "$work/err"
}

for case in soma solid-pentominoes-3x4x5 solid-pentominoes-2x5x6; do
  "$solids" "$case" matrix > "$work/$case.dlx"
  for _ in $(seq "$runs"); do
    echo "== $case"
    timed "polyx keep" "$solids" "$case" count keep
    timed "polyx reduce" "$solids" "$case" count reduce
    timed "refdlx" "$work/refdlx" < "$work/$case.dlx"
  done
done
echo "== bedlam (19,186 up to rotation, 460,464 in all)"
timed "polyx reduce -j2" "$solids" bedlam count reduce -j2
timed "polyx keep -j2" "$solids" bedlam count keep -j2
if [ "${BEDLAM_DLX:-0}" = 1 ]; then
  "$solids" bedlam matrix > "$work/bedlam.dlx"
  timed "refdlx" "$work/refdlx" < "$work/bedlam.dlx"
fi
