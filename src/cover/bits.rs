//! Algorithm X on option bitsets, for problems without multiplicities. The state is one
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
//! [`super::engine`]): the first primary item of minimum length is chosen, its options
//! are tried in increasing option order, and updates are counted as DLX counts them
//! (each option hidden and each item covered counts one). After every `end` of a level,
//! the state is exactly what it was at its `begin`; [`Bits::sanity`] checks the rest
//! state.
//!
//! Measured with callgrind on `pent_6x10.dlx`: see `BENCHMARKS.md` and the `engine` bench.

use super::engine::Engine;
use super::visit::Level;
use super::Problem;

/// A primary item's length once it is covered: never the minimum.
const COVERED: u32 = u32::MAX;

/// The largest state (in 64-bit words: option bits plus half the primary items) for which
/// [`Bits::new`] builds the table: above it, copying the state at every level costs more
/// than dancing.
pub const MAX_STATE_WORDS: usize = 512;

/// Option bitsets of one problem and the state of a search on them.
#[derive(Clone, Debug)]
pub struct Bits {
    /// Per item (0-based), the range of its nonzero option words in `col`.
    col_start: Vec<u32>,
    /// `(word, bits)`: the options `64 * word + b` for each bit `b` set.
    col: Vec<(u32, u64)>,
    /// Per option, the range of its items in `opt_items`.
    opt_start: Vec<u32>,
    /// The items (0-based) of every option, in the order given.
    opt_items: Vec<u32>,
    /// Per option, the range of its primary items' slots in `prim_slots`.
    prim_start: Vec<u32>,
    /// The `len` slots of the primary items of every option.
    prim_slots: Vec<u32>,
    /// Per item, its slot in `len` if primary, else `COVERED`.
    slot: Vec<u32>,
    /// Per slot, the item's header number (item + 1, as in the DLX table).
    header: Vec<u32>,
    /// The node number of each option's first node in Knuth's layout.
    option_first: Vec<u32>,
    /// Words of option bits.
    words: usize,
    /// Per option, one bit: none of its items is covered.
    alive: Vec<u64>,
    /// Per primary item (slot), its alive options, `COVERED` once covered; the last entry
    /// counts the primary items not yet covered.
    len: Vec<u32>,
    /// The state saved by each level: before covering its item, and after.
    saved_alive: Vec<u64>,
    saved_len: Vec<u32>,
    /// The options each level tries, in order; a level's start is its `mark`.
    branch: Vec<u32>,
    updates: u64,
}

impl Bits {
    /// The table of `problem`, or `None` if some item has multiplicities or the state is
    /// larger than [`MAX_STATE_WORDS`].
    pub fn new(problem: &Problem) -> Option<Bits> {
        if problem.has_multiplicities() {
            return None;
        }
        let n = problem.item_count();
        let options = problem.option_count();
        let words = options.div_ceil(64);
        let primaries = problem.primary_count();
        if words + primaries / 2 > MAX_STATE_WORDS {
            return None;
        }
        let mut slot = vec![COVERED; n];
        let mut header = Vec::with_capacity(primaries);
        for item in problem.items() {
            if problem.bounds(item).is_primary() {
                slot[item.index()] = header.len() as u32;
                header.push(item.0 + 1);
            }
        }
        let mut bits = vec![vec![0u64; words]; n];
        let mut len = vec![0u32; primaries + 1];
        len[primaries] = primaries as u32;
        let (mut opt_start, mut opt_items) = (vec![0u32], Vec::new());
        let (mut prim_start, mut prim_slots) = (vec![0u32], Vec::new());
        let mut option_first = Vec::with_capacity(options);
        let mut first = n as u32 + 2;
        for option in problem.options() {
            let o = option.index();
            option_first.push(first);
            first += problem.option(option).len() as u32 + 1;
            for &item in problem.option(option) {
                let i = item.index();
                bits[i][o / 64] |= 1 << (o % 64);
                opt_items.push(i as u32);
                if slot[i] != COVERED {
                    prim_slots.push(slot[i]);
                    len[slot[i] as usize] += 1;
                }
            }
            opt_start.push(opt_items.len() as u32);
            prim_start.push(prim_slots.len() as u32);
        }
        let (mut col_start, mut col) = (vec![0u32], Vec::new());
        for column in &bits {
            for (w, &b) in column.iter().enumerate() {
                if b != 0 {
                    col.push((w as u32, b));
                }
            }
            col_start.push(col.len() as u32);
        }
        let mut alive = vec![!0u64; words];
        if options % 64 != 0 {
            alive[words - 1] = (1u64 << (options % 64)) - 1;
        }
        let depth = primaries + 1;
        Some(Bits {
            col_start,
            col,
            opt_start,
            opt_items,
            prim_start,
            prim_slots,
            slot,
            header,
            option_first,
            words,
            saved_alive: Vec::with_capacity(2 * depth * words),
            saved_len: Vec::with_capacity(2 * depth * len.len()),
            alive,
            len,
            branch: Vec::with_capacity(options),
            updates: 0,
        })
    }

