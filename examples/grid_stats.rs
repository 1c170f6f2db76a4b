//! The hex and triangle benchmark puzzles, built in code: their counts, search-tree
//! nodes and link updates on each engine, and their exact-cover matrices in Knuth's DLX
//! format for the C yardstick (`scripts/bench-grids.sh` runs both under hyperfine).
//!
//! `cargo run --release --example grid_stats` prints every case on both engines;
//! `grid_stats CASE count [dlx]` counts one case once (bitboard, or DLX) and prints the
//! count, nodes and updates; `grid_stats CASE matrix` writes its matrix to stdout.
//! Nodes and updates do not depend on the machine; times do.

use std::time::Instant;

use polyx::{polyforms, Board, Engine, Grid, Piece, PieceSet, Puzzle, Solver, SymmetryMode};

/// Every free (or one-sided) `n`-cell polyform of `grid`, one copy each.
fn pieces(grid: Grid, n: usize, one_sided: bool) -> PieceSet {
    let labels = ('A'..='Z').chain('a'..='z').chain('0'..='9');
    let pieces = (polyforms(grid.lattice(), n, one_sided)
        .into_iter()
        .zip(labels))
    .map(|(shape, label)| Piece {
        name: label.to_string(),
        label,
        shape,
        count: 1,
        min: 1,
        mirror: !one_sided,
        color: None,
    })
    .collect();
    PieceSet {
        name: format!("{}-{n}", grid.name()),
        description: String::new(),
        grid,
        pieces,
    }
}

/// The `w` by `h` parallelogram of `grid`.
fn parallelogram(grid: Grid, w: i32, h: i32) -> Board {
    Board::of_cells("parallelogram", grid, &grid.lattice().parallelogram(w, h))
}

/// The cases: name, puzzle.
fn cases() -> Vec<(&'static str, Puzzle)> {
    let puzzle = |b: Board, s: PieceSet| Puzzle::new(b, s).expect("a valid puzzle");
    vec![
        (
            "hexiamonds-6x6",
            puzzle(
                parallelogram(Grid::Triangle, 6, 6),
                pieces(Grid::Triangle, 6, false),
            ),
        ),
        (
            "hexiamonds-4x9",
            puzzle(
                parallelogram(Grid::Triangle, 9, 4),
                pieces(Grid::Triangle, 6, false),
            ),
        ),
        (
            "tetrahexes-one-sided-4x10",
            puzzle(parallelogram(Grid::Hex, 10, 4), pieces(Grid::Hex, 4, true)),
        ),
    ]
}

fn count(puzzle: &Puzzle, engine: Engine) -> (polyx::Report, f64) {
    let t = Instant::now();
    let mut solver = Solver::new(puzzle.clone(), SymmetryMode::Keep);
    assert!(solver.use_engine(engine), "{engine:?} applies");
    let r = solver.count();
    (r, t.elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = cases();
    if let [name, what, rest @ ..] = &args[..] {
        let (_, puzzle) = (all.iter()).find(|(n, _)| n == name).expect("a case name");
        if what == "matrix" {
            print!("{}", polyx::cover::knuth::write(&puzzle.problem()));
        } else {
            let engine = if rest.first().map(String::as_str) == Some("dlx") {
                Engine::Dlx
            } else {
                Engine::Bitboard
            };
            let (r, _) = count(puzzle, engine);
            println!(
                "{} solutions, {} nodes, {} updates",
                r.solutions, r.stats.nodes, r.stats.updates
            );
        }
        return;
    }
    for (name, puzzle) in &all {
        for engine in [Engine::Bitboard, Engine::Dlx] {
            let (r, secs) = count(puzzle, engine);
            println!(
                "{name:28} {engine:?}: {} solutions, {} nodes, {} updates, {secs:.4} s",
                r.solutions, r.stats.nodes, r.stats.updates
            );
        }
    }
}
