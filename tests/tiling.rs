//! Known counts through the library: every case of `tests/data/known_counts.toml` in both
//! symmetry modes, with every reported tiling checked to be an exact cover of the board.

use std::ops::ControlFlow;

use polyx::model::{library, Puzzle, Square, Tiling};
use polyx::solve::{Solver, SymmetryMode};

#[derive(serde::Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    name: String,
    board: String,
    keep: u64,
    reduce: u64,
    symmetries: Option<usize>,
    placements: Option<usize>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/known_counts.toml");
    toml::from_str::<Cases>(text).expect("valid test data").case
}

/// Every open cell covered once, nothing else covered, each copy used at most its count.
pub fn assert_exact_cover(puzzle: &Puzzle, t: &Tiling) {
    let board = &puzzle.board;
    let mut seen = std::collections::HashMap::new();
    let mut used = vec![0u32; puzzle.set.pieces.len()];
    for p in &t.placements {
        used[p.piece] += 1;
        for &c in &p.cells {
            assert!(
                seen.insert(c, p.piece).is_none(),
                "cell {c:?} covered twice"
            );
            let sq = board.square(c);
            assert!(
                sq == Square::Open || matches!(sq, Square::Preplaced(_)),
                "cell {c:?} is {sq:?}"
            );
        }
    }
    if board.cover_all_cells {
        for c in board.open_cells() {
            assert!(seen.contains_key(&c), "open cell {c:?} not covered");
        }
    }
    for (k, piece) in puzzle.set.pieces.iter().enumerate() {
        assert!(
            used[k] <= piece.count,
            "piece {} used {} times",
            piece.name,
            used[k]
        );
        if board.use_all_pieces {
            assert_eq!(used[k], piece.count, "piece {} not all used", piece.name);
        }
    }
}

#[test]
fn known_counts_in_both_modes() {
    for case in cases() {
        let (board, set) = library::load_puzzle(&case.board, None)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let puzzle = Puzzle::new(board, set).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        if let Some(rows) = case.placements {
            assert_eq!(puzzle.placements.len(), rows, "{}: placements", case.name);
        }
        for (mode, expected) in [
            (SymmetryMode::Keep, case.keep),
            (SymmetryMode::Reduce, case.reduce),
        ] {
            let solver = Solver::new(puzzle.clone(), mode);
            if let Some(n) = case.symmetries {
                assert_eq!(solver.symmetries(), n, "{}: symmetries", case.name);
            }
            let mut found = 0u64;
            let report = solver.run(None, |t| {
                assert_exact_cover(&solver.puzzle, t);
                found += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(found, expected, "{} ({})", case.name, mode.name());
            assert!(report.complete);
            assert_eq!(
                solver.count().solutions,
                expected,
                "{} count ({})",
                case.name,
                mode.name()
            );
        }
    }
}
