//! `polyx pieces`: the generated sets have the published numbers of shapes (OEIS), each
//! shape drawn in its grid's picture layout, of the right size, connected, of a class of
//! its own, with unique names and labels; the sets read back as piece sets; sizes too
//! large, `--mirror` on a 2D grid and `--one-sided` on a 3D grid are refused with exit 2.
//! On the cube and sphere grids the sets are physical pieces (rotations only) or, with
//! `--mirror`, free; flat ones are written as a `shape`, the others as `layers`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use assert_cmd::Command;
use polyx::{Cell, Grid, Shape};

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

/// The TOML that `polyx pieces --grid GRID --size N [--one-sided]` prints.
fn generate(grid: &str, n: usize, one_sided: bool) -> String {
    let mut cmd = polyx();
    cmd.args(["pieces", "--grid", grid, "--size", &n.to_string()]);
    if one_sided {
        cmd.arg("--one-sided");
    }
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// The cells of a picture as `polyx pieces` draws it: every character but `.` and space.
fn cells(picture: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    for (y, line) in picture.lines().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            if ch != '.' && ch != ' ' {
                out.push(Cell::new(x as i32, y as i32));
            }
        }
    }
    out
}

/// Checks the generated set of n-cells and returns its number of pieces: the header says
/// what it is, every piece is an n-cell connected shape of its grid drawn with its own
/// label in the picture's parity, and no two are of one class.
fn check_set(grid: &str, n: usize, one_sided: bool) -> usize {
    let text = generate(grid, n, one_sided);
    let set: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(set["grid"].as_str(), Some(grid));
    assert_eq!(set["mirror"].as_bool(), Some(!one_sided));
    let lattice = Grid::from_name(grid).unwrap().lattice();
    let pieces = set["piece"].as_array().unwrap();
    let description = set["description"].as_str().unwrap();
    assert!(
        description.contains(&format!("All {} ", pieces.len())),
        "{description}"
    );
    let (mut names, mut labels, mut classes) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for p in pieces {
        let name = p["name"].as_str().unwrap();
        let label = p["label"].as_str().unwrap();
        let picture = p["shape"].as_str().unwrap();
        assert!(names.insert(name.to_string()), "two pieces named {name}");
        assert!(
            labels.insert(label.to_string()),
            "two pieces labelled {label}"
        );
        let mut chars = label.chars();
        let c = chars.next().unwrap();
        assert!(chars.next().is_none() && c.is_alphanumeric(), "{label}");
        assert!(
            picture.chars().all(|x| x == c || " .\n".contains(x)),
            "{picture}"
        );
        let cells = cells(picture);
        let classes_of_cells: BTreeSet<u8> = cells.iter().map(|&x| lattice.class(x)).collect();
        assert_eq!(classes_of_cells.len(), 1, "{grid} {name}:\n{picture}");
        let shape: Shape = lattice.shape(&cells).unwrap();
        assert_eq!(shape.len(), n, "{name}");
        assert!(shape.is_connected(lattice), "{grid} {name}:\n{picture}");
        assert!(
            classes.insert(shape.canonical(lattice, one_sided)),
            "{grid} {name} repeats a class:\n{picture}"
        );
    }
    pieces.len()
}

fn counts(grid: &str, one_sided: bool, max: usize) -> Vec<usize> {
    (1..=max).map(|n| check_set(grid, n, one_sided)).collect()
}

/// Free polyominoes, OEIS A000105.
#[test]
fn free_polyominoes_a000105() {
    assert_eq!(counts("square", false, 8), [1, 1, 2, 5, 12, 35, 108, 369]);
}

/// One-sided polyominoes, OEIS A000988.
#[test]
fn one_sided_polyominoes_a000988() {
    assert_eq!(counts("square", true, 8), [1, 1, 2, 7, 18, 60, 196, 704]);
}

/// Free polyhexes, OEIS A000228.
#[test]
fn free_polyhexes_a000228() {
    assert_eq!(counts("hex", false, 7), [1, 1, 3, 7, 22, 82, 333]);
}

/// One-sided polyhexes, OEIS A006535.
#[test]
fn one_sided_polyhexes_a006535() {
    assert_eq!(counts("hex", true, 7), [1, 1, 3, 10, 33, 147, 620]);
}

/// Free polyiamonds, OEIS A000577.
#[test]
fn free_polyiamonds_a000577() {
    assert_eq!(counts("triangle", false, 8), [1, 1, 1, 3, 4, 12, 24, 66]);
}

/// One-sided polyiamonds, OEIS A006534.
#[test]
fn one_sided_polyiamonds_a006534() {
    assert_eq!(counts("triangle", true, 8), [1, 1, 1, 4, 6, 19, 43, 120]);
}

