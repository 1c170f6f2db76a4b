//! The bitboard search. At each node it looks at the first empty square of every
//! numbering (the "fronts", see [`super::frame`]) and branches on the one with the
//! fewest options that fit (options of pieces with copies left that miss every filled
//! square), or, near the root, on a piece used once if it has fewer still
//! ([`branch`]); or, with one front, on the open square or piece with the fewest
//! options over the whole board ([`fewest`]). Each set of options is met once, so
//! identical copies never repeat a tiling. A loop over an explicit stack of
//! [`Level`]s (no recursion, [`search`]); the positions on the stack (indices in each
//! level's list) name a node, as in [`crate::cover::split`], and a path of them is
//! replayed to re-enter it ([`replay`]).
//! Counting searches look subtrees up in a memo and count near the leaves by filled
//! squares ([`count`]).
//!
//! Pruning (each measured in `benches/tiling.rs`):
//! - a front square no option fits, or a piece that must still be placed but has no
//!   option at or after some front's square (this is what makes Knuth's one-piece
//!   symmetry restriction bite early);
//! - a dead region ([`prune`]): an isolated region of empty squares next to the piece
//!   just placed whose size no sum of piece sizes makes (bit-parallel flood fill), or
//!   that is too small for two pieces and is not the shape of one piece with copies
//!   left;
//! - under the rule of the fewest options, a child that would leave an open square no
//!   live option covers, found in its parent when the parent branches on a few options
//!   ([`dying`]): it is left out of the parent's list.

mod branch;
mod count;
mod dying;
mod fewest;
mod fit;
mod prune;
mod replay;
mod search;

use std::sync::Arc;

use crate::cover::visit::{tick_mask, TICK_LOG2};
use crate::cover::Stats;

use super::live::Live;
use super::memo::{Memo, Signature};
use super::mirror::Mirror;
use super::tables::Tables;
use super::tails::Tails;
use super::word::{Word, MAX_PIECES};

/// A level's `chosen` while it has no child.
const NONE: u32 = u32::MAX;
/// A level's `base` when its subtree's count must not be recorded: a level replayed to
/// resume a run has seen only part of its subtree, and one open when `stats.solutions`
/// passed 2^128 would take the wrong difference.
const PARTIAL: u128 = u128::MAX;

/// The filled squares in every numbering in use (`F` is 1, 4 or
/// [`super::frame::MAX_FRONTS`], so that the one-front search carries one word per
/// level, not eight, and one of up to 4 fronts four).
type Filled<M, const F: usize> = [M; F];

/// A node's state: the filled squares, the pieces with copies left, and the signature of
/// the copies left ([`Signature`]).
type State<M, const F: usize> = (Filled<M, F>, u64, u64);

/// One open node on the stack: its state and where its branching has got to. Aligned to
/// a cache line so that no other thread's data shares a line with the stack.
#[derive(Copy, Clone, Debug)]
#[repr(align(64))]
struct Level<M, const F: usize> {
    filled: Filled<M, F>,
    /// Compact piece ids with copies left.
    avail: u64,
    /// The entry after the last one chosen (for the progress estimate), and the end of
    /// this node's list.
    next: u32,
    end: u32,
    /// The entries from `fit_from` on ([`fit::FIT_WINDOW`] at most) that fit and are
    /// still to try, as bits ([`fit::Fits`]): the search goes to the next one without a
    /// test per entry.
    fit: u64,
    fit_from: u32,
    /// Where this node's list begins (positions are counted from it).
    first: u32,
    /// The entry chosen (for the child being searched), or `NONE`.
    chosen: u32,
    /// The numbering the list's masks are in.
    front: u32,
    /// The copies left of every piece ([`Signature`]), when the engine keeps a memo.
    left: u64,
    /// The mirror image of `filled[0]`, once the memo is made ([`Mirror`]).
    mirrored: M,
    /// Solutions and nodes counted when the level was opened (`base` is [`PARTIAL`]
    /// if its count must not be recorded).
    base: u128,
    base_nodes: u64,
}

