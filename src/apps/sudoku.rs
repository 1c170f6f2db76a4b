//! Sudoku of box size b (an n×n grid, n = b², boxes b×b) as exact cover, the classic
//! encoding (TAOCP 7.2.2.1): items `p{r}_{c}` (cell filled), `r{r}_{d}`, `c{c}_{d}` and
//! `x{k}_{d}` (digit d once in row r, column c, box k); one option per candidate
//! `(cell, digit)`. Givens are pre-applied: their cell and unit items are left out, and
//! so are the options they rule out, so the search sees only what remains to be decided.
//! Givens that clash (one symbol twice in a unit) leave an item `clash` with no option.
//!
//! Symbols: `1`-`9` for b <= 3; for b >= 4 `A`, `B`, ... (`A`-`P` for the
//! 16×16 letter form of UVa 1309), then `a`, `b`, ... past `Z`, for b up to 7. `.`,
//! `0` and `-` are empty cells. Reading the text, puzzle by puzzle, is in [`Reader`]
//! ([`parse()`] for a whole text); a solution is printed in the very layout it was read
//! in, spaces and separators included ([`Sudoku::render`]). 9×9 puzzles are solved by a
//! dedicated bitmask solver (`nine.rs`), the other sizes through the cover ([`solve()`]).

#[cfg(test)]
mod agreement;
mod band;
mod board;
mod nine;
mod parse;
mod potentials;
mod solve;
mod target;
#[cfg(test)]
mod target_oracle;
mod weights;

pub use parse::{parse, Buffered, Reader};
pub use solve::{by_cover, solve, Answer};
pub use target::{noip_score, SizeMismatch, Target, TargetAnswer, TargetStats};
pub use weights::{Weights, MAX_WEIGHT};

use crate::cover::{ItemId, OptionId, Problem};
use crate::error::{InputError, Location};

/// The smallest box size understood (4×4 grids).
pub const MIN_BOX: usize = 2;
/// The largest box size understood (49×49 grids).
pub const MAX_BOX: usize = 7;

/// Grids of box size up to this write their symbols as digits (`1`-`9`); larger ones
/// as letters.
const DIGIT_BOX: usize = 3;

const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The capital letters, the first of [`LETTERS`].
const CAPITALS: u8 = 26;

/// The character of digit `d` (1-based) in a grid of box size `b`.
pub(crate) fn symbol(b: usize, d: u8) -> char {
    let k = usize::from(d.max(1) - 1);
    if b <= DIGIT_BOX {
        char::from(b'1' + k as u8)
    } else {
        char::from(LETTERS[k.min(LETTERS.len() - 1)])
    }
}

/// The digit of `c` in a grid of box size `b`: `Some(0)` for an empty cell, `Some(d)` for
/// a symbol, `None` for anything else.
pub(crate) fn value(b: usize, c: char) -> Option<u8> {
    let n = b * b;
    if c == '.' || c == '0' || c == '-' {
        return Some(0);
    }
    let k = if b <= DIGIT_BOX {
        c.to_digit(10).map(|d| d as usize)?
    } else {
        LETTERS.iter().position(|&l| char::from(l) == c)? + 1
    };
    (1..=n).contains(&k).then_some(k as u8)
}

/// The symbols of box size `b` as a range, for messages: `1-9`, `A-P`, `A-Z, a-w`.
pub(crate) fn symbol_range(b: usize) -> String {
    let n = (b * b) as u8;
    if b > DIGIT_BOX && n > CAPITALS {
        format!("A-Z, a-{}", symbol(b, n))
    } else {
        format!("{}-{}", symbol(b, 1), symbol(b, n))
    }
}

/// How a puzzle was written: all its cells on one line, or one line per grid row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// Every cell on one line.
    Line,
    /// One line per row of the grid.
    Grid,
}

/// One puzzle: box size, cells in row-major order (0 empty, else a digit `1..=n`), and
/// the text it was read from, to print the solution in the same layout.
///
/// # Guarantees
/// `MIN_BOX <= box_size <= MAX_BOX`; `cells.len() == n²`; every cell is at most `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    box_size: usize,
    cells: Vec<u8>,
    form: Form,
    /// 1-based line of the input where the puzzle starts.
    line: usize,
    /// The puzzle's lines as given.
    text: Vec<String>,
    /// Where in `text` (line, byte offset) each cell is; empty when the puzzle is one
    /// line whose characters are its cells, in order (the plain one-line form).
    at: Vec<(u32, u32)>,
}

