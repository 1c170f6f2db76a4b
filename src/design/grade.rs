//! How hard a challenge is to finish: the [`Difficulty`] measured by a solver that only
//! propagates forced moves, and the [`Level`] named from it.
//!
//! The solver is how a person finishes such a puzzle: while some open cell can be
//! filled by only one placement, or some piece has only one place left, it makes that
//! move (a forced move); when none is left it must guess, and it guesses on the cell or
//! piece with the fewest choices. The measure is the number of guesses (branch nodes)
//! in its whole search tree, which finds the completion and shows that no other exists:
//! 0 for a challenge that forced moves alone finish, more for each point where a person
//! must try alternatives and backtrack. It is a property of the challenge, not of a
//! lucky order: the tree is searched to the end, so the order of the alternatives does
//! not change it.

use crate::model::Puzzle;

/// The most branch nodes measured; a search that needs more reports this many.
pub const MOST_GUESSES: u64 = 1_000_000;

/// What the forced-move solver met on a challenge.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Difficulty {
    /// Branch nodes: states where no move was forced and the solver had to guess.
    pub guesses: u64,
    /// Forced moves made in the whole search.
    pub forced: u64,
    /// Completions found (1 for a challenge; counted up to the guess cap).
    pub solutions: u64,
}

/// A challenge's level, from its number of guesses. The ranges were chosen from the
/// distribution on the NOI2005 triangle (docs/PUZZLE-DESIGN.md): challenges from which
/// no piece can be taken off need 4 to about 550 guesses (median 40); forced moves alone
/// finish most states with 8 or more of the 12 pieces pre-placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// No guess: forced moves alone finish it.
    Starter,
    /// One to nine guesses.
    Junior,
    /// Ten to forty-nine guesses.
    Expert,
    /// Fifty guesses or more.
    Master,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Starter, Level::Junior, Level::Expert, Level::Master];

    /// The guesses of a challenge of this level: a range `lo..=hi`.
    pub fn guesses(self) -> (u64, u64) {
        match self {
            Level::Starter => (0, 0),
            Level::Junior => (1, 9),
            Level::Expert => (10, 49),
            Level::Master => (50, u64::MAX),
        }
    }

    /// The level of a challenge that needs `guesses` guesses.
    pub fn of(guesses: u64) -> Level {
        (Level::ALL.into_iter())
            .find(|l| guesses <= l.guesses().1)
            .unwrap_or(Level::Master)
    }

    /// The level's name on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Level::Starter => "starter",
            Level::Junior => "junior",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Measures `puzzle` (every piece placed, every open cell covered, as challenges are)
/// with the forced-move solver.
pub fn grade(puzzle: &Puzzle) -> Difficulty {
    let mut state = State::new(puzzle);
    let mut d = Difficulty::default();
    state.search(&mut d);
    d
}

/// The forced-move solver's state: which placements are still possible, and how many
/// of them cover each open cell and place each piece.
struct State {
    /// Each placement's open cells (indices into the puzzle's open cells) and piece.
    cells: Vec<Vec<usize>>,
    piece: Vec<usize>,
    by_cell: Vec<Vec<usize>>,
    by_piece: Vec<Vec<usize>>,
    alive: Vec<bool>,
    cell_choices: Vec<u32>,
    piece_choices: Vec<u32>,
    covered: Vec<bool>,
    /// Copies of each piece still to place.
    left: Vec<u32>,
    /// Placements taken out, in order, to put back on backtracking.
    trail: Vec<usize>,
}

/// What the state is at, between moves.
enum Next {
    Solved,
    Dead,
    /// A forced move: the placement.
    Forced(usize),
    /// A guess among these placements.
    Guess(Vec<usize>),
}

impl State {
    fn new(puzzle: &Puzzle) -> State {
        let width = puzzle.board.width;
        let frame = (width * puzzle.board.height).max(0) as usize;
        let mut open_index = vec![usize::MAX; frame];
        for (i, c) in puzzle.open.iter().enumerate() {
            open_index[(c.y * width + c.x) as usize] = i;
        }
        let cells: Vec<Vec<usize>> = (puzzle.placements.iter())
            .map(|p| {
                (p.cells.iter())
                    .map(|c| open_index[(c.y * width + c.x) as usize])
                    .collect()
            })
            .collect();
        let piece: Vec<usize> = puzzle.placements.iter().map(|p| p.piece).collect();
        let mut by_cell = vec![Vec::new(); puzzle.open.len()];
        let mut by_piece = vec![Vec::new(); puzzle.set.pieces.len()];
        for (k, cs) in cells.iter().enumerate() {
            for &c in cs {
                by_cell[c].push(k);
            }
            by_piece[piece[k]].push(k);
        }
        State {
            cell_choices: by_cell.iter().map(|v| v.len() as u32).collect(),
            piece_choices: by_piece.iter().map(|v| v.len() as u32).collect(),
            alive: vec![true; cells.len()],
            covered: vec![false; puzzle.open.len()],
            left: puzzle.remaining.clone(),
            trail: Vec::new(),
            cells,
            piece,
            by_cell,
            by_piece,
        }
    }