/// See [`BitEngine::tails_depth`]: for an engine of `fronts` numberings over `t`.
fn tails_depth<M: Copy>(t: &Tables<M>, fronts: usize) -> usize {
    let placements: usize = t.copies.iter().map(|&c| c as usize).sum();
    // The tails count by first empty squares, which the rule of the fewest options
    // does not fill in order (on the IQ Puzzler Pro pyramid they took 537 M nodes).
    if fronts == 1 && t.tails > 0 && t.use_all && !t.fewest {
        placements.saturating_sub(t.tails as usize)
    } else {
        usize::MAX
    }
}

/// `copies` (at most [`MAX_PIECES`] entries) as a full array.
fn copies_left(copies: &[u32]) -> [u32; MAX_PIECES] {
    let mut left = [0; MAX_PIECES];
    left[..copies.len()].copy_from_slice(copies);
    left
}

/// The search state over shared [`Tables`].
pub struct BitEngine<M: Word, const F: usize> {
    pub t: Arc<Tables<M>>,
    /// Copies left per compact piece id. Kept in the engine itself, not in a small heap
    /// block: two threads' blocks can share a cache line, and writing them at every
    /// node made two threads slower than one (dominoes-8x8: 2.4 s of CPU against 0.7).
    left: [u32; MAX_PIECES],
    stack: Vec<Level<M, F>>,
    solution: Vec<u32>,
    path: Vec<u32>,
    pub stats: Stats,
    /// Flood steps the dead-region test takes before taking a region as open.
    pub region_cap: u32,
    /// Ticks come when `ticks & tick_mask == 0`.
    pub tick_mask: u64,
    ticks: u64,
    /// The signature of the copies left ([`Signature::NONE`] if it does not fit a word,
    /// which turns the memo off) ...
    signature: Signature,
    /// ... and the transposition table of counting searches, with up to `2^memo.0`
    /// slots (0: none), made at the first subtree started after `memo.1` nodes.
    pub memo: (u32, u64),
    table: Option<Memo<M>>,
    /// The mirror that lets the memo take a state and its image as one, made with it.
    mirror: Option<Mirror<M>>,
    /// The counts of the last `t.tails` placements by filled squares, made at the first
    /// node that may use them once the memo is made ([`BitEngine::tail_count`]). Boxed:
    /// each node counted through them moves them out and back.
    tails: Option<Box<Tails<M::Key>>>,
    /// The depth from which nodes are counted through the tails: `t.tails` placements
    /// from a solution's end, in one-front engines where every piece must be placed
    /// (`usize::MAX`: never).
    tails_depth: usize,
    /// The path and floor of the last replay and the state it reached, while the stack
    /// is still the one it left.
    replayed: Option<(Vec<u32>, usize, State<M, F>)>,
    /// The lists (ranges of `t.lists`) the nodes at depth 0, 1, ... branch on, before
    /// the usual rule takes over (one part of a reduction, see
    /// [`super::BitSearch::parts`]).
    firsts: Vec<(u32, u32)>,
    /// The live options of the levels, with the rule of the fewest options ([`fewest`]).
    live: Live<M>,
}

impl<M: Word, const F: usize> BitEngine<M, F> {
    pub fn new(t: Arc<Tables<M>>, region_cap: u32, memo: (u32, u64)) -> BitEngine<M, F> {
        assert!(
            t.fronts <= F,
            "an engine for {F} fronts cannot use {}",
            t.fronts
        );
        let depth = t.n as usize + 1;
        BitEngine {
            left: copies_left(&t.copies),
            stack: Vec::with_capacity(depth),
            solution: Vec::with_capacity(depth),
            path: Vec::with_capacity(depth),
            stats: Stats::default(),
            region_cap,
            tick_mask: tick_mask(TICK_LOG2),
            ticks: 0,
            signature: Signature::new(&t.copies).unwrap_or(Signature::NONE),
            memo,
            table: None,
            mirror: None,
            tails: None,
            tails_depth: tails_depth(&t, F),
            replayed: None,
            firsts: Vec::new(),
            live: if t.fewest {
                Live::new(&t)
            } else {
                Live::default()
            },
            t,
        }
    }

