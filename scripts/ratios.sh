#!/usr/bin/env bash
# Whole-process times of polyx and of the C yardstick (../shared/bench/refdlx.c, built
# with cc -O2) on the same questions, in the same run; prints the median of RUNS runs of
# refdlx (default 5), the median of the polyx runs between them (11 after each for the
# short questions), and the ratio polyx/refdlx, as BENCHMARKS.md records them.
# Usage: scripts/ratios.sh [RUNS]     (from the repository's top level; needs bash 5)
set -euo pipefail
runs=${1:-5}
shared=../shared
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --profile dist --quiet
cc -O2 -o "$work/refdlx.0" "$shared/bench/refdlx.c"
# Both programs run from 4 copies of each, in turn: where a file's pages happen to lie
# moves a short run here by up to 10% for as long as the file exists (see
# BENCHMARKS.md, twelfth session), so one copy would read its own luck.
copies=4
for k in $(seq 0 $((copies - 1))); do
  cp target/dist/polyx "$work/polyx.$k"
  [ "$k" = 0 ] || cp "$work/refdlx.0" "$work/refdlx.$k"
done
sync
polyx=$work/polyx
refdlx=$work/refdlx

# Sets T to the wall-clock seconds of one run of "$@" (stdin from $input if set); the
# program is "$1.K", with K the next of 0 .. copies - 1. (Not a function's output:
# `$(...)` would run it in a subshell, which would not move `turn` on.)
turn=0
once() {
  local program=$1; shift
  local t0 t1 copy=$program.$((turn % copies))
  turn=$((turn + 1))
  # Bash's clock, not `date`: a `date` process would add its own start-up (about a
  # millisecond here) to every run, which matters for the runs of a few milliseconds.
  t0=$EPOCHREALTIME
  if [ -n "${input:-}" ]; then "$copy" "$@" < "$input" > /dev/null 2>&1; else "$copy" "$@" > /dev/null 2>&1; fi
  t1=$EPOCHREALTIME
  T=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The matrices refdlx reads: Knuth's files, and the cells-only dominoes matrix.
"$polyx.0" show dominoes-8x8 --dlx | awk 'NR==1 {$1=""; print; next} {$1=""; print}' > "$work/dominoes.dlx"
"$polyx.0" show 8x8-square --dlx > "$work/square.dlx"

# One row: N runs of refdlx, each followed by K runs of polyx, so that both programs
# meet the same states of the machine (it has slow phases of tens of seconds, in which
# every short run takes 10-25% longer: timed one after the other, 9 runs of 3 ms
# would sample one moment, and refdlx's 9 runs of 0.3 s another). The medians of each.
row() { # question, refdlx input, N, K, polyx command...
  local q=$1 file=$2 n=$3 k=$4; shift 4
  local p r i j ps=() rs=()
  for i in $(seq "$n"); do
    input=$file once "$refdlx"
    rs+=("$T")
    for j in $(seq "$k"); do
      input="" once "$@"
      ps+=("$T")
    done
  done
  p=$(printf '%s\n' "${ps[@]}" | median)
  r=$(printf '%s\n' "${rs[@]}" | median)
  printf '| %s | %.4f s | %.3f s | %.4f |\n' "$q" "$p" "$r" "$(awk -v a="$p" -v b="$r" 'BEGIN {print a / b}')"
}

echo "| question | polyx | refdlx | polyx / refdlx |"
echo "|---|---|---|---|"
row "dlx --count pent_6x10.dlx (generic engine)" "$shared/instances/pent_6x10.dlx" "$runs" 1 \
  $polyx dlx --count "$shared/instances/pent_6x10.dlx"
row "count 6x10 --symmetry keep (9356)" "$shared/instances/pent_6x10.dlx" "$runs" 11 \
  $polyx count 6x10 --symmetry keep
row "count 6x10 (2339)" "$shared/instances/pent_6x10.dlx" "$runs" 11 $polyx count 6x10
row "count scott --symmetry keep (520)" "$shared/instances/pent_8x8_hole.dlx" "$runs" 11 \
  $polyx count scott --symmetry keep
row "count dominoes-8x8 --symmetry keep (12,988,816; refdlx on cells only)" "$work/dominoes.dlx" "$runs" 11 \
  $polyx count dominoes-8x8 --symmetry keep
row "count 8x8-square --symmetry keep (129,168)" "$work/square.dlx" 1 3 \
  $polyx count 8x8-square --symmetry keep
row "count 8x8-square (16,146)" "$work/square.dlx" 1 3 $polyx count 8x8-square
echo
echo "-j 1 against -j 2 (all cores), count 8x8-square --symmetry keep:"
j1s=() j2s=()
for i in $(seq "$runs"); do
  input="" once $polyx count 8x8-square --symmetry keep -j 1
  j1s+=("$T")
  input="" once $polyx count 8x8-square --symmetry keep -j 2
  j2s+=("$T")
done
j1=$(printf '%s\n' "${j1s[@]}" | median)
j2=$(printf '%s\n' "${j2s[@]}" | median)
printf -- '-j 1: %.3f s, -j 2: %.3f s, speed-up %.2f\n' "$j1" "$j2" "$(awk -v a="$j1" -v b="$j2" 'BEGIN {print a / b}')"
