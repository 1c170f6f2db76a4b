//! The dedicated 9×9 solver. The grid is 27 words, band-major (word `9k + d`): for each
//! band k (three rows) and digit d, the 27 cells of the band where the digit can still
//! go, its placed cells included; and, per band, the cells not yet placed. Constraint
//! propagation runs to a fixed point on these bitmasks:
//!
//! - a digit's band is restricted by the row → box permutation argument of
//!   `band::restrict` (empty units, box hidden singles, locked candidates);
//! - the cells alone in their row for a digit are placed, all of a band at once: the
//!   other digits leave the cells and the digit leaves their columns in the other two
//!   bands;
//! - when that is done: naked singles (a cell with one digit left) restrict the digit's
//!   row to that cell, which the steps above then place; and, digit by digit, the same
//!   permutation argument down the stacks (`band::stack_columns`: bands → columns) and
//!   hidden singles of columns.
//!
//! When nothing more follows, [`choose`] checks the three digits of every segment (the
//! three cells of a row, or of a column, inside a box) along the rows and down the
//! columns, then the search branches on one digit's permutation (row → box in a band, or
//! band → column in a stack) in the band or stack with the fewest undecided digits,
//! copying the 174-byte grid for each branch.

use std::sync::atomic::{AtomicBool, Ordering};

use super::band;

/// A word index: digit `d` (0..9) in band `k` (0..3) is word `9k + d`.
const WORDS: usize = 27;

/// The search checks the stop flag every this many nodes (a power of two).
const STOP_CHECK: u64 = 1 << 10;

/// The state of a grid under propagation.
#[derive(Clone, Copy)]
struct Grid {
    /// Per digit and band: the cells where the digit is, or can still be.
    cand: [u32; WORDS],
    /// Per band: the cells whose digit is not yet placed.
    unsolved: [u32; 3],
    /// Per word, as its last update left it: its row segments (every change to a word
    /// queues its update, so at a fixed point they are the word's).
    segments: [u16; WORDS],
}

/// Counters of one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NineStats {
    /// Search-tree nodes: the root and one per guess.
    pub nodes: u64,
    /// Band restrictions computed.
    pub updates: u64,
}

/// The result of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NineOutcome {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// The first solution found, row-major digits `1..=9`.
    pub first: Option<[u8; 81]>,
    /// True if the stop flag ended the search before it was done.
    pub stopped: bool,
    /// Counters.
    pub stats: NineStats,
}

/// Solves the 9×9 puzzle `cells` (row-major, 0 empty, else `1..=9`): counts its
/// solutions up to `limit` and keeps the first. `stop` is polled now and then; once set,
/// the search ends with `stopped`.
pub fn solve(cells: &[u8; 81], limit: u64, stop: &AtomicBool) -> NineOutcome {
    let mut search = Search {
        limit,
        stop,
        outcome: NineOutcome {
            solutions: 0,
            first: None,
            stopped: false,
            stats: NineStats::default(),
        },
    };
    if limit > 0 {
        if let Some((mut grid, todo)) = start(cells) {
            search.node(&mut grid, todo);
        }
    }
    search.outcome
}

/// The grid with the givens placed, before propagation, and the words that changed; `None`
/// if two givens of a digit share a row, or a column in two bands, or if a given is out
/// of range. Two in one box (of one band) are left to the first update: the digit then
/// has no permutation in that band (a test per word here costs 1% of a 17-clue puzzle).
///
/// Each given's cell is closed to the other digits, and its row and column (all three
/// bands) to its digit; its box is left to the first update. The updates of the root
/// then find no given left to place: 13 fewer updates a puzzle, and 1.5 to 6% fewer
/// instructions, than placing them through the band restriction's row singles.
fn start(cells: &[u8; 81]) -> Option<(Grid, u32)> {
    // givens[k][d]: the cells of band k given digit d (0: the empty ones), without a
    // branch per cell.
    let mut givens = [[0u32; 10]; 3];
    for (k, givens) in givens.iter_mut().enumerate() {
        for p in 0..27 {
            let d = cells[27 * k + p];
            if d > 9 {
                return None;
            }
            givens[usize::from(d)] |= 1 << p;
        }
    }
    let unsolved = [givens[0][0], givens[1][0], givens[2][0]];
    let mut grid = Grid {
        cand: [band::FULL; WORDS],
        unsolved,
        segments: [0x1ff; WORDS],
    };
    let mut todo = 0;
    let mut twice = 0;
    // Branch-free over the digits (a digit with no given loses only the given cells).
    for d in 0..9 {
        let given = [givens[0][d + 1], givens[1][d + 1], givens[2][d + 1]];
        let columns = [
            band::columns(given[0]),
            band::columns(given[1]),
            band::columns(given[2]),
        ];
        twice |= shared(columns);
        let in_columns = band::spread(columns[0] | columns[1] | columns[2]);
        for k in 0..3 {
            twice |= band::twice_in_a_row(given[k]);
            let taken = (band::FULL & !unsolved[k]) | in_columns | band::rows(given[k]);
            let w = 9 * k + d;
            grid.cand[w] = band::FULL & !(taken & !given[k]);
            todo |= u32::from(grid.cand[w] != band::FULL) << w;
        }
    }
    (twice == 0).then_some((grid, todo))
}

