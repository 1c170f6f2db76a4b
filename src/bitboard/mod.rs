//! A specialised exact-cover engine for tiling boards whose frame has at most
//! [`MAX_SQUARES`] squares, used when every open cell must be covered. It finds exactly the solutions that
//! [`crate::cover::Search`] finds on `Puzzle::problem_with(allowed)` (as placement sets),
//! usually with far fewer instructions per node: the board is a machine word, the
//! square to branch on is the first empty square (one `trailing_ones`) of one of a few
//! numberings of the board, and an option is tried with one AND (the classic bitboard
//! pentomino solvers, Knuth's TAOCP 7.2.2.1 exercise on "first empty cell" branching,
//! and a cheap share of his MRV rule: see `tables.rs` and `engine/`).
//!
//! The modules, lowest first: sets in words (`word`, and several words as one in
//! `wide`, for frames past 128 squares), the frame and its numberings
//! (`frame`, `packing`, `grid`), the options and their lists (`options`, `keys`, `entry`,
//! `doomed`, `shared`, `listing`), the tables built from them (`tables`, `filter`),
//! the memo's parts (`memo`, `mirror`, `tails`), the live options of the rule of the
//! fewest options (`live`), and the search over the tables (`engine`), which
//! [`BitSearch`] wraps for each word width.

mod doomed;
mod engine;
mod entry;
mod filter;
mod frame;
mod grid;
mod keys;
mod listing;
mod live;
mod loose;
mod memo;
mod mirror;
mod options;
mod packing;
mod runs;
mod shared;
mod tables;
mod tails;
mod tuning;
mod visitor;
mod wide;
mod word;

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::cover::search::PathError;
use crate::cover::visit::tick_mask;
use crate::cover::{Resume, Stats};
use crate::model::Puzzle;
use crate::symmetry::{Group, Reduction};

#[cfg(test)]
use frame::Order;
pub use tuning::Tuning;
pub use visitor::BitVisitor;
pub use word::Word;

use engine::BitEngine;
use frame::MAX_FRONTS;
use tables::Tables;
use wide::Wide;
use word::MAX_PIECES;
pub use word::MAX_SQUARES;

/// The most numberings of the engine that carries four words of filled squares a level.
const FEW_FRONTS: usize = 4;

/// The engine for the word size and number of fronts. (One per search, moved only when
/// a search is made or split into parts: the size of the widest is no cost.)
#[allow(clippy::large_enum_variant)]
enum Inner {
    W64(BitEngine<u64, 1>),
    W128(BitEngine<u128, 1>),
    /// Up to 4 fronts (Scott's board, 8x8-square): half the words of 8 to copy and
    /// combine at each node.
    W64x4(BitEngine<u64, FEW_FRONTS>),
    W64x8(BitEngine<u64, MAX_FRONTS>),
    W128x8(BitEngine<u128, MAX_FRONTS>),
    /// Frames of 129 to 256 squares, then to 512 ([`MAX_SQUARES`]): 4 and 8 words.
    W256(BitEngine<Wide<4>, 1>),
    W256x4(BitEngine<Wide<4>, FEW_FRONTS>),
    W256x8(BitEngine<Wide<4>, MAX_FRONTS>),
    W512(BitEngine<Wide<8>, 1>),
    W512x4(BitEngine<Wide<8>, FEW_FRONTS>),
    W512x8(BitEngine<Wide<8>, MAX_FRONTS>),
}

/// The bitboard search of one puzzle, with the API of [`crate::cover::Search`].
pub struct BitSearch {
    inner: Inner,
}

/// `$body` with `$e` bound to the engine in `$inner` (an `Inner`, by value or by
/// reference), whatever its width, and `$wrap` to that width's constructor. A new
/// width is one more name in the list below.
macro_rules! each {
    ($inner:expr, $e:ident => $body:expr) => {
        each!($inner, $e, _wrap => $body)
    };
    ($inner:expr, $e:ident, $wrap:ident => $body:expr) => {
        each!(@arms $inner, $e, $wrap, $body, W64 W128 W64x4 W64x8 W128x8 W256 W256x4 W256x8 W512 W512x4 W512x8)
    };
    (@arms $inner:expr, $e:ident, $wrap:ident, $body:expr, $($width:ident)*) => {
        match $inner {
            $($crate::bitboard::Inner::$width($e) => {
                let $wrap = $crate::bitboard::Inner::$width;
                $body
            })*
        }
    };
}

// After `each!`, which the tests use too.
#[cfg(test)]
mod tests;

