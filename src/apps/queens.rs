//! N-Queens as exact cover with secondary items (TAOCP 7.2.2.1, and Knuth's "Dancing
//! Links", section 3): one primary item per rank `r{i}` and per file `c{j}`, one secondary
//! item per diagonal `a{i+j}` and anti-diagonal `b{n-1-i+j}`, one option per square.
//!
//! Ranks and files are listed in Knuth's "organ pipe" order, middle first (for n = 8:
//! r4 c4 r3 c3 r5 c5 r2 c2 ...): X3 breaks ties between items of equal length by taking
//! the first, and the middle ranks and files cut the most diagonals, so the search tree is
//! smaller than with the ranks in natural order. Options are the squares in row-major order.

use crate::cover::{ItemId, OptionId, Problem};
use crate::error::InputError;

/// The largest board built; the number of options grows as n².
pub const MAX_N: u32 = 1024;

/// The exact-cover form of the n×n board, and the square of each option.
///
/// # Guarantees
/// `n >= 1`; option `k` is the square `(row, col) = (k / n, k % n)`.
#[derive(Clone, Debug)]
pub struct Queens {
    n: u32,
    problem: Problem,
}

/// The rank or file indices `0..n` in organ-pipe order: n/2, n/2-1, n/2+1, n/2-2, ...
pub(crate) fn organ_pipe(n: u32) -> Vec<u32> {
    let mid = n / 2;
    (0..n)
        .map(|j| {
            if j % 2 == 0 {
                mid + j / 2
            } else {
                mid - j.div_ceil(2)
            }
        })
        .collect()
}

impl Queens {
    /// Builds the problem for an `n`×`n` board (`1 <= n <= MAX_N`).
    pub fn new(n: u32) -> Result<Queens, InputError> {
        if n == 0 || n > MAX_N {
            return Err(
                InputError::new(format!("cannot place queens on a board of size {n}"))
                    .with_hint(format!("N must be between 1 and {MAX_N}")),
            );
        }
        let size = n as usize;
        let mut problem = Problem::new();
        let mut rank = vec![ItemId(0); size];
        let mut file = vec![ItemId(0); size];
        for i in organ_pipe(n) {
            rank[i as usize] = problem.add_primary(format!("r{i}"));
            file[i as usize] = problem.add_primary(format!("c{i}"));
        }
        let diagonals = 2 * size - 1;
        let a: Vec<ItemId> = (0..diagonals)
            .map(|k| problem.add_secondary(format!("a{k}")))
            .collect();
        let b: Vec<ItemId> = (0..diagonals)
            .map(|k| problem.add_secondary(format!("b{k}")))
            .collect();
        for row in 0..size {
            for col in 0..size {
                let option = [rank[row], file[col], a[row + col], b[size - 1 - row + col]];
                problem
                    .add_option(&option)
                    .map_err(|e| InputError::new(e.to_string()))?;
            }
        }
        Ok(Queens { n, problem })
    }

    /// The side of the board.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The exact-cover problem: ranks and files primary, diagonals secondary.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The square `(row, col)` of an option.
    pub fn square(&self, option: OptionId) -> (u32, u32) {
        (option.0 / self.n, option.0 % self.n)
    }

    /// The board of a solution: `n` lines of `Q` (a queen) and `.`, each ending in `\n`.
    pub fn render(&self, solution: &[OptionId]) -> String {
        let n = self.n as usize;
        let mut board = vec![vec![b'.'; n]; n];
        for &o in solution {
            let (row, col) = self.square(o);
            board[row as usize][col as usize] = b'Q';
        }
        let mut out = String::with_capacity(n * (n + 1));
        for line in board {
            out.extend(line.into_iter().map(char::from));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::Search;

    #[test]
    fn organ_pipe_is_a_permutation_from_the_middle() {
        assert_eq!(organ_pipe(8), [4, 3, 5, 2, 6, 1, 7, 0]);
        assert_eq!(organ_pipe(5), [2, 1, 3, 0, 4]);
        assert_eq!(organ_pipe(1), [0]);
    }

    #[test]
    fn four_queens_first_board() {
        let q = Queens::new(4).unwrap();
        let first = Search::new(q.problem()).first().unwrap();
        let board = q.render(&first);
        assert_eq!(board.matches('Q').count(), 4);
        assert!(board == ".Q..\n...Q\nQ...\n..Q.\n" || board == "..Q.\nQ...\n...Q\n.Q..\n");
    }

    #[test]
    fn zero_is_refused() {
        assert!(Queens::new(0).is_err());
    }
}