/// The bits set in two or more of three sets.
fn shared(sets: [u32; 3]) -> u32 {
    (sets[0] & sets[1]) | (sets[0] & sets[2]) | (sets[1] & sets[2])
}

impl Grid {
    /// Word `w` loses the cells `gone`: the word's bit for the queue if that changed it,
    /// else 0.
    #[inline]
    fn remove(&mut self, w: usize, gone: u32) -> u32 {
        let changed = u32::from(self.cand[w] & gone != 0) << w;
        self.cand[w] &= !gone;
        changed
    }
}

struct Search<'a> {
    limit: u64,
    stop: &'a AtomicBool,
    outcome: NineOutcome,
}

impl Search<'_> {
    /// One node: propagates `grid` (its own copy) from the words in `todo`, then records
    /// a solution or guesses.
    fn node(&mut self, grid: &mut Grid, todo: u32) {
        let stats = &mut self.outcome.stats;
        stats.nodes += 1;
        if stats.nodes % STOP_CHECK == 0 && self.stop.load(Ordering::Relaxed) {
            self.outcome.stopped = true;
        }
        let mut todo = todo;
        let mut branches = loop {
            if self.outcome.stopped || !settle(grid, todo, &mut self.outcome.stats.updates) {
                return;
            }
            if grid.unsolved == [0; 3] {
                self.outcome.solutions += 1;
                if self.outcome.first.is_none() {
                    self.outcome.first = Some(digits(grid));
                }
                return;
            }
            match choose(grid) {
                Choice::Branch(branches) => break branches,
                Choice::Settle(words) => todo = words,
                Choice::Dead => return,
            }
        };
        loop {
            let mut branch = *grid;
            let Some(todo) = branches.take(&mut branch) else {
                break;
            };
            self.node(&mut branch, todo);
            if self.outcome.solutions >= self.limit || self.outcome.stopped {
                return;
            }
        }
    }
}

/// Propagates until nothing more follows; false on a contradiction.
fn settle(grid: &mut Grid, mut todo: u32, updates: &mut u64) -> bool {
    // The words changed since the column scan last looked: it reads only the digits
    // whose words changed, as nothing else can have anything new to say.
    let mut for_columns = 0u32;
    loop {
        let mut count = 0;
        while todo != 0 {
            // The queue goes in rounds: this round's words are fixed when it starts, and
            // what their updates change queues for the next. The next word to update does
            // not wait on the lookups of the one before (a queue popped one word at a
            // time does: 9 to 13% of the time on the hard sets), and a word changed
            // before its turn in the round is updated once.
            let mut round = todo;
            todo = 0;
            for_columns |= round;
            while round != 0 {
                let w = round.trailing_zeros() as usize;
                round &= round - 1;
                todo &= !(1 << w);
                count += 1;
                if !update(grid, w, &mut todo) {
                    *updates += count;
                    return false;
                }
            }
        }
        *updates += count;
        if !naked_singles(grid, &mut todo) {
            return false;
        }
        if todo != 0 {
            continue;
        }
        if !column_singles(grid, for_columns, &mut todo) {
            return false;
        }
        for_columns = 0;
        if todo == 0 {
            return true;
        }
    }
}

/// Restricts word `w` by the band argument and places the cells alone in their row.
#[inline]
fn update(grid: &mut Grid, w: usize, todo: &mut u32) -> bool {
    let band::Restricted {
        cells,
        segments,
        singles,
    } = band::restrict(grid.cand[w]);
    if cells == 0 {
        return false;
    }
    grid.cand[w] = cells;
    grid.segments[w] = segments;
    let (d, k) = (w % 9, w / 9);
    let placed = singles & grid.unsolved[k];
    if placed != 0 {
        place(grid, d, k, placed, todo);
    }
    true
}

/// Digit `d` is at the cells `placed` of band `k` (at most one a row): the other
/// digits leave these cells, and `d` leaves their columns in the other bands.
#[inline]
fn place(grid: &mut Grid, d: usize, k: usize, placed: u32, todo: &mut u32) {
    grid.unsolved[k] &= !placed;
    // Branch-free: every digit leaves the cells and `d` leaves the whole columns, then
    // `d` gets the cells back. Its own word loses nothing else (the band restriction
    // already kept the other rows out of the cells' boxes) and is being updated: no
    // need to queue it.
    let own = 9 * k + d;
    // Not `Grid::remove` word by word: the bits of the band's nine words are gathered at
    // bit e and shifted once, which lets the compiler do the nine as vectors (with a
    // shift by each word's index, 18% more instructions and 2 to 7% more time).
    let mut changed = 0;
    for e in 0..9 {
        let w = 9 * k + e;
        changed |= u32::from(grid.cand[w] & placed != 0) << e;
        grid.cand[w] &= !placed;
    }
    *todo |= changed << (9 * k);
    let columns = band::spread(band::columns(placed));
    let mut changed = 0;
    for other in 0..3 {
        let w = 9 * other + d;
        changed |= u32::from(grid.cand[w] & columns != 0) << (9 * other);
        grid.cand[w] &= !columns;
    }
    *todo |= changed << d;
    grid.cand[own] |= placed;
    *todo &= !(1 << own);
}

