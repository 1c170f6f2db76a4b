//! Algorithm X on option bitsets, for problems without multiplicities or colours. The state is one
//! bit per option ("alive": none of its items covered yet) and the length of every
//! primary item (its alive options); each item's options are a fixed bitset, stored as
//! its nonzero words only. Covering an item clears its options from `alive` with a few
//! word operations and walks only the options that die, to shorten the lengths of their
//! primary items. Nothing is unlinked, so nothing needs relinking: every level saves the
//! state (a few hundred bytes on the shared instances) before it changes it and copies
//! it back to undo (the trail-free "copying" approach instead of Knuth's dancing).
//!
//! # Guarantees
//! The lengths, choices and order are those of Knuth's dlx1 on the same problem (see
//! [`super::table`]): the first primary item of minimum length is chosen, its options
//! are tried in increasing option order, and updates are counted as DLX counts them
//! (each option hidden and each item covered counts one). After every `end` of a level,
//! the state is exactly what it was at its `begin`; [`Bitsets::sanity`] checks the rest
//! state.
//!
//! Measured with callgrind, `polyx dlx --count pent_8x8_hole.dlx` (293,045 nodes, 21.6 M
//! updates on either table): 3.16 G instructions on DLX, 1.25 G on these bitsets (the C
//! yardstick `refdlx.c` takes 3.19 G). Copying the state costs ~3% of that; the rest is
//! clearing option words and shortening the lengths of the options that die.

use super::problem::Problem;
use super::table::Table;
use super::visit::Level;

/// A primary item's length once it is covered: never the minimum.
const COVERED: u16 = u16::MAX;

/// Marks an item that is not primary (it has no slot in `len`).
const NO_SLOT: u32 = u32::MAX;

/// Entries of the fixed `len` table: a `u16` slot indexes it without a bounds check.
const SLOTS: usize = 1 << 16;

/// The largest state (in 64-bit words: option bits plus half the primary items) for which
/// [`Bitsets::new`] builds the table: above it, copying the state at every level costs more
/// than dancing.
pub const MAX_STATE_WORDS: usize = 512;

/// Entries of the fixed `alive` table: a word index masked with `WORDS - 1` needs no
/// bounds check.
const WORDS: usize = MAX_STATE_WORDS;

/// Option bitsets of one problem and the state of a search on them.
#[derive(Clone, Debug)]
pub struct Bitsets {
    /// Per item (0-based), the range of its nonzero option words in `col`.
    col_start: Vec<u32>,
    /// `(word, bits)`: the options `WORD_BITS * word + b` for each bit `b` set.
    col: Vec<(u32, u64)>,
    /// Per option, the range of its items in `opt_items`.
    opt_start: Vec<u32>,
    /// The items (0-based) of every option, in the order given.
    opt_items: Vec<u32>,
    /// The `len` slots of the primary items of every option, `stride` per option; an
    /// option with fewer primary items is padded with the `trash` slot.
    prim_slots: Vec<u16>,
    /// The most primary items in an option (at least 1); up to 8, shortening an
    /// option's items is a fixed, unrolled run of decrements.
    stride: usize,
    /// Per item, its slot in `len` if primary, else `NO_SLOT`.
    slot: Vec<u32>,
    /// Per slot, the item's header number (item + 1, as in the DLX table).
    header: Vec<u32>,
    /// The node number of each option's first node in Knuth's layout.
    option_first: Vec<u32>,
    /// Words of option bits.
    words: usize,
    /// Slots in use: the primary items, then `remaining`, then `trash`.
    slots: usize,
    /// Per option, one bit: none of its items is covered (the first `words` entries).
    alive: Box<[u64; WORDS]>,
    /// Per primary item (slot), its alive options, `COVERED` once covered; then the
    /// number of primary items not yet covered, then a slot that absorbs padding (the
    /// first `slots` entries).
    len: Box<[u16; SLOTS]>,
    /// The state saved by each level: before covering its item, and after.
    saved_alive: Vec<u64>,
    saved_len: Vec<u16>,
    /// The options each level tries, in order; a level's start is its `mark`.
    branch: Vec<u32>,
    updates: u64,
}

