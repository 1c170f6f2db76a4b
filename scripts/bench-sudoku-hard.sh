#!/usr/bin/env bash
# `polyx sudoku -j1` against tdoku on hard puzzles, one row a set: the repository's
# generated sets (benches/data/sudoku/*.txt, made by examples/hard_sudoku.rs) and any
# set files given as arguments (the public lists named in docs/benchmarks/sudoku.md,
# such as magictour's top1465 or the forum's hardest, which are not redistributed here).
#
# Each set is repeated to about 40,000 solves. tdoku (../shared/bench/tdoku) is built
# with g++ -O3 -march=native; both run on one core, end to end, taking turns in the same
# run (RUNS rounds, default 10, after one to warm up; the best of each, and the median of
# the rounds' ratios), after a check that both print the same solutions.
# Then the instructions (callgrind) on one copy of each set, tdoku built for AVX2
# (valgrind does not run AVX-512), and polyx's search nodes.
#
# Usage: scripts/bench-sudoku-hard.sh [SET.txt ...]   (from the repository's top level;
# POLYX names the binary, default: `cargo build --release`'s)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
tdoku_src=../shared/bench/tdoku
if [ ! -d "$tdoku_src" ] || ! command -v g++ > /dev/null; then
  echo "sudoku-hard: needs $tdoku_src and g++; skipped"
  exit 0
fi
polyx=${POLYX:-}
if [ -z "$polyx" ]; then
  cargo build --release --quiet --bin polyx
  polyx=$("$(dirname "$0")"/target-dir.sh)/release/polyx
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
polyx=$("$(dirname "$0")"/bench-copy.sh "$polyx" "$work")
for arch in native x86-64-v3; do
  g++ -O3 -march=$arch -I"$tdoku_src/include" "$tdoku_src/src/solver_dpll_triad_simd.cc" \
    "$tdoku_src/src/util.cc" "$tdoku_src/example/solve.c" -o "$work/tdoku-$arch"
done
echo "| set | puzzles | solves | polyx nodes a puzzle | polyx (best) | tdoku (best) | polyx / tdoku (bests) | median of each round's ratio | instructions a puzzle, polyx / tdoku |"
echo "|---|---|---|---|---|---|---|---|---|"
for set in benches/data/sudoku/*.txt "$@"; do
  name=$(basename "$set" .txt)
  # One puzzle a line; `0` for an empty cell becomes `.`, the only one tdoku's example
  # program reads.
  grep -E '^[0-9.]{81}$' "$set" | tr 0 . > "$work/one.txt" || true
  lines=$(wc -l < "$work/one.txt")
  [ "$lines" -gt 0 ] || continue
  : > "$work/all.txt"
  for _ in $(seq $(((40000 + lines - 1) / lines))); do cat "$work/one.txt" >> "$work/all.txt"; done
  solves=$(wc -l < "$work/all.txt")
  if ! cmp -s <("$polyx" sudoku -j1 "$work/one.txt") \
    <("$work/tdoku-native" 1 < "$work/one.txt" | cut -d: -f3); then
    echo "sudoku-hard: polyx and tdoku print different solutions on $set" >&2
    exit 1
  fi
  nodes=$("$polyx" sudoku -j1 --stats "$work/one.txt" 2>&1 > /dev/null |
    sed -n 's/.* \([0-9]*\) nodes.*/\1/p')
  # The two take turns, round by round (the first round is a warm-up): a machine whose
  # speed drifts over seconds moves both alike, where all runs of one, then all of the
  # other, can differ by 20%.
  python3 - "$runs" "$work/t.json" "$polyx sudoku -j1 $work/all.txt" \
    "$work/tdoku-native 1 < $work/all.txt" <<'PY'
import json, subprocess, sys, time
runs, out, commands = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
times = [[], []]
for r in range(runs + 1):
    order = (0, 1) if r % 2 else (1, 0)
    for i in order:
        start = time.perf_counter()
        subprocess.run(commands[i], shell=True, check=True, stdout=subprocess.DEVNULL)
        if r > 0:
            times[i].append(time.perf_counter() - start)
json.dump(times, open(out, "w"))
PY
  instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
      sed -n 's/.*Collected : //p'
  }
  pi=$(instructions "$polyx" sudoku -j1 "$work/one.txt")
  ti=$(instructions "$work/tdoku-x86-64-v3" 1 < "$work/one.txt")
  python3 - "$name" "$lines" "$solves" "$nodes" "$work/t.json" "$pi" "$ti" <<'PY'
import json, statistics, sys
name, lines, solves, nodes, path, pi, ti = sys.argv[1:]
lines, solves, nodes, pi, ti = int(lines), int(solves), int(nodes), int(pi), int(ti)
p, t = json.load(open(path))
median = statistics.median(a / b for a, b in zip(p, t))
print(f"| {name} | {lines:,} | {solves:,} | {nodes / lines:.1f} | {min(p):.3f} s | "
      f"{min(t):.3f} s | {min(p) / min(t):.2f} | {median:.2f} | "
      f"{pi // lines:,} / {ti // lines:,} |")
PY
done