/// Cells with one digit left take it; false if a cell has none, or if two cells of a
/// row are left with the same one digit.
fn naked_singles(grid: &mut Grid, todo: &mut u32) -> bool {
    // All three bands without a branch (cheaper than a mispredicted test of which bands
    // changed): the open cells left with no digit, and those left with one.
    let mut dead = 0;
    let mut singles = [0u32; 3];
    for (k, singles) in singles.iter_mut().enumerate() {
        let (mut once, mut twice) = (0, 0);
        for d in 0..9 {
            let cells = grid.cand[9 * k + d];
            twice |= once & cells;
            once |= cells;
        }
        let open = grid.unsolved[k];
        dead |= open & !once;
        *singles = open & !twice;
    }
    if dead != 0 {
        return false;
    }
    for (k, &singles) in singles.iter().enumerate() {
        if singles == 0 {
            continue;
        }
        // Branch-free over the digits: each takes its single cells' rows.
        let mut clash = 0;
        let mut taken = 0;
        for d in 0..9 {
            let w = 9 * k + d;
            let mine = grid.cand[w] & singles;
            clash |= band::twice_in_a_row(mine);
            grid.cand[w] &= !band::rest_of_rows(mine);
            taken |= u32::from(mine != 0) << d;
        }
        if clash != 0 {
            return false;
        }
        *todo |= taken << (9 * k);
    }
    true
}

/// A digit with one open cell left in a column goes there; false if a column has no
/// cell left for a digit.
fn column_singles(grid: &mut Grid, changed: u32, todo: &mut u32) -> bool {
    let mut digits = (changed | changed >> 9 | changed >> 18) & 0x1ff;
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let words = [grid.cand[d], grid.cand[9 + d], grid.cand[18 + d]];
        let open = (words[0] & grid.unsolved[0])
            | (words[1] & grid.unsolved[1])
            | (words[2] & grid.unsolved[2]);
        if open == 0 {
            // Placed in all nine rows.
            continue;
        }
        let cols = [
            band::columns(words[0]),
            band::columns(words[1]),
            band::columns(words[2]),
        ];
        if cols[0] | cols[1] | cols[2] != band::ROW {
            return false;
        }
        let kept = band::stack_columns(cols);
        for k in 0..3 {
            // Branch-free: a band that keeps all its columns loses nothing.
            let w = 9 * k + d;
            grid.cand[w] &= band::spread(kept[k]);
            *todo |= u32::from(cols[k] & !kept[k] != 0) << w;
        }
        let in_one_band = (cols[0] ^ cols[1] ^ cols[2]) & !(cols[0] & cols[1] & cols[2]);
        if in_one_band == 0 {
            continue;
        }
        for (k, &cells) in words.iter().enumerate() {
            let lone = in_one_band & cols[k] & band::columns_with_one_cell(cells);
            let mut found = cells & band::spread(lone) & grid.unsolved[k];
            while found != 0 {
                let p = found.trailing_zeros();
                found &= found - 1;
                let w = 9 * k + d;
                grid.cand[w] &= !band::row_others(p);
                *todo |= 1 << w;
            }
        }
    }
    true
}

/// What [`choose`] found.
enum Choice {
    /// The branches to take.
    Branch(Branch),
    /// The segments' digits ruled out cells: propagate from these words, then choose.
    Settle(u32),
    /// A segment cannot be filled.
    Dead,
}

/// What the search branches on.
enum Branch {
    /// Cell `p` of band `k` and its digits (bit d).
    Cell(usize, u32, u32),
    /// The permutations row → box (bit p) left to word `w`'s digit in its band.
    Rows(usize, u32),
    /// The permutations band → column (bit p, band k to column `PERMUTATION_SEGMENTS[p]
    /// >> 3k & 7` of the stack) left to digit `d` in stack `s`: `Stack(d, s, perms)`.
    Stack(usize, usize, u32),
}

impl Branch {
    /// Takes the next branch in `grid`: returns the words it changed, or `None` when
    /// there is none left.
    fn take(&mut self, grid: &mut Grid) -> Option<u32> {
        match self {
            Branch::Cell(_, _, 0) | Branch::Rows(_, 0) | Branch::Stack(_, _, 0) => None,
            Branch::Cell(k, p, digits) => {
                let d = digits.trailing_zeros() as usize;
                *digits &= *digits - 1;
                let w = 9 * *k + d;
                grid.cand[w] &= !band::row_others(*p);
                Some(1 << w)
            }
            Branch::Rows(w, perms) => {
                let p = perms.trailing_zeros() as usize;
                *perms &= *perms - 1;
                grid.cand[*w] &= band::segment_cells(band::PERMUTATION_SEGMENTS[p]);
                Some(1 << *w)
            }
            Branch::Stack(d, s, perms) => {
                let p = perms.trailing_zeros() as usize;
                *perms &= *perms - 1;
                let segments = band::PERMUTATION_SEGMENTS[p];
                let mut todo = 0;
                for k in 0..3 {
                    // The stack's columns other than band k's.
                    let gone = band::spread((!(segments >> (3 * k)) & 7) << (3 * *s));
                    todo |= grid.remove(9 * k + *d, gone);
                }
                Some(todo)
            }
        }
    }
}

