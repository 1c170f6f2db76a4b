"""STL files from `polyx show SET --stl DIR`, read by a mesh library (trimesh, from PyPI):
every piece of every built-in set is watertight with consistent winding, and its volume is
what its cells say: at clearance 0 exactly the cells' volume (balls: the balls' volume
plus at most the necks), and at the default clearance 0.2 mm the first term of Steiner's
formula, the volume at 0 less 0.2 mm times the surface area trimesh measures that moves
in (all of it for cubes and balls, the walls of a prism), within 1%.
Pieces of sticks, trigs and twigs are bars (rods of the thickness, joined by a ball at
each point), watertight, with the volume of that union of capsules within 1%.
The trays of the built-in boards of the plane are watertight too.

The binary is POLYX_BIN, else the release build in cargo's target folder (CI builds it
first), else polyx on the PATH."""

import json
import math
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import trimesh

ROOT = Path(__file__).resolve().parents[2]
CELL, THICKNESS, CLEARANCE = 10.0, 5.0, 0.2
NECK = 0.2  # a neck's radius in cells (src/render/stl/balls.rs)


def release_build():
    """The polyx of `cargo build --release`, wherever cargo's target folder is."""
    try:
        meta = subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return ROOT / "target" / "release" / "polyx"
    return Path(json.loads(meta.stdout)["target_directory"]) / "release" / "polyx"


def binary():
    found = os.environ.get("POLYX_BIN") or release_build()
    if not Path(found).exists():
        found = shutil.which("polyx")
    assert found, "build polyx first (cargo build --release) or set POLYX_BIN"
    return str(found)


def polyx(*args):
    return subprocess.run([binary(), *args], check=True, capture_output=True, text=True).stdout


def built_in(kind):
    """The built-in piece sets or boards, from `polyx list`."""
    names, section = [], None
    for line in polyx("list").splitlines():
        if line.endswith(":") and not line.startswith(" "):
            section = line[:-1]
        elif line.startswith("  ") and section == kind:
            names.append(line.split()[0])
    return names


def grid_of(name, folder):
    text = (ROOT / folder / f"{name}.toml").read_text(encoding="utf-8")
    m = re.search(r'^grid\s*=\s*"(\w+)"', text, re.M)
    return m.group(1) if m else "square"


def write(name, directory, clearance):
    """Writes the set's pieces; returns {file: cells} from the lines polyx prints."""
    # By path: a few names (noi2005) are a board and a piece set both.
    out = polyx("show", str(ROOT / "pieces" / f"{name}.toml"), "--stl", str(directory),
                "--clearance", str(clearance))
    files = {}
    for line in out.splitlines():
        path, rest = line.split(": ", 1)
        files[Path(path).name] = int(re.search(r", (\d+) cells,", rest).group(1))
    return files


def cell_volume(grid):
    r3 = math.sqrt(3)
    return {
        "square": CELL**2 * THICKNESS,
        "hex": r3 / 2 * CELL**2 * THICKNESS,
        "triangle": r3 / 4 * CELL**2 * THICKNESS,
        "cube": CELL**3,
    }[grid]


SEGMENTS = ("sticks", "trigs", "twigs")
SETS = [s for s in built_in("piece sets") if grid_of(s, "pieces") not in SEGMENTS]
STICK_SETS = [s for s in built_in("piece sets") if grid_of(s, "pieces") in SEGMENTS]


def test_every_built_in_set_is_listed():
    assert {"pentominoes", "soma", "noi2005-balls", "hexiamonds", "tetrahexes"} <= set(SETS)


def segment_points(grid, x, y, d):
    """The end points of Puzzler's segment [x, y, d] in the plane (sides of length 1)."""
    if grid == "sticks":
        a = (x, y)
        return a, (x + 1, y) if d == 0 else (x, y + 1)
    u, v = (1.0, 0.0), (0.5, math.sqrt(3) / 2)

    def at(i, j):
        return (i * u[0] + j * v[0], i * u[1] + j * v[1])

    if grid == "trigs":
        step = [(1, 0), (0, 1), (-1, 1)][d]
        return at(x, y), at(x + step[0], y + step[1])
    # twigs: the lower left corner of hexagon (x, y), then 0°, 120° or 240°.
    i, j = x - y, x + 2 * y - 1
    step = [(1, 0), (-1, 1), (0, -1)][d]
    return at(i, j), at(i + step[0], j + step[1])