    /// A fresh engine with the same settings over the same tables (for another thread).
    pub fn fork(&self) -> BitEngine<M, F> {
        let mut e = BitEngine::new(Arc::clone(&self.t), self.region_cap, self.memo);
        e.tick_mask = self.tick_mask;
        e.firsts.clone_from(&self.firsts);
        e
    }

    /// A fresh engine over `self`'s tables keeping only the placements `allowed`
    /// (filtered in place when no other engine shares them, else in a copy).
    pub fn keeping(self, allowed: &[bool]) -> BitEngine<M, F> {
        let t = Arc::try_unwrap(self.t).unwrap_or_else(|shared| (*shared).clone());
        BitEngine::new(Arc::new(t.keeping(allowed)), self.region_cap, self.memo)
    }

    /// One engine per entry of `firsts`, all over `self`'s tables (extended, in place
    /// if no other engine shares them, by the lists they branch on first): engine `i`
    /// branches at depth `d` on the placements `firsts[i][d]` (indices in
    /// `puzzle.placements`, each an option of the tables).
    pub fn parts(self, firsts: &[Vec<Vec<usize>>]) -> Vec<BitEngine<M, F>> {
        let (region_cap, memo, tick_mask) = (self.region_cap, self.memo, self.tick_mask);
        let mut t = Arc::try_unwrap(self.t).unwrap_or_else(|shared| (*shared).clone());
        let ranges: Vec<Vec<(u32, u32)>> = (firsts.iter())
            .map(|levels| levels.iter().map(|l| t.add_list(l)).collect())
            .collect();
        let t = Arc::new(t);
        (ranges.into_iter())
            .map(|firsts| {
                let mut e = BitEngine::new(Arc::clone(&t), region_cap, memo);
                e.tick_mask = tick_mask;
                e.firsts = firsts;
                e
            })
            .collect()
    }

    fn reset(&mut self) {
        self.left = copies_left(&self.t.copies);
        self.stack.clear();
        self.drop_live(0);
    }

    fn root_avail(&self) -> u64 {
        self.t.all_pieces()
    }

    /// The state after placing option `o` in state `filled`.
    #[inline(always)]
    fn place(&self, filled: &Filled<M, F>, o: u32) -> Filled<M, F> {
        let t = &*self.t;
        let masks = &t.numbered[o as usize * t.fronts..][..t.fronts];
        let mut out = *filled;
        for (f, &m) in out.iter_mut().zip(masks) {
            *f = *f | m;
        }
        out
    }

    /// Pushes the node with state (`filled`, `avail`, `left`) that branches on the
    /// entries `from..to` of `t.lists`, whose masks are in numbering `front`.
    #[inline(always)]
    fn push(
        &mut self,
        filled: &Filled<M, F>,
        avail: u64,
        left: u64,
        list: (u32, u32, u32),
        fit: u64,
    ) {
        let (from, to, front) = list;
        let mirrored = match &self.mirror {
            None => M::ZERO,
            Some(mirror) => match self.stack.last() {
                Some(top) => {
                    let e = self.entries()[top.chosen as usize];
                    self.image_of_child(top.mirrored, top.front, e.option())
                }
                None => mirror.apply_once(filled[0]),
            },
        };
        self.stack.push(Level {
            filled: *filled,
            mirrored,
            avail,
            next: from,
            end: to,
            fit,
            fit_from: from,
            first: from,
            chosen: NONE,
            front,
            left,
            base: self.stats.solutions,
            base_nodes: self.stats.nodes,
        });
    }

    /// Whether the memo has a mirror, and whether the engine made tails (for tests).
    #[cfg(test)]
    pub fn made(&self) -> (bool, bool) {
        (self.mirror.is_some(), self.tails.is_some())
    }
}