/// The pictures follow SPEC §8: hexagons in doubled width with spaces between, a
/// triangle row that begins with a ∇ starts with `.`.
#[test]
fn pictures_are_in_the_grids_layout() {
    let hex = generate("hex", 4, false);
    assert!(hex.contains("shape = \"\"\"\nB B B\n B\n\"\"\""), "{hex}");
    let triangle = generate("triangle", 4, false);
    assert!(
        triangle.contains("shape = \"\"\"\n.CCC\n..C\n\"\"\""),
        "{triangle}"
    );
    assert!(
        triangle.starts_with("name = \"tetriamonds\"\n"),
        "{triangle}"
    );
    let one_sided = generate("square", 5, true);
    assert!(one_sided.starts_with("name = \"one-sided-pentominoes\"\n"));
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-pieces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The classes of a piece set's shapes (free or one-sided as its pieces are).
fn classes(set: &polyx::PieceSet) -> BTreeSet<Shape> {
    let lattice = set.grid.lattice();
    set.pieces
        .iter()
        .map(|p| p.shape.canonical(lattice, !p.mirror))
        .collect()
}

/// `-o FILE` writes the same text as stdout; the generated sets read back as the
/// classes of the built-in sets of their grid, and `polyx show` reads them.
#[test]
fn generated_sets_read_back_as_the_built_in_ones() {
    for (grid, n, one_sided, builtin) in [
        ("square", 4, false, "tetrominoes"),
        ("square", 5, false, "pentominoes"),
        ("square", 4, true, "one-sided-tetrominoes"),
        ("square", 5, true, "one-sided-pentominoes"),
        ("hex", 4, false, "tetrahexes"),
        ("hex", 4, true, "one-sided-tetrahexes"),
        ("hex", 5, false, "pentahexes"),
        ("triangle", 5, false, "pentiamonds"),
        ("triangle", 6, false, "hexiamonds"),
        ("triangle", 6, true, "one-sided-hexiamonds"),
        ("triangle", 7, false, "heptiamonds"),
    ] {
        let path = temp(&format!("{builtin}.toml"));
        let mut cmd = polyx();
        cmd.args(["pieces", "--grid", grid, "--size", &n.to_string(), "-o"])
            .arg(&path);
        if one_sided {
            cmd.arg("--one-sided");
        }
        cmd.assert().success().stdout("");
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, generate(grid, n, one_sided));
        let generated = polyx::load_piece_set(path.to_str().unwrap(), None).unwrap();
        let known = polyx::load_piece_set(builtin, None).unwrap();
        assert_eq!(classes(&generated), classes(&known), "{builtin}");
        polyx().arg("show").arg(&path).assert().success();
    }
}

/// Sizes beyond the bound, `--mirror` on a 2D grid and size 0 exit 2 with a message.
#[test]
fn refusals() {
    for (args, needle) in [
        (&["--grid", "square", "--size", "10"][..], "at most 9 cells"),
        (
            &["--grid", "square", "--size", "9", "--one-sided"][..],
            "at most 8 cells",
        ),
        (&["--grid", "hex", "--size", "9"][..], "at most 8 cells"),
        (&["--grid", "triangle", "--size", "12"][..], "at most 11"),
        (
            &["--grid", "hex", "--size", "3", "--mirror"][..],
            "3D grids",
        ),
        (&["--grid", "hex", "--size", "0"][..], "--size"),
        (
            &["--grid", "cube", "--size", "3", "--one-sided"][..],
            "--one-sided is the plane grids' word",
        ),
        (&["--grid", "cube", "--size", "8"][..], "at most 7 cells"),
        (&["--grid", "sphere", "--size", "6"][..], "at most 5 cells"),
        (
            &["--grid", "sphere", "--size", "7", "--mirror"][..],
            "at most 6 cells",
        ),
    ] {
        let out = polyx().arg("pieces").args(args).assert().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(stderr.starts_with("error:"), "{stderr}");
        assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
        assert!(out.get_output().stdout.is_empty());
    }
}

