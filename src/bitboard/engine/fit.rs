//! Which entries of a list fit a node: those that miss its filled squares and whose
//! piece has copies left, found without a branch per entry (whether an entry fits is a
//! coin toss the branch predictor loses) and kept as the bits of a word, at most
//! [`FIT_WINDOW`] entries at a time ([`Fits`]).

use crate::bitboard::entry::Entry;
use crate::bitboard::word::Word;

/// The entries a word of fit bits covers.
pub const FIT_WINDOW: u32 = u64::BITS;

/// The entries weighed at a time: a byte of fit bits.
const BYTE: usize = u8::BITS as usize;

/// Whether `e` misses `filled` and its piece is in `avail`, as 0 or 1.
#[inline(always)]
pub fn fits<M: Word>(e: &Entry<M>, filled: M, avail: u64) -> u64 {
    u64::from(e.mask & filled == M::ZERO) & (avail >> e.piece())
}

/// The bits of up to [`BYTE`] entries: bit `i` is [`fits`] of `eight[i]`. A full chunk
/// unrolls into constant shifts (a shift by a counted bit takes 8% more instructions on
/// Scott's board).
#[inline(always)]
fn byte<M: Word>(eight: &[Entry<M>], filled: M, avail: u64) -> u64 {
    let mut byte = 0u64;
    if let Ok(full) = <&[Entry<M>; BYTE]>::try_from(eight) {
        for (i, e) in full.iter().enumerate() {
            byte |= (fits(e, filled, avail) & 1) << i;
        }
    } else {
        for (i, e) in eight.iter().enumerate() {
            byte |= (fits(e, filled, avail) & 1) << i;
        }
    }
    byte
}

/// Bit `i` set: entry `from + i` of `entries` (one of the first [`FIT_WINDOW`] from
/// `from`) misses `filled` and its piece is in `avail`. Computed without a branch per
/// entry: whether an entry fits is a coin toss the branch predictor loses. From the
/// last entry back, each shifting the bits by one: 6x10's lists are short (8 entries
/// on average), and by bytes with counted shifts is slower there.
#[inline(always)]
pub fn fit_mask<M: Word>(entries: &[Entry<M>], from: u32, to: u32, filled: M, avail: u64) -> u64 {
    let to = to.min(from.saturating_add(FIT_WINDOW));
    let mut fit = 0u64;
    for e in entries[from as usize..to as usize].iter().rev() {
        fit = fit << 1 | (fits(e, filled, avail) & 1);
    }
    fit
}

/// The [`fit_mask`] of entries `from..to` (their first [`FIT_WINDOW`]) and how many of
/// them fit, counted a byte at a time and only until `cap` are found (then the count is at least
/// `cap`, and the bits may be short): what a front square or a piece is weighed by.
#[inline(always)]
pub fn weigh<M: Word>(
    entries: &[Entry<M>],
    (from, to): (u32, u32),
    filled: M,
    avail: u64,
    cap: u32,
) -> (u64, u32) {
    let list = &entries[from as usize..to as usize];
    let head = list.len().min(FIT_WINDOW as usize);
    let (mut fit, mut count) = (0u64, 0u32);
    for (chunk, eight) in list[..head].chunks(BYTE).enumerate() {
        let bits = byte(eight, filled, avail);
        fit |= bits << (chunk * BYTE);
        // A byte's count: the baseline x86-64 target has no popcount instruction, and
        // a word's count costs more (a table look-up is faster on 8x8-square but as
        // much slower on 6x10, through the code around it).
        count += (bits as u8).count_ones();
        if count >= cap {
            return (fit, count);
        }
    }
    // Past the first FIT_WINDOW, only counted.
    for eight in list[head..].chunks(BYTE) {
        count += (byte(eight, filled, avail) as u8).count_ones();
        if count >= cap {
            break;
        }
    }
    (fit, count)
}

/// [`weigh`] through the runs of the list's pieces (`runs`, see
/// [`crate::bitboard::runs::PieceRuns`]): only the entries of the pieces in `avail` are
/// read, each run tested without a branch per entry.
#[inline(always)]
pub fn weigh_runs<M: Word>(
    entries: &[Entry<M>],
    (from, to): (u32, u32),
    runs: &[u16],
    filled: M,
    avail: u64,
    cap: u32,
) -> (u64, u32) {
    let list = &entries[from as usize..to as usize];
    let (mut fit, mut count) = (0u64, 0u32);
    let mut pieces = avail;
    while pieces != 0 {
        let p = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let (lo, hi) = (usize::from(runs[p]), usize::from(runs[p + 1]));
        for (i, e) in list[lo..hi].iter().enumerate() {
            let bit = u64::from(e.mask & filled == M::ZERO);
            let at = lo + i;
            if at < FIT_WINDOW as usize {
                fit |= bit << at;
            }
            count += bit as u32;
        }
        if count >= cap {
            break;
        }
    }
    (fit, count)
}

/// The entries of a level's list still to try that fit, taken one at a time: the bits
/// `bits` of the entries from `from` on, then, once they are used up, the next
/// [`FIT_WINDOW`] entries up to `end` tested.
#[derive(Copy, Clone, Debug)]
pub struct Fits {
    pub bits: u64,
    pub from: u32,
    pub end: u32,
}

impl Fits {
    /// The next entry that fits `filled` and `avail`, taken off; `None` at the end of
    /// the list.
    #[inline(always)]
    pub fn next<M: Word>(&mut self, entries: &[Entry<M>], filled: M, avail: u64) -> Option<u32> {
        while self.bits == 0 {
            if self.end - self.from <= FIT_WINDOW {
                return None;
            }
            self.from += FIT_WINDOW;
            self.bits = fit_mask(entries, self.from, self.end, filled, avail);
        }
        let k = self.from + self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(k)
    }
}
