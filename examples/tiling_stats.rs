//! Prints, for the benchmark puzzles, the count, the search-tree nodes and the time of
//! the solver with each engine (or only the bitboard one for the slow DLX cases):
//! `cargo run --release --example tiling_stats [reps]`. Nodes do not depend on the
//! machine; times do.

use std::time::Instant;

use polyx::{load_puzzle, Engine, Puzzle, Solver, SymmetryMode};

/// The built-in board `name` with its piece set.
fn builtin(name: &str) -> Puzzle {
    let (board, pieces) = load_puzzle(name, None).expect("a built-in board");
    Puzzle::new(board, pieces).expect("a valid puzzle")
}

fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let cases: Vec<(&str, Puzzle, SymmetryMode, bool)> = vec![
        ("6x10 keep", builtin("6x10"), SymmetryMode::Keep, true),
        ("6x10 reduce", builtin("6x10"), SymmetryMode::Reduce, true),
        ("scott keep", builtin("scott"), SymmetryMode::Keep, true),
        (
            "8x8+square keep",
            builtin("8x8-square"),
            SymmetryMode::Keep,
            false,
        ),
        (
            "dominoes 8x8 keep",
            builtin("dominoes-8x8"),
            SymmetryMode::Keep,
            false,
        ),
    ];
    for (name, puzzle, mode, dlx) in cases {
        let engines: &[Engine] = if dlx {
            &[Engine::Bitboard, Engine::Dlx]
        } else {
            &[Engine::Bitboard]
        };
        for &engine in engines {
            let mut best = f64::MAX;
            let mut last = None;
            for _ in 0..reps {
                let t = Instant::now();
                let mut solver = Solver::new(puzzle.clone(), mode);
                solver.use_engine(engine);
                let r = solver.count();
                best = best.min(t.elapsed().as_secs_f64());
                last = Some(r);
            }
            let r = last.unwrap();
            println!(
                "{name:20} {engine:?}: {} solutions, {} nodes, best {:.4} s",
                r.solutions, r.stats.nodes, best
            );
        }
    }
}
