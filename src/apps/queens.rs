//! N-Queens as exact cover with secondary items (TAOCP 7.2.2.1, and Knuth's "Dancing
//! Links", section 3): one primary item per rank `r{i}` and per file `c{j}`, one secondary
//! item per diagonal `a{i+j}` and anti-diagonal `b{n-1-i+j}`, one option per square.
//!
//! Ranks and files are listed in Knuth's "organ pipe" order, middle first (for n = 8:
//! r4 c4 r3 c3 r5 c5 r2 c2 ...): X3 breaks ties between items of equal length by taking
//! the first, and the middle ranks and files cut the most diagonals, so the search tree is
//! smaller than with the ranks in natural order. Options are the squares in row-major order.
//!
//! For large boards that order can stall a search for the first placement (n = 64 takes
//! billions of nodes): [`Queens::shuffled`] lists ranks, files and squares in a seeded
//! random order instead, so that restarts ([`first_placement`]) break the ties of
//! Knuth's minimum-remaining-values rule differently each time.

use std::ops::ControlFlow;

use crate::cover::{ItemId, OptionId, Outcome, Problem, Search, Stats, Visit, Visitor};
use crate::error::InputError;
use crate::solve::restart::{budgets, Rng};

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
    /// Per option, its square `row * n + col`; empty when option `k` is square `k`.
    squares: Vec<u32>,
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
        check(n)?;
        let lines = organ_pipe(n);
        let squares: Vec<u32> = (0..n * n).collect();
        Ok(Queens::build(n, &lines, &lines, &squares, Vec::new()))
    }

    /// The same problem with its ranks, files and squares listed in an order drawn from
    /// `rng` (`1 <= n <= MAX_N`).
    pub fn shuffled(n: u32, rng: &mut Rng) -> Result<Queens, InputError> {
        check(n)?;
        let mut ranks = organ_pipe(n);
        let mut files = organ_pipe(n);
        rng.shuffle(&mut ranks);
        rng.shuffle(&mut files);
        let mut squares: Vec<u32> = (0..n * n).collect();
        rng.shuffle(&mut squares);
        Ok(Queens::build(n, &ranks, &files, &squares, squares.clone()))
    }

    /// The problem with its rank and file items in the orders given (interleaved) and
    /// its options the `order` squares.
    fn build(n: u32, ranks: &[u32], files: &[u32], order: &[u32], squares: Vec<u32>) -> Queens {
        let size = n as usize;
        let mut problem = Problem::new();
        let mut rank = vec![ItemId(0); size];
        let mut file = vec![ItemId(0); size];
        for (&i, &j) in ranks.iter().zip(files) {
            rank[i as usize] = problem.add_primary(format!("r{i}"));
            file[j as usize] = problem.add_primary(format!("c{j}"));
        }
        let diagonals = 2 * size - 1;
        let a: Vec<ItemId> = (0..diagonals)
            .map(|k| problem.add_secondary(format!("a{k}")))
            .collect();
        let b: Vec<ItemId> = (0..diagonals)
            .map(|k| problem.add_secondary(format!("b{k}")))
            .collect();
        for &square in order {
            let (row, col) = ((square / n) as usize, (square % n) as usize);
            let option = [rank[row], file[col], a[row + col], b[size - 1 - row + col]];
            problem
                .add_option(&option)
                .expect("a square names four distinct items");
        }
        Queens {
            n,
            problem,
            squares,
        }
    }

    /// The number of items of the problem for an `n`×`n` board: `n` ranks, `n` files
    /// and `2n - 1` diagonals each way.
    pub fn items(n: u32) -> usize {
        6 * n as usize - 2
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
        let k = self
            .squares
            .get(option.0 as usize)
            .copied()
            .unwrap_or(option.0);
        (k / self.n, k % self.n)
    }

    /// The board of a solution: `n` lines of `Q` (a queen) and `.`, each ending in `\n`.
    pub fn render(&self, solution: &[OptionId]) -> String {
        let squares: Vec<(u32, u32)> = solution.iter().map(|&o| self.square(o)).collect();
        render(self.n, &squares)
    }
}

/// The `n`×`n` board with queens on `squares` (`(row, col)`): `n` lines of `Q` and `.`,
/// each ending in `\n`.
pub fn render(n: u32, squares: &[(u32, u32)]) -> String {
    let n = n as usize;
    let mut board = vec![vec![b'.'; n]; n];
    for &(row, col) in squares {
        board[row as usize][col as usize] = b'Q';
    }
    let mut out = String::with_capacity(n * (n + 1));
    for line in board {
        out.extend(line.into_iter().map(char::from));
        out.push('\n');
    }
    out
}

/// Refuses a board size out of `1..=MAX_N`.
fn check(n: u32) -> Result<(), InputError> {
    if n == 0 || n > MAX_N {
        return Err(
            InputError::new(format!("cannot place queens on a board of size {n}"))
                .with_hint(format!("N must be between 1 and {MAX_N}")),
        );
    }
    Ok(())
}