impl BitSearch {
    /// The engine for `puzzle` restricted to the placements `allowed`, or `None` if it
    /// does not apply (cells may stay empty, the frame has more than [`MAX_SQUARES`]
    /// squares, or more than 64 pieces have copies).
    #[cfg(test)]
    pub fn new(puzzle: &Puzzle, allowed: &[bool]) -> Option<BitSearch> {
        BitSearch::with_tuning(puzzle, allowed, Tuning::for_puzzle(puzzle))
    }

    /// The searches of the parts `allowed` of `reduction` ([`Reduction::parts`]), as
    /// [`BitSearch::into_parts`] makes them, over tables built once, or `None` if the
    /// engine does not apply. An engine that weighs several fronts branches first on
    /// each part's own placements of the restricted piece, so its tables hold all of
    /// that piece's placements, and list none of them ([`Tuning::unlisted`]): then the
    /// tables keep the board's symmetries, and numberings that a symmetry maps onto the
    /// first read its lists (`Tables::block`): the tables are built faster and take
    /// fewer pages.
    pub fn for_parts(
        puzzle: &Puzzle,
        reduction: &Reduction,
        allowed: &[Vec<bool>],
    ) -> Option<Vec<BitSearch>> {
        let mut tuning = Tuning::for_puzzle(puzzle);
        let mut placements = reduction.allowed.clone();
        if let Some(k) = reduction.piece.filter(|_| tuning.piece_depth > 1) {
            for (a, p) in placements.iter_mut().zip(&puzzle.placements) {
                *a |= p.piece == k;
            }
            tuning.unlisted = Some(k);
        }
        let whole = BitSearch::build(puzzle, &placements, tuning, Some(&reduction.group))?;
        Some(whole.into_parts(puzzle, reduction, allowed))
    }

    /// Whether [`BitSearch::new`] would give an engine, without building its tables:
    /// on any grid (the frame is the rectangle of picture coordinates, or its layers,
    /// see `frame`),
    /// every open cell must be covered, the frame must have at most
    /// [`MAX_SQUARES`] squares and at most 64 pieces may have copies left.
    pub fn applies(puzzle: &Puzzle) -> bool {
        let b = &puzzle.board;
        let squares = [b.width, b.height, b.depth]
            .iter()
            .map(|&v| i64::from(v.max(0)))
            .product::<i64>();
        // Ranges of copies need a minimum per piece, which only DLX's items keep.
        // Pieces of segments may not cross: secondary items, kept as loose bits where
        // each point has at most one (`loose`).
        b.cover_all_cells
            && (!b.grid.is_segments() || loose::fits(puzzle))
            && !puzzle.has_ranges()
            && (1..=i64::from(MAX_SQUARES)).contains(&squares)
            && puzzle.remaining.iter().filter(|&&r| r > 0).count() <= MAX_PIECES
    }

    /// Like [`BitSearch::new`] with chosen heuristics.
    #[cfg(test)]
    pub fn with_tuning(puzzle: &Puzzle, allowed: &[bool], tuning: Tuning) -> Option<BitSearch> {
        // The group lets numberings share lists; one front has nothing to share.
        let group = (tuning.fronts != 1).then(|| Group::of(puzzle));
        BitSearch::build(puzzle, allowed, tuning, group.as_ref())
    }

    /// [`BitSearch::with_tuning`] with the puzzle's symmetry group, if known.
    fn build(
        puzzle: &Puzzle,
        allowed: &[bool],
        tuning: Tuning,
        group: Option<&Group>,
    ) -> Option<BitSearch> {
        if !puzzle.board.cover_all_cells {
            return None;
        }
        let cap = tuning.region_steps(puzzle);
        let memo = (tuning.memo_bits, tuning.memo_after);
        // The narrowest word the frame fits (`Tables::new` refuses a frame too wide for
        // its word before it builds anything).
        let inner = if let Some(t) = Tables::<u64>::new(puzzle, allowed, &tuning, group) {
            match t.fronts {
                1 => Inner::W64(BitEngine::new(Arc::new(t), cap, memo)),
                ..=FEW_FRONTS => Inner::W64x4(BitEngine::new(Arc::new(t), cap, memo)),
                _ => Inner::W64x8(BitEngine::new(Arc::new(t), cap, memo)),
            }
        } else if let Some(t) = Tables::<u128>::new(puzzle, allowed, &tuning, group) {
            match t.fronts {
                1 => Inner::W128(BitEngine::new(Arc::new(t), cap, memo)),
                _ => Inner::W128x8(BitEngine::new(Arc::new(t), cap, memo)),
            }
        } else if let Some(t) = Tables::<Wide<4>>::new(puzzle, allowed, &tuning, group) {
            match t.fronts {
                1 => Inner::W256(BitEngine::new(Arc::new(t), cap, memo)),
                ..=FEW_FRONTS => Inner::W256x4(BitEngine::new(Arc::new(t), cap, memo)),
                _ => Inner::W256x8(BitEngine::new(Arc::new(t), cap, memo)),
            }
        } else {
            let t = Tables::<Wide<8>>::new(puzzle, allowed, &tuning, group)?;
            match t.fronts {
                1 => Inner::W512(BitEngine::new(Arc::new(t), cap, memo)),
                ..=FEW_FRONTS => Inner::W512x4(BitEngine::new(Arc::new(t), cap, memo)),
                _ => Inner::W512x8(BitEngine::new(Arc::new(t), cap, memo)),
            }
        };
        Some(BitSearch { inner })
    }

