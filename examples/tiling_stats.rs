//! Prints, for the benchmark puzzles, the count, the search-tree nodes and the time of
//! the solver with each engine (or only the bitboard one for the slow DLX cases):
//! `cargo run --release --example tiling_stats [reps]`. Nodes do not depend on the
//! machine; times do.

use std::time::Instant;

use polyx::model::{load_puzzle, Puzzle};
use polyx::solve::{Engine, Solver, SymmetryMode};

/// The built-in board `name` with its piece set.
fn builtin(name: &str) -> Puzzle {
    let (board, pieces) = load_puzzle(name, None).expect("a built-in board");
    Puzzle::new(board, pieces).expect("a valid puzzle")
}

fn main() {
    if std::env::var_os("POLYX_SWEEP").is_some() {
        return sweep();
    }
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

/// The raw bitboard engine under each numbering and region cap (`POLYX_SWEEP=1`).
#[allow(dead_code)]
fn sweep() {
    use polyx::bitboard::{BitSearch, Tuning};
    use polyx::symmetry::Reduction;
    for (name, puzzle) in [
        ("6x10", builtin("6x10")),
        ("5x12", builtin("5x12")),
        ("4x15", builtin("4x15")),
        ("3x20", builtin("3x20")),
        ("scott", builtin("scott")),
        ("8x8+sq", builtin("8x8-square")),
        ("dom8x8", builtin("dominoes-8x8")),
    ] {
        if std::env::var("ONLY").is_ok_and(|o| o != name) {
            continue;
        }
        let allowed = Reduction::new(&puzzle).allowed;
        for (order, region_cap, fronts, piece_depth, window) in sweep_settings() {
            {
                let tuning = Tuning {
                    order,
                    region_cap,
                    fronts,
                    piece_depth,
                    window,
                    good_enough: std::env::var("GOOD").map_or(6, |g| g.parse().unwrap()),
                    beside: std::env::var("BESIDE").map_or(0, |g| g.parse().unwrap()),
                    root_piece: 64,
                    memo_bits: std::env::var("MEMO").map_or(0, |g| g.parse().unwrap()),
                    memo_after: std::env::var("MEMO_AFTER").map_or(0, |g| g.parse().unwrap()),
                    look_ahead: std::env::var_os("NO_LOOK").is_none(),
                    tails: std::env::var("TAILS").map_or(5, |g| g.parse().unwrap()),
                    unlisted: None,
                };
                let reps: u32 = std::env::var("REPS").map_or(1, |r| r.parse().unwrap());
                let mut best = f64::MAX;
                let (mut n, mut s) = (0, None);
                for _ in 0..reps {
                    let t = Instant::now();
                    let mut search = BitSearch::with_tuning(&puzzle, &allowed, tuning).unwrap();
                    n = search.count();
                    best = best.min(t.elapsed().as_secs_f64());
                    s = Some(search);
                }
                let s = s.unwrap();
                println!(
                    "{name:8} {tuning:?}: {n} sols {} nodes {:.4} s",
                    s.stats().nodes,
                    best
                );
            }
        }
    }
}

fn sweep_settings() -> Vec<(polyx::bitboard::Order, u32, u8, u32, u32)> {
    use polyx::bitboard::Order::*;
    let env = |k: &str| std::env::var(k).ok();
    let orders = match env("ORDERS").as_deref() {
        Some("row") => vec![RowMajor],
        Some("both") => vec![ColumnMajor, RowMajor],
        _ => vec![ColumnMajor],
    };
    let list = |k: &str, d: &str| -> Vec<u32> {
        env(k)
            .unwrap_or(d.into())
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect()
    };
    let mut out = Vec::new();
    for o in orders {
        for c in list("CAPS", "6") {
            for f in list("FRONTS", "1,255") {
                for d in list("DEPTHS", "0,4") {
                    for w in list("WINDOWS", "4") {
                        out.push((o, c, f as u8, d, w));
                    }
                }
            }
        }
    }
    out
}
