#!/usr/bin/env bash
# Hex and triangle puzzles: whole-process times of the bitboard engine (the example
# grid_stats, which builds the puzzles in code and counts with --symmetry keep) and of
# the C yardstick refdlx (../shared/bench/refdlx.c, cc -O2) on the same puzzle's matrix
# (grid_stats CASE matrix, Knuth's DLX format), in one hyperfine run per puzzle so that
# both meet the same state of the machine; then the machine-independent counters
# (nodes; updates of the DLX engine) of both polyx engines. On a loaded machine a
# process waits for a core, so the user CPU times (hyperfine's means) are printed too.
# Prints Markdown rows, as BENCHMARKS.md ("Hexagons and triangles") and
# docs/benchmarks/hexagons.md (the counters) record them.
#
# Usage: scripts/bench-grids.sh      (from the repository's top level)
# Needs hyperfine, python3 and cc; RUNS (default 10) sets hyperfine's --runs.
set -euo pipefail
runs=${RUNS:-10}
shared=../shared
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --bin polyx --example grid_stats
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
cp "$release/polyx" "$work/polyx"
cp "$release/examples/grid_stats" "$work/grid_stats"
cc -O2 -o "$work/refdlx" "$shared/bench/refdlx.c"
stats=$work/grid_stats

echo "| question | polyx (bitboard) | refdlx | polyx / refdlx | user: polyx | user: refdlx | polyx / refdlx (user) |"
echo "|---|---|---|---|---|---|---|"
# The built-in board through the CLI, then the puzzles built in code.
"$work/polyx" show hexiamonds-6x6 --dlx > "$work/cli.dlx"
hyperfine --runs "$runs" --warmup 1 --export-json "$work/row.json" \
  "$work/refdlx < $work/cli.dlx" "$work/polyx count hexiamonds-6x6 --symmetry keep -j 1" \
  > /dev/null 2>&1
python3 - "polyx count hexiamonds-6x6 --symmetry keep -j 1 (CLI)" "$work/row.json" <<'PY'
import json, sys
title, path = sys.argv[1], sys.argv[2]
rs = json.load(open(path))["results"]
t = [r["median"] for r in rs]
u = [r["user"] for r in rs]
print(f"| {title} | {t[1]:.4f} s | {t[0]:.4f} s | {t[1] / t[0]:.4f} "
      f"| {u[1]:.4f} s | {u[0]:.4f} s | {u[1] / u[0]:.4f} |")
PY
for case in hexiamonds-6x6 hexiamonds-4x9 tetrahexes-one-sided-4x10; do
  "$stats" "$case" matrix > "$work/$case.dlx"
  hyperfine --runs "$runs" --warmup 1 --export-json "$work/row.json" \
    "$work/refdlx < $work/$case.dlx" "$stats $case count" > /dev/null 2>&1
  python3 - "$case" "$work/row.json" <<'PY'
import json, sys
title, path = sys.argv[1], sys.argv[2]
rs = json.load(open(path))["results"]
t = [r["median"] for r in rs]
u = [r["user"] for r in rs]
print(f"| {title} keep | {t[1]:.4f} s | {t[0]:.4f} s | {t[1] / t[0]:.4f} "
      f"| {u[1]:.4f} s | {u[0]:.4f} s | {u[1] / u[0]:.4f} |")
PY
done

echo
echo "| question | engine | solutions, nodes, updates |"
echo "|---|---|---|"
echo "| CLI hexiamonds-6x6 keep | bitboard | $("$work/polyx" count hexiamonds-6x6 --symmetry keep --stats -j 1 2>&1 | tr '\n' ' ') |"
echo "| CLI hexiamonds-6x6 keep | refdlx | $("$work/refdlx" < "$work/cli.dlx" 2>&1 >/dev/null) |"
for case in hexiamonds-6x6 hexiamonds-4x9 tetrahexes-one-sided-4x10; do
  echo "| $case keep | bitboard | $("$stats" "$case" count) |"
  echo "| $case keep | DLX | $("$stats" "$case" count dlx) |"
  echo "| $case keep | refdlx | $("$work/refdlx" < "$work/$case.dlx" 2>&1 >/dev/null) |"
done
