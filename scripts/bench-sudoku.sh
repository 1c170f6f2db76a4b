#!/usr/bin/env bash
# Sudoku throughput of `polyx sudoku`, whole process, on Gordon Royle's hard 17-given
# puzzles (../shared/sudoku/17clue-first10k.txt): for 1k, 10k and 100k lines (the file
# cut or repeated) at -j1 and -j2, the median wall time (hyperfine), puzzles per second of
# wall time and per CPU second (user + system: what one core does, whatever else the
# machine runs), and the peak memory (GNU time's maximum resident set). Skips cleanly if
# the file is absent. `scripts/bench.sh` runs it at its end.
#
# Usage: scripts/bench-sudoku.sh [POLYX]   (from the repository's top level; without
# POLYX it builds the shipped binary). RUNS (default 5) sets hyperfine's --runs.
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
head -n 1000 "$file" > "$work/1k.txt"
cp "$file" "$work/10k.txt"
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$file"; done > "$work/100k.txt"

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
