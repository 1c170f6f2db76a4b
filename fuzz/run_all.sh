#!/bin/sh
# Runs every target for RUNS inputs (default one million) on the stable toolchain, with
# no sanitizer; logs go to fuzz/logs/TARGET.log. Artifacts (crashing inputs) land in
# fuzz/artifacts/TARGET/.
cd "$(dirname "$0")" || exit 1
RUNS=${RUNS:-1000000}
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
mkdir -p logs
for t in ${TARGETS:-toml_board toml_pieces noi2005 knuth sudoku}; do
    cargo fuzz run -s none "$t" -- -runs="$RUNS" -max_len=4096 -timeout=10 -rss_limit_mb=2048 >"logs/$t.log" 2>&1
    echo "$t: exit $?" >>logs/summary.txt
done