def bars_volume(grid, segments, r):
    """The union of rods of radius r, CELL long, along the segments, with a ball at each
    point: the balls, each rod less its two half balls, less what two rods from one point
    share outside its ball (4/3 r³ (cot θ/2 − (π − θ)/2) at an angle θ), plus that of
    120° once for each fan of three rods at 0°, 60°, 120° (counted three times, shared
    twice)."""
    key = lambda p: (round(p[0], 6), round(p[1], 6))
    rods = [tuple(key(p) for p in segment_points(grid, *s)) for s in segments]
    points = {p for rod in rods for p in rod}
    ball = 4 / 3 * math.pi * r**3
    volume = len(points) * ball + len(rods) * (math.pi * r * r * CELL - ball)

    def shared(theta):
        return 4 / 3 * r**3 * (1 / math.tan(theta / 2) - (math.pi - theta) / 2)

    for p in points:
        angles = []
        for a, b in rods:
            if p in (a, b):
                q = b if p == a else a
                angles.append(math.atan2(q[1] - p[1], q[0] - p[0]))
        between = lambda s, t: min(abs(s - t) % (2 * math.pi), 2 * math.pi - abs(s - t) % (2 * math.pi))
        for i in range(len(angles)):
            for j in range(i + 1, len(angles)):
                theta = between(angles[i], angles[j])
                if theta < math.pi - 1e-9:
                    volume -= shared(theta)
                for k in range(j + 1, len(angles)):
                    t = sorted([theta, between(angles[j], angles[k]), between(angles[i], angles[k])])
                    if all(abs(a - b) < 1e-9 for a, b in zip(t, [math.pi / 3, math.pi / 3, 2 * math.pi / 3])):
                        volume += shared(2 * math.pi / 3)
    return volume


def piece_segments(name):
    """Each piece's segments [x, y, d], by the file name polyx gives it (the built-in
    sets write each piece's `segments` on one line)."""
    text = (ROOT / "pieces" / f"{name}.toml").read_text(encoding="utf-8")
    out = {}
    for block in text.split("[[piece]]")[1:]:
        piece = re.search(r'^name\s*=\s*"([^"]*)"', block, re.M).group(1)
        line = re.search(r"^segments\s*=\s*(\[.*\])\s*$", block, re.M).group(1)
        triples = [tuple(int(v) for v in t) for t in re.findall(r"\[(-?\d+),\s*(-?\d+),\s*(-?\d+)\]", line)]
        out[re.sub(r"[^A-Za-z0-9_-]", "_", piece) + ".stl"] = triples
    return out


@pytest.mark.parametrize("name", STICK_SETS)
def test_pieces_of_segments_are_watertight_bars_of_their_volume(name, tmp_path):
    # Sticks as bars: rods of the thickness joined at their points.
    grid = grid_of(name, "pieces")
    segments = piece_segments(name)
    for clearance in (0, CLEARANCE):
        files = write(name, tmp_path / str(clearance), clearance)
        assert files.keys() == segments.keys()
        for file, cells in files.items():
            m = trimesh.load(tmp_path / str(clearance) / file)
            assert m.is_watertight and m.is_winding_consistent and m.volume > 0, file
            assert cells == len(segments[file])
            want = bars_volume(grid, segments[file], THICKNESS / 2 - clearance)
            assert abs(m.volume / want - 1) < 0.01, (file, clearance, m.volume, want)


@pytest.mark.parametrize("name", SETS)
def test_pieces_are_watertight_with_their_volume(name, tmp_path):
    grid = grid_of(name, "pieces")
    flat = write(name, tmp_path / "flat", 0)
    shrunk = write(name, tmp_path / "shrunk", CLEARANCE)
    assert flat.keys() == shrunk.keys() and flat
    for file, cells in flat.items():
        m0 = trimesh.load(tmp_path / "flat" / file)
        m = trimesh.load(tmp_path / "shrunk" / file)
        assert m.is_watertight and m.is_winding_consistent and m.volume > 0, file
        if grid != "cube":
            # Cubes meeting only along an edge share it at clearance 0.
            assert m0.is_watertight, file
        if grid == "sphere":
            ball = 4 / 3 * math.pi * (CELL / 2) ** 3
            neck = math.pi * (NECK * CELL) ** 2 * CELL
            assert 0.99 * cells * ball < m0.volume < 1.01 * (cells * ball + 6 * cells * neck), file
        else:
            want = cells * cell_volume(grid)
            assert abs(m0.volume / want - 1) < 1e-5, (file, m0.volume, want)
        # The surface that moves in: all of it, or the walls of a prism (whose top and
        # bottom stay).
        moving = m0.area if grid in ("cube", "sphere") else m0.area - 2 * m0.volume / THICKNESS
        steiner = m0.volume - CLEARANCE * moving
        assert abs(m.volume / steiner - 1) < 0.01, (file, m.volume, steiner)


@pytest.mark.parametrize(
    "name", [b for b in built_in("boards") if grid_of(b, "boards") in ("square", "hex", "triangle")]
)
def test_trays_are_watertight(name, tmp_path):
    out = tmp_path / "tray.stl"
    polyx("show", str(ROOT / "boards" / f"{name}.toml"), "--stl", str(out))
    m = trimesh.load(out)
    assert m.is_watertight and m.is_winding_consistent, name
    lo, hi = m.bounds
    assert 0 < m.volume < (hi - lo).prod(), name
