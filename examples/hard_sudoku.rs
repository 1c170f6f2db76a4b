//! Generates hard 9×9 Sudoku puzzles for the benchmarks, reproducibly from a seed.
//!
//! Each puzzle starts as a random complete grid: a few random givens, solved, then
//! relabelled and shuffled by the grid's symmetries (digits, rows inside a band, bands,
//! columns inside a stack, stacks). Givens are then removed in a random order as long as
//! the puzzle keeps exactly one solution, which leaves a minimal puzzle. Most minimal
//! puzzles need little search; a puzzle is kept only if proving it unique takes the
//! generic exact-cover engine (Algorithm X, one node a choice, forced ones included) at
//! least `MIN_NODES` nodes. About one minimal puzzle in 500 takes 500 or more (6 of
//! 3,000 sampled).
//!
//! ```text
//! cargo run --release --example hard_sudoku -- [COUNT] [SEED] [MIN_NODES]
//! ```
//!
//! prints COUNT puzzles (default 1000, seed 1, 500 nodes), one a line, `.` for an empty
//! cell; `benches/data/sudoku/README.md` names the command behind each committed set.

use std::sync::atomic::AtomicBool;

use polyx::apps::sudoku::{by_cover, solve, Sudoku};

/// SplitMix64: small, fast, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

static NEVER: AtomicBool = AtomicBool::new(false);

fn puzzle(cells: &[u8]) -> Sudoku {
    Sudoku::from_cells(3, cells.to_vec()).expect("81 cells of 0..=9")
}

/// A random complete grid.
fn complete_grid(rng: &mut Rng) -> Vec<u8> {
    loop {
        let mut cells = vec![0u8; 81];
        for _ in 0..11 {
            cells[rng.below(81)] = rng.below(9) as u8 + 1;
        }
        let answer = solve(&puzzle(&cells), 1, &NEVER);
        let Some(grid) = answer.first else { continue };
        // The grid's symmetries keep it a solution: digits, rows inside a band, bands,
        // columns inside a stack, stacks.
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        let order = |rng: &mut Rng| {
            let mut outer = [0, 1, 2];
            rng.shuffle(&mut outer);
            let mut all = Vec::with_capacity(9);
            for o in outer {
                let mut inner = [0, 1, 2];
                rng.shuffle(&mut inner);
                all.extend(inner.map(|i| 3 * o + i));
            }
            all
        };
        let (rows, columns) = (order(rng), order(rng));
        let mut out = vec![0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                out[9 * r + c] = digits[usize::from(grid[9 * rows[r] + columns[c]]) - 1];
            }
        }
        return out;
    }
}

/// Removes givens of `grid` in a random order while the puzzle stays unique.
fn minimal_puzzle(rng: &mut Rng, grid: &[u8]) -> Vec<u8> {
    let mut cells = grid.to_vec();
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for p in order {
        let digit = cells[p];
        cells[p] = 0;
        if solve(&puzzle(&cells), 2, &NEVER).solutions != 1 {
            cells[p] = digit;
        }
    }
    cells
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("COUNT, SEED and MIN_NODES are whole numbers")
        })
        .collect();
    let count = args.first().copied().unwrap_or(1000);
    let mut rng = Rng(args.get(1).copied().unwrap_or(1));
    let min_nodes = args.get(2).copied().unwrap_or(500);
    let mut kept = 0;
    while kept < count {
        let grid = complete_grid(&mut rng);
        let cells = minimal_puzzle(&mut rng, &grid);
        // Hardness by the generic exact-cover engine (Algorithm X, the item with the
        // fewest options first), not by the 9×9 solver: a set picked by one solver's
        // search would be picked against that solver's heuristics.
        if by_cover(&puzzle(&cells), 2, &NEVER).stats.nodes >= min_nodes {
            let line: String = cells
                .iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect();
            println!("{line}");
            kept += 1;
        }
    }
}
