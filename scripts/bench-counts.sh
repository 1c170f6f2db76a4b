#!/usr/bin/env bash
# `polyx count FILE --symmetry keep -j 1` on every board of benches/data/counts/ (made by
# its make.py: rectangles, strips, Aztec diamonds, lozenge hexagons and dicube boxes,
# each piece as often as needed), one run each, stopped after LIMIT seconds (default 120).
# Prints one row a board: its count's digits, the count's first digits and the time.
#
# Usage: scripts/bench-counts.sh [BOARD.toml ...]   (from the repository's top level;
# POLYX names the binary, default: `cargo build --release`'s)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${LIMIT:-120}
polyx=${POLYX:-}
if [ -z "$polyx" ]; then
  cargo build --release --quiet --bin polyx
  polyx=$("$(dirname "$0")"/target-dir.sh)/release/polyx
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
polyx=$("$(dirname "$0")"/bench-copy.sh "$polyx" "$work")
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
  for f in benches/data/counts/*.toml; do
    grep -q '^pieces = ' "$f" && boards+=("$f")
  done
fi
echo "| board | digits | count | time |"
echo "|---|---:|---|---:|"
for f in "${boards[@]}"; do
  start=$(date +%s.%N)
  if count=$(timeout "$limit" "$polyx" count "$f" --symmetry keep -j 1 2> /dev/null); then
    end=$(date +%s.%N)
    printf '| %s | %d | %s… | %.2f s |\n' "$(basename "$f" .toml)" "${#count}" "${count:0:12}" \
      "$(echo "$end - $start" | bc)"
  else
    printf '| %s | | not done | > %d s |\n' "$(basename "$f" .toml)" "$limit"
  fi
done