impl Sudoku {
    /// A puzzle from its cells (0 empty), written on one line.
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<Sudoku, InputError> {
        if !(MIN_BOX..=MAX_BOX).contains(&box_size) {
            return Err(InputError::new(format!(
                "box size {box_size} is not supported (use {MIN_BOX} to {MAX_BOX})"
            )));
        }
        let n = box_size * box_size;
        if cells.len() != n * n || cells.iter().any(|&d| usize::from(d) > n) {
            return Err(InputError::new(format!(
                "a {n}×{n} sudoku needs {} cells, each 0 to {n}",
                n * n
            )));
        }
        let line: String = cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { symbol(box_size, d) })
            .collect();
        Ok(Sudoku::plain(box_size, cells, line, 1))
    }

    /// A puzzle written as one line `text` of exactly its cells (`cells`, checked by the
    /// caller), on input line `line`.
    pub(crate) fn plain(box_size: usize, cells: Vec<u8>, text: String, line: usize) -> Sudoku {
        Sudoku {
            box_size,
            cells,
            form: Form::Line,
            line,
            text: vec![text],
            at: Vec::new(),
        }
    }

    /// The box size b (the grid is b² × b²).
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The side n = b² of the grid.
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The cells in row-major order: 0 empty, else a digit `1..=n`.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// How the puzzle was written.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The 1-based input line where the puzzle starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Where the puzzle starts in the input named `path`: its first row, column 1.
    pub fn location(&self, path: &str) -> Location {
        let row = self.at.first().map_or(0, |&(l, _)| l as usize);
        Location {
            path: path.to_string(),
            line: self.line,
            column: 1,
            line_text: self.text.get(row).cloned().unwrap_or_default(),
        }
    }

    /// `cells` (a filled grid) in the layout this puzzle was given in, ending in `\n`.
    pub fn render(&self, cells: &[u8]) -> String {
        let mut out = Vec::new();
        self.render_into(cells, &mut out);
        // Every byte written is ASCII.
        String::from_utf8_lossy(&out).into_owned()
    }

    /// [`Sudoku::render`], appended to `out` as UTF-8 bytes.
    pub fn render_into(&self, cells: &[u8], out: &mut Vec<u8>) {
        let sym = |d: u8| {
            if d == 0 {
                b'.'
            } else if self.box_size <= DIGIT_BOX {
                b'0' + d
            } else {
                symbol(self.box_size, d) as u8
            }
        };
        if self.at.is_empty() {
            out.extend(cells.iter().map(|&d| sym(d)));
            out.push(b'\n');
            return;
        }
        // Every cell's character and every symbol is ASCII (one byte), so a cell is
        // rewritten in place.
        let mut starts = Vec::with_capacity(self.text.len());
        for line in &self.text {
            starts.push(out.len());
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        for (&(l, off), &d) in self.at.iter().zip(cells) {
            out[starts[l as usize] + off as usize] = sym(d);
        }
    }

    /// The numbers of items and options of [`Sudoku::cover`], without building it.
    pub fn cover_size(&self) -> (usize, usize) {
        let (b, n) = (self.box_size, self.side());
        let mut used = [vec![false; n * n], vec![false; n * n], vec![false; n * n]];
        for (k, &d) in self.cells.iter().enumerate() {
            if d != 0 {
                let (r, c, d) = (k / n, k % n, usize::from(d) - 1);
                for (unit, at) in [r, c, (r / b) * b + c / b].into_iter().enumerate() {
                    if std::mem::replace(&mut used[unit][at * n + d], true) {
                        return (1, 0);
                    }
                }
            }
        }
        let open = self.cells.iter().filter(|&&d| d == 0).count();
        let units = used.iter().flatten().filter(|&&u| !u).count();
        let mut options = 0;
        for (k, _) in self.cells.iter().enumerate().filter(|(_, &d)| d == 0) {
            let (r, c) = (k / n, k % n);
            let x = (r / b) * b + c / b;
            options += (0..n)
                .filter(|&d| !used[0][r * n + d] && !used[1][c * n + d] && !used[2][x * n + d])
                .count();
        }
        (open + units, options)
    }

    /// The exact-cover problem of this puzzle, givens pre-applied.
    pub fn cover(&self) -> Cover {
        let (b, n) = (self.box_size, self.side());
        let boxk = |r: usize, c: usize| (r / b) * b + c / b;
        // used[unit][index * n + d - 1]: rows, columns, boxes.
        let mut used = [vec![false; n * n], vec![false; n * n], vec![false; n * n]];
        let mut clash = false;
        for (k, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let (r, c) = (k / n, k % n);
            let d = usize::from(d) - 1;
            for (unit, at) in [r, c, boxk(r, c)].into_iter().enumerate() {
                clash |= std::mem::replace(&mut used[unit][at * n + d], true);
            }
        }
        let mut problem = Problem::new();
        let mut choices = Vec::new();
        if clash {
            problem.add_primary("clash");
            return Cover {
                problem,
                choices,
                clash,
            };
        }
        let mut cell_item = vec![None; n * n];
        for (k, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                cell_item[k] = Some(problem.add_primary(format!("p{}_{}", k / n, k % n)));
            }
        }
        let mut unit_item: [Vec<Option<ItemId>>; 3] = Default::default();
        for (unit, name) in ["r", "c", "x"].into_iter().enumerate() {
            unit_item[unit] = (0..n * n)
                .map(|k| {
                    let sym = symbol(b, (k % n) as u8 + 1);
                    (!used[unit][k]).then(|| problem.add_primary(format!("{name}{}_{sym}", k / n)))
                })
                .collect();
        }
        for (k, item) in cell_item.iter().enumerate() {
            let Some(p) = *item else { continue };
            let (r, c) = (k / n, k % n);
            for d in 0..n {
                let units = [r, c, boxk(r, c)].map(|at| at * n + d);
                let items = [0, 1, 2].map(|u| unit_item[u][units[u]]);
                if let [Some(ri), Some(ci), Some(xi)] = items {
                    // Cannot fail: four distinct items that exist.
                    if problem.add_option(&[p, ri, ci, xi]).is_ok() {
                        choices.push((k as u32, d as u8 + 1));
                    }
                }
            }
        }
        Cover {
            problem,
            choices,
            clash,
        }
    }
}