    /// A fresh search of the same puzzle that shares this one's tables (for another
    /// thread): nothing is rebuilt.
    pub fn fork(&self) -> BitSearch {
        let inner = each!(&self.inner, e, wrap => wrap(e.fork()));
        BitSearch { inner }
    }

    /// A fresh search of the same puzzle with only the placements `allowed` (a subset of
    /// this search's), from this one's tables filtered rather than built again (in
    /// place, unless a fork shares them: `search.fork().keeping(..)` leaves `search`
    /// as it is).
    pub fn keeping(self, allowed: &[bool]) -> BitSearch {
        let inner = each!(self.inner, e, wrap => wrap(e.keeping(allowed)));
        BitSearch { inner }
    }

    /// The searches of the parts `allowed` of `reduction` ([`Reduction::parts`]), made
    /// from this search of its allowed placements, each branching first on its
    /// placements of the restricted piece. That piece is used exactly once, so what
    /// the tables allow of it elsewhere never matters, and the first part (the
    /// representatives no symmetry fixes, most of the tree) shares these tables.
    /// The parts below symmetric representatives also restrict the second piece:
    /// - an engine that weighs pieces against fronts near the root (several fronts)
    ///   branches on it right after the restricted piece, over the same tables (on
    ///   Scott's board a filtered copy costs more to build than its fewer nodes save);
    /// - a one-front engine, which branches on squares below the root, keeps the usual
    ///   rule over a filtered copy (NOI2005: 1.58 M nodes, against 2.70 M when
    ///   branching on the second piece at depth 1).
    pub fn into_parts(
        self,
        puzzle: &Puzzle,
        reduction: &Reduction,
        allowed: &[Vec<bool>],
    ) -> Vec<BitSearch> {
        let shared = self.piece_depth() > 1;
        // An engine that weighs fronts branches first on the restricted piece even in
        // one part: its tables may list none of that piece's placements
        // ([`BitSearch::for_parts`]).
        if allowed.len() == 1 && !(shared && reduction.piece.is_some()) {
            return vec![self];
        }
        let firsts = reduction.firsts(puzzle, allowed, shared);
        if shared {
            return self.parts(&firsts);
        }
        let one = |search: BitSearch, first: &[Vec<usize>]| {
            let mut parts = search.parts(&[first.to_vec()]);
            parts.pop().expect("one part")
        };
        // The copies first, while the tables are still unextended.
        let mut parts: Vec<BitSearch> = (allowed.iter().zip(&firsts).skip(1))
            .map(|(part, first)| one(self.fork().keeping(part), first))
            .collect();
        parts.insert(0, one(self, &firsts[0]));
        parts
    }

    /// The depth above which nodes may branch on a piece ([`Tuning::piece_depth`]).
    fn piece_depth(&self) -> u32 {
        each!(&self.inner, e => e.t.piece_depth)
    }

    /// One search per entry of `firsts`, all sharing this search's tables: search `i`
    /// branches at depth `d` on the placements `firsts[i][d]` (indices in
    /// `puzzle.placements`, each one this search allows), in that order, then as usual.
    /// Each list must be of a piece that every solution uses exactly once, whose
    /// placements the search allows elsewhere then never matter.
    pub fn parts(self, firsts: &[Vec<Vec<usize>>]) -> Vec<BitSearch> {
        fn wrap<E>(engines: Vec<E>, f: fn(E) -> Inner) -> Vec<BitSearch> {
            (engines.into_iter())
                .map(|e| BitSearch { inner: f(e) })
                .collect()
        }
        each!(self.inner, e, variant => wrap(e.parts(firsts), variant))
    }

