//! Known counts through the library: every case of `tests/data/known_counts.toml` in both
//! symmetry modes, with every reported tiling checked to be an exact cover of the board.

use std::ops::ControlFlow;

use polyx::{load_puzzle, Engine, Puzzle, Solver, Square, SymmetryMode, Tiling};

#[derive(serde::Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    name: String,
    board: String,
    keep: u64,
    reduce: Option<u64>,
    symmetries: Option<usize>,
    placements: Option<usize>,
    /// Check every reported tiling (default); false for the big cases, which are
    /// counted only.
    #[serde(default = "yes")]
    verify: bool,
}

fn yes() -> bool {
    true
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/known_counts.toml");
    toml::from_str::<Cases>(text).expect("valid test data").case
}

/// Every open cell covered once, nothing else covered, each copy used at most its count.
fn assert_exact_cover(puzzle: &Puzzle, t: &Tiling) {
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
        let (board, set) =
            load_puzzle(&case.board, None).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let puzzle = Puzzle::new(board, set).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        if let Some(rows) = case.placements {
            assert_eq!(puzzle.placements.len(), rows, "{}: placements", case.name);
        }
        let modes = [
            (SymmetryMode::Keep, Some(case.keep)),
            (SymmetryMode::Reduce, case.reduce),
        ];
        for (mode, expected) in modes {
            let Some(expected) = expected else { continue };
            for engine in [Engine::Bitboard, Engine::Dlx] {
                let mut solver = Solver::new(puzzle.clone(), mode);
                if !solver.use_engine(engine) {
                    continue;
                }
                let what = format!("{} ({}, {engine:?})", case.name, mode.name());
                if let Some(n) = case.symmetries {
                    assert_eq!(solver.symmetries(), n, "{what}: symmetries");
                }
                if case.verify {
                    let mut found = 0u64;
                    let report = solver.run(None, |t| {
                        assert_exact_cover(solver.puzzle(), t);
                        found += 1;
                        ControlFlow::Continue(())
                    });
                    assert_eq!(found, expected, "{what}");
                    assert!(report.complete);
                }
                assert_eq!(solver.count().solutions, expected, "{what} count");
            }
        }
    }
}