    /// Searches the whole tree below the current state, counting into `d`.
    fn search(&mut self, d: &mut Difficulty) {
        let mark = self.trail.len();
        let mut made = Vec::new();
        loop {
            match self.next() {
                Next::Solved => {
                    d.solutions += 1;
                    break;
                }
                Next::Dead => break,
                Next::Forced(k) => {
                    d.forced += 1;
                    self.place(k);
                    made.push(k);
                }
                Next::Guess(choices) => {
                    d.guesses += 1;
                    for k in choices {
                        if d.guesses >= MOST_GUESSES {
                            break;
                        }
                        let inner = self.trail.len();
                        self.place(k);
                        self.search(d);
                        self.unplace(k);
                        self.undo(inner);
                    }
                    break;
                }
            }
        }
        for &k in made.iter().rev() {
            self.unplace(k);
        }
        self.undo(mark);
    }

    /// The solved or dead state, a forced move, or the fewest choices to guess among.
    fn next(&self) -> Next {
        let mut best: Option<(u32, bool, usize)> = None;
        for (c, &n) in self.cell_choices.iter().enumerate() {
            if self.covered[c] {
                continue;
            }
            if n == 0 {
                return Next::Dead;
            }
            if n == 1 {
                return self.first_alive(&self.by_cell[c]);
            }
            if best.is_none_or(|(m, _, _)| n < m) {
                best = Some((n, true, c));
            }
        }
        for (k, &n) in self.piece_choices.iter().enumerate() {
            if self.left[k] == 0 {
                continue;
            }
            if n < self.left[k] {
                return Next::Dead;
            }
            if n == self.left[k] {
                return self.first_alive(&self.by_piece[k]);
            }
            if best.is_none_or(|(m, _, _)| n < m) {
                best = Some((n, false, k));
            }
        }
        let Some((_, is_cell, i)) = best else {
            return Next::Solved;
        };
        let list = if is_cell {
            &self.by_cell[i]
        } else {
            &self.by_piece[i]
        };
        Next::Guess(list.iter().copied().filter(|&k| self.alive[k]).collect())
    }

    /// The forced move: the first placement of `list` still possible.
    fn first_alive(&self, list: &[usize]) -> Next {
        match list.iter().find(|&&k| self.alive[k]) {
            Some(&k) => Next::Forced(k),
            None => Next::Dead,
        }
    }

    /// Takes placement `k` out of the choices.
    fn kill(&mut self, k: usize) {
        self.alive[k] = false;
        for &c in &self.cells[k] {
            self.cell_choices[c] -= 1;
        }
        self.piece_choices[self.piece[k]] -= 1;
        self.trail.push(k);
    }

    /// Puts back the placements taken out since the trail was `mark` long.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let k = self.trail.pop().expect("longer than mark");
            self.alive[k] = true;
            for &c in &self.cells[k] {
                self.cell_choices[c] += 1;
            }
            self.piece_choices[self.piece[k]] += 1;
        }
    }

    /// Makes placement `k`: covers its cells and takes out what it excludes (itself, the
    /// placements meeting its cells, and its piece's when no copy is left).
    fn place(&mut self, k: usize) {
        let piece = self.piece[k];
        self.left[piece] -= 1;
        for i in 0..self.cells[k].len() {
            let c = self.cells[k][i];
            self.covered[c] = true;
            for j in 0..self.by_cell[c].len() {
                let q = self.by_cell[c][j];
                if self.alive[q] {
                    self.kill(q);
                }
            }
        }
        if self.left[piece] == 0 {
            for j in 0..self.by_piece[piece].len() {
                let q = self.by_piece[piece][j];
                if self.alive[q] {
                    self.kill(q);
                }
            }
        }
    }

    /// Takes back placement `k`'s cover (its exclusions are undone by the trail).
    fn unplace(&mut self, k: usize) {
        self.left[self.piece[k]] += 1;
        for &c in &self.cells[k] {
            self.covered[c] = false;
        }
    }
}
