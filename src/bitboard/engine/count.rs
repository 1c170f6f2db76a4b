//! Counting without visiting every node: the memo of subtree counts ([`Memo`]), with a
//! state and its mirror image filed as one ([`Mirror`]), and near the leaves the counts
//! by filled squares ([`Tails`]).

use crate::bitboard::memo::Memo;
use crate::bitboard::mirror::Mirror;
use crate::bitboard::tails::{Run, Tails, DONE};
use crate::bitboard::word::Word;

use super::BitEngine;

/// Subtrees of fewer nodes are not worth a slot in the memo (measured on 6x10 and
/// NOI2005 with the memo's size, see `Tuning::memo_bits`).
const MEMO_MIN_NODES: u64 = 2;

impl<M: Word, const F: usize> BitEngine<M, F> {
    /// The mirror image of a child's filled squares (numbering 0): its parent's image
    /// `mirrored` and that of the option named `option` in numbering `front`'s lists
    /// (nothing without a mirror).
    #[inline(always)]
    pub(super) fn image_of_child(&self, mirrored: M, front: u32, option: u32) -> M {
        match &self.mirror {
            Some(mirror) => mirrored | mirror.images[self.t.option_in(front, option) as usize],
            None => M::ZERO,
        }
    }

    /// Whether the memo is in use, making it once the engine has searched
    /// `self.memo.1` nodes.
    pub(super) fn start_memo(&mut self) -> bool {
        if self.table.is_none() && self.stats.nodes >= self.memo.1 {
            self.table = Some(Memo::new(self.memo.0, MEMO_MIN_NODES));
            // Only a one-front search meets a state's mirror image often enough to pay
            // for it (on 8x8-square it saves a few hundred nodes of 3.8 M).
            if F == 1 {
                let mirror = Mirror::new(&self.t);
                for l in &mut self.stack {
                    l.mirrored = mirror.apply(l.filled[0]);
                }
                self.mirror = Some(mirror);
            }
        }
        self.table.is_some()
    }

    /// The number of tilings below a node `depth` choices deep with `filled` squares and
    /// copies `left` of the pieces `avail`, through the counts of its filled squares
    /// ([`Tails`]), if the node is that near the leaves (and below a part's own lists)
    /// and its pieces are the tails'.
    ///
    /// The tails are made at the first such node. If its pieces are all mirrored onto
    /// themselves, the tails use those pieces only and file a set with its mirror image
    /// (6x10: X, restricted to a quarter of its placements and placed first, is never
    /// left); else they use every piece.
    #[inline(always)]
    pub(super) fn tail_count(
        &mut self,
        (filled, mirrored): (M, M),
        left: u64,
        avail: u64,
        depth: usize,
    ) -> Option<u64> {
        // (`F == 1` first: the engines of more fronts, which never make tails, then
        // carry none of this code.)
        if F == 1 && depth >= self.tails_depth && depth >= self.firsts.len() {
            let mirror = self.mirror.as_ref()?;
            let mut tails = self.tails.take().unwrap_or_else(|| {
                let (weight, copies) = (&self.signature.weight, &self.t.copies);
                if avail & !mirror.pieces == 0 {
                    Box::new(Tails::new(mirror.pieces, true, weight, copies))
                } else {
                    Box::new(Tails::new(self.t.all_pieces(), false, weight, copies))
                }
            });
            if avail & !tails.pieces != 0 {
                self.tails = Some(tails);
                return None;
            }
            tails.trim();
            let mut nodes = 0;
            let run = self.tail_run(&mut tails, (filled, mirrored), 0, &mut nodes);
            let count = tails.count(run, left);
            self.stats.nodes += nodes;
            if tails.overflowed {
                // Counted the plain way from here on.
                self.tails_depth = usize::MAX;
                return None;
            }
            self.tails = Some(tails);
            Some(count)
        } else {
            None
        }
    }

    /// The run of [`Tails`] that counts the tilings of the squares `filled` leaves open
    /// (in numbering 0; `mirrored` is their mirror image) by options of the tails'
    /// pieces, by the copies they use; `depth` calls deep, adding to `nodes` an option
    /// that fits.
    fn tail_run(
        &self,
        tails: &mut Tails<M::Key>,
        (filled, mirrored): (M, M),
        depth: usize,
        nodes: &mut u64,
    ) -> Run {
        let t = &*self.t;
        if filled == t.full {
            return DONE;
        }
        let key = if tails.mirrored {
            filled.min(mirrored).key()
        } else {
            filled.key()
        };
        if let Some(run) = tails.get(key) {
            return run;
        }
        if tails.frames.len() <= depth {
            tails.frames.resize_with(depth + 1, Vec::new);
        }
        let mut children = std::mem::take(&mut tails.frames[depth]);
        children.clear();
        let pieces = tails.pieces;
        let (lo, hi) = t.one_front_head(filled).range();
        for e in &t.lists[lo as usize..hi as usize] {
            if e.mask & filled != M::ZERO || pieces >> e.piece() & 1 == 0 {
                continue;
            }
            *nodes += 1;
            let child = filled | e.mask;
            if self.dead(child, pieces, e.mask) {
                continue;
            }
            let child_mirrored = self.image_of_child(mirrored, 0, e.option());
            let run = self.tail_run(tails, (child, child_mirrored), depth + 1, nodes);
            if run.1 > 0 {
                children.push((run, e.piece() as u8));
            }
        }
        let run = tails.file(key, &children);
        tails.frames[depth] = children;
        run
    }

    /// The state the memo files a node `depth` choices deep with state (`filled`,
    /// `avail`) and mirror image `mirrored` under: the one of the two that stands for
    /// both, if every piece left is mirrored onto itself ([`Mirror::key`]). Not in the
    /// levels that branch on a part's own lists (those restrict pieces the tables do
    /// not).
    #[inline(always)]
    pub(super) fn memo_key(&self, filled: M, mirrored: M, avail: u64, depth: usize) -> M {
        match &self.mirror {
            Some(mirror) if depth >= self.firsts.len() => mirror.key(filled, mirrored, avail),
            _ => filled,
        }
    }
}