    /// Every solution, in search order; false if the visitor stopped the search.
    #[cfg(test)]
    pub fn run(&mut self, visitor: &mut impl BitVisitor) -> bool {
        self.run_from(&[], visitor)
            .expect("the root path always fits")
    }

    /// Every solution below the node named by `path` (positions of the choices made,
    /// as [`BitSearch::split`] gives them); false if the visitor stopped the search.
    #[cfg(test)]
    pub fn run_from(
        &mut self,
        path: &[u32],
        visitor: &mut impl BitVisitor,
    ) -> Result<bool, PathError> {
        let stopped = self.run_below(path, None, visitor)?;
        Ok(stopped.is_none())
    }

    /// Every solution below the node named by `path`; with `resume`, only those after
    /// the point where an earlier run of the same subtree stopped. Returns where the
    /// visitor stopped this run, if it did.
    pub fn run_below(
        &mut self,
        path: &[u32],
        resume: Option<&Resume>,
        visitor: &mut impl BitVisitor,
    ) -> Result<Option<Resume>, PathError> {
        let floor = path.len();
        let (from, visited) = match resume {
            Some(r) if r.path.len() >= floor && r.path[..floor] == *path => {
                (&r.path[..], r.visited)
            }
            Some(_) => return Err(PathError { level: 0 }),
            None => (path, false),
        };
        if visitor.wants_placements() {
            each!(&mut self.inner, e => e.search::<_, true>(floor, from, visited, None, visitor, &mut |_| {}))
        } else {
            each!(&mut self.inner, e => e.search::<_, false>(floor, from, visited, None, visitor, &mut |_| {}))
        }
    }

    /// The paths of the nodes `depth` choices below the root (and of solutions found
    /// above that depth), in search order: running each with [`BitSearch::run_from`]
    /// gives the solutions of [`BitSearch::run`] in the same order.
    #[cfg(test)]
    pub fn split(&mut self, depth: usize) -> Vec<Vec<u32>> {
        self.split_below(&[], depth)
            .expect("the root path always fits")
    }

    /// Like [`BitSearch::split`], below the node named by `path`.
    pub fn split_below(&mut self, path: &[u32], depth: usize) -> Result<Vec<Vec<u32>>, PathError> {
        let mut out = Vec::new();
        let mut never = |_: &[u32]| ControlFlow::Continue(());
        let floor = path.len();
        each!(&mut self.inner, e => e.search::<_, false>(floor, path, false, Some(depth), &mut never, &mut |p: &[u32]| out.push(p.to_vec())))?;
        Ok(out)
    }

    /// Knuth's estimate of the share of the whole tree below the node `path` names.
    pub fn weight(&mut self, path: &[u32]) -> Result<f64, PathError> {
        each!(&mut self.inner, e => e.weight(path))
    }

    /// The placements chosen on the way to the node `path` names (indices into the
    /// puzzle's placements).
    pub fn placements_on(&mut self, path: &[u32]) -> Result<Vec<u32>, PathError> {
        each!(&mut self.inner, e => e.placements_on(path))
    }

    /// Whether the search's memo has a mirror, and whether it made tails (for tests).
    #[cfg(test)]
    fn made(&self) -> (bool, bool) {
        each!(&self.inner, e => e.made())
    }

    /// Counting searches keep a memo of subtree counts with up to `2^bits` slots (0:
    /// none). A search that already made its memo keeps it.
    pub fn set_memo_bits(&mut self, bits: u32) {
        each!(&mut self.inner, e => e.memo.0 = bits);
    }

    /// Ticks come every `2^log2` nodes entered.
    pub fn set_tick_interval(&mut self, log2: u32) {
        let mask = tick_mask(log2);
        each!(&mut self.inner, e => e.tick_mask = mask);
    }

    /// The number of solutions.
    #[cfg(test)]
    pub fn count(&mut self) -> u128 {
        let before = self.stats().solutions;
        let mut all = |_: &[u32]| ControlFlow::Continue(());
        each!(&mut self.inner, e => e.search::<_, false>(0, &[], false, None, &mut all, &mut |_| {}))
            .expect("the root path always fits");
        self.stats().solutions - before
    }

    /// Counters so far (`updates` stays 0: there are no links).
    pub fn stats(&self) -> Stats {
        each!(&self.inner, e => e.stats)
    }
}
