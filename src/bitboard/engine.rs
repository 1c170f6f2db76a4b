//! The bitboard search. At each node it looks at the first empty square of every
//! numbering (the "fronts", see [`super::layout`]) and branches on the one with the
//! fewest options that fit (options of pieces with copies left that miss every filled
//! square), or, near the root, on a piece used once if it has fewer still. Each set of
//! options is met once, so identical copies never repeat a tiling. A loop over an
//! explicit stack of [`Level`]s (no recursion); the positions on the stack (indices in
//! each level's list) name a node, as in [`crate::cover::split`].
//!
//! Pruning (each measured in `benches/tiling.rs`):
//! - a front square no option fits, or a piece that must still be placed but has no
//!   option at or after some front's square (this is what makes Knuth's one-piece
//!   symmetry restriction bite early);
//! - a dead region: an isolated region of empty squares next to the piece just placed
//!   whose size no sum of piece sizes makes (bit-parallel flood fill), or that is too
//!   small for two pieces and is not the shape of one piece with copies left.

use std::sync::Arc;

use crate::cover::search::PathError;
use crate::cover::{Resume, Stats};

use super::layout::{Entry, Tables};
use super::memo::{Memo, Signature};
use super::mirror::Mirror;
use super::tails::{Run, Tails};
use super::{BitVisitor, Word};

const NONE: u32 = u32::MAX;
/// A level's `base` when its subtree's count must not be recorded (a level replayed to
/// resume a run has seen only part of its subtree).
const PARTIAL: u64 = u64::MAX;
/// Subtrees of fewer nodes are not worth a slot in the memo (measured on 6x10 and
/// NOI2005 with the memo's size, see `Tuning::memo_bits`).
const MEMO_MIN_NODES: u64 = 2;

/// The filled squares in every numbering in use (`F` is 1, 4 or
/// [`super::layout::MAX_FRONTS`], so that the one-front search carries one word per
/// level, not eight, and one of up to 4 fronts four).
type Filled<M, const F: usize> = [M; F];

/// A node's state: the filled squares, the pieces with copies left, and the signature of
/// the copies left ([`Signature`]).
type State<M, const F: usize> = (Filled<M, F>, u64, u64);

/// Whether `e` misses `filled` and its piece is in `avail`, as 0 or 1.
#[inline(always)]
fn fits<M: Word>(e: &Entry<M>, filled: M, avail: u64) -> u64 {
    u64::from(e.mask & filled == M::ZERO) & (avail >> e.piece())
}

