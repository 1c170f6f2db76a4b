#!/usr/bin/env bash
# Challenge generation on the NOI2005 triangle: `polyx generate noi2005 --min` for
# seeds 1..N (default 100), one process per seed on one core; prints the distribution
# of pre-placed pieces and of guesses (the difficulty), with the time per challenge and
# the uniqueness searches and nodes it took. Wall times suffer from other load on a
# shared machine; the CPU time (user + sys of each process) and the counters do less. Usage: scripts/bench-generate.sh [N] [ARGS...]
# (ARGS are passed to polyx generate, e.g. --swaps 400 or without --min: NOMIN=1).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100}
shift || true
# The release build, in cargo's target folder wherever that is (CARGO_TARGET_DIR).
release=$("$(dirname "$0")"/target-dir.sh)/release
polyx=${POLYX:-$release/polyx}
[ -x "$polyx" ] || cargo build --release --quiet
min=--min
[ "${NOMIN:-}" = 1 ] && min=
out=$(mktemp)
cpu=$(mktemp)
trap 'rm -f "$out" "$cpu"' EXIT
TIMEFORMAT='%U %S'
for seed in $(seq 1 "$n"); do
  { time taskset -c 0 "$polyx" generate noi2005 $min --seed "$seed" --stats "$@" 2>>"$out" >/dev/null; } 2>>"$cpu"
done
awk -v n="$n" '{ s = $1 + $2; t += s; if (s > w) w = s } END { printf "cpu per challenge (user + sys): %.3f s mean, %.3f s worst\n", t / n, w }' "$cpu"
awk '
/^challenge/ { pre[$3]++; lvl[$NF]++; n++ }
/^generate:/ { searches += $4; nodes += $7; secs += $9; if ($9 > worst) worst = $9 }
END {
  printf "challenges: %d\n", n
  printf "pre-placed pieces:"; for (k = 0; k <= 12; k++) if (pre[k]) printf " %d:%d", k, pre[k]; printf "\n"
  printf "levels:"; split("starter junior expert master", names, " ")
  for (i = 1; i <= 4; i++) printf " %s:%d", names[i], lvl[names[i]]; printf "\n"
  printf "wall per challenge: %.3f s mean, %.3f s worst; %.1f uniqueness searches, %.0f nodes\n", secs/n, worst, searches/n, nodes/n
}' "$out"
awk '/^challenge/ { print $8 }' "$out" | sort -n | awk '
{ g[NR] = $1 }
END { printf "guesses: min %d, quartiles %d %d %d, max %d\n", g[1], g[int(NR/4)+1], g[int(NR/2)+1], g[int(3*NR/4)+1], g[NR] }'