/// The squares `(row, col)` of the queens of a placement.
pub type Placement = Vec<(u32, u32)>;

/// The node budget of the shortest attempt of [`first_placement`].
const RESTART_UNIT: u64 = 1 << 12;

/// The squares `(row, col)` of a first placement of `n` queens (`None`: there is none),
/// and the counters of every attempt: first on [`Queens::new`]'s problem, then, each
/// time an attempt spends its node budget (`RESTART_UNIT` times the Luby sequence),
/// on a problem shuffled by the generator of `seed`. An attempt that searches its whole
/// tree settles the answer. About every thousand nodes, `tick` sees the nodes searched
/// so far and Knuth's estimate of the share of the current attempt's tree done, and may
/// stop the search (then `None`).
pub fn first_placement(
    n: u32,
    seed: u64,
    tick: &mut dyn FnMut(u64, f64) -> ControlFlow<()>,
) -> Result<(Option<Placement>, Stats), InputError> {
    let mut rng = Rng::new(seed);
    let mut total = Stats::default();
    for (attempt, budget) in budgets(RESTART_UNIT).enumerate() {
        let queens = if attempt == 0 {
            Queens::new(n)?
        } else {
            Queens::shuffled(n, &mut rng)?
        };
        let mut search = Search::new(queens.problem());
        search.set_tick_interval(10);
        let mut attempt = Attempt {
            budget,
            before: total.nodes,
            tick,
            found: None,
            stopped: false,
        };
        let outcome = search.run(&mut attempt);
        total += search.stats();
        if let Some(options) = attempt.found {
            let squares = options.into_iter().map(|o| queens.square(o)).collect();
            return Ok((Some(squares), total));
        }
        if attempt.stopped || matches!(outcome, Outcome::Complete) {
            return Ok((None, total));
        }
    }
    unreachable!("the budgets never end")
}

/// One attempt of [`first_placement`]: stops at its first solution or once its budget
/// is spent.
struct Attempt<'t> {
    budget: u64,
    before: u64,
    tick: &'t mut dyn FnMut(u64, f64) -> ControlFlow<()>,
    found: Option<Vec<OptionId>>,
    stopped: bool,
}

impl Visitor for Attempt<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.found = Some(visit.options());
        ControlFlow::Break(())
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        let nodes = visit.stats().nodes;
        if (self.tick)(self.before + nodes, visit.progress(0)).is_break() {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        if nodes >= self.budget {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
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

    /// No two queens share a rank, a file or a diagonal, and there are `n`.
    fn non_attacking(n: u32, squares: &[(u32, u32)]) -> bool {
        let all = |f: &dyn Fn(&(u32, u32)) -> i64| {
            let mut v: Vec<i64> = squares.iter().map(f).collect();
            v.sort_unstable();
            v.dedup();
            v.len() == n as usize
        };
        squares.len() == n as usize
            && all(&|&(r, _)| r.into())
            && all(&|&(_, c)| c.into())
            && all(&|&(r, c)| i64::from(r) + i64::from(c))
            && all(&|&(r, c)| i64::from(r) - i64::from(c))
    }

    #[test]
    fn first_placements_are_non_attacking_and_reproducible() {
        for n in [1, 4, 8, 30, 64, 100] {
            let (found, stats) =
                first_placement(n, 1, &mut |_, _| ControlFlow::Continue(())).unwrap();
            let squares = found.expect("n >= 4 has a placement");
            assert!(non_attacking(n, &squares), "{n}");
            // A bound on nodes, not on time: n = 64 stalls without restarts.
            assert!(stats.nodes < 2_000_000, "{n}: {} nodes", stats.nodes);
            let again = first_placement(n, 1, &mut |_, _| ControlFlow::Continue(())).unwrap();
            assert_eq!(again.0, Some(squares));
        }
        for n in [2, 3] {
            let (found, _) = first_placement(n, 1, &mut |_, _| ControlFlow::Continue(())).unwrap();
            assert_eq!(found, None, "{n}");
        }
    }

    #[test]
    fn a_shuffled_problem_has_the_same_solutions() {
        let mut rng = Rng::new(9);
        let q = Queens::shuffled(6, &mut rng).unwrap();
        assert_eq!(Search::new(q.problem()).count(), 4);
        let first = Search::new(q.problem()).first().unwrap();
        let squares: Vec<_> = first.iter().map(|&o| q.square(o)).collect();
        assert!(non_attacking(6, &squares));
    }

    #[test]
    fn the_item_count_is_known_without_building() {
        for n in [1, 5, 12] {
            assert_eq!(
                Queens::new(n).unwrap().problem().item_count(),
                Queens::items(n)
            );
        }
    }

    #[test]
    fn zero_is_refused() {
        assert!(Queens::new(0).is_err());
    }
}