/// Options per word of a set of options.
const WORD_BITS: usize = u64::BITS as usize;

/// Option `o`'s word in a set of options, and its bit in that word.
#[inline]
fn word_bit(o: usize) -> (usize, u64) {
    (o / WORD_BITS, 1 << (o % WORD_BITS))
}

/// Per item, its slot in `len` if primary (else `NO_SLOT`); per slot, its item's header
/// number.
fn primary_slots(problem: &Problem) -> (Vec<u32>, Vec<u32>) {
    let mut slot = vec![NO_SLOT; problem.item_count()];
    let mut header = Vec::with_capacity(problem.primary_count());
    for item in problem.items() {
        if problem.is_primary(item) {
            slot[item.index()] = header.len() as u32;
            header.push(item.0 + 1);
        }
    }
    (slot, header)
}

/// The options as rows, and each item's options as words of bits.
struct Rows {
    opt_start: Vec<u32>,
    opt_items: Vec<u32>,
    prim_slots: Vec<u16>,
    option_first: Vec<u32>,
    /// Per item, its options as `words` words of bits.
    bits: Vec<Vec<u64>>,
}

impl Rows {
    /// The rows of `problem`, each option's primary slots padded to `stride` with
    /// `trash`; counts each primary item's options into `len`.
    fn new(problem: &Problem, slot: &[u32], stride: usize, trash: u16, len: &mut [u16]) -> Rows {
        let (n, options) = (problem.item_count(), problem.option_count());
        let mut rows = Rows {
            opt_start: vec![0],
            opt_items: Vec::new(),
            prim_slots: Vec::with_capacity(options * stride),
            option_first: Vec::with_capacity(options),
            bits: vec![vec![0u64; options.div_ceil(WORD_BITS)]; n],
        };
        // Knuth's layout: the headers, a spacer, then each option and its spacer.
        let mut first = n as u32 + 2;
        for option in problem.options() {
            let (o, items) = (option.index(), problem.option(option));
            rows.option_first.push(first);
            first += items.len() as u32 + 1;
            let row = rows.prim_slots.len();
            let (word, bit) = word_bit(o);
            for &item in items {
                let i = item.index();
                rows.bits[i][word] |= bit;
                rows.opt_items.push(i as u32);
                if slot[i] != NO_SLOT {
                    rows.prim_slots.push(slot[i] as u16);
                    len[slot[i] as usize] += 1;
                }
            }
            rows.prim_slots.resize(row + stride, trash);
            rows.opt_start.push(rows.opt_items.len() as u32);
        }
        rows
    }

    /// Per item, the range of its nonzero option words in the second list, which holds
    /// them as `(word, bits)`.
    fn columns(&self) -> (Vec<u32>, Vec<(u32, u64)>) {
        let (mut col_start, mut col) = (vec![0u32], Vec::new());
        for column in &self.bits {
            for (w, &b) in column.iter().enumerate() {
                if b != 0 {
                    col.push((w as u32, b));
                }
            }
            col_start.push(col.len() as u32);
        }
        (col_start, col)
    }
}

