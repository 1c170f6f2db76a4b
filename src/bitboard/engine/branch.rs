//! Choosing what a node branches on: the first empty square of one of the numberings
//! (a "front") with the fewest options that fit, or, near the root, a piece used once
//! if it has fewer still; with one front below the root, simply the first empty
//! square's list ([`BitEngine::first_list`]).

use crate::bitboard::word::Word;

use super::fit::{fit_mask, weigh, weigh_runs, FIT_WINDOW};
use super::{BitEngine, Filled};

/// A list to branch on: the entries `from..to` of `Tables::lists`, whose masks are in
/// numbering `front`, how many of them fit (at least, once over the cap they were
/// weighed with), and the fit bits of the first [`FIT_WINDOW`].
#[derive(Copy, Clone)]
struct Choice {
    count: u32,
    from: u32,
    to: u32,
    front: u32,
    fit: u64,
}

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// Opens the node with state (`filled`, `avail`) on top of the stack, branching on
    /// the front square or piece with the fewest options that fit; false (and nothing
    /// pushed) if one has none, which makes the node dead.
    ///
    /// Not inlined: inlined, it would be copied into every engine's search loop and
    /// replay, and the loop would keep many of its values on the stack. Called, it takes
    /// slightly more instructions but less time, and the binary's code is smaller.
    #[inline(never)]
    pub(super) fn open(&mut self, filled: &Filled<M, F>, avail: u64, left: u64) -> bool {
        if self.t.fewest {
            return self.open_fewest(filled, avail, left);
        }
        let depth = self.stack.len() as u32;
        if let Some(&(from, to)) = self.firsts.get(depth as usize) {
            // A part's own list at this depth.
            let fit = fit_mask(&self.t.lists, from, to, filled[0], avail);
            self.push(filled, avail, left, (from, to, 0), fit);
            return true;
        }
        let piece_depth = self.t.piece_depth.max(1);
        if F == 1 && depth >= piece_depth {
            // One front and no piece to weigh it against: no need to count.
            return match self.first_list(filled[0], avail) {
                Some((from, to, fit)) => {
                    self.push(filled, avail, left, (from, to, 0), fit);
                    true
                }
                None => false,
            };
        }
        let Some(mut best) = self.best_front(filled, avail) else {
            return false;
        };
        if depth == 0 {
            // At the root a piece used once with few options (the one the symmetry
            // reduction restricts, usually) comes first even against a front square
            // with fewer: the restriction then bites at once (NOI2005's board: 11.1 M
            // nodes without this, 4.3 M with it).
            best.count = best.count.max(self.t.root_piece + 1);
        }
        if best.count > 1 && depth < piece_depth {
            let Some(piece) = self.best_piece(filled[0], avail, best) else {
                return false;
            };
            best = piece;
        }
        self.push(
            filled,
            avail,
            left,
            (best.from, best.to, best.front),
            best.fit,
        );
        true
    }

    /// The front square with the fewest options that fit (the first of them with at
    /// most `good_enough`), and its list; `None` if a front square has none, or a piece
    /// that must still be placed has expired at one.
    #[inline(always)]
    fn best_front(&self, filled: &Filled<M, F>, avail: u64) -> Option<Choice> {
        let t = &*self.t;
        let n = t.n as usize;
        let mut best = Choice {
            count: u32::MAX,
            from: 0,
            to: 0,
            front: 0,
            fit: 0,
        };
        // Start with the front the parent branched on: its square often still has
        // few options, and a good-enough one ends the scan early.
        let start = self.stack.last().map_or(0, |l| l.front as usize);
        let mut seen = M::ZERO;
        for f in (start..t.fronts).chain(0..start) {
            let fm = filled[f];
            let c = fm.trailing_ones();
            if F > 1 {
                // Two fronts may reach the same square; count it once.
                let square = M::bit(u32::from(t.square[f * n + c as usize]));
                if seen & square != M::ZERO {
                    continue;
                }
                seen = seen | square;
            }
            // The block of lists this numbering reads (its own, or numbering 0's).
            let b = t.block[f] as usize;
            if t.use_all && avail & t.expired[b * (n + 1) + c as usize] != 0 {
                return None;
            }
            // (One front comes here only near the root: see `first_list`.)
            let at = ((b * n + c as usize) << t.key_bits) | t.key(fm, c, f);
            let head = t.heads[at];
            if head.none_of(avail) {
                return None;
            }
            let (from, to) = head.range();
            let (fit, count) = if t.runs.is_empty() {
                weigh(&t.lists, (from, to), fm, avail, best.count)
            } else {
                let runs = t.runs.of(at);
                weigh_runs(&t.lists, (from, to), runs, fm, avail, best.count)
            };
            if count < best.count {
                if count == 0 {
                    return None;
                }
                let front = f as u32;
                best = Choice {
                    count,
                    from,
                    to,
                    front,
                    fit,
                };
                if count <= t.good_enough {
                    break;
                }
            }
        }
        Some(best)
    }

    /// The list of the piece used once (with copies left) with the fewest options that
    /// fit, if fewer than `best`'s, else `best`; `None` if such a piece has none.
    #[inline(always)]
    fn best_piece(&self, filled: M, avail: u64, mut best: Choice) -> Option<Choice> {
        let t = &*self.t;
        let first = filled.trailing_ones();
        for l in &t.piece_lists {
            if avail >> l.piece & 1 == 0 || self.left[l.piece as usize] != 1 {
                continue;
            }
            // Its options below the first empty square cannot fit.
            let from = l.start_at(&t.piece_cuts, first);
            let (fit, count) = weigh(&t.lists, (from, l.to), filled, avail, best.count);
            if count < best.count {
                if count == 0 {
                    return None;
                }
                let (to, front) = (l.to, 0);
                best = Choice {
                    count,
                    from,
                    to,
                    front,
                    fit,
                };
            }
        }
        Some(best)
    }

    /// The list a one-front node with state (`filled`, `avail`) branches on under the
    /// usual rule (its first empty square's), and its fit bits; `None` if no option
    /// fits there (or a piece that must still be placed has expired), which makes the
    /// node dead. The search looks before it enters a node: more than half of 6x10's
    /// children have no option that fits, and finding that first saves their region
    /// test, their memo look-up, and their level.
    #[inline(always)]
    pub(super) fn first_list(&self, filled: M, avail: u64) -> Option<(u32, u32, u64)> {
        let t = &*self.t;
        let c = filled.trailing_ones();
        if t.use_all && avail & t.expired[c as usize] != 0 {
            return None;
        }
        let head = t.one_front_head(filled);
        if head.none_of(avail) {
            return None;
        }
        let (lo, hi) = head.range();
        let fit = fit_mask(&t.lists, lo, hi, filled, avail);
        // (Past the first FIT_WINDOW entries, the level looks.)
        (fit != 0 || hi - lo > FIT_WINDOW).then_some((lo, hi, fit))
    }
}