/// The branch: in the band or stack with the fewest undecided digits (those with two
/// permutations or more left: row → box in a band, band → column in a stack), then the
/// fewest permutations in all, the digit with the fewest of its own (two, nearly
/// always); if every digit's permutation is known everywhere, a cell with the fewest
/// digits.
///
/// Branching on a digit's whole permutation decides three cells' rows (or columns) at
/// once; on the hard sets it takes about half the nodes of branching on a cell with two
/// digits. Putting the undecided digits first takes 4 to 18% fewer nodes than the
/// permutations alone on magictour's lists and the forum's 48,765 hardest, 2% more on
/// its 375 of 2011 and 3 to 10% more on the generated sets. Before it chooses, the
/// segments' digits ([`segment_digits`]) are checked along the rows and down the
/// columns.
fn choose(grid: &mut Grid) -> Choice {
    let (rows, open_rows) = row_sets(grid);
    let Some(along) = segment_digits(&rows, open_rows) else {
        return Choice::Dead;
    };
    if let Some(lost) = along.losses(&rows) {
        let todo = remove_row_segments(grid, &lost);
        if todo != 0 {
            return Choice::Settle(todo);
        }
    }
    let (stacks, open_columns) = stack_sets(grid);
    let Some(down) = segment_digits(&stacks, open_columns) else {
        return Choice::Dead;
    };
    if let Some(lost) = down.losses(&stacks) {
        let todo = remove_column_segments(grid, &lost);
        if todo != 0 {
            return Choice::Settle(todo);
        }
    }
    // The unit (bands 0..3, then stacks 3..6) with the fewest undecided digits, then the
    // fewest permutations in all (the sum of their weights), without a branch per digit
    // or unit: a unit with none weighs 0, whose key (weight - 1 wraps) is above any
    // other's; ties go to the first.
    let mut totals = [0u32; 6];
    for d in 0..9 {
        for i in 0..3 {
            totals[i] += band::branch_weight(band::unit(rows[d], i));
            totals[3 + i] += band::branch_weight(band::unit(stacks[d], i));
        }
    }
    let mut best = u32::MAX;
    for (unit, &total) in totals.iter().enumerate() {
        best = best.min(total.wrapping_sub(1) << 3 | unit as u32);
    }
    let unit = (best & 7) as usize;
    if totals[unit] == 0 {
        // Every digit's permutation is known in every band and stack.
        let (k, p, digits) = guess(grid);
        return Choice::Branch(Branch::Cell(k, p, digits));
    }
    // Its digit with the fewest permutations, two or more (the same keys).
    let (sets, i) = if unit < 3 {
        (&rows, unit)
    } else {
        (&stacks, unit - 3)
    };
    let mut pick = u32::MAX;
    for (d, &set) in sets.iter().enumerate() {
        let weight = band::branch_weight(band::unit(set, i));
        pick = pick.min(weight.wrapping_sub(1) << 4 | d as u32);
    }
    let d = (pick & 15) as usize;
    let perms = band::permutations(band::unit(sets[d], i));
    Choice::Branch(if unit < 3 {
        Branch::Rows(9 * i + d, perms)
    } else {
        Branch::Stack(d, i, perms)
    })
}

/// Per digit, its row segments in the three bands side by side (bits 9k..9k + 9), as
/// the words' last updates left them; and the segments with an open cell.
#[inline]
fn row_sets(grid: &Grid) -> ([u32; 9], u32) {
    // Loops, not `from_fn`: it costs here, at every node.
    let mut rows = [0u32; 9];
    for (d, set) in rows.iter_mut().enumerate() {
        *set = band::side_by_side([
            u32::from(grid.segments[d]),
            u32::from(grid.segments[9 + d]),
            u32::from(grid.segments[18 + d]),
        ]);
    }
    let open = grid.unsolved;
    let open_rows = band::side_by_side([
        band::segments(open[0]),
        band::segments(open[1]),
        band::segments(open[2]),
    ]);
    (rows, open_rows)
}

/// Per digit, its column segments in the three stacks side by side (bit 9s + 3k + j:
/// band k, the stack's column j); and the segments with an open cell.
#[inline]
fn stack_sets(grid: &Grid) -> ([u32; 9], u32) {
    let mut stacks = [0u32; 9];
    for (d, set) in stacks.iter_mut().enumerate() {
        *set = band::column_segments([grid.cand[d], grid.cand[9 + d], grid.cand[18 + d]]);
    }
    (stacks, band::column_segments(grid.unsolved))
}

