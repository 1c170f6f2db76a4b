#!/usr/bin/env bash
# The target Sudoku (NOIP 2009 靶形数独): `polyx sudoku --target -j 1` against the
# yardstick ../shared/bench/target-enum.c (every completion enumerated, the usual contest
# solution), on the same file in the same hyperfine run. Checks both against the known
# answers first, then prints polyx's search counters (--stats) and the two times.
#
# Usage: scripts/bench-target.sh [PUZZLES [ANSWERS]]   (from the repository's top level)
# Defaults: ../shared/target/hard.txt and hard-answers.txt (the same 24 puzzles are in
# tests/data/sudoku/target-hard*.txt). RUNS (default 5) sets hyperfine's --runs.
# Needs hyperfine and cc. Other work on the machine slows both sides: repeat the run.
set -euo pipefail
puzzles=${1:-../shared/target/hard.txt}
answers=${2:-${puzzles%.txt}-answers.txt}
runs=${RUNS:-5}
yardstick_src=${YARDSTICK:-../shared/bench/target-enum.c}
cargo build --release --quiet
mkdir -p target/yardstick
cc -O2 -o target/yardstick/target-enum "$yardstick_src"
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
polyx=$release/polyx
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
polyx=$("$(dirname "$0")"/bench-copy.sh "$polyx" "$work")
enum=target/yardstick/target-enum

diff <("$polyx" sudoku --target -j 1 "$puzzles") "$answers" >/dev/null \
  || { echo "polyx disagrees with $answers" >&2; exit 1; }
diff <("$enum" <"$puzzles") "$answers" >/dev/null \
  || { echo "the yardstick disagrees with $answers" >&2; exit 1; }
"$polyx" sudoku --target -j 1 --stats "$puzzles" 2>&1 >/dev/null
hyperfine --runs "$runs" --warmup 1 \
  -n "polyx sudoku --target -j 1" "$polyx sudoku --target -j 1 $puzzles" \
  -n "target-enum (yardstick)" "$enum < $puzzles"
