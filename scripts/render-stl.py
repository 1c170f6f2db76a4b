#!/usr/bin/env python3
"""Draws the pictures of docs/STL.md: the STL files `polyx show --stl` writes, rendered
as printed plastic by a small software rasterizer (a z-buffer with Lambert shading and,
for the bars, a highlight; numpy only). docs/stl.png: left, the Soma cube's seven pieces
pulled apart from a solution of the 3x3x3 cube; right, the 6x10 pentomino tray holding a
solution's twelve pieces. docs/stl-sticks.png (`--sticks`): the bars of the sixteen
tetrasticks. Every mesh drawn is a file polyx wrote, read back from its binary STL.

    python3 scripts/render-stl.py [POLYX] [docs/stl.png]
    python3 scripts/render-stl.py --sticks [POLYX] [docs/stl-sticks.png]

POLYX is the binary (default: the release build in cargo's target folder).
"""

import json
import re
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import numpy as np

from target_dir import release_binary

ROOT = Path(__file__).resolve().parents[1]
CELL, CLEARANCE, FLOOR = 10.0, 0.2, 2.0


def read_stl(path):
    data = Path(path).read_bytes()
    (n,) = struct.unpack_from("<I", data, 80)
    rows = np.frombuffer(data, dtype=np.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]),
                         count=n, offset=84)
    return rows["v"].astype(np.float64)


def colours(set_file):
    text = Path(set_file).read_text(encoding="utf-8")
    blocks = [re.search(r'name = "(\w+)".*?color = "#(\w{6})"', b, re.S)
              for b in text.split("[[piece]]")[1:]]
    return dict(b.groups() for b in blocks)


def placed_meshes(polyx, board, set_file, cube, work):
    """The pieces of the first solution of `board`, each as polyx's STL of its placed
    shape, moved to where the solution puts it: (name, triangles, cells)."""
    line = subprocess.run([polyx, "solve", board, "-f", "json", "-n", "1"], check=True,
                          capture_output=True, text=True).stdout.splitlines()[0]
    placements = json.loads(line)["placements"]
    toml = ['name = "placed"', f'grid = "{"cube" if cube else "square"}"']
    for p in placements:
        cells = [tuple(c) + ((0,) if len(c) == 2 else ()) for c in p["cells"]]
        x0, y0, z0 = (min(c[k] for c in cells) for k in range(3))
        w, h, d = (max(c[k] for c in cells) - m + 1 for k, m in zip(range(3), (x0, y0, z0)))
        layers = []
        for z in range(d):
            rows = ["".join("X" if (x + x0, y + y0, z + z0) in cells else "." for x in range(w))
                    for y in range(h)]
            layers.append('"""\n' + "\n".join(rows) + '\n"""')
        shape = f'layers = [{", ".join(layers)}]' if cube else f"shape = {layers[0]}"
        toml += ["", "[[piece]]", f'name = "{p["piece"]}"', shape]
    (work / "placed.toml").write_text("\n".join(toml) + "\n", encoding="utf-8")
    subprocess.run([polyx, "show", str(work / "placed.toml"), "--stl", str(work / "placed")],
                   check=True, capture_output=True)
    out = []
    for p in placements:
        cells = [tuple(c) + ((0,) if len(c) == 2 else ()) for c in p["cells"]]
        x0 = min(c[0] for c in cells)
        y1 = max(c[1] for c in cells) + 1
        z0 = min(c[2] for c in cells)
        tri = read_stl(work / "placed" / f'{p["piece"]}.stl')
        tri += np.array([x0 * CELL, -y1 * CELL, z0 * CELL])
        out.append((p["piece"], tri, cells))
    return out


def hex_rgb(h):
    return np.array([int(h[k:k + 2], 16) for k in (0, 2, 4)]) / 255.0


def render(parts, size, azimuth, elevation, shine=0.0):
    """Draws `parts` [(triangles, rgb)] as an image of `size` (w, h) pixels; `shine`
    adds a white highlight of that strength where a face mirrors the light."""
    a, e = np.radians(azimuth), np.radians(elevation)
    # Camera axes: right, up, towards the viewer.
    view = np.array([np.cos(e) * np.sin(a), -np.cos(e) * np.cos(a), np.sin(e)])
    right = np.cross([0, 0, 1], view)
    right /= np.linalg.norm(right)
    up = np.cross(view, right)
    light = view * 0.6 + up * 0.5 + right * -0.4
    light /= np.linalg.norm(light)
    halfway = (light + view) / np.linalg.norm(light + view)
    allv = np.concatenate([t.reshape(-1, 3) for t, _ in parts])
    proj = np.stack([allv @ right, allv @ up], axis=1)
    lo, hi = proj.min(axis=0), proj.max(axis=0)
    w, h = size
    scale = 0.92 * min(w / (hi[0] - lo[0]), h / (hi[1] - lo[1]))
    centre = (lo + hi) / 2
    image = np.ones((h, w, 3)) * np.array([1.0, 1.0, 1.0])
    depth = np.full((h, w), -np.inf)
    for tris, rgb in parts:
        normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
        lengths = np.linalg.norm(normals, axis=1)
        keep = lengths > 0
        tris, normals = tris[keep], normals[keep] / lengths[keep, None]
        facing = normals @ view > 0
        tris, normals = tris[facing], normals[facing]
        shade = 0.35 + 0.65 * np.clip(normals @ light, 0, 1)
        gloss = shine * np.clip(normals @ halfway, 0, 1) ** 40
        px = (np.stack([tris @ right, tris @ up], axis=2) - centre) * scale
        px[:, :, 0] += w / 2
        px[:, :, 1] = h / 2 - px[:, :, 1]
        dz = tris @ view
        for t in range(len(tris)):
            (x0, y0), (x1, y1), (x2, y2) = px[t]
            xmin, xmax = int(max(min(x0, x1, x2), 0)), int(min(max(x0, x1, x2) + 1, w))
            ymin, ymax = int(max(min(y0, y1, y2), 0)), int(min(max(y0, y1, y2) + 1, h))
            if xmin >= xmax or ymin >= ymax:
                continue
            xs, ys = np.meshgrid(np.arange(xmin, xmax) + 0.5, np.arange(ymin, ymax) + 0.5)
            area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
            if abs(area) < 1e-12:
                continue
            l0 = ((x1 - xs) * (y2 - ys) - (x2 - xs) * (y1 - ys)) / area
            l1 = ((x2 - xs) * (y0 - ys) - (x0 - xs) * (y2 - ys)) / area
            l2 = 1 - l0 - l1
            inside = (l0 >= 0) & (l1 >= 0) & (l2 >= 0)
            z = l0 * dz[t, 0] + l1 * dz[t, 1] + l2 * dz[t, 2]
            block = depth[ymin:ymax, xmin:xmax]
            nearer = inside & (z > block)
            block[nearer] = z[nearer]
            image[ymin:ymax, xmin:xmax][nearer] = rgb * shade[t] + gloss[t]
    return image


