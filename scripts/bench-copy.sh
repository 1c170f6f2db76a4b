#!/usr/bin/env bash
# Copies the binary $1 into the folder $2 and prints the copy's path: the benchmarks time
# that copy. A binary the linker has just written ran up to 15% slower on this machine
# (Linux 6.18, ext4) than a byte-identical copy of it, until the page cache dropped the
# file and read it back (most likely its pages are cached in small pieces, as the linker
# wrote them out of order, where a copy written front to back is cached in large ones).
# Timing the freshly built file made the same build's ratios swing by as much between
# runs; tdoku's small binary shows no such difference.
#
# Usage: polyx=$(scripts/bench-copy.sh "$polyx" "$work")
set -euo pipefail
copy="$2/$(basename "$1")"
cp "$1" "$copy"
echo "$copy"
