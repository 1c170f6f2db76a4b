//! The shipped library: every built-in parses, the orientation counts of KNOWN_COUNTS.md,
//! the 35 free hexominoes, and name and path resolution.

use std::collections::HashSet;

use super::*;
use crate::geom::Shape;

fn orientation_counts(set: &PieceSet) -> Vec<(String, usize)> {
    set.pieces
        .iter()
        .map(|p| (p.name.clone(), p.orientations(set.lattice()).len()))
        .collect()
}

#[test]
fn every_builtin_parses_and_has_a_description() {
    for (name, _) in piece_sets() {
        let set = load_piece_set(name, None).unwrap();
        assert_eq!(set.name, *name);
        assert!(!set.description.is_empty(), "{name}");
        let colours: HashSet<_> = set.pieces.iter().map(|p| p.color).collect();
        assert_eq!(
            colours.len(),
            set.pieces.len(),
            "{name}: colours not distinct"
        );
        assert!(set.pieces.iter().all(|p| p.color.is_some()), "{name}");
    }
    for (name, _) in boards() {
        let (board, set) = load_puzzle(name, None).unwrap();
        assert_eq!(board.name, *name);
        assert!(!board.description.is_empty(), "{name}");
        let preplaced: usize = board
            .cells()
            .filter(|&c| matches!(board.square(c), super::super::Square::Preplaced(_)))
            .count();
        // A board that lets pieces stay unused (15 of the 16 tetrasticks) has less room.
        if board.use_all_pieces {
            assert_eq!(
                set.area(),
                (board.open_count() + preplaced) as u64,
                "{name}: areas differ"
            );
        }
    }
}

#[test]
fn quick_descriptions_are_the_loaded_ones() {
    for (name, text) in piece_sets() {
        let loaded = load_piece_set(name, None).unwrap().description;
        assert_eq!(quick_description(text), Some(loaded), "{name}");
    }
    for (name, text) in boards() {
        let loaded = load_board(name).unwrap().description;
        assert_eq!(quick_description(text), Some(loaded), "{name}");
    }
    // Not before the first table or picture: the caller loads the file instead.
    assert_eq!(quick_description("[[piece]]\ndescription = \"x\"\n"), None);
    assert_eq!(
        quick_description("shape = \"\"\"\n.\n\"\"\"\ndescription = \"x\""),
        None
    );
    assert_eq!(quick_description("description = 3\n"), None);
    assert_eq!(
        quick_description("name = \"a\"\ndescription = \"b \\\"c\\\"\"\n[[piece]]\n"),
        Some("b \"c\"".to_string())
    );
}

#[test]
fn pentomino_orientations() {
    let set = load_piece_set("pentominoes", None).unwrap();
    let counts = orientation_counts(&set);
    let expected = [
        ("F", 8),
        ("I", 2),
        ("L", 8),
        ("N", 8),
        ("P", 8),
        ("T", 4),
        ("U", 4),
        ("V", 4),
        ("W", 4),
        ("X", 1),
        ("Y", 8),
        ("Z", 4),
    ];
    let expected: Vec<(String, usize)> =
        expected.iter().map(|(n, k)| (n.to_string(), *k)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), 63);
}

#[test]
fn noi2005_orientations() {
    let set = load_piece_set("noi2005", None).unwrap();
    let counts: Vec<usize> = orientation_counts(&set).iter().map(|c| c.1).collect();
    assert_eq!(counts, [4, 2, 8, 1, 4, 8, 4, 8, 8, 1, 4, 8]);
    assert_eq!(counts.iter().sum::<usize>(), 60);
    let names: String = set.pieces.iter().map(|p| p.label).collect();
    assert_eq!(names, "ABCDEFGHIJKL");
    assert_eq!(set.area(), 55);
}

#[test]
fn hexominoes_are_the_35_free_ones() {
    let set = load_piece_set("hexominoes", None).unwrap();
    assert_eq!(set.pieces.len(), 35);
    let classes: HashSet<Shape> = set
        .pieces
        .iter()
        .map(|p| p.shape.canonical(square(), false))
        .collect();
    assert_eq!(classes.len(), 35);
    assert!(set
        .pieces
        .iter()
        .all(|p| p.shape.len() == 6 && p.shape.is_connected(square())));
    // Every hexomino grows from a pentomino: the 35 classes are all of them.
    let pentominoes = load_piece_set("pentominoes", None).unwrap();
    let mut grown = HashSet::new();
    for p in &pentominoes.pieces {
        for &c in p.shape.cells() {
            for n in square().neighbours(c) {
                if !p.shape.contains(n) {
                    let cells = p.shape.cells().iter().copied().chain([n]);
                    grown.insert(Shape::new(cells).unwrap().canonical(square(), false));
                }
            }
        }
    }
    assert_eq!(grown, classes);
}