/// The bits of up to 8 entries: bit `i` is [`fits`] of `eight[i]`. A full chunk
/// unrolls into constant shifts (a shift by a counted bit cost Scott's board, one
/// thread, 53.6 M instructions against 49.8 M).
#[inline(always)]
fn byte<M: Word>(eight: &[Entry<M>], filled: M, avail: u64) -> u64 {
    let mut byte = 0u64;
    if let Ok(full) = <&[Entry<M>; 8]>::try_from(eight) {
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

/// Bit `i` set: entry `from + i` of `entries` (one of the first 64 from `from`) misses
/// `filled` and its piece is in `avail`. Computed without a branch per entry: whether
/// an entry fits is a coin toss the branch predictor loses (one thread, 8x8-square
/// 0.54 s -> 0.30 s, 6x10 50 -> 41 ms, Scott's board 8.4 -> 5.6 ms). From the last
/// entry back, each shifting the bits by one: 6x10's lists are short (8 entries on
/// average), and by eights with counted shifts took 34.6 ms against 32.6 (one thread,
/// whole process).
#[inline(always)]
fn fit_mask<M: Word>(entries: &[Entry<M>], from: u32, to: u32, filled: M, avail: u64) -> u64 {
    let to = to.min(from.saturating_add(64));
    let mut fit = 0u64;
    for e in entries[from as usize..to as usize].iter().rev() {
        fit = fit << 1 | (fits(e, filled, avail) & 1);
    }
    fit
}

/// The [`fit_mask`] of entries `from..to` (their first 64) and how many of them fit,
/// counted eight at a time and only until `cap` are found (then the count is at least
/// `cap`, and the bits may be short): what a front square or a piece is weighed by.
#[inline(always)]
fn weigh<M: Word>(
    entries: &[Entry<M>],
    (from, to): (u32, u32),
    filled: M,
    avail: u64,
    cap: u32,
) -> (u64, u32) {
    let list = &entries[from as usize..to as usize];
    let head = list.len().min(64);
    let (mut fit, mut count) = (0u64, 0u32);
    for (chunk, eight) in list[..head].chunks(8).enumerate() {
        let bits = byte(eight, filled, avail);
        fit |= bits << (chunk * 8);
        // A byte's count: the baseline x86-64 target has no popcount instruction, and
        // a word's count costs more (a table look-up gained 3% on 8x8-square but
        // lost 3% on 6x10, through the code around it).
        count += (bits as u8).count_ones();
        if count >= cap {
            return (fit, count);
        }
    }
    // Past the first 64, only counted.
    for eight in list[head..].chunks(8) {
        count += (byte(eight, filled, avail) as u8).count_ones();
        if count >= cap {
            break;
        }
    }
    (fit, count)
}

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
    /// The entries from `fit_from` on (64 at most) that fit and are still to try, as
    /// bits ([`fit_mask`]): the search goes to the next one without a test per entry.
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
    /// for a replayed level).
    base: u64,
    base_nodes: u64,
}

/// See [`BitEngine::tails_depth`]: for an engine of `fronts` numberings over `t`.
fn tails_depth<M: Copy>(t: &Tables<M>, fronts: usize) -> usize {
    let placements: usize = t.copies.iter().map(|&c| c as usize).sum();
    if fronts == 1 && t.tails > 0 && t.use_all {
        placements.saturating_sub(t.tails as usize)
    } else {
        usize::MAX
    }
}

/// `copies` (at most 64 entries) as a full array.
fn copies_left(copies: &[u32]) -> [u32; 64] {
    let mut left = [0; 64];
    left[..copies.len()].copy_from_slice(copies);
    left
}

/// The search state over shared [`Tables`].
pub struct BitEngine<M: Copy, const F: usize> {
    pub t: Arc<Tables<M>>,
    /// Copies left per compact piece id. Kept in the engine itself, not in a small heap
    /// block: two threads' blocks can share a cache line, and writing them at every
    /// node made two threads slower than one (dominoes-8x8: 2.4 s of CPU against 0.7).
    left: [u32; 64],
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
    /// each node counted through them moves them out and back (6x10: 85.3 M -> 83.6 M
    /// instructions, -3.3%).
    tails: Option<Box<Tails>>,
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
            tick_mask: (1 << 12) - 1,
            ticks: 0,
            signature: Signature::new(&t.copies).unwrap_or(Signature::NONE),
            memo,
            table: None,
            mirror: None,
            tails: None,
            tails_depth: tails_depth(&t, F),
            replayed: None,
            firsts: Vec::new(),
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

    /// Opens the node with state (`filled`, `avail`) on top of the stack, branching on
    /// the front square or piece with the fewest options that fit; false (and nothing
    /// pushed) if one has none, which makes the node dead.
    ///
    /// Not inlined: inlined, it was copied into every engine's search loop and replay,
    /// and the loop kept many of its values on the stack. Called, Scott's board takes 1.4%
    /// more instructions but 4 to 5% less time (3 × 200 alternated pairs), 6x10 -2.7%,
    /// 5x12 -3.8%, NOI2005 -2.5%, dominoes-8x8 -10%, 8x8-square the same; the binary's
    /// code is 150 KB smaller. (The region test, not inlined, gained nothing.)
    #[inline(never)]
    fn open(&mut self, filled: &Filled<M, F>, avail: u64, left: u64) -> bool {
        let t = &*self.t;
        let n = t.n as usize;
        let (mut best, mut from, mut to, mut front, mut fit) = (u32::MAX, 0, 0, 0, 0);
        let depth = self.stack.len() as u32;
        if let Some(&(from, to)) = self.firsts.get(depth as usize) {
            let fit = fit_mask(&self.t.lists, from, to, filled[0], avail);
            self.push(filled, avail, left, (from, to, 0), fit);
            return true;
        }
        if F == 1 && depth >= t.piece_depth.max(1) {
            // One front and no piece to weigh it against: no need to count.
            return match self.first_list(filled[0], avail) {
                Some((from, to, fit)) => {
                    self.push(filled, avail, left, (from, to, 0), fit);
                    true
                }
                None => false,
            };
        }
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
                return false;
            }
            // (One front comes here only near the root: see `first_list`.)
            let at = ((b * n + c as usize) << t.key_bits) | t.key(fm, c, f);
            let head = t.heads[at];
            if head.none_of(avail) {
                return false;
            }
            let (lo, hi) = head.range();
            let (bits, fits) = weigh(&t.lists, (lo, hi), fm, avail, best);
            if fits < best {
                if fits == 0 {
                    return false;
                }
                (best, from, to, front, fit) = (fits, lo, hi, f as u32, bits);
                if fits <= t.good_enough {
                    break;
                }
            }
        }
        if depth == 0 {
            // At the root a piece used once with few options (the one the symmetry
            // reduction restricts, usually) comes first even against a front square
            // with fewer: the restriction then bites at once (NOI2005's board: 11.1 M
            // nodes without this, 4.3 M with it).
            best = best.max(t.root_piece + 1);
        }
        if best > 1 && depth < t.piece_depth.max(1) {
            let fm = filled[0];
            for l in &t.piece_lists {
                if avail >> l.piece & 1 == 0 || self.left[l.piece as usize] != 1 {
                    continue;
                }
                let (bits, fits) = weigh(&t.lists, (l.from, l.to), fm, avail, best);
                if fits < best {
                    if fits == 0 {
                        return false;
                    }
                    (best, from, to, front, fit) = (fits, l.from, l.to, 0, bits);
                }
            }
        }
        self.push(filled, avail, left, (from, to, front), fit);
        true
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
                    let e = self.t.lists[top.chosen as usize];
                    self.image_of_child(top.mirrored, top.front, e.option())
                }
                None => mirror.apply(filled[0]),
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

    /// The mirror image of a child's filled squares (numbering 0): its parent's image
    /// `mirrored` and that of the option named `option` in numbering `front`'s lists
    /// (nothing without a mirror).
    #[inline(always)]
    fn image_of_child(&self, mirrored: M, front: u32, option: u32) -> M {
        match &self.mirror {
            Some(mirror) => mirrored | mirror.images[self.t.option_in(front, option) as usize],
            None => M::ZERO,
        }
    }

    /// Whether the memo is in use, making it once the engine has searched
    /// `self.memo.1` nodes.
    fn start_memo(&mut self) -> bool {
        if self.table.is_none() && self.stats.nodes >= self.memo.1 {
            self.table = Some(Memo::new(self.memo.0, MEMO_MIN_NODES));
            // Only a one-front search meets a state's mirror image often enough to pay
            // for it (8x8-square: 3,806,488 -> 3,805,894 nodes; Scott's board, 5 more).
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
    fn tail_count(
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
            self.tails = Some(tails);
            self.stats.nodes += nodes;
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
        tails: &mut Tails,
        (filled, mirrored): (M, M),
        depth: usize,
        nodes: &mut u64,
    ) -> Run {
        let t = &*self.t;
        if filled == t.full {
            return Tails::DONE;
        }
        let words = if tails.mirrored {
            filled.min(mirrored).words()
        } else {
            filled.words()
        };
        if let Some(run) = tails.get(words) {
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
        let run = tails.file(words, &children);
        tails.frames[depth] = children;
        run
    }

    /// The state the memo files a node `depth` choices deep with state (`filled`,
    /// `avail`) and mirror image `mirrored` under: the one of the two that stands for
    /// both, if every piece left is mirrored onto itself ([`Mirror::key`]). Not in the
    /// levels that branch on a part's own lists (those restrict pieces the tables do
    /// not).
    #[inline(always)]
    fn memo_key(&self, filled: M, mirrored: M, avail: u64, depth: usize) -> M {
        match &self.mirror {
            Some(mirror) if depth >= self.firsts.len() => mirror.key(filled, mirrored, avail),
            _ => filled,
        }
    }

    /// Replays `path` from the root; leaves the stack holding one level per choice and
    /// returns the state of the node it names. Levels from `floor` on go on with the
    /// entries after the one replayed (a resumed run); those below it try no other.
    fn replay(&mut self, path: &[u32], floor: usize) -> Result<State<M, F>, PathError> {
        // The stack is still that of the last replay if nothing searched since (a
        // worker asks for a task's placements, then searches it).
        if let Some((p, fl, state)) = &self.replayed {
            if *fl == floor && p[..] == *path {
                return Ok(*state);
            }
        }
        let state = self.replay_afresh(path, floor)?;
        let mut p = self.replayed.take().map(|r| r.0).unwrap_or_default();
        p.clear();
        p.extend_from_slice(path);
        self.replayed = Some((p, floor, state));
        Ok(state)
    }

    fn replay_afresh(&mut self, path: &[u32], floor: usize) -> Result<State<M, F>, PathError> {
        self.replayed = None;
        self.reset();
        let mut filled = [M::ZERO; F];
        filled[..self.t.fronts].copy_from_slice(&self.t.init[..self.t.fronts]);
        let mut avail = self.root_avail();
        let mut left = self.signature.full;
        for (level, &pos) in path.iter().enumerate() {
            if filled[0] == self.t.full || !self.open(&filled, avail, left) {
                return Err(PathError { level });
            }
            let top = self.stack.last_mut().expect("just pushed");
            top.base = PARTIAL;
            let k = top.first as usize + pos as usize;
            if k >= top.end as usize {
                return Err(PathError { level });
            }
            let e = self.t.lists[k];
            let fm = top.filled[top.front as usize];
            if avail >> e.piece() & 1 == 0 || e.mask & fm != M::ZERO {
                return Err(PathError { level });
            }
            top.chosen = k as u32;
            top.next = if level < floor { top.end } else { k as u32 + 1 };
            top.fit_from = top.next;
            top.fit = fit_mask(&self.t.lists, top.next, top.end, fm, avail);
            let p = e.piece() as usize;
            self.left[p] -= 1;
            left -= self.signature.weight[p];
            if self.left[p] == 0 {
                avail &= !(1 << e.piece());
            }
            let o = self.t.option_in(top.front, e.option());
            filled = self.place(&filled, o);
        }
        Ok((filled, avail, left))
    }

    /// The list a one-front node with state (`filled`, `avail`) branches on under the
    /// usual rule (its first empty square's), and its fit bits; `None` if no option
    /// fits there (or a piece that must still be placed has expired), which makes the
    /// node dead. The search looks before it enters a node: more than half of 6x10's
    /// children have no option that fits, and finding that first saves their region
    /// test, their memo look-up, and their level.
    #[inline(always)]
    fn first_list(&self, filled: M, avail: u64) -> Option<(u32, u32, u64)> {
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
        // (Past the first 64 entries, the level looks.)
        (fit != 0 || hi - lo > 64).then_some((lo, hi, fit))
    }

    /// Is the node just entered (state `filled` in numbering 0, `avail`, after placing
    /// `m`) dead by the region test?
    #[inline(always)]
    fn dead(&self, filled: M, avail: u64, m: M) -> bool {
        let t = &*self.t;
        if filled == t.full {
            return false;
        }
        let empty = !filled & t.full;
        let mut seeds = t.grow(m) & empty;
        while seeds != M::ZERO {
            let mut region = seeds & seeds.wrapping_neg();
            for _ in 0..self.region_cap {
                let next = (region | t.grow(region)) & empty;
                if next == region {
                    let size = region.count_ones();
                    if !t.fillable[size as usize] {
                        return true;
                    }
                    if size < t.single_below && !self.one_piece_fills(region, avail) {
                        return true;
                    }
                    break;
                }
                region = next;
            }
            seeds = seeds & !region;
        }
        false
    }

    /// Is `region` (too small for two pieces) the squares of an option whose piece has
    /// copies left?
    #[inline(never)]
    fn one_piece_fills(&self, region: M, avail: u64) -> bool {
        let t = &*self.t;
        let c = region.trailing_zeros() as usize;
        (t.start[c]..t.start[c + 1])
            .any(|o| t.masks[o as usize] == region && avail >> t.pieces[o as usize] & 1 == 1)
    }

    /// Searches the subtree below the node `floor` choices down `path` (the first
    /// `floor` positions of it): every solution goes to `visitor`; with `cut`, nodes
    /// `cut` levels below the floor are handed to `on_cut` (as paths) instead of being
    /// searched. A longer `path` resumes a stopped run at the node it names (already
    /// searched if `visited`). Returns where the visitor stopped the search, if it did.
    pub fn search<V: BitVisitor, const FILL: bool>(
        &mut self,
        floor: usize,
        path: &[u32],
        visited: bool,
        cut: Option<usize>,
        visitor: &mut V,
        on_cut: &mut impl FnMut(&[u32]),
    ) -> Result<Option<Resume>, PathError> {
        let (filled, avail, left) = self.replay(path, floor)?;
        // The stack changes from here on.
        self.replayed = None;
        let cut = cut.map_or(usize::MAX, |c| floor + c);
        // Counting only: subtrees' counts can be looked up and recorded.
        let memo_fits = !FILL && cut == usize::MAX && self.memo.0 > 0 && self.signature.full > 0;
        // Not before the engine has searched a while (checked here and at ticks): a
        // small search is over before the table's first touches (cache misses, page
        // faults) pay off (Scott's board). Levels opened before it starts are recorded
        // all the same.
        let mut memo_on = memo_fits && self.start_memo();
        let mut state = if visited {
            None
        } else {
            Some((filled, avail, left, None, None::<(u32, u32, u64)>))
        };
        loop {
            // Enter the node `state` (a child of the top level, or the start node).
            // `recorded` is its count if the memo has it.
            if let Some((filled, avail, left, recorded, list)) = state.take() {
                self.ticks += 1;
                if self.ticks & self.tick_mask == 0 {
                    memo_on = memo_fits && self.start_memo();
                    let done = self.progress(floor);
                    if visitor.tick(done).is_break() {
                        return Ok(Some(self.stopped(false)));
                    }
                }
                if filled[0] == self.t.full {
                    if !self.t.use_all || avail == 0 {
                        if cut != usize::MAX {
                            self.fill_path();
                            on_cut(&self.path);
                        } else {
                            self.stats.solutions += 1;
                            if FILL {
                                self.solution.clear();
                                for l in &self.stack {
                                    let e = self.t.lists[l.chosen as usize];
                                    let o = self.t.option_in(l.front, e.option());
                                    self.solution.push(self.t.places[o as usize]);
                                }
                            }
                            if visitor.solution(&self.solution).is_break() {
                                return Ok(Some(self.stopped(true)));
                            }
                        }
                    }
                } else if self.stack.len() >= cut {
                    self.fill_path();
                    on_cut(&self.path);
                } else if let Some(n) = recorded {
                    self.stats.solutions += n;
                    if visitor.solutions(n).is_break() {
                        return Ok(Some(self.stopped(true)));
                    }
                } else {
                    match list {
                        Some(list) => self.push(&filled, avail, left, (list.0, list.1, 0), list.2),
                        None => {
                            self.open(&filled, avail, left);
                        }
                    }
                }
            }
            // Advance the top level to its next entry, or pop it.
            if self.stack.len() <= floor {
                return Ok(None);
            }
            let top = self.stack.last_mut().expect("above the floor");
            if top.chosen != NONE {
                let piece = self.t.lists[top.chosen as usize].piece();
                self.left[piece as usize] += 1;
                top.chosen = NONE;
            }
            let (filled, avail, left, end, front) =
                (top.filled, top.avail, top.left, top.end, top.front);
            let top_mirrored = top.mirrored;
            let (mut fit, mut fit_from) = (top.fit, top.fit_from);
            let fm = filled[front as usize];
            // With one front, a board of one word and the usual rule below, a child's
            // list is found before its region test ([`BitEngine::first_list`]), and a
            // child with no option that fits is not entered ([`super::Tuning::
            // look_ahead`]). One thread: 6x10 34.1 -> 32.0 ms (400 M -> 358 M
            // instructions), 5x12 13.9 -> 12.8 ms; on NOI2005's board (two words) the
            // look costs more than it saves (968 M -> 1043 M instructions, 65.5 -> 71
            // ms).
            let depth = self.stack.len();
            let ahead = F == 1
                && M::BITS == 64
                && self.t.look_ahead
                && depth as u32 >= self.t.piece_depth
                && self.firsts.len() <= depth;
            let mut nodes = 0;
            let mut chosen = NONE;
            loop {
                if fit == 0 {
                    // The next 64 entries, if the list has more.
                    if end - fit_from <= 64 {
                        break;
                    }
                    fit_from += 64;
                    fit = fit_mask(&self.t.lists, fit_from, end, fm, avail);
                    continue;
                }
                let k = fit_from + fit.trailing_zeros();
                fit &= fit - 1;
                let e = self.t.lists[k as usize];
                nodes += 1;
                let child_avail = if self.left[e.piece() as usize] == 1 {
                    avail & !(1 << e.piece())
                } else {
                    avail
                };
                let (child, m0) = if F == 1 {
                    // One numbering: the entry's own mask is all there is to add.
                    let mut child = filled;
                    child[0] = child[0] | e.mask;
                    (child, e.mask)
                } else if front == 0 {
                    (self.place(&filled, e.option()), e.mask)
                } else {
                    let o = self.t.option_in(front, e.option());
                    (self.place(&filled, o), self.t.masks[o as usize])
                };
                let child_left = left - self.signature.weight[e.piece() as usize];
                let mut list = None;
                if ahead && child[0] != self.t.full {
                    list = self.first_list(child[0], child_avail);
                    if list.is_none() {
                        continue;
                    }
                }
                if self.dead(child[0], child_avail, m0) {
                    continue;
                }
                // Looked up after the region test: a dead child needs no look-up, and
                // the look-up's cache miss overlapped the test less than it cost (6x10,
                // one thread: 42.7 -> 40.2 ms).
                // Near the leaves through the tails, else through the memo.
                let recorded = if memo_on {
                    let mirrored = self.image_of_child(top_mirrored, front, e.option());
                    let state = (child[0], mirrored);
                    self.tail_count(state, child_left, child_avail, depth)
                        .or_else(|| {
                            let key = self.memo_key(child[0], mirrored, child_avail, depth);
                            self.table.as_ref()?.get(key, child_left)
                        })
                } else {
                    None
                };
                chosen = k;
                self.left[e.piece() as usize] -= 1;
                state = Some((child, child_avail, child_left, recorded, list));
                break;
            }
            self.stats.nodes += nodes;
            let top = self.stack.last_mut().expect("above the floor");
            (top.fit, top.fit_from) = (fit, fit_from);
            if chosen != NONE {
                top.next = chosen + 1;
                top.chosen = chosen;
            } else {
                let done = self.stack.pop().expect("above the floor");
                if memo_on && done.base != PARTIAL {
                    let key =
                        self.memo_key(done.filled[0], done.mirrored, done.avail, self.stack.len());
                    let memo = self.table.as_mut().expect("made above");
                    let count = self.stats.solutions - done.base;
                    let nodes = self.stats.nodes - done.base_nodes;
                    memo.put(key, done.left, count, nodes);
                }
            }
        }
    }

    /// Knuth's estimate of the share of the subtree below `floor` already searched,
    /// from the positions in the lists (list lengths stand in for degrees).
    fn progress(&self, floor: usize) -> f64 {
        let (mut done, mut scale) = (0.0, 1.0);
        for l in self.stack.iter().skip(floor) {
            let len = f64::from((l.end - l.first).max(1));
            let tried = if l.chosen == NONE { l.next } else { l.next - 1 };
            scale /= len;
            done += f64::from(tried.saturating_sub(l.first)) * scale;
        }
        done
    }

    /// The estimated share of the whole tree below the node `path` names.
    pub fn weight(&mut self, path: &[u32]) -> Result<f64, PathError> {
        let _ = self.replay(path, path.len())?;
        Ok(self
            .stack
            .iter()
            .map(|l| 1.0 / f64::from((l.end - l.first).max(1)))
            .product())
    }

    /// The placements chosen on the way to the node `path` names.
    pub fn placements_on(&mut self, path: &[u32]) -> Result<Vec<u32>, PathError> {
        let _ = self.replay(path, path.len())?;
        let t = &*self.t;
        Ok((self.stack.iter())
            .map(|l| t.places[t.option_in(l.front, t.lists[l.chosen as usize].option()) as usize])
            .collect())
    }

    /// Where a stopped search resumes: the node on top of the stack, already searched
    /// if `visited`.
    fn stopped(&mut self, visited: bool) -> Resume {
        self.fill_path();
        Resume {
            path: self.path.clone(),
            visited,
        }
    }

    fn fill_path(&mut self) {
        self.path.clear();
        for l in &self.stack {
            self.path.push(l.chosen - l.first);
        }
    }
}