/// What [`segment_digits`] found, side by side for the three bands (or stacks).
struct SegmentDigits {
    /// The open segments that exactly three digits can take: each of them is there.
    open_to_three: u32,
    /// The open segments that three digits must take (each its only one in that row of
    /// the band, or that band of the stack): the other digits are not there.
    held_by_three: u32,
    /// Per digit, the segments it must take.
    held: [u32; 9],
}

impl SegmentDigits {
    /// Per digit, the segments it loses (side by side, out of `sets[d]`), if any digit
    /// loses one: a digit that must take a segment open to three digits leaves the
    /// others of that segment's row and box (column and box, down a stack), and a
    /// segment that three digits hold is closed to the others. Read on the segment sets
    /// alone: most fixed points have segments open to three that change nothing.
    fn losses(&self, sets: &[u32; 9]) -> Option<[u32; 9]> {
        if self.open_to_three | self.held_by_three == 0 {
            return None;
        }
        let mut lost = [0; 9];
        let mut any = 0;
        for ((lost, &set), &mine) in lost.iter_mut().zip(sets).zip(&self.held) {
            let gone =
                band::segments_ruled_out(set & self.open_to_three) | (self.held_by_three & !mine);
            *lost = set & gone;
            any |= *lost;
        }
        (any != 0).then_some(lost)
    }
}

/// The three cells of a segment (a row's, or a column's, three cells inside one box)
/// hold three different digits. Given each digit's segments (`sets[d]`, three units side
/// by side) and the segments with an open cell (`open`): `None` if a segment can take
/// fewer than three digits, or must take more than three.
///
/// Branching on permutations needs this: without it, a band whose digits all have their
/// permutations could crowd four digits into one segment and go on searching below.
fn segment_digits(sets: &[u32; 9], open: u32) -> Option<SegmentDigits> {
    let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
    let (mut held_once, mut held_twice, mut held_thrice, mut held_more) = (0, 0, 0, 0);
    let mut held = [0; 9];
    for d in 0..9 {
        let set = sets[d];
        four |= three & set;
        three |= two & set;
        two |= one & set;
        one |= set;
        let lone = band::lone_segments_of(set);
        held[d] = lone;
        held_more |= held_thrice & lone;
        held_thrice |= held_twice & lone;
        held_twice |= held_once & lone;
        held_once |= lone;
    }
    (three == band::FULL && held_more == 0).then_some(SegmentDigits {
        open_to_three: three & !four & open,
        held_by_three: held_thrice & open,
        held,
    })
}

/// Each digit's words lose the cells of its row segments `lost[d]` (the three bands
/// side by side); the words that changed.
fn remove_row_segments(grid: &mut Grid, lost: &[u32; 9]) -> u32 {
    let mut todo = 0;
    for (d, &lost) in lost.iter().enumerate() {
        for k in 0..3 {
            todo |= grid.remove(9 * k + d, band::segment_cells(band::unit(lost, k)));
        }
    }
    todo
}

/// Each digit's words lose the cells of its column segments `lost[d]` (the three stacks
/// side by side); the words that changed.
fn remove_column_segments(grid: &mut Grid, lost: &[u32; 9]) -> u32 {
    let mut todo = 0;
    for (d, &lost) in lost.iter().enumerate() {
        // Stack by stack (bit 9s + 3k + j), then band by band (bit 9k + column).
        let columns = band::transpose(lost);
        for k in 0..3 {
            todo |= grid.remove(9 * k + d, band::spread(band::unit(columns, k)));
        }
    }
    todo
}

/// The band, cell and digits (bit d) of an open cell with the fewest digits left.
fn guess(grid: &Grid) -> (usize, u32, u32) {
    for k in 0..3 {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for d in 0..9 {
            let cells = grid.cand[9 * k + d] & grid.unsolved[k];
            thrice |= twice & cells;
            twice |= once & cells;
            once |= cells;
        }
        let pairs = twice & !thrice;
        if pairs != 0 {
            let p = pairs.trailing_zeros();
            return (k, p, digits_at(grid, k, p));
        }
    }
    let mut best = (0, 0, 0, u32::MAX);
    for k in 0..3 {
        let mut open = grid.unsolved[k];
        while open != 0 {
            let p = open.trailing_zeros();
            open &= open - 1;
            let choices = digits_at(grid, k, p);
            if choices.count_ones() < best.3 {
                best = (k, p, choices, choices.count_ones());
            }
        }
    }
    (best.0, best.1, best.2)
}

/// The digits (bit d for digit d + 1) still possible at cell `p` of band `k`.
fn digits_at(grid: &Grid, k: usize, p: u32) -> u32 {
    (0..9)
        .filter(|&d| grid.cand[9 * k + d] & (1 << p) != 0)
        .fold(0, |acc, d| acc | 1 << d)
}

