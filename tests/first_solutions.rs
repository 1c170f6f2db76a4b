//! The first-solution corpus (`tests/data/first/`): boards of 100 to 300 cells, several
//! copies of each piece, mixed piece sizes, holes. Each puzzle's first solution in the
//! default mode is an exact cover of its board, found within a node bound (a stalled
//! search fails here, not by a timeout), and within twice the nodes of keep mode plus a
//! small constant.

use std::ops::ControlFlow;

use polyx::{load_puzzle, Puzzle, Solver, SymmetryMode};

/// Each board of the corpus and a bound on the nodes to its first solution (about ten
/// times what it takes with the default seed).
const CORPUS: [(&str, u64); 6] = [
    ("b12x10.toml", 100_000),
    ("b20x6.toml", 100_000),
    ("b11x11-hole.toml", 100_000),
    ("b12x10-mix.toml", 400_000),
    ("b15x15-holes.toml", 100_000),
    ("b17x17-centre.toml", 100_000),
];

/// Nodes to the first solution of `board` in `mode`, its tiling checked.
fn first(board: &str, mode: SymmetryMode) -> u64 {
    let path = crate::data().join("first").join(board);
    let (board, set) = load_puzzle(path.to_str().unwrap(), None).unwrap();
    let cells = board.open_cells().count();
    assert!((100..=300).contains(&cells), "{cells} cells");
    let solver = Solver::new(Puzzle::new(board, set).unwrap(), mode);
    let mut found = 0;
    let report = solver.run(Some(1), |t| {
        solver.puzzle().verify(t).unwrap();
        found += 1;
        ControlFlow::Continue(())
    });
    assert_eq!((found, report.solutions.to_u64()), (1, Some(1)));
    report.stats.nodes
}

#[test]
fn every_corpus_puzzle_has_a_first_solution_within_its_node_bound() {
    for (board, bound) in CORPUS {
        let nodes = first(board, SymmetryMode::Reduce);
        assert!(nodes <= bound, "{board}: {nodes} nodes");
    }
}

#[test]
fn the_default_mode_finds_a_first_solution_about_as_fast_as_keep_mode() {
    for (board, _) in CORPUS {
        let reduce = first(board, SymmetryMode::Reduce);
        let keep = first(board, SymmetryMode::Keep);
        assert!(
            reduce <= 2 * keep + 1000,
            "{board}: {reduce} against {keep}"
        );
    }
}

fn polyx() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("polyx").unwrap()
}

#[test]
fn queens_64_places_64_non_attacking_queens_and_the_seed_decides_which() {
    let board = |seed: &str| {
        let out = polyx()
            .args(["queens", "64", "--seed", seed])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let text = board("1");
    let queens: Vec<(i64, i64)> = (text.lines().enumerate())
        .flat_map(|(r, line)| {
            (line.bytes().enumerate())
                .filter(|&(_, b)| b == b'Q')
                .map(move |(c, _)| (r as i64, c as i64))
        })
        .collect();
    assert_eq!(queens.len(), 64);
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            let attacks = a.0 == b.0 || a.1 == b.1 || (a.0 - b.0).abs() == (a.1 - b.1).abs();
            assert!(!attacks, "{a:?} {b:?}");
        }
    }
    assert_eq!(board("1"), text);
}

#[test]
fn solve_with_a_seed_prints_the_same_solutions_every_time() {
    let board = crate::data().join("first").join("b12x10-mix.toml");
    let run = || {
        let out = polyx()
            .arg("solve")
            .arg(&board)
            .args(["-n", "3", "--seed", "7"])
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    let first = run();
    assert_eq!(String::from_utf8_lossy(&first).matches("\n\n").count(), 2);
    assert_eq!(run(), first);
}