/// The generated hexiamonds are the hand-drawn set of the grid tests as classes, and tile
/// the 6×6 rhombus in the published 156 ways up to symmetry, 624 in all (Goodger,
/// Polyform Puzzler: hexiamonds; the count of `tests/grids.rs`); the generated hex and
/// triangle sets of up to 62 pieces read back with `polyx show`.
#[test]
fn a_generated_hexiamond_set_tiles_the_rhombus() {
    let dir = temp("rhombus");
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("hexiamonds.toml");
    std::fs::write(&set, generate("triangle", 6, false)).unwrap();
    let generated = polyx::load_piece_set(set.to_str().unwrap(), None).unwrap();
    let drawn = crate::data().join("grids/hexiamonds.toml");
    let drawn = polyx::load_piece_set(drawn.to_str().unwrap(), None).unwrap();
    assert_eq!(classes(&generated), classes(&drawn));
    let board = dir.join("rhombus.toml");
    std::fs::write(
        &board,
        "grid = \"triangle\"\npieces = \"hexiamonds.toml\"\nsize = [6, 6]\n",
    )
    .unwrap();
    for (symmetry, expected) in [("reduce", "156\n"), ("keep", "624\n")] {
        polyx()
            .args(["count", "--symmetry", symmetry])
            .arg(&board)
            .assert()
            .success()
            .stdout(expected);
    }
    for (grid, sizes) in [("hex", 1..=5), ("triangle", 1..=7)] {
        for n in sizes {
            let path = dir.join(format!("{grid}-{n}.toml"));
            std::fs::write(&path, generate(grid, n, false)).unwrap();
            polyx().arg("show").arg(&path).assert().success();
            let one_sided = dir.join(format!("{grid}-{n}-one-sided.toml"));
            std::fs::write(&one_sided, generate(grid, n, true)).unwrap();
            polyx().arg("show").arg(&one_sided).assert().success();
        }
    }
}

/// `polyx pieces --grid GRID --size N [--mirror]` on a grid of space, read back: the
/// number of pieces, each an n-cell connected shape of a class of its own (under the
/// moves its piece is allowed), flat ones as a `shape`, the others as `layers`.
fn check_solid_set(grid: &str, n: usize, mirror: bool) -> usize {
    let mut cmd = polyx();
    cmd.args(["pieces", "--grid", grid, "--size", &n.to_string()]);
    if mirror {
        cmd.arg("--mirror");
    }
    let text = String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(table["mirror"].as_bool(), Some(mirror));
    let set = polyx::parse_piece_set("generated.toml", &text).unwrap();
    assert_eq!(set.grid, Grid::from_name(grid).unwrap());
    let lattice = set.grid.lattice();
    let mut seen = BTreeSet::new();
    for (piece, raw) in set.pieces.iter().zip(table["piece"].as_array().unwrap()) {
        assert_eq!(piece.shape.len(), n, "{}", piece.name);
        assert!(piece.shape.is_connected(lattice), "{}", piece.name);
        let flat = piece.shape.depth() == 1;
        assert_eq!(raw.get("shape").is_some(), flat, "{}: {raw:?}", piece.name);
        assert_eq!(
            raw.get("layers").is_some(),
            !flat,
            "{}: {raw:?}",
            piece.name
        );
        assert!(
            seen.insert(piece.shape.canonical(lattice, !piece.mirror)),
            "{} repeats a class",
            piece.name
        );
    }
    set.pieces.len()
}

fn solid_counts(grid: &str, mirror: bool, max: usize) -> Vec<usize> {
    (1..=max)
        .map(|n| check_solid_set(grid, n, mirror))
        .collect()
}

/// Polycubes as physical pieces (rotations only), OEIS A000162.
#[test]
fn polycubes_under_rotations_a000162() {
    assert_eq!(solid_counts("cube", false, 6), [1, 1, 2, 8, 29, 166]);
}

/// Polycubes up to rotation and reflection, OEIS A038119.
#[test]
fn polycubes_up_to_reflection_a038119() {
    assert_eq!(solid_counts("cube", true, 6), [1, 1, 2, 7, 23, 112]);
}

/// Polyspheres of the square-layer packing: the four trispheres are the straight line and
/// the bends at 60°, 90° and 120°, all flat, so a mirror image is a turned-over piece;
/// the larger counts are the generator's own (no published source found), checked here
/// for the sets' consistency.
#[test]
fn polyspheres() {
    assert_eq!(solid_counts("sphere", false, 5), [1, 1, 4, 25, 210]);
    assert_eq!(solid_counts("sphere", true, 5), [1, 1, 4, 20, 131]);
}

/// The generated pentacubes and tetracubes are the built-in sets' classes.
#[test]
fn generated_polycubes_are_the_built_in_sets() {
    for (n, builtin) in [(4, "tetracubes"), (5, "pentacubes")] {
        let text = String::from_utf8(
            polyx()
                .args(["pieces", "--grid", "cube", "--size", &n.to_string()])
                .assert()
                .success()
                .get_output()
                .stdout
                .clone(),
        )
        .unwrap();
        assert!(
            text.starts_with(&format!("name = \"{builtin}\"\n")),
            "{text}"
        );
        let generated = polyx::parse_piece_set("generated.toml", &text).unwrap();
        let known = polyx::load_piece_set(builtin, None).unwrap();
        assert_eq!(classes(&generated), classes(&known), "{builtin}");
    }
}
