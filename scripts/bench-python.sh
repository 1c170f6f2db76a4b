#!/usr/bin/env bash
# The Python packages side by side (BENCHMARKS.md, "Python"): counts the 9,356 exact
# covers of the 6x10 pentomino matrix (`polyx show 6x10 --dlx`) through each package's
# generic exact-cover API (polyx's count_exact_covers on one thread and on every core,
# xcover, miniexact), and through polyx's Puzzle('6x10').count(symmetry='keep'). The
# packages go into a virtual environment of this script's own (target/bench-python),
# polyx from ./python, the peers from PyPI. RUNS=N repeats the round (3 by default).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/bench-python
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade "pip>=23"
"$venv/bin/pip" install --quiet ./python xcover miniexact
"$venv/bin/pip" list 2>/dev/null | grep -iE '^(polyx|xcover|miniexact|numba|numpy) '
cargo build --release --quiet
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
matrix=$release/6x10.dlx
"$release/polyx" show 6x10 --dlx > "$matrix"
for _ in $(seq "${RUNS:-3}"); do
  "$venv/bin/python" scripts/bench_python.py "$matrix"
done
