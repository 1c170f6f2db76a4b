#!/usr/bin/env python3
"""Writes the boards of scripts/bench-counts.sh into this folder: rectangles, strips,
Aztec diamonds, lozenge hexagons and dicube boxes, each piece as often as needed
(`count = [0, N]`). Run from this folder: python3 make.py"""


def pieces(name, grid, about, shapes, most):
    text = f'name = "{name}"\ndescription = "{about}, as many of each as a board needs"\n'
    if grid != "square":
        text += f'grid = "{grid}"\n'
    for i, shape in enumerate(shapes):
        text += f'\n[[piece]]\nname = "{chr(65 + i)}"\ncount = [0, {most}]\nshape = """\n{shape}\n"""\n'
    open(f"{name}.toml", "w").write(text)


def board(name, about, pieces_file, body, grid="square"):
    text = f'name = "{name}"\ndescription = "{about}"\n'
    if grid != "square":
        text += f'grid = "{grid}"\n'
    open(f"{name}.toml", "w").write(text + f'pieces = "{pieces_file}.toml"\n' + body)


def picture(cells):
    width = max(c for c, _ in cells) + 1
    height = max(r for _, r in cells) + 1
    on = set(cells)
    rows = ["".join("." if (c, r) in on else " " for c in range(width)).rstrip()
            for r in range(height)]
    return 'shape = """\n' + "\n".join(rows) + '\n"""\n'


def aztec(n):
    cells = []
    for r in range(2 * n):
        k = r + 1 if r < n else 2 * n - r
        cells += [(c, r) for c in range(n - k, n + k)]
    return cells


def hexagon(a, b, c):
    """The a, b, c hexagon of the triangle grid (as src/transfer/tests.rs draws it)."""
    left, right = 2 * b, 2 * b + 2 * a
    cells = []
    for r in range(b + c):
        below_left = left - 1 if r < b else left + 1
        below_right = right + 1 if r < c else right - 1
        cells += [(col, r) for col in range(min(left, below_left) + 1, max(right, below_right))]
        left, right = below_left, below_right
    return cells


PENTOMINOES = ["#####", "##\n##\n#.", "###\n#..\n#..", "###\n.#.\n.#.", "#..\n##.\n.##",
               "##.\n.##\n.#.", "####\n#...", "##..\n.###", ".#.\n###\n.#.", "###\n#.#",
               "##.\n.#.\n.##", "####\n.#.."]
pieces("dominoes", "square", "Dominoes", ["##"], 2000)
pieces("trominoes", "square", "The straight and L trominoes", ["###", "##\n#."], 2000)
pieces("tetrominoes", "square", "The five free tetrominoes",
       ["####", "##\n##", "###\n.#.", "#.\n#.\n##", ".##\n##."], 2000)
pieces("pentominoes", "square", "The twelve free pentominoes", PENTOMINOES, 2000)
pieces("monomers-dimers", "square", "Monominoes and dominoes", ["#", "##"], 2000)
pieces("lozenges", "triangle", "Lozenges (two triangles)", ["##"], 4000)
pieces("dicubes", "cube", "Dicubes", ["##"], 2000)
for (name, p, w, h) in [
    ("dominoes-2x93", "dominoes", 2, 93), ("dominoes-16x16", "dominoes", 16, 16),
    ("dominoes-26x26", "dominoes", 26, 26), ("dominoes-10x40", "dominoes", 10, 40),
    ("trominoes-12x12", "trominoes", 12, 12), ("trominoes-3x300", "trominoes", 3, 300),
    ("trominoes-9x30", "trominoes", 9, 30), ("tetrominoes-10x10", "tetrominoes", 10, 10),
    ("tetrominoes-4x200", "tetrominoes", 4, 200), ("pentominoes-5x100", "pentominoes", 5, 100),
    ("pentominoes-6x40", "pentominoes", 6, 40), ("pentominoes-8x20", "pentominoes", 8, 20),
    ("monomers-dimers-16x16", "monomers-dimers", 16, 16),
    ("monomers-dimers-20x20", "monomers-dimers", 20, 20),
]:
    board(name, f"The {w} x {h} rectangle", p, f"size = [{w}, {h}]\n")
for n in [12, 23]:
    board(f"aztec-{n}", f"The Aztec diamond of order {n}: 2^{n * (n + 1) // 2} tilings",
          "dominoes", picture(aztec(n)))
for (a, b, c) in [(8, 8, 8), (12, 10, 9), (20, 20, 20)]:
    board(f"hexagon-{a}-{b}-{c}", f"The {a}, {b}, {c} hexagon (MacMahon's formula)",
          "lozenges", picture(hexagon(a, b, c)), "triangle")
for (x, y, z) in [(2, 2, 40), (2, 3, 30), (3, 4, 12), (4, 4, 10), (4, 5, 8), (4, 6, 6), (5, 5, 6)]:
    board(f"box-{x}x{y}x{z}", f"The {x} x {y} x {z} box", "dicubes",
          f"size = [{x}, {y}, {z}]\n", "cube")
