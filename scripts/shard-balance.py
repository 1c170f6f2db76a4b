#!/usr/bin/env python3
"""How evenly `polyx count --shard I/N` cuts a count, and what that means on a cluster:
the table of docs/CLUSTER.md ("How even the shards are").

    python3 scripts/shard-balance.py [PUZZLE [SYMMETRY [N,N,...]]]

Defaults: 8x8-square, keep, 64,1024,16384. It runs the ignored test
`solve::tests::shard_balance::shard_balance` (`cargo test --release --lib`), which
searches every shard of N in one process, each on a fresh tree as its own process would,
and prints each shard's nodes and seconds. From them, per N:

- nodes per shard: max/mean and min/mean;
- the split every shard repeats before its search (the tree cut into 64 N subproblems);
- the wall time of the count on 100 and 10,000 machines: the shards given out longest
  first to the machine that is free first (LPT), each shard costing the split plus its
  search, against the ideal, the one-process search time divided by the machines.
"""

import heapq
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MACHINES = (100, 10_000)


def measure(puzzle, symmetry, shards):
    env = dict(
        os.environ,
        POLYX_BALANCE_PUZZLE=puzzle,
        POLYX_BALANCE_SYMMETRY=symmetry,
        POLYX_BALANCE_SHARDS=shards,
    )
    out = subprocess.run(
        ["cargo", "test", "--release", "--lib", "solve::tests::shard_balance::shard_balance", "--",
         "--ignored", "--nocapture", "--exact"],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    ).stdout
    prefix = "shard-balance: "
    return [json.loads(l[len(prefix):]) for l in out.splitlines() if l.startswith(prefix)]


def lpt(times, machines):
    """The makespan of the jobs `times` given out longest first to the first free machine."""
    free = [0.0] * min(machines, len(times))
    for t in sorted(times, reverse=True):
        heapq.heapreplace(free, free[0] + t)
    return max(free)


def seconds(s):
    if s < 0.001:
        return f"{s * 1e6:.0f} µs"
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def main():
    args = sys.argv[1:]
    puzzle = args[0] if args else "8x8-square"
    symmetry = args[1] if len(args) > 1 else "keep"
    shards = args[2] if len(args) > 2 else "64,1024,16384"
    rows = measure(puzzle, symmetry, shards)
    print(f"{puzzle}, {symmetry}: {rows[0]['solutions']} solutions\n")
    head = "| shards | subproblems | nodes max/mean | nodes min/mean | split, each shard |"
    for m in MACHINES:
        head += f" {m:,} machines (ideal) |"
    print(head)
    print("|" + "---|" * (5 + len(MACHINES)))
    for r in rows:
        nodes, times, split = r["nodes"], r["seconds"], r["split_seconds"]
        mean = sum(nodes) / len(nodes)
        line = (f"| {r['shards']:,} | {r['subproblems']:,} | "
                + (f"{max(nodes) / mean:.2f} | {min(nodes) / mean:.2f} |" if mean else "– | – |")
                + f" {seconds(split)} |")
        for m in MACHINES:
            wall = lpt([split + t for t in times], m)
            line += f" {seconds(wall)} ({seconds(sum(times) / m)}) |"
        print(line)
    total = sum(rows[0]["seconds"])
    print(f"\nthe shards' searches take {seconds(total)} in all (at {rows[0]['shards']} shards)")


if __name__ == "__main__":
    main()
