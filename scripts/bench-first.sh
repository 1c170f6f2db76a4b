#!/usr/bin/env bash
# Nodes (machine-independent) and wall time to the first solution of each puzzle of the
# first-solution corpus (tests/data/first/), in the default mode and in keep mode, and
# to the first placement of N queens. With BASELINE (a second polyx binary, e.g. one
# built from an older commit), each row also gives its nodes (`-` when it found no
# solution within LIMIT seconds). Prints Markdown rows for BENCHMARKS.md (the corpus)
# and docs/benchmarks/first-solutions.md (N-Queens).
#
# Usage: scripts/bench-first.sh [BASELINE]      (from the repository's top level)
# LIMIT (default 10) bounds each run in seconds.
set -euo pipefail
baseline=${1:-}
limit=${LIMIT:-10}
cargo build --release --quiet
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
polyx=$release/polyx
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
polyx=$("$(dirname "$0")"/bench-copy.sh "$polyx" "$work")
cd tests/data/first

# "NODES SECONDS" of one run (`- -` if it found nothing in time), from --stats.
measure() { # binary, arguments...
  local bin=$1; shift
  local line
  line=$(timeout -s INT "$limit" "$bin" "$@" --stats 2>&1 >/dev/null | grep -E '(engine|queens)' | tail -1) || true
  python3 - "$line" <<'PY'
import re, sys
line = sys.argv[1]
m = re.search(r"(\d+) nodes.* (\d+) solutions.*?([\d.]+) s", line)
print(f"{m.group(1)} {m.group(3)}" if m and m.group(2) != "0" else "- -")
PY
}

echo "| puzzle | default nodes | keep nodes | default time | baseline default nodes | baseline keep nodes |"
echo "|---|---|---|---|---|---|"
for board in b12x10 b20x6 b11x11-hole b12x10-mix b15x15-holes b17x17-centre; do
  read -r dn dt < <(measure "$polyx" solve "$board.toml" -j1)
  read -r kn _ < <(measure "$polyx" solve "$board.toml" --symmetry keep -j1)
  bd=""; bk=""
  if [ -n "$baseline" ]; then
    read -r bd _ < <(measure "$baseline" solve "$board.toml" -j1)
    read -r bk _ < <(measure "$baseline" solve "$board.toml" --symmetry keep -j1)
  fi
  echo "| $board | $dn | $kn | $dt s | $bd | $bk |"
done

echo
echo "| queens N | nodes | time | baseline nodes |"
echo "|---|---|---|---|"
for n in 8 60 64 100 200 1000; do
  read -r qn qt < <(measure "$polyx" queens "$n")
  b=""
  if [ -n "$baseline" ] && [ "$n" -le 64 ]; then
    read -r b _ < <(measure "$baseline" queens "$n")
  fi
  echo "| $n | $qn | $qt s | $b |"
done