def downsample(image, k):
    h, w, _ = image.shape
    return image[: h - h % k, : w - w % k].reshape(h // k, k, w // k, k, 3).mean(axis=(1, 3))


def write_png(path, image):
    pixels = (np.clip(image, 0, 1) * 255).round().astype(np.uint8)
    h, w, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[y].tobytes() for y in range(h))
    chunk = lambda kind, data: (struct.pack(">I", len(data)) + kind + data
                                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    Path(path).write_bytes(png)


def soma_and_tray(polyx, work, k):
    """The left and right of docs/stl.png, `k` times as large."""
    (work / "soma").mkdir()
    (work / "pento").mkdir()
    soma_colours = colours(ROOT / "pieces" / "soma.toml")
    soma = []
    centre = np.array([1.5, -1.5, 1.5]) * CELL
    for name, tri, cells in placed_meshes(polyx, "soma-3x3x3", None, True, work / "soma"):
        mid = np.mean([[x + 0.5, -y - 0.5, z + 0.5] for x, y, z in cells], axis=0) * CELL
        tri = tri + 0.9 * (mid - centre)
        soma.append((tri, hex_rgb(soma_colours[name])))
    left = render(soma, (460 * k, 400 * k), azimuth=35, elevation=28)

    pento_colours = colours(ROOT / "pieces" / "pentominoes.toml")
    (work / "tray").mkdir(parents=True)
    subprocess.run([polyx, "show", "6x10", "--stl", str(work / "tray" / "tray.stl")],
                   check=True, capture_output=True)
    tray = read_stl(work / "tray" / "tray.stl") + np.array([-CELL, -7 * CELL, 0.0])
    parts = [(tray, np.array([0.82, 0.80, 0.76]))]
    for name, tri, _ in placed_meshes(polyx, "6x10", None, False, work / "pento"):
        parts.append((tri + np.array([0, 0, FLOOR]), hex_rgb(pento_colours[name])))
    right = render(parts, (560 * k, 400 * k), azimuth=20, elevation=50)
    return np.concatenate([left, right], axis=1)


def tetrasticks(polyx, work, k):
    """docs/stl-sticks.png, `k` times as large: the 16 tetrasticks' bars as `polyx show
    tetrasticks --stl` writes them, in the set's order, four to a row, each centred in a
    slot of 4.8 by 3 cells. (A solution of the 5x5 board pulled apart would not do: its
    pieces interlock and share points, so bars that thick run into each other unless
    pulled so far apart that the board no longer shows.)"""
    subprocess.run([polyx, "show", "tetrasticks", "--stl", str(work / "sticks")],
                   check=True, capture_output=True)
    parts = []
    for i, (name, rgb) in enumerate(colours(ROOT / "pieces" / "tetrasticks.toml").items()):
        tri = read_stl(work / "sticks" / f"{name}.stl")
        mid = (tri.reshape(-1, 3).min(axis=0) + tri.reshape(-1, 3).max(axis=0)) / 2
        slot = np.array([4.8 * (i % 4), -3.0 * (i // 4), 0.0]) * CELL
        parts.append((tri - mid * [1, 1, 0] + slot, hex_rgb(rgb)))
    return render(parts, (860 * k, 500 * k), azimuth=12, elevation=55, shine=0.5)


def main():
    args = sys.argv[1:]
    sticks = "--sticks" in args
    args = [a for a in args if a != "--sticks"]
    polyx = args[0] if args else release_binary()
    default = "stl-sticks.png" if sticks else "stl.png"
    out = args[1] if len(args) > 1 else str(ROOT / "docs" / default)
    k = 3  # supersampling
    with tempfile.TemporaryDirectory() as tmp:
        image = (tetrasticks if sticks else soma_and_tray)(polyx, Path(tmp), k)
    write_png(out, downsample(image, k))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
