#!/usr/bin/env bash
# The 3D benchmarks (BENCHMARKS.md, "Solids"): polyx's bitboard engine against the C
# yardstick (../shared/bench/refdlx.c, cc -O3 -march=native) on the same matrix (`polyx show BOARD
# --dlx`, the full matrix: refdlx counts every solution), in one run per question, and
# the Bedlam cube counted on 2 threads and on 1 (the split's balance). polyx counts in keep mode with `-j 1` and
# prints its nodes (`--stats`).
#
# Usage: scripts/bench-solids.sh      (from the repository's top level)
# Needs cc and GNU time (/usr/bin/time); prints wall and user CPU seconds of whole
# processes. RUNS (default 1) repeats each; BEDLAM_DLX=1 also runs refdlx on the Bedlam
# matrix (about 2.8e11 memory accesses: many minutes).
set -euo pipefail
runs=${RUNS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
polyx=$release/polyx
polyx=$("$(dirname "$0")"/bench-copy.sh "$polyx" "$work")
cc -O3 -march=native -o "$work/refdlx" ../shared/bench/refdlx.c

timed() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "$label: %e s wall, %U s user" "$@" > "$work/out" 2> "$work/err" || true
  echo "  $(head -1 "$work/out")"
  tail -2 "$work/err" | tr '\n' ' '
  echo
}

for board in soma-3x3x3 solid-pentominoes-3x4x5 solid-pentominoes-2x5x6 \
  noi2005-pyramid iq-puzzler-pro-pyramid; do
  "$polyx" show "$board" --dlx > "$work/$board.dlx"
  for _ in $(seq "$runs"); do
    echo "== $board"
    timed "refdlx" "$work/refdlx" < "$work/$board.dlx"
    timed "polyx keep" "$polyx" count "$board" --symmetry keep -j 1 --stats
    timed "polyx reduce" "$polyx" count "$board" --symmetry reduce -j 1 --stats
  done
done
echo "== bedlam-4x4x4 (19,186 up to rotation, 460,464 in all)"
timed "polyx reduce -j2" "$polyx" count bedlam-4x4x4 --symmetry reduce -j 2 --stats
timed "polyx keep -j2" "$polyx" count bedlam-4x4x4 --symmetry keep -j 2 --stats
timed "polyx reduce -j1" "$polyx" count bedlam-4x4x4 --symmetry reduce -j 1 --stats
if [ "${BEDLAM_DLX:-0}" = 1 ]; then
  "$polyx" show bedlam-4x4x4 --dlx > "$work/bedlam.dlx"
  timed "refdlx" "$work/refdlx" < "$work/bedlam.dlx"
fi