/// A puzzle's exact-cover problem and the `(cell, digit)` of each option.
#[derive(Clone, Debug)]
pub struct Cover {
    problem: Problem,
    choices: Vec<(u32, u8)>,
    clash: bool,
}

impl Cover {
    /// The exact-cover problem: one option per (cell, digit) the givens allow.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// True if the givens break the rules by themselves (no search can succeed).
    pub fn is_contradictory(&self) -> bool {
        self.clash
    }

    /// The cell (row-major index) and digit of an option.
    pub fn choice(&self, option: OptionId) -> (usize, u8) {
        let (k, d) = self.choices[option.index()];
        (k as usize, d)
    }

    /// `puzzle`'s cells with the digits of `solution` filled in.
    pub fn fill(&self, puzzle: &Sudoku, solution: &[OptionId]) -> Vec<u8> {
        let mut cells = puzzle.cells.clone();
        for &o in solution {
            let (k, d) = self.choice(o);
            cells[k] = d;
        }
        cells
    }
}

/// True if `cells` is a completely and correctly filled grid of box size `b`.
pub fn is_valid_solution(b: usize, cells: &[u8]) -> bool {
    let n = b * b;
    if cells.len() != n * n || cells.iter().any(|&d| d == 0 || usize::from(d) > n) {
        return false;
    }
    let mut seen = vec![false; 3 * n * n];
    for (k, &d) in cells.iter().enumerate() {
        let (r, c) = (k / n, k % n);
        let d = usize::from(d) - 1;
        for (unit, at) in [r, c, (r / b) * b + c / b].into_iter().enumerate() {
            if std::mem::replace(&mut seen[(unit * n + at) * n + d], true) {
                return false;
            }
        }
    }
    true
}