#[test]
fn one_sided_sets() {
    let set = load_piece_set("one-sided-pentominoes", None).unwrap();
    assert_eq!(set.pieces.len(), 18);
    assert!(set.pieces.iter().all(|p| !p.mirror));
    let classes: HashSet<Shape> = set.pieces.iter().map(|p| p.canonical(square())).collect();
    assert_eq!(classes.len(), 18);
    let total: usize = set
        .pieces
        .iter()
        .map(|p| p.orientations(set.lattice()).len())
        .sum();
    assert_eq!(total, 63);
    let set = load_piece_set("one-sided-tetrominoes", None).unwrap();
    let classes: HashSet<Shape> = set.pieces.iter().map(|p| p.canonical(square())).collect();
    assert_eq!(classes.len(), 7);
    let set = load_piece_set("tetrominoes", None).unwrap();
    let classes: HashSet<Shape> = set.pieces.iter().map(|p| p.canonical(square())).collect();
    assert_eq!(classes.len(), 5);
}

#[test]
fn boards_have_the_expected_shapes() {
    let scott = load_board("scott").unwrap();
    assert_eq!((scott.width, scott.height, scott.open_count()), (8, 8, 60));
    let noi = load_board("noi2005").unwrap();
    assert_eq!((noi.width, noi.height, noi.open_count()), (10, 10, 55));
    let b = load_board("6x10").unwrap();
    assert_eq!(
        (b.width, b.height, b.pieces.as_str()),
        (10, 6, "pentominoes")
    );
    let sample = load_board("noi2005-sample").unwrap();
    assert_eq!(sample.open_count(), 55 - 4 - 5 - 5);
    let at = sample.cell_location(crate::geom::Cell::new(5, 5)).unwrap();
    assert_eq!(at.path, "<builtin>/boards/noi2005-sample.toml");
    assert_eq!(at.line_text, ".....C");
    assert_eq!(at.column, 6);
    let d = load_piece_set("dominoes", None).unwrap();
    assert_eq!(d.copies(), 32);
}

#[test]
fn missing_names_suggest_builtins() {
    let Err(Error::Input(e)) = load_board("6x1O") else {
        panic!("expected an input error")
    };
    assert!(
        e.message.contains("neither a built-in board nor a file"),
        "{e}"
    );
    assert!(e.hint.as_deref().unwrap_or("").contains("`6x10`"), "{e}");
    let Err(Error::Input(e)) = load_piece_set("6x10", None) else {
        panic!("expected an input error")
    };
    assert!(
        e.hint
            .as_deref()
            .unwrap_or("")
            .contains("is a built-in board"),
        "{e}"
    );
    let Err(Error::Input(e)) = load_piece_set("qqqqqqqqqqqqqqq", None) else {
        panic!("expected an input error")
    };
    assert!(
        e.hint.as_deref().unwrap_or("").contains("`pentominoes`"),
        "{e}"
    );
}

