"""STL files from `polyx show SET --stl DIR`, read by a mesh library (trimesh, from PyPI):
every piece of every built-in set is watertight with consistent winding, and its volume is
what its cells say: at clearance 0 exactly the cells' volume (balls: the balls' volume
plus at most the necks), and at the default clearance 0.2 mm the first term of Steiner's
formula, the volume at 0 less 0.2 mm times the surface area trimesh measures that moves
in (all of it for cubes and balls, the walls of a prism), within 1%.
The trays of the built-in boards of the plane are watertight too.

The binary is target/release/polyx (CI builds it first), or POLYX_BIN."""

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


def binary():
    found = os.environ.get("POLYX_BIN") or ROOT / "target" / "release" / "polyx"
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


@pytest.mark.parametrize("name", STICK_SETS)
def test_pieces_of_segments_are_refused(name, tmp_path):
    # Sticks have no meshes yet: exit code 2 and a message, no file.
    run = subprocess.run(
        [binary(), "show", str(ROOT / "pieces" / f"{name}.toml"), "--stl", str(tmp_path / "out")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2 and "STL" in run.stderr, run.stderr
    assert not any((tmp_path / "out").glob("*.stl"))


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