impl Bitsets {
    /// The table of `problem`, or `None` if some item has multiplicities, some option
    /// has colours (they need DLX's purification) or the state is larger than
    /// [`MAX_STATE_WORDS`].
    pub fn new(problem: &Problem) -> Option<Bitsets> {
        if problem.has_multiplicities() || problem.has_colors() {
            return None;
        }
        let options = problem.option_count();
        let words = options.div_ceil(WORD_BITS);
        let primaries = problem.primary_count();
        if words + primaries / 2 > MAX_STATE_WORDS {
            return None;
        }
        // Lengths are at most `WORD_BITS * MAX_STATE_WORDS` options, below `COVERED`.
        let (remaining, trash) = (primaries, primaries + 1);
        let (slot, header) = primary_slots(problem);
        let width = (problem.options())
            .map(|o| {
                (problem.option(o).iter())
                    .filter(|i| slot[i.index()] != NO_SLOT)
                    .count()
            })
            .max()
            .unwrap_or(0);
        let stride = width.max(1);
        let mut len: Box<[u16; SLOTS]> = vec![0u16; SLOTS]
            .into_boxed_slice()
            .try_into()
            .expect("SLOTS entries");
        len[remaining] = primaries as u16;
        let rows = Rows::new(problem, &slot, stride, trash as u16, &mut *len);
        let (col_start, col) = rows.columns();
        let mut alive: Box<[u64; WORDS]> = vec![0u64; WORDS]
            .into_boxed_slice()
            .try_into()
            .expect("WORDS entries");
        for o in 0..options {
            let (word, bit) = word_bit(o);
            alive[word] |= bit;
        }
        let slots = primaries + 2;
        let depth = primaries + 1;
        Some(Bitsets {
            col_start,
            col,
            opt_start: rows.opt_start,
            opt_items: rows.opt_items,
            prim_slots: rows.prim_slots,
            stride,
            slot,
            header,
            option_first: rows.option_first,
            words,
            slots,
            saved_alive: Vec::with_capacity(2 * depth * words),
            saved_len: Vec::with_capacity(2 * depth * slots),
            alive,
            len,
            branch: Vec::with_capacity(options),
            updates: 0,
        })
    }

    /// The slot counting the primary items not yet covered.
    #[inline]
    fn remaining(&self) -> usize {
        self.slots - 2
    }

    /// Covers item `i` (0-based): every alive option of it dies, shortening its primary
    /// items; with `COLLECT`, the dying options are pushed on `branch` in increasing
    /// order. Returns how many died.
    #[inline]
    fn cover<const COLLECT: bool>(&mut self, i: usize) -> u32 {
        let died = match self.stride {
            1 => self.kill::<COLLECT, 1>(i),
            2 => self.kill::<COLLECT, 2>(i),
            3 => self.kill::<COLLECT, 3>(i),
            4 => self.kill::<COLLECT, 4>(i),
            5 => self.kill::<COLLECT, 5>(i),
            6 => self.kill::<COLLECT, 6>(i),
            7 => self.kill::<COLLECT, 7>(i),
            8 => self.kill::<COLLECT, 8>(i),
            _ => self.kill::<COLLECT, 0>(i),
        };
        let s = self.slot[i];
        if s != NO_SLOT {
            self.len[s as usize] = COVERED;
            let remaining = self.remaining();
            self.len[remaining] -= 1;
        }
        died
    }

    /// The options of `cover(i)`, with `N == stride` (or `N == 0` for any stride):
    /// knowing `N` at compile time unrolls the shortening of each dying option.
    #[inline]
    fn kill<const COLLECT: bool, const N: usize>(&mut self, i: usize) -> u32 {
        let mut died = 0;
        let range = self.col_start[i] as usize..self.col_start[i + 1] as usize;
        let (slots, len, n) = (&self.prim_slots[..], &mut *self.len, self.stride);
        for &(w, bits) in &self.col[range] {
            let alive = &mut self.alive[w as usize & (WORDS - 1)];
            let mut dying = *alive & bits;
            if dying == 0 {
                continue;
            }
            *alive ^= dying;
            while dying != 0 {
                died += 1;
                let o = w as usize * WORD_BITS + dying.trailing_zeros() as usize;
                dying &= dying - 1;
                if COLLECT {
                    self.branch.push(o as u32);
                }
                // Wrapping: the trash slot takes the padding's decrements and is never
                // read; a primary item's length never goes below zero.
                if N == 0 {
                    for &s in &slots[o * n..(o + 1) * n] {
                        len[s as usize] = len[s as usize].wrapping_sub(1);
                    }
                } else {
                    let row: &[u16; N] = slots[o * N..(o + 1) * N].try_into().expect("N slots");
                    for &s in row {
                        len[s as usize] = len[s as usize].wrapping_sub(1);
                    }
                }
            }
        }
        died
    }

    /// Pushes the current state on the stack of saved states.
    #[inline]
    fn save(&mut self) {
        self.saved_alive
            .extend_from_slice(&self.alive[..self.words]);
        self.saved_len.extend_from_slice(&self.len[..self.slots]);
    }

