//! Known counts through the library: every case of `tests/data/known_counts.toml` in both
//! symmetry modes, with every reported tiling checked to be an exact cover of the board.

use std::ops::ControlFlow;

use polyx::{load_puzzle, Engine, Puzzle, Solver, SymmetryMode};

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
                        assert_eq!(solver.puzzle().verify(t), Ok(()));
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