/// The digits of a solved grid, row-major.
///
/// In a solved grid each word holds one cell a row; it is found without a loop (a row
/// left empty would write column 8, and the check of the answer would refuse it).
fn digits(grid: &Grid) -> [u8; 81] {
    let mut out = [0; 81];
    for (k, band) in out.chunks_exact_mut(27).enumerate() {
        for (r, row) in band.chunks_exact_mut(9).enumerate() {
            for d in 0..9 {
                let cells = (grid.cand[9 * k + d] >> (9 * r)) & band::ROW;
                row[(cells.trailing_zeros() as usize).min(8)] = d as u8 + 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apps::sudoku::is_valid_solution;

    fn cells(text: &str) -> [u8; 81] {
        let mut out = [0; 81];
        for (o, c) in out.iter_mut().zip(text.chars()) {
            *o = c.to_digit(10).unwrap_or(0) as u8;
        }
        out
    }

    static NEVER: AtomicBool = AtomicBool::new(false);

    #[test]
    fn hard_puzzles_have_one_verified_solution() {
        for text in [
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
        ] {
            let puzzle = cells(text);
            let out = solve(&puzzle, 2, &NEVER);
            assert_eq!(out.solutions, 1, "{text}");
            let first = out.first.unwrap();
            assert!(is_valid_solution(3, &first));
            assert!(puzzle.iter().zip(&first).all(|(&g, &s)| g == 0 || g == s));
        }
    }

    #[test]
    fn the_generated_hard_set_has_one_verified_solution_each() {
        // benches/data/sudoku/generated-hard.txt: minimal puzzles with one solution
        // (examples/hard_sudoku.rs).
        let set = include_str!("../../../benches/data/sudoku/generated-hard.txt");
        let (mut nodes, mut updates) = (0, 0);
        for text in set.lines() {
            let puzzle = cells(text);
            let out = solve(&puzzle, 2, &NEVER);
            assert_eq!(out.solutions, 1, "{text}");
            let first = out.first.unwrap();
            assert!(is_valid_solution(3, &first));
            assert!(puzzle.iter().zip(&first).all(|(&g, &s)| g == 0 || g == s));
            nodes += out.stats.nodes;
            updates += out.stats.updates;
        }
        assert_eq!(set.lines().count(), 500);
        // Hard: proving them unique takes more than 8 nodes a puzzle on average. The
        // segments checked down the columns and the branches in stacks keep it under 10
        // (4,960 nodes; 5,883 with the rows' segments and branches in bands only).
        assert!(nodes > 500 * 8, "{nodes} nodes");
        assert!(nodes < 500 * 10, "{nodes} nodes");
        // The givens placed at the start, and the queue in rounds, each word changed
        // before its turn updated once: 106,050 band restrictions (112,550 with the
        // givens placed by the updates, 111,000 if such a word went round again, 111,900
        // with a queue popped one word at a time).
        assert!(updates < 500 * 216, "{updates} updates");
    }

    #[test]
    fn the_start_places_each_given_cell_by_cell() {
        // Rule by rule on the 81 cells: a digit can go in a cell unless another digit is
        // given there, or the digit is given elsewhere in the cell's row or column.
        let set = include_str!("../../../benches/data/sudoku/generated-hard.txt");
        for text in set.lines().take(50) {
            let puzzle = cells(text);
            let (grid, todo) = start(&puzzle).unwrap();
            for cell in 0..81 {
                let (row, column, k, p) = (cell / 9, cell % 9, cell / 27, cell % 27);
                assert_eq!(grid.unsolved[k] >> p & 1 == 1, puzzle[cell] == 0, "{text}");
                for d in 1..=9u8 {
                    let elsewhere = (0..81).any(|other| {
                        other != cell
                            && puzzle[other] == d
                            && (other / 9 == row || other % 9 == column)
                    });
                    let open = puzzle[cell] == d || (puzzle[cell] == 0 && !elsewhere);
                    let w = 9 * k + usize::from(d - 1);
                    assert_eq!(
                        grid.cand[w] >> p & 1 == 1,
                        open,
                        "{text} cell {cell} digit {d}"
                    );
                    assert_eq!(todo >> w & 1 == 1, grid.cand[w] != band::FULL);
                }
            }
        }
        // Two givens of a digit in a column: no grid if they are in different bands, no
        // solution from the first update if they are in one.
        let mut puzzle = [0; 81];
        puzzle[4] = 7;
        assert!(start(&puzzle).is_some());
        puzzle[76] = 7;
        assert!(start(&puzzle).is_none());
        puzzle[76] = 0;
        puzzle[22] = 7;
        assert_eq!(solve(&puzzle, 2, &NEVER).solutions, 0);
    }

    #[test]
    fn a_column_segment_open_to_three_digits_takes_them() {
        // Column 0 of band 0 is left to digits 0, 1 and 2 alone: they fill its three
        // cells, so they leave columns 1 and 2 of box 0 in band 0 and column 0 in the
        // other bands. Along the rows nothing follows.
        let (mut grid, _) = start(&[0; 81]).unwrap();
        let column = band::spread(1);
        for d in 3..9 {
            grid.cand[d] &= !column;
        }
        let Choice::Settle(todo) = choose(&mut grid) else {
            panic!("the column segment's three digits went unseen");
        };
        for d in 0..3 {
            assert_eq!(grid.cand[d] & band::spread(0b111), column);
            assert_eq!(grid.cand[9 + d] & column, 0);
            assert_eq!(grid.cand[18 + d] & column, 0);
            assert_eq!(
                todo & (1 << d | 1 << (9 + d) | 1 << (18 + d)),
                1 << d | 1 << (9 + d) | 1 << (18 + d)
            );
        }
        assert_eq!(grid.cand[3] & band::spread(0b111), band::spread(0b110));
        assert_eq!(todo & !(0b111 | 0b111 << 9 | 0b111 << 18), 0);
    }

    #[test]
    fn with_every_permutation_known_the_branch_is_on_a_cell() {
        // A solved grid whose cells are not yet placed: every digit has one permutation
        // in every band and stack, so there is none to branch on, and the choice falls
        // back on a cell (a branch on a known permutation would change nothing, and the
        // search would go round for ever).
        let out = solve(&[0; 81], 1, &NEVER).first.unwrap();
        let (mut grid, _) = start(&[0; 81]).unwrap();
        for w in 0..WORDS {
            let (k, d) = (w / 9, w % 9);
            grid.cand[w] = (0..27)
                .filter(|&p| usize::from(out[27 * k + p]) == d + 1)
                .fold(0, |cells, p| cells | 1 << p);
            grid.segments[w] = band::segments(grid.cand[w]) as u16;
        }
        assert!(matches!(
            choose(&mut grid),
            Choice::Branch(Branch::Cell(..))
        ));
    }

    #[test]
    fn a_branch_in_a_stack_gives_each_band_its_column() {
        // Digit 4 in stack 1 by permutation 3 (bands 0, 1, 2 to the stack's columns 1, 2,
        // 0: columns 4, 5, 3); the columns of the other stacks stay open.
        let (mut grid, _) = start(&[0; 81]).unwrap();
        let mut branch = Branch::Stack(4, 1, 1 << 3);
        assert_eq!(branch.take(&mut grid), Some(1 << 4 | 1 << 13 | 1 << 22));
        let stack = band::spread(0b111 << 3);
        for (k, column) in [(0, 4), (1, 5), (2, 3)] {
            let word = grid.cand[9 * k + 4];
            assert_eq!(word & stack, band::spread(1 << column));
            assert_eq!(word & !stack, band::FULL & !stack);
        }
        assert_eq!(branch.take(&mut grid), None);
    }

    /// Calls `check` with the grid and the puzzle at every fixed point down the first
    /// branches of the first 100 puzzles of the generated set, after each propagation.
    fn at_fixed_points(mut check: impl FnMut(&Grid, &str)) {
        let set = include_str!("../../../benches/data/sudoku/generated-hard.txt");
        for text in set.lines().take(100) {
            let (mut grid, mut todo) = start(&cells(text)).unwrap();
            let mut updates = 0;
            while settle(&mut grid, todo, &mut updates) && grid.unsolved != [0; 3] {
                check(&grid, text);
                todo = match choose(&mut grid) {
                    Choice::Settle(words) => words,
                    Choice::Branch(mut branch) => match branch.take(&mut grid) {
                        Some(words) => words,
                        None => break,
                    },
                    Choice::Dead => break,
                };
            }
        }
    }

    #[test]
    fn each_words_kept_segments_are_its_own_at_every_fixed_point() {
        // The choice reads the row segments each update left; every change to a word
        // must queue its update, or they go stale.
        at_fixed_points(|grid, text| {
            for w in 0..WORDS {
                let segments = band::segments(grid.cand[w]);
                assert_eq!(u32::from(grid.segments[w]), segments, "{text}, word {w}");
            }
        });
    }

    /// The segments' eliminations cell by cell, as the rules say them (the oracle of
    /// [`SegmentDigits::losses`]): along the rows if `down` is false, else down the
    /// columns. A cell is a segment's if it lies in the segment's unit (band, or stack),
    /// group (row, or band) and place (box, or the stack's column); a digit that must take
    /// a segment leaves the cells of its group or of its place, not both; a segment held
    /// by three other digits is closed. The words that changed.
    fn eliminations_cell_by_cell(grid: &mut Grid, found: &SegmentDigits, down: bool) -> u32 {
        let mut todo = 0;
        let sets = if down {
            stack_sets(grid).0
        } else {
            row_sets(grid).0
        };
        for (d, (&set, &mine)) in sets.iter().zip(&found.held).enumerate() {
            let mut gone = [0u32; 3];
            for bit in 0..27u32 {
                let (i, g, j) = (bit / 9, bit % 9 / 3, bit % 3);
                let must = set & found.open_to_three & 1 << bit != 0;
                let closed = found.held_by_three & !mine & 1 << bit != 0;
                for k in 0..3u32 {
                    for r in 0..3u32 {
                        for c in 0..9u32 {
                            // Cell (band k, row r, column c) as a segment of this view.
                            let (unit, group, place) = if down {
                                (c / 3, k, c % 3)
                            } else {
                                (k, r, c / 3)
                            };
                            if unit != i {
                                continue;
                            }
                            let inside = group == g && place == j;
                            let beside = (group == g) != (place == j);
                            if closed && inside || must && beside {
                                gone[k as usize] |= 1 << (9 * r + c);
                            }
                        }
                    }
                }
            }
            for (k, &gone) in gone.iter().enumerate() {
                todo |= grid.remove(9 * k + d, gone);
            }
        }
        todo
    }

    #[test]
    fn the_segment_eliminations_read_on_the_segment_sets_are_those_of_the_cells() {
        // The choice computes what each digit loses on the segment sets and removes it
        // only then; at every fixed point down the first branches, that removes the
        // very cells the rules remove one by one, and it finds something exactly when
        // they do, along the rows and down the columns.
        type Remove = fn(&mut Grid, &[u32; 9]) -> u32;
        let mut seen = [0usize; 2];
        at_fixed_points(|grid, text| {
            let views: [(([u32; 9], u32), Remove); 2] = [
                (row_sets(grid), remove_row_segments),
                (stack_sets(grid), remove_column_segments),
            ];
            for (down, ((sets, open), remove)) in views.into_iter().enumerate() {
                let Some(found) = segment_digits(&sets, open) else {
                    continue;
                };
                let (mut fast, mut slow) = (*grid, *grid);
                let removed = found
                    .losses(&sets)
                    .map_or(0, |lost| remove(&mut fast, &lost));
                let expected = eliminations_cell_by_cell(&mut slow, &found, down == 1);
                assert_eq!(fast.cand, slow.cand, "{text}");
                assert_eq!(found.losses(&sets).is_some(), expected != 0, "{text}");
                assert_eq!(removed, expected, "{text}");
                seen[down] += usize::from(expected != 0);
            }
        });
        // Along the rows, and down the columns.
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    #[test]
    fn the_branch_is_in_the_unit_with_the_fewest_undecided_digits() {
        // At every fixed point down the first branches, counted afresh: the band or stack
        // with the fewest digits of two permutations or more, then the fewest
        // permutations in all (the first on ties), and in it the digit with the fewest.
        let mut seen = 0;
        at_fixed_points(|grid, text| {
            let mut chosen = *grid;
            let (unit, digit) = match choose(&mut chosen) {
                Choice::Branch(Branch::Rows(w, _)) => (w / 9, w % 9),
                Choice::Branch(Branch::Stack(d, s, _)) => (3 + s, d),
                _ => return,
            };
            let (rows, _) = row_sets(grid);
            let (stacks, _) = stack_sets(grid);
            let count = |unit: usize, d: usize| {
                let sets = if unit < 3 { &rows } else { &stacks };
                band::permutations(band::unit(sets[d], unit % 3)).count_ones()
            };
            let key = |unit: usize| {
                let open: Vec<u32> = (0..9).map(|d| count(unit, d)).filter(|&n| n >= 2).collect();
                (open.len(), open.iter().sum::<u32>())
            };
            let want = (0..6)
                .filter(|&u| key(u).0 > 0)
                .min_by_key(|&u| (key(u), u))
                .unwrap();
            assert_eq!(unit, want, "{text}");
            let want_digit = (0..9)
                .filter(|&d| count(unit, d) >= 2)
                .min_by_key(|&d| (count(unit, d), d))
                .unwrap();
            assert_eq!(digit, want_digit, "{text}");
            seen += 1;
        });
        assert!(seen > 100, "{seen} branches");
    }

    #[test]
    fn an_empty_grid_fills_without_crowding_a_segment() {
        // Branching on permutations alone could put four digits into one row segment of
        // a band and search on below it; the segments' digits stop that at once.
        let out = solve(&[0; 81], 1, &NEVER);
        assert_eq!(out.solutions, 1);
        assert!(is_valid_solution(3, &out.first.unwrap()));
        assert!(out.stats.nodes < 100, "{} nodes", out.stats.nodes);
    }

    #[test]
    fn clashing_givens_and_an_open_grid() {
        let mut puzzle = [0; 81];
        puzzle[0] = 5;
        puzzle[80] = 5;
        assert_eq!(solve(&puzzle, 2, &NEVER).solutions, 2);
        puzzle[10] = 5;
        assert_eq!(solve(&puzzle, 2, &NEVER).solutions, 0);
        puzzle[10] = 0;
        puzzle[72] = 5;
        assert_eq!(solve(&puzzle, 2, &NEVER).solutions, 0);
        assert_eq!(solve(&puzzle, 0, &NEVER).solutions, 0);
    }

    #[test]
    fn a_set_stop_flag_ends_the_search() {
        let stop = AtomicBool::new(true);
        let out = solve(&[0; 81], u64::MAX, &stop);
        assert!(out.stopped);
        assert_eq!(out.stats.nodes, STOP_CHECK);
    }
}