    /// Covers item `i` (0-based): every alive option of it dies, shortening its primary
    /// items; with `COLLECT`, the dying options are pushed on `branch` in increasing
    /// order. Returns how many died.
    #[inline]
    fn cover<const COLLECT: bool>(&mut self, i: usize) -> u32 {
        let mut died = 0;
        let range = self.col_start[i] as usize..self.col_start[i + 1] as usize;
        for &(w, bits) in &self.col[range] {
            let alive = &mut self.alive[w as usize];
            let mut dying = *alive & bits;
            if dying == 0 {
                continue;
            }
            *alive ^= dying;
            died += dying.count_ones();
            while dying != 0 {
                let o = (w * 64 + dying.trailing_zeros()) as usize;
                dying &= dying - 1;
                if COLLECT {
                    self.branch.push(o as u32);
                }
                let slots = self.prim_start[o] as usize..self.prim_start[o + 1] as usize;
                for &s in &self.prim_slots[slots] {
                    self.len[s as usize] -= 1;
                }
            }
        }
        let s = self.slot[i];
        if s != COVERED {
            self.len[s as usize] = COVERED;
            let remaining = self.len.len() - 1;
            self.len[remaining] -= 1;
        }
        died
    }

    /// Pushes the current state on the stack of saved states.
    #[inline]
    fn save(&mut self) {
        self.saved_alive.extend_from_slice(&self.alive);
        self.saved_len.extend_from_slice(&self.len);
    }

    /// Copies back the `k`-th saved state.
    #[inline]
    fn restore(&mut self, k: usize) {
        let (w, l) = (self.words, self.len.len());
        self.alive
            .copy_from_slice(&self.saved_alive[k * w..(k + 1) * w]);
        self.len.copy_from_slice(&self.saved_len[k * l..(k + 1) * l]);
    }

    /// How many states are saved (two per level).
    fn saved(&self) -> usize {
        self.saved_len.len() / self.len.len()
    }

    /// Checks that no level is open and the state is the initial one: every option
    /// alive, every primary item uncovered with all its options.
    pub fn sanity(&self) -> Result<(), String> {
        if !self.branch.is_empty() || self.saved() != 0 {
            return Err(format!("{} states still saved", self.saved()));
        }
        let options = self.option_first.len();
        for o in 0..options {
            if self.alive[o / 64] & (1 << (o % 64)) == 0 {
                return Err(format!("option {o} is not alive"));
            }
        }
        let primaries = self.header.len();
        let mut len = vec![0u32; primaries];
        for &s in &self.prim_slots {
            len[s as usize] += 1;
        }
        if self.len[..primaries] != len[..] || self.len[primaries] != primaries as u32 {
            return Err(format!("lengths {:?}, expected {len:?}", self.len));
        }
        Ok(())
    }
}

impl Engine for Bits {
    #[inline]
    fn solved(&self) -> bool {
        self.len[self.len.len() - 1] == 0
    }

    #[inline]
    fn choose(&self) -> Option<(u32, u32, bool)> {
        let primaries = &self.len[..self.len.len() - 1];
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
        Some((self.header[best], best_len, false))
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
        self.saved_len.truncate(before * self.len.len());
        self.branch.truncate(level.mark as usize);
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn option_first(&self) -> &[u32] {
        &self.option_first
    }
}

impl Bits {
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