#[test]
fn board_files_find_their_pieces_relative_to_themselves() {
    let dir = std::env::temp_dir().join(format!("polyx-library-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("tiny.toml"),
        "[[piece]]\nname = \"D\"\nshape = \"DD\"\ncount = 2\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.toml"),
        "pieces = \"tiny.toml\"\nsize = [2, 2]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("c.toml"),
        "pieces = \"nope.toml\"\nsize = [2, 2]\n",
    )
    .unwrap();
    let board_path = dir.join("b.toml");
    let (board, set) = load_puzzle(board_path.to_str().unwrap(), None).unwrap();
    assert_eq!((board.name.as_str(), set.name.as_str()), ("b", "tiny"));
    let (_, set) = load_puzzle(board_path.to_str().unwrap(), Some("dominoes")).unwrap();
    assert_eq!(set.name, "dominoes");
    let Err(Error::Input(e)) = load_puzzle(dir.join("c.toml").to_str().unwrap(), None) else {
        panic!("expected an input error")
    };
    let loc = e.location.clone().unwrap();
    assert_eq!((loc.line, loc.column), (1, 1));
    assert!(
        e.message
            .contains("neither a built-in piece set nor a file"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stdin_boards_and_missing_pieces() {
    let board = load_board_text("<stdin>", "size = [3, 1]\n").unwrap();
    let Err(Error::Input(e)) = pieces_for(&board, None) else {
        panic!("expected an input error")
    };
    assert!(e.to_string().starts_with("<stdin>:1:1: the board"), "{e}");
}

#[test]
fn noi2005_sample_solution_uses_the_shipped_pieces() {
    // The judge's answer (KNOWN_COUNTS.md): each label's cells are one copy of its piece,
    // and the pre-placed cells of the sample board agree with it.
    let answer = "B\nBK\nBKK\nBJKK\nJJJDD\nGJGDDC\nGGGCCCI\nEEEHHIIA\nELHHHIAAF\nELLLLIFFFF";
    let set = load_piece_set("noi2005", None).unwrap();
    let board = load_board("noi2005-sample").unwrap();
    for p in &set.pieces {
        let cells = answer.lines().enumerate().flat_map(|(y, row)| {
            row.chars()
                .enumerate()
                .filter(move |&(_, c)| c == p.label)
                .map(move |(x, _)| crate::geom::Cell::new(x as i32, y as i32))
        });
        let cells: Vec<_> = cells.collect();
        let shape = Shape::new(cells.iter().copied()).unwrap();
        assert_eq!(
            shape.canonical(square(), false),
            p.canonical(square()),
            "piece {}",
            p.name
        );
        for c in board.cells() {
            if board.square(c) == super::super::Square::Preplaced(p.label) {
                assert!(cells.contains(&c), "piece {} at {c:?}", p.name);
            }
        }
    }
}

fn square() -> &'static dyn crate::geom::Lattice {
    crate::geom::Grid::Square.lattice()
}

/// The hex and triangle sets: each is exactly the free (or one-sided) n-cells of its
/// grid, one piece per class, as the generator grows them.
#[test]
fn polyform_sets_are_every_class_of_their_grid() {
    use crate::geom::{polyforms, Grid};
    let sets = [
        ("pentiamonds", Grid::Triangle, 5, false, 4),
        ("hexiamonds", Grid::Triangle, 6, false, 12),
        ("one-sided-hexiamonds", Grid::Triangle, 6, true, 19),
        ("heptiamonds", Grid::Triangle, 7, false, 24),
        ("tetrahexes", Grid::Hex, 4, false, 7),
        ("one-sided-tetrahexes", Grid::Hex, 4, true, 10),
        ("pentahexes", Grid::Hex, 5, false, 22),
    ];
    for (name, grid, n, one_sided, count) in sets {
        let set = load_piece_set(name, None).unwrap();
        assert_eq!(set.grid, grid, "{name}");
        assert_eq!(set.pieces.len(), count, "{name}");
        assert!(set.pieces.iter().all(|p| p.mirror != one_sided), "{name}");
        let lattice = grid.lattice();
        let mut classes: Vec<Shape> = set
            .pieces
            .iter()
            .map(|p| p.shape.canonical(lattice, one_sided))
            .collect();
        classes.sort();
        assert_eq!(classes, polyforms(lattice, n, one_sided), "{name}");
    }
}

/// Names and labels of the hexiamonds: O'Beirne's names, Goodger's letters; the sphinx
/// and the yacht are the two with four triangles of one direction and two of the other.
#[test]
fn hexiamond_names() {
    let set = load_piece_set("hexiamonds", None).unwrap();
    let labels: String = set.pieces.iter().map(|p| p.label).collect();
    assert_eq!(labels, "IPJEVHSXCGFO");
    let lattice = set.lattice();
    let unbalanced: Vec<&str> = set
        .pieces
        .iter()
        .filter(|p| {
            let up = p
                .shape
                .cells()
                .iter()
                .filter(|c| (c.x + c.y) % 2 == 0)
                .count();
            up != 3
        })
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(unbalanced, ["sphinx", "yacht"]);
    let hexagon = &set.pieces[set.by_name("hexagon").unwrap()];
    assert_eq!(hexagon.orientations(lattice).len(), 1);
    let butterfly = &set.pieces[set.by_name("butterfly").unwrap()];
    assert_eq!(butterfly.orientations(lattice).len(), 3);
    let bar = &set.pieces[set.by_name("bar").unwrap()];
    assert_eq!(bar.orientations(lattice).len(), 6);
}

/// The 3D sets: the tetracubes and pentacubes are every polycube class under rotations
/// (8 and 29, as the generator grows them); Soma is the V tricube and the six tetracubes
/// that are not a box's row or square; Bedlam is twelve distinct pentacubes and one
/// tetracube; the solid pentominoes are the twelve pentominoes one cube thick; the ball
/// sets are the NOI2005 (Kanoodle) and IQ Puzzler Pro pieces, flat, 55 balls each.
#[test]
fn solid_sets_are_their_polycubes_and_balls() {
    use crate::geom::{polyforms, Grid};
    let cube = Grid::Cube.lattice();
    for (name, n, count) in [("tetracubes", 4, 8), ("pentacubes", 5, 29)] {
        let set = load_piece_set(name, None).unwrap();
        assert_eq!((set.grid, set.pieces.len()), (Grid::Cube, count), "{name}");
        assert!(set.pieces.iter().all(|p| !p.mirror), "{name}");
        let mut classes: Vec<Shape> = set.pieces.iter().map(|p| p.canonical(cube)).collect();
        classes.sort();
        assert_eq!(classes, polyforms(cube, n, true), "{name}");
    }
    let soma = load_piece_set("soma", None).unwrap();
    let tetracubes = load_piece_set("tetracubes", None).unwrap();
    let orientations: Vec<usize> = soma
        .pieces
        .iter()
        .map(|p| p.orientations(cube).len())
        .collect();
    // V, L, T, Z, A, B, P under the 24 rotations: 92 in all.
    assert_eq!(orientations, [12, 24, 12, 12, 12, 12, 8]);
    for p in &soma.pieces[1..] {
        assert!(
            tetracubes
                .pieces
                .iter()
                .any(|q| q.canonical(cube) == p.canonical(cube)),
            "{}",
            p.name
        );
    }
    let bedlam = load_piece_set("bedlam", None).unwrap();
    let sizes: Vec<usize> = bedlam.pieces.iter().map(|p| p.shape.len()).collect();
    assert_eq!(sizes.iter().filter(|&&n| n == 5).count(), 12);
    assert_eq!((bedlam.area(), bedlam.pieces.len()), (64, 13));
    let classes: HashSet<Shape> = bedlam.pieces.iter().map(|p| p.canonical(cube)).collect();
    assert_eq!(classes.len(), 13);
    let solid = load_piece_set("solid-pentominoes", None).unwrap();
    let flat = load_piece_set("pentominoes", None).unwrap();
    for (p, q) in solid.pieces.iter().zip(&flat.pieces) {
        assert_eq!((p.shape.depth(), &p.name), (1, &q.name));
        assert_eq!(
            p.shape.canonical(square(), false),
            q.shape.canonical(square(), false)
        );
    }
    let sphere = Grid::Sphere.lattice();
    for name in ["noi2005-balls", "iq-puzzler-pro"] {
        let set = load_piece_set(name, None).unwrap();
        assert_eq!(
            (set.grid, set.area(), set.pieces.len()),
            (Grid::Sphere, 55, 12)
        );
        // Flat pieces of square layers: three planes of the packing, each with the
        // piece's eight (or fewer) flat orientations.
        for p in &set.pieces {
            let planar = p.shape.orientations(square(), false).len();
            assert_eq!(
                p.orientations(sphere).len(),
                3 * planar,
                "{name} {}",
                p.name
            );
        }
    }
    let noi = load_piece_set("noi2005", None).unwrap();
    let balls = load_piece_set("noi2005-balls", None).unwrap();
    for (p, q) in noi.pieces.iter().zip(&balls.pieces) {
        assert_eq!((&p.name, &p.shape), (&q.name, &q.shape));
    }
}

/// The 3D boards: boxes, the 55-ball pyramids and Kanoodle's one-layer tray.
#[test]
fn solid_boards_have_their_shapes() {
    use crate::geom::Grid;
    for (name, grid, size, open) in [
        ("soma-3x3x3", Grid::Cube, (3, 3, 3), 27),
        ("solid-pentominoes-3x4x5", Grid::Cube, (5, 4, 3), 60),
        ("solid-pentominoes-2x5x6", Grid::Cube, (6, 5, 2), 60),
        ("bedlam-4x4x4", Grid::Cube, (4, 4, 4), 64),
        ("tetracubes-2x4x4", Grid::Cube, (4, 4, 2), 32),
        ("noi2005-pyramid", Grid::Sphere, (5, 5, 5), 55),
        ("iq-puzzler-pro-pyramid", Grid::Sphere, (5, 5, 5), 55),
        ("kanoodle", Grid::Sphere, (11, 5, 1), 55),
    ] {
        let b = load_board(name).unwrap();
        assert_eq!(
            (b.grid, (b.width, b.height, b.depth), b.open_count()),
            (grid, size, open),
            "{name}"
        );
    }
}