impl Sudoku {
    /// True if `cells` is a completely and correctly filled grid that keeps this
    /// puzzle's givens: the check every printed answer passes. For 9×9 grids a bit check
    /// (one 10-bit mask per row, column and box); other sizes through
    /// [`is_valid_solution`].
    pub fn is_solved_by(&self, cells: &[u8]) -> bool {
        let (Ok(nine), Ok(givens), 3) = (
            <&[u8; 81]>::try_from(cells),
            <&[u8; 81]>::try_from(self.cells.as_slice()),
            self.box_size,
        ) else {
            let kept = cells.len() == self.cells.len()
                && self
                    .cells
                    .iter()
                    .zip(cells)
                    .all(|(&g, &d)| g == 0 || g == d);
            return kept && is_valid_solution(self.box_size, cells);
        };
        const ALL: u32 = 0x3fe;
        // A digit's bit (a lookup: a shift by a variable is slow on the baseline x86-64);
        // 0 and digits past 9 set a bit outside ALL.
        const DIGIT_BITS: [u16; 256] = {
            let mut t = [1 << 15; 256];
            let mut d = 1;
            while d <= 9 {
                t[d] = 1 << d;
                d += 1;
            }
            t
        };
        // One pass over the bytes, without a branch (vectorised by the compiler).
        let lost = givens.iter().zip(nine).fold(0u8, |lost, (&g, &d)| {
            lost | (u8::from(g != 0) & u8::from(g != d))
        });
        // Band by band, the digit sets of the rows, the band's boxes and (across the
        // bands) the columns, in registers: the loops over a row's nine cells unroll.
        let mut columns = [0u32; 9];
        let mut wrong = u32::from(lost != 0);
        for band in nine.chunks_exact(27) {
            let mut boxes = [0u32; 3];
            for row in band.chunks_exact(9) {
                let mut in_row = 0;
                for (c, &d) in row.iter().enumerate() {
                    let bit = u32::from(DIGIT_BITS[usize::from(d)]);
                    in_row |= bit;
                    columns[c] |= bit;
                    boxes[c / 3] |= bit;
                }
                wrong |= in_row ^ ALL;
            }
            wrong |= (boxes[0] ^ ALL) | (boxes[1] ^ ALL) | (boxes[2] ^ ALL);
        }
        columns.iter().fold(wrong, |wrong, &c| wrong | (c ^ ALL)) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_is_checked_against_the_rules_and_the_givens() {
        let puzzle = parse(
            "t",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n",
        )
        .unwrap()
        .remove(0);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let good = solve(&puzzle, 1, &stop).first.unwrap();
        assert!(puzzle.is_solved_by(&good));
        assert!(!puzzle.is_solved_by(&good[..80]));
        // Two digits swapped inside a row: rows stay complete, columns do not.
        let mut bad = good.clone();
        bad.swap(1, 2);
        assert!(!puzzle.is_solved_by(&bad));
        // A given changed everywhere it occurs (a relabelling): valid, but not this puzzle's.
        let relabelled: Vec<u8> = good
            .iter()
            .map(|&d| {
                if d == 1 {
                    2
                } else if d == 2 {
                    1
                } else {
                    d
                }
            })
            .collect();
        assert!(is_valid_solution(3, &relabelled));
        assert!(!puzzle.is_solved_by(&relabelled));
        let mut zero = good.clone();
        zero[5] = 0;
        assert!(!puzzle.is_solved_by(&zero));
        let mut big = good;
        big[5] = 12;
        assert!(!puzzle.is_solved_by(&big));
        let four =
            Sudoku::from_cells(2, vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert!(four.is_solved_by(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]));
        assert!(!four.is_solved_by(&[2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1]));
    }
    use crate::cover::Search;

    #[test]
    fn symbols_round_trip() {
        for b in MIN_BOX..=MAX_BOX {
            for d in 1..=(b * b) as u8 {
                assert_eq!(value(b, symbol(b, d)), Some(d), "b {b} d {d}");
            }
            assert_eq!(value(b, '.'), Some(0));
            assert_eq!(value(b, '0'), Some(0));
            assert_eq!(value(b, '-'), Some(0));
        }
        assert_eq!(value(2, '5'), None);
        assert_eq!(value(4, 'Q'), None);
        assert_eq!(symbol_range(4), "A-P");
        assert_eq!(symbol_range(6), "A-Z, a-j");
    }

    #[test]
    fn givens_that_clash_have_no_solution() {
        let mut cells = vec![0; 16];
        cells[0] = 1;
        cells[3] = 1;
        let cover = Sudoku::from_cells(2, cells).unwrap().cover();
        assert!(cover.is_contradictory());
        assert_eq!(Search::new(cover.problem()).count(), 0);
    }

    #[test]
    fn the_cover_size_is_that_of_the_cover() {
        let text =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n\
                    1.......2......3\n11..............\n";
        for puzzle in parse("t", text).unwrap() {
            let cover = puzzle.cover();
            let p = cover.problem();
            assert_eq!(puzzle.cover_size(), (p.item_count(), p.option_count()));
        }
    }

    #[test]
    fn a_full_grid_has_one_solution() {
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(is_valid_solution(2, &grid));
        let cover = Sudoku::from_cells(2, grid.to_vec()).unwrap().cover();
        assert_eq!(Search::new(cover.problem()).count(), 1);
    }
}
