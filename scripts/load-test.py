#!/usr/bin/env python3
"""The load test of `polyx serve` (issue 37), with Debian's `hey` as the load generator.

    python3 scripts/load-test.py [POLYX] [--out FILE.md]

POLYX is the binary (default: the release build in cargo's target folder).

Starts `polyx serve --port 0` on 127.0.0.1 and sends it traffic on 127.0.0.1 only, every
run bounded in requests (-n) and time (-t per request, a deadline for each phase):

1. mixed traffic at 60+ concurrent connections: the page's files, the built-ins, jobs,
   check-input, puzzle, render and solves, with hostile requests mixed in: the 80-byte
   board of a million cells, 1024-pixel cells, a wrong Host, a wrong Origin, a cross-site
   text/plain POST, and four clients that ask for 1,000 solutions and read nothing;
2. the cheap endpoints' latency while 4 searches (counts of the Bedlam cube) run.

It fails (exit 1) on any 5xx, any connection error, any status a class of requests may
not get (docs/API.md), or a peak server memory over 300 MB; it prints the figures as a
Markdown table (BENCHMARKS.md, "polyx serve under load").
"""

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from target_dir import release_binary

ROOT = Path(__file__).resolve().parents[1]

PEAK_LIMIT_KB = 300 * 1024
MIXED_SECONDS = 15
DOMINOES_1000 = '{"board_toml":"pieces = \\"dominoes\\"\\nsize = [1000, 1000]\\nuse_all_pieces = false"}'
SLOW_BOARD = {
    "board_toml": 'pieces = "d"\nsize = [40, 40]\n',
    "pieces_toml": 'name = "d"\n[[piece]]\nname = "D"\ncount = 800\nshape = "DD"\n',
    "limit": 1000,
}


def start_server(binary):
    server = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()
    m = re.match(r"polyx serve: http://(127\.0\.0\.1:\d+)/", line)
    if not m:
        server.kill()
        sys.exit(f"load-test: no address from polyx serve: {line!r}")
    return server, m.group(1)


def peak_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


class Run:
    """One `hey` run: a class of requests, its allowed statuses, and its results."""

    def __init__(self, name, allowed, path, n, c, method="GET", body=None, headers=(), host=None, ctype=None):
        """`n` requests on `c` connections; or, with `n` = (seconds, rate), for that long at
        that rate on each connection (at most seconds × rate × c requests)."""
        self.name, self.allowed = name, set(allowed)
        if isinstance(n, tuple):
            amount = ["-z", f"{n[0]}s", "-q", str(n[1])]
        else:
            amount = ["-n", str(n)]
        self.args = ["hey", *amount, "-c", str(c), "-t", "20", "-m", method]
        if body is not None:
            self.args += ["-d", body]
        self.args += ["-T", ctype or ("application/json" if method == "POST" else "text/plain")]
        for h in headers:
            self.args += ["-H", h]
        if host:
            self.args += ["-host", host]
        self.path, self.c = path, c
        self.statuses, self.errors, self.latency = {}, 0, {}

    def start(self, addr):
        self.proc = subprocess.Popen(self.args + [f"http://{addr}{self.path}"], stdout=subprocess.PIPE, text=True)

    def finish(self, deadline):
        out, _ = self.proc.communicate(timeout=max(1, deadline - time.time()))
        for m in re.finditer(r"\[(\d{3})\]\s+(\d+) responses", out):
            self.statuses[int(m.group(1))] = int(m.group(2))
        errors = out.split("Error distribution:")[1:] or [""]
        self.errors = sum(int(m.group(1)) for m in re.finditer(r"\[(\d+)\]", errors[0]))
        for m in re.finditer(r"(\d+)%+ in ([\d.]+) secs", out):
            self.latency[int(m.group(1))] = float(m.group(2)) * 1000

    def served(self):
        return sum(self.statuses.values())

    def problems(self):
        out = []
        if self.errors:
            out.append(f"{self.name}: {self.errors} connection errors")
        for status in self.statuses:
            if status >= 500 or status not in self.allowed:
                out.append(f"{self.name}: status {status} ({self.statuses[status]}×), allowed {sorted(self.allowed)}")
        if not self.statuses:
            out.append(f"{self.name}: no answer")
        return out


def slow_readers(addr, count, hold):
    """Clients that ask for 1,000 solutions and read nothing for `hold` seconds."""
    body = json.dumps(SLOW_BOARD).encode()
    host, port = addr.split(":")
    socks = []
    for _ in range(count):
        s = socket.create_connection((host, int(port)))
        head = f"POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        s.sendall(head.encode() + body)
        socks.append(s)
    time.sleep(hold)
    for s in socks:
        s.close()