    /// Copies back the `k`-th saved state.
    #[inline]
    fn restore(&mut self, k: usize) {
        let (w, l) = (self.words, self.slots);
        self.alive[..w].copy_from_slice(&self.saved_alive[k * w..(k + 1) * w]);
        self.len[..l].copy_from_slice(&self.saved_len[k * l..(k + 1) * l]);
    }

    /// How many states are saved (two per level).
    fn saved(&self) -> usize {
        self.saved_len.len() / self.slots
    }

    /// Checks that no level is open and the state is the initial one: every option
    /// alive, every primary item uncovered with all its options.
    pub fn sanity(&self) -> Result<(), String> {
        if !self.branch.is_empty() || self.saved() != 0 {
            return Err(format!("{} states still saved", self.saved()));
        }
        for o in 0..self.option_first.len() {
            let (word, bit) = word_bit(o);
            if self.alive[word] & bit == 0 {
                return Err(format!("option {o} is not alive"));
            }
        }
        let primaries = self.remaining();
        let mut len = vec![0u16; primaries + 2];
        len[primaries] = primaries as u16;
        for &s in &self.prim_slots {
            len[s as usize] += 1;
        }
        len[primaries + 1] = self.len[primaries + 1];
        if self.len[..self.slots] != len[..] {
            return Err(format!(
                "lengths {:?}, expected {len:?}",
                &self.len[..self.slots]
            ));
        }
        Ok(())
    }
}

impl Table for Bitsets {
    #[inline]
    fn solved(&self) -> bool {
        self.len[self.remaining()] == 0
    }

    #[inline]
    fn choose(&self) -> Option<(u32, u32, bool)> {
        let primaries = &self.len[..self.remaining()];
        let mut best = 0;
        let mut best_len = COVERED;
        for (s, &len) in primaries.iter().enumerate() {
            if len < best_len {
                if len == 0 {
                    return None;
                }
                best_len = len;
                best = s;
            }
        }
        if best_len == COVERED {
            return None;
        }
        Some((self.header[best], u32::from(best_len), false))
    }

    #[inline]
    fn begin(&mut self, item: u32, total: u32, _multiple: bool) -> Level {
        self.save();
        let mark = self.branch.len() as u32;
        let died = self.cover::<true>(item as usize - 1);
        debug_assert_eq!(died, total);
        self.updates += u64::from(died) + 1;
        self.save();
        Level {
            item,
            x: self.x_at(mark, 0, item, total),
            pos: 0,
            total,
            multiple: false,
            mark,
        }
    }

    #[inline]
    fn apply(&mut self, level: &Level) {
        let o = self.branch[(level.mark + level.pos) as usize] as usize;
        let items = self.opt_start[o] as usize..self.opt_start[o + 1] as usize;
        let own = level.item - 1;
        let k = items
            .clone()
            .position(|q| self.opt_items[q] == own)
            .expect("the option contains its level's item");
        // DLX covers the other items cyclically from the one after `own`.
        let width = items.len();
        for step in 1..width {
            let j = self.opt_items[items.start + (k + step) % width] as usize;
            self.updates += u64::from(self.cover::<false>(j)) + 1;
        }
    }

    #[inline]
    fn unapply(&mut self, _level: &Level) {
        let after = self.saved() - 1;
        self.restore(after);
    }

    #[inline]
    fn advance(&mut self, level: &mut Level, _replay: bool) {
        level.pos += 1;
        level.x = self.x_at(level.mark, level.pos, level.item, level.total);
    }

    #[inline]
    fn end(&mut self, level: &Level) {
        let before = self.saved() - 2;
        self.restore(before);
        self.saved_alive.truncate(before * self.words);
        self.saved_len.truncate(before * self.slots);
        self.branch.truncate(level.mark as usize);
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn option_first(&self) -> &[u32] {
        &self.option_first
    }
}

impl Bitsets {
    /// The `x` of a level at `pos`: the first node of its option, or the item when done.
    #[inline]
    fn x_at(&self, mark: u32, pos: u32, item: u32, total: u32) -> u32 {
        if pos < total {
            self.option_first[self.branch[(mark + pos) as usize] as usize]
        } else {
            item
        }
    }
}
