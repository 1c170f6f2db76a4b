#!/usr/bin/env bash
# Whole-process times of polyx and of the C yardstick (../shared/bench/refdlx.c, built with
# cc -O2) on the same questions, in one hyperfine run each, so that both meet the same
# state of the machine. Prints one Markdown row per question: the median times and the ratio
# polyx / refdlx, which is what BENCHMARKS.md records. With BASELINE (a second polyx
# binary, e.g. one built from an older commit), each row also times it and gives
# polyx / baseline.
#
# Usage: scripts/bench.sh [BASELINE]      (from the repository's top level)
# Needs hyperfine, python3 and cc; RUNS (default 5) sets hyperfine's --runs, LONG_RUNS
# (default 1) that of the rows past 128 squares, where refdlx takes many minutes a run.
# Times are medians.
set -euo pipefail
baseline=${1:-}
runs=${RUNS:-5}
long_runs=${LONG_RUNS:-1}
shared=../shared
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --profile dist --quiet
cc -O2 -o "$work/refdlx" "$shared/bench/refdlx.c"
polyx=$("$(dirname "$0")"/bench-copy.sh target/dist/polyx "$work")
data=tests/data/instances
wide=tests/data/wide

# The matrices refdlx reads: Knuth's files, and polyx's own matrices where polyx counts a
# puzzle that has no file (dominoes: cells only, as refdlx has no multiplicities).
"$polyx" show dominoes-8x8 --dlx | awk '{$1=""; print}' > "$work/dominoes.dlx"
"$polyx" show 8x8-square --dlx > "$work/square.dlx"
"$polyx" show "$wide/aztec-diamond.toml" --dlx > "$work/aztec.dlx"
"$polyx" show "$wide/far-strip-6x10.toml" --dlx > "$work/far-strip.dlx"

# One question: refdlx on FILE, then polyx (and the baseline) with the given arguments.
row() { # title, refdlx input, polyx arguments...
  local title=$1 file=$2; shift 2
  local cmds=("$work/refdlx < $file" "$polyx $*")
  [ -n "$baseline" ] && cmds+=("$baseline $*")
  hyperfine --runs "${row_runs:-$runs}" --export-json "$work/row.json" "${cmds[@]}" \
    > /dev/null 2>&1
  python3 - "$title" "$work/row.json" <<'EOF'
import json, sys
title, path = sys.argv[1], sys.argv[2]
means = [r["median"] for r in json.load(open(path))["results"]]
cells = [title, f"{means[1]:.4f} s", f"{means[0]:.3f} s", f"{means[1] / means[0]:.4f}"]
if len(means) > 2:
    cells += [f"{means[2]:.4f} s", f"{means[1] / means[2]:.3f}"]
print("| " + " | ".join(cells) + " |")
EOF
}

header="| question | polyx | refdlx | polyx / refdlx |"
rule="|---|---|---|---|"
if [ -n "$baseline" ]; then
  header+=" baseline | polyx / baseline |"
  rule+="---|---|"
fi
echo "$header"
echo "$rule"
row "dlx --count --no-symmetry -j 1 pent_6x10.dlx (generic engine)" "$data/pent_6x10.dlx" \
  dlx --count --no-symmetry -j 1 "$data/pent_6x10.dlx"
row "dlx --count -j 1 pent_6x10.dlx (generic engine, the matrix's symmetries)" \
  "$data/pent_6x10.dlx" dlx --count -j 1 "$data/pent_6x10.dlx"
row "count 6x10 --symmetry keep (9,356)" "$data/pent_6x10.dlx" count 6x10 --symmetry keep
row "count 6x10 (2,339)" "$data/pent_6x10.dlx" count 6x10
row "count scott --symmetry keep (520)" "$data/pent_8x8_hole.dlx" count scott --symmetry keep
row "count dominoes-8x8 --symmetry keep (12,988,816)" "$work/dominoes.dlx" \
  count dominoes-8x8 --symmetry keep
row "count 8x8-square --symmetry keep (129,168)" "$work/square.dlx" \
  count 8x8-square --symmetry keep
row "count 8x8-square (16,146)" "$work/square.dlx" count 8x8-square
# Frames past 128 squares (the bitboard engine on 4 words).
row_runs=$long_runs row "count far-strip-6x10 --symmetry keep (9,356; 150-square frame)" \
  "$work/far-strip.dlx" count "$wide/far-strip-6x10.toml" --symmetry keep
row_runs=$long_runs row "count aztec-diamond (11,162; 144-square frame)" "$work/aztec.dlx" \
  count "$wide/aztec-diamond.toml"

# Sudoku throughput (skipped without ../shared/sudoku).
echo
scripts/bench-sudoku.sh "$polyx"
