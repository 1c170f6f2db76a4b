#!/usr/bin/env bash
# How honest the progress estimate is: counts three puzzles on one thread with progress
# reports and prints, for each tenth of each run's CPU time, the estimated share done
# against the share of CPU time spent (and of nodes searched; the worst errors against
# wall time and nodes too). The time axis is the process's own CPU time because other
# jobs on a shared machine stretch wall time unevenly; on a quiet machine a one-thread
# run's CPU time is its wall time. The tables go into docs/benchmarks/progress.md
# (the worst errors into BENCHMARKS.md, "Progress").
# Per-second logs (elapsed, CPU seconds, done, nodes, credible) are left in $OUT
# (default target/progress-curve). The three runs may go at once: each is measured
# against its own CPU time.
#
#   scripts/progress-curve.sh            # the three benchmark counts
#   scripts/progress-curve.sh BOARD [keep|reduce] [memo|nomemo] [THREADS] [I/N]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/progress-curve}
mkdir -p "$OUT"
cargo build --release --example progress_curve >&2
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
BIN=$release/examples/progress_curve

# The one-sided pentominoes (18 pieces) on boards read from files written here.
printf 'name = "one-sided-5x18"\npieces = "one-sided-pentominoes"\nsize = [18, 5]\n' \
    >"$OUT/one-sided-5x18.toml"
printf 'name = "one-sided-6x15"\npieces = "one-sided-pentominoes"\nsize = [15, 6]\n' \
    >"$OUT/one-sided-6x15.toml"

run() {
    local board=$1 mode=$2 memo=$3 threads=$4 shard=${5:-1/1}
    local name
    name=$(basename "$board" .toml)-$mode-$memo-j$threads-${shard/\//of}
    echo "## $board $mode $memo -j$threads shard $shard"
    "$BIN" "$board" "$mode" "$memo" "$threads" "$OUT/$name.log" "$shard"
    echo
}

if [ $# -gt 0 ]; then
    run "$1" "${2:-keep}" "${3:-memo}" "${4:-1}" "${5:-1/1}"
    exit
fi
run "$OUT/one-sided-6x15.toml" reduce memo 1
run "$OUT/one-sided-6x15.toml" reduce memo 1 1/4
run "$OUT/one-sided-5x18.toml" reduce nomemo 1