def call(addr, method, path, body=None):
    req = urllib.request.Request(f"http://{addr}{path}", method=method, data=body)
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=20) as res:
            return res.status, res.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def mixed(addr):
    """MIXED_SECONDS of mixed traffic; the slow readers hold the 4 job slots until the
    write timeout (10 s) ends their searches, then the solves get 200 again."""
    own = f"Origin: http://{addr}"
    solve = '{"board": "6x10"}'
    s = MIXED_SECONDS
    runs = [
        Run("page files", [200], "/", (s, 40), 8),
        Run("page files", [200], "/app.js", (s, 40), 8),
        Run("builtins", [200], "/api/builtins", (s, 20), 6),
        Run("jobs", [200], "/api/jobs", (s, 20), 4),
        Run("check-input", [200, 429], "/api/check-input", (s, 20), 6, "POST", '{"board": "6x10"}', [own]),
        Run("puzzle", [200, 429], "/api/puzzle", (s, 10), 5, "POST", '{"board": "noi2005"}'),
        Run("render", [200, 429], "/api/render", (s, 5), 5, "POST", '{"board": "6x10", "format": "png"}'),
        Run("solve", [200, 429], "/api/solve", (s, 5), 6, "POST", solve, [own]),
        Run("hostile: huge board", [413, 429], "/api/puzzle", (s, 20), 3, "POST", DOMINOES_1000),
        Run("hostile: huge board", [413, 429], "/api/solve", (s, 10), 2, "POST", DOMINOES_1000),
        Run("hostile: huge picture", [400, 429], "/api/render", (s, 10), 2, "POST", '{"board": "6x10", "format": "png", "cell_size": 1024}'),
        Run("hostile: wrong Host", [403], "/api/builtins", (s, 20), 2, host="evil.example"),
        Run("hostile: wrong Host", [403], "/api/solve", (s, 20), 2, "POST", solve, host="evil.example"),
        Run("hostile: wrong Origin", [403], "/api/solve", (s, 20), 2, "POST", solve, ["Origin: http://evil.example"]),
        Run("hostile: text/plain POST", [415], "/api/count", (s, 20), 2, "POST", solve, ctype="text/plain"),
    ]
    slow = threading.Thread(target=slow_readers, args=(addr, 4, s + 2))
    slow.start()
    time.sleep(0.3)
    started = time.time()
    for r in runs:
        r.start(addr)
    for r in runs:
        r.finish(started + s + 60)
    took = time.time() - started
    slow.join()
    status, body = call(addr, "GET", "/api/jobs")
    stopped = [j for j in json.loads(body)["jobs"] if j["state"] == "stopped"]
    return runs, took, sum(r.c for r in runs) + 4, len(stopped)


def while_searching(addr):
    ids = []
    for _ in range(4):
        status, body = call(addr, "POST", "/api/count", b'{"board": "bedlam-4x4x4", "symmetry": "keep"}')
        if status != 202:
            sys.exit(f"load-test: a count answered {status}: {body!r}")
        ids.append(json.loads(body)["job"])
    time.sleep(0.5)
    runs = [
        Run("builtins", [200], "/api/builtins", 2000, 10),
        Run("page files", [200], "/app.js", 2000, 10),
        Run("jobs", [200], "/api/jobs", 1000, 5),
    ]
    started = time.time()
    for r in runs:
        r.start(addr)
    for r in runs:
        r.finish(started + 60)
    status, body = call(addr, "GET", "/api/jobs")
    running = [j for j in json.loads(body)["jobs"] if j["state"] == "running"]
    for job in ids:
        call(addr, "DELETE", f"/api/jobs/{job}")
    return runs, len(running)


def table(title, runs, cols):
    merged = {}
    for r in runs:
        m = merged.setdefault(r.name, {"served": 0, "statuses": {}, "errors": 0, "latency": []})
        m["served"] += r.served()
        m["errors"] += r.errors
        m["latency"].append(r.latency)
        for s, k in r.statuses.items():
            m["statuses"][s] = m["statuses"].get(s, 0) + k
    lines = [f"**{title}**", "", "| requests | served | statuses | p50 ms | p99 ms |", "|---|---:|---|---:|---:|"]
    for name, m in merged.items():
        statuses = ", ".join(f"{s}: {k}" for s, k in sorted(m["statuses"].items()))
        p50 = max(l.get(50, 0) for l in m["latency"])
        p99 = max(l.get(99, 0) for l in m["latency"])
        lines.append(f"| {name} | {m['served']} | {statuses} | {p50:.1f} | {p99:.1f} |")
    return lines


def main():
    args = sys.argv[1:]
    out = None
    if "--out" in args:
        i = args.index("--out")
        out = args[i + 1]
        del args[i : i + 2]
    binary = args[0] if args else release_binary()
    if not any(os.access(os.path.join(d, "hey"), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep)):
        sys.exit("load-test: hey is missing (apt-get install hey)")
    server, addr = start_server(binary)
    try:
        runs, took, connections, stopped = mixed(addr)
        busy, running = while_searching(addr)
        peak = peak_kb(server.pid)
    finally:
        server.kill()
        server.wait()
    problems = [p for r in runs + busy for p in r.problems()]
    if stopped < 4:
        problems.append(f"{stopped} searches were stopped, not the 4 slow readers'")
    if not any(r.statuses.get(200) for r in runs if r.name == "solve"):
        problems.append("no solve got a slot back after the slow readers' searches ended")
    if running != 4:
        problems.append(f"{running} counts were running at the end of the busy phase, not 4")
    if peak > PEAK_LIMIT_KB:
        problems.append(f"peak memory {peak} kB, over {PEAK_LIMIT_KB} kB")
    served = sum(r.served() for r in runs + busy)
    statuses = {}
    for r in runs + busy:
        for s, k in r.statuses.items():
            statuses[s] = statuses.get(s, 0) + k
    report = [
        f"Mixed traffic: {sum(r.served() for r in runs)} requests in {took:.1f} s at {connections} concurrent connections "
        f"(hey, 127.0.0.1); in all {served} requests served, "
        + ", ".join(f"{s}: {k}" for s, k in sorted(statuses.items()))
        + f"; 0 connection errors; the 4 slow readers' searches stopped ({stopped} jobs `stopped`); "
        f"peak server memory {peak / 1024:.0f} MB (VmHWM).",
        "",
    ]
    report += table("Mixed traffic (4 clients also ask for 1,000 solutions and read nothing)", runs, None)
    report += [""]
    report += table("Cheap endpoints while 4 counts of the Bedlam cube run", busy, None)
    text = "\n".join(report)
    print(text)
    if out:
        with open(out, "w") as f:
            f.write(text + "\n")
    if problems:
        print("\nload-test: FAILED", *problems, sep="\n  ")
        sys.exit(1)
    print("\nload-test: passed")


if __name__ == "__main__":
    main()
