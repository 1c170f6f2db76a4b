#!/usr/bin/env bash
# `polyx sudoku` as a whole process on Gordon Royle's hard 17-given puzzles
# (../shared/sudoku/17clue-first10k.txt).
#
# First polyx against tdoku (the SIMD DPLL "triad" solver, the fastest published; its
# sources in ../shared/bench/tdoku), built here with `g++ -O3 -march=native`: both on the
# 10,000 puzzles and on 50,000 (the file five times, about the size of Royle's whole
# collection), one core each, end to end (reading, solving, printing; polyx also checks
# every answer), timed by hyperfine in the same run, the two outputs compared; and the
# instructions (callgrind) of both on the first 2,000, tdoku then built with
# `-march=x86-64-v3` (valgrind does not run AVX-512). Skipped without g++.
#
# Then the throughput: for 1k, 10k and 100k lines (the file
# cut or repeated) at -j1 and -j2, the median wall time (hyperfine), puzzles per second of
# wall time and per CPU second (user + system: what one core does, whatever else the
# machine runs), and the peak memory (GNU time's maximum resident set). Skips cleanly if
# the file is absent. `scripts/bench.sh` runs it at its end.
#
# Usage: scripts/bench-sudoku.sh [POLYX]   (from the repository's top level; without
# POLYX it builds the shipped binary). RUNS (default 5) sets hyperfine's --runs;
# TDOKU_ONLY=1 runs only the comparison with tdoku.
set -euo pipefail
file=../shared/sudoku/17clue-first10k.txt
if [ ! -f "$file" ]; then
  echo "sudoku: $file is absent; skipped"
  exit 0
fi
runs=${RUNS:-5}
polyx=${1:-}
if [ -z "$polyx" ]; then
  cargo build --profile dist --quiet
  polyx=target/dist/polyx
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
polyx=$("$(dirname "$0")"/bench-copy.sh "$polyx" "$work")
head -n 1000 "$file" > "$work/1k.txt"
cp "$file" "$work/10k.txt"
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$file"; done > "$work/100k.txt"
for _ in 1 2 3 4 5; do cat "$file"; done > "$work/50k.txt"
head -n 2000 "$file" > "$work/2k.txt"

tdoku_src=../shared/bench/tdoku
if [ -d "$tdoku_src" ] && command -v g++ > /dev/null; then
  for arch in native x86-64-v3; do
    g++ -O3 -march=$arch -I"$tdoku_src/include" "$tdoku_src/src/solver_dpll_triad_simd.cc" \
      "$tdoku_src/src/util.cc" "$tdoku_src/example/solve.c" -o "$work/tdoku-$arch"
  done
  # tdoku prints `puzzle:count:solution`; polyx the solution alone.
  if ! cmp -s <("$polyx" sudoku -j1 "$work/10k.txt") \
    <("$work/tdoku-native" 1 < "$work/10k.txt" | cut -d: -f3); then
    echo "sudoku: polyx and tdoku print different solutions" >&2
    exit 1
  fi
  echo "| lines | polyx -j1 (wall) | tdoku (wall) | polyx / tdoku (wall) | polyx CPU | tdoku CPU | polyx / tdoku (CPU) |"
  echo "|---|---|---|---|---|---|---|"
  for size in 10k 50k; do
    hyperfine --runs "$runs" --warmup 2 --export-json "$work/t.json" \
      -n polyx "$polyx sudoku -j1 $work/$size.txt > /dev/null" \
      -n tdoku "$work/tdoku-native 1 < $work/$size.txt > /dev/null" > /dev/null 2>&1
    python3 - "$(wc -l < "$work/$size.txt")" "$work/t.json" <<'PY'
import json, sys
lines, path = int(sys.argv[1]), sys.argv[2]
p, t = json.load(open(path))["results"]
pc, tc = p["user"] + p["system"], t["user"] + t["system"]
print(f"| {lines:,} | {p['median']:.3f} s | {t['median']:.3f} s | {p['median'] / t['median']:.2f} | "
      f"{pc:.3f} s | {tc:.3f} s | {pc / tc:.2f} |")
PY
  done
  if command -v valgrind > /dev/null; then
    count() {
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
        sed -n 's/.*Collected : //p'
    }
    pi=$(count "$polyx" sudoku -j1 "$work/2k.txt")
    ti=$(count "$work/tdoku-x86-64-v3" 1 < "$work/2k.txt")
    echo
    echo "instructions on 2,000 puzzles (callgrind): polyx $pi ($((pi / 2000)) a puzzle)," \
      "tdoku (AVX2) $ti ($((ti / 2000)) a puzzle)"
  fi
  echo
fi
[ -n "${TDOKU_ONLY:-}" ] && exit 0

echo "| lines | -j | median time | puzzles/s (wall) | puzzles per CPU second | peak memory |"
echo "|---|---|---|---|---|---|"
for size in 1k 10k 100k; do
  lines=$(wc -l < "$work/$size.txt")
  for j in 1 2; do
    hyperfine --runs "$runs" --export-json "$work/h.json" \
      "$polyx sudoku -j$j $work/$size.txt > /dev/null" > /dev/null 2>&1
    rss=$( { /usr/bin/time -f %M "$polyx" sudoku -j$j "$work/$size.txt" > /dev/null; } 2>&1 )
    python3 - "$lines" "$j" "$work/h.json" "$rss" <<'PY'
import json, sys
lines, j, path, rss = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
r = json.load(open(path))["results"][0]
cpu = r["user"] + r["system"]
print(f"| {lines:,} | {j} | {r['median']:.3f} s | {lines / r['median']:,.0f} | "
      f"{lines / cpu:,.0f} | {rss / 1024:.1f} MiB |")
PY
  done
done
