//! A specialised exact-cover engine for tiling boards whose frame fits in 128 bits, used
//! when every open cell must be covered. It finds exactly the solutions that
//! [`crate::cover::Search`] finds on `Puzzle::problem_with(allowed)` (as placement sets),
//! usually with far fewer instructions per node: the board is a machine word, the
//! square to branch on is the first empty square (one `trailing_ones`) of one of a few
//! numberings of the board, and an option is tried with one AND (the classic bitboard
//! pentomino solvers, Knuth's TAOCP 7.2.2.1 exercise on "first empty cell" branching,
//! and a cheap share of his MRV rule: see `layout.rs` and `engine.rs`).
//!
//! ```
//! # use polyx::model::{Board, Piece, PieceSet, Puzzle};
//! # use polyx::geom::Shape;
//! use polyx::bitboard::BitSearch;
//! let domino = Piece { name: "D".into(), label: 'D', shape: Shape::from_picture("##").unwrap(),
//!     count: 8, mirror: true, color: None };
//! let set = PieceSet { name: "d".into(), description: String::new(), pieces: vec![domino] };
//! let puzzle = Puzzle::new(Board::rectangle("4x4", 4, 4), set).unwrap();
//! let allowed = vec![true; puzzle.placements.len()];
//! assert_eq!(BitSearch::new(&puzzle, &allowed).unwrap().count(), 36);
//! ```

mod doomed;
mod engine;
mod layout;
mod memo;
mod mirror;
mod tails;

use std::ops::{BitAnd, BitOr, ControlFlow, Not, Shl, Shr};
use std::sync::Arc;

use crate::cover::{Resume, Stats};
use crate::model::Puzzle;
use crate::symmetry::{Group, Reduction};

pub use engine::PathError;
pub use layout::Order;

use engine::Engine;
use layout::{Tables, MAX_FRONTS};

/// A machine word (or two) used as a set of squares.
pub trait Bits:
    Copy
    + Ord
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const BITS: u32;
    fn bit(i: u32) -> Self;
    fn trailing_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn wrapping_neg(self) -> Self;
    /// The low 32 bits.
    fn low_u32(self) -> u32;
    /// The low and the high 64 bits.
    fn words(self) -> (u64, u64);
    /// The low `BITS` bits of `x`.
    fn from_u128(x: u128) -> Self;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn trailing_ones(self) -> u32 {
                <$t>::trailing_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn low_u32(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn words(self) -> (u64, u64) {
                (self as u64, (self as u128 >> 64) as u64)
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// Receives each solution as placement indices (into `puzzle.placements`), in the order
/// they were chosen, and may stop the search.
pub trait BitVisitor {
    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()>;

    /// Whether [`BitVisitor::solution`] reads its placements (if not, it is given an
    /// empty slice and the engine does not collect them).
    fn wants_placements(&self) -> bool {
        true
    }

    /// `n` solutions at once, found by a counting search (one that does not want
    /// placements) in its memo of subtree counts.
    fn solutions(&mut self, n: u64) -> ControlFlow<()> {
        for _ in 0..n {
            self.solution(&[])?;
        }
        ControlFlow::Continue(())
    }

    /// Called before entering a node, every so many nodes, with the estimated share of
    /// the subtree searched so far. Breaking stops the search so that it can be resumed
    /// at exactly this node.
    fn tick(&mut self, _done: f64) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<F: FnMut(&[u32]) -> ControlFlow<()>> BitVisitor for F {
    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()> {
        self(placements)
    }
}

/// The engine's heuristics (the defaults are what the benchmarks chose).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// How squares are numbered.
    pub order: Order,
    /// Flood steps the dead-region test takes per region before taking it as open (0
    /// turns the test off).
    pub region_cap: u32,
    /// The numberings whose first empty squares the branching square is chosen from,
    /// as a bit set: bit `f` set uses numbering `f`, which is the base numbering with
    /// the minor direction reversed if `f & 1`, the major one if `f & 2`, and rows and
    /// columns swapped if `f & 4`. Numbering 0 is always in; `1` alone is plain "first
    /// empty square".
    pub fronts: u8,
    /// In nodes less than this many choices deep (the root at least), branch on a piece
    /// used exactly once when it has fewer options than every front square.
    pub piece_depth: u32,
    /// A front square with at most this many fitting options is branched on without
    /// counting the other fronts' (fewer nodes are not worth the counting below this).
    pub good_enough: u32,
    /// At the root, branch on a piece used exactly once if it has at most this many
    /// options, even if a front square has fewer (0: only if it has fewer).
    pub root_piece: u32,
    /// Options are listed by the state of this many squares after the first empty one
    /// (`2^window` lists per square; 0 is one list)...
    pub window: u32,
    /// ... and, with more than one front, of this many squares from the one before the
    /// first empty square's neighbour in the next column (or row) of the numbering:
    /// `2^(window + beside)` lists per square and front, at most `2^16`.
    pub beside: u32,
    /// Counting searches keep a memo of subtree counts with up to `2^memo_bits` slots
    /// per engine (0: none) ...
    pub memo_bits: u32,
    /// ... from the first subtree they start after this many nodes: a small search is
    /// over before the table's first touches (cache misses, page faults) pay off.
    pub memo_after: u64,
    /// With one front on a board of one word, find a child's list (and whether any of
    /// its options fits) before the child is entered (`Engine::first_list` in
    /// `engine.rs`).
    pub look_ahead: bool,
    /// One-front counting searches with every piece to be placed count a node with at
    /// most this many placements left through the counts of its filled squares
    /// (`tails.rs`; 0: never).
    pub tails: u32,
    /// A piece (its index in the puzzle's set) that every search over the tables
    /// branches on first, through lists of its own ([`BitSearch::parts`]): its options
    /// stay in the tables, for those lists, but are in no other (where, the piece
    /// placed, they would only be tested and never fit).
    pub unlisted: Option<usize>,
}

impl Tuning {
    /// A `region_cap` chosen from the pieces: one step (isolated squares) when the
    /// smallest piece has at most 2 cells, else one more than its size but at most 4
    /// (one thread: 6x10 41.3 ms with 6 steps, 39.2 with 4, 39.9 with 3; 8x8-square
    /// 0.286, 0.276 and 0.278 s; NOI2005, whose tromino gives 4, 0.124 s with 6).
    pub const AUTO: u32 = u32::MAX;
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            order: Order::ColumnMajor,
            region_cap: Tuning::AUTO,
            // Numberings 0, 2, 4 and 6: from each end of both directions, the minor
            // direction never reversed. The other four mostly reach the same squares
            // (the two ends of one column or row) and cost their tables: Scott's board
            // takes 62.0 k nodes and 6.0 ms with these four, 60.5 k and 6.9 ms with all
            // eight (whole process, median of 100); 8x8-square 5.5 M nodes and 0.272 s
            // against 5.0 M and 0.281 s.
            fronts: 0x55,
            // Pieces weighed against fronts at the root and the next level only: with
            // good enough at 4, a piece deeper down rarely wins (one thread: Scott's
            // board 5.33 -> 5.24 ms, 8x8-square 217 -> 213 ms, against 4).
            piece_depth: 2,
            // Weighing is cheap since fronts share their lists: with 4 rather than 6,
            // Scott's board 58 k -> 45 k nodes, 4.64 -> 4.49 ms (5.61 -> 5.32 ms on one
            // thread), 8x8-square 4.6 M -> 4.0 M nodes, 237 -> 229 ms on one thread (3
            // is as fast, 2 slower on 8x8-square).
            good_enough: 4,
            root_piece: 64,
            window: 2,
            beside: 3,
            // Up to 2^14 slots (512 KiB per thread), with subtrees of 2 nodes or more
            // recorded (`MEMO_MIN_NODES` in `engine.rs`): against 2^13 and 4 nodes,
            // 6x10 866 k -> 800 k nodes and -2%, NOI2005 1.38 M -> 1.17 M nodes and
            // -8%, 8x8-square -3%, Scott's board -1%, 5x12 +0.5% (alternated runs);
            // 2^13 or 2^15 slots, or 3 nodes, were slower on 6x10 or NOI2005.
            memo_bits: 14,
            // Since the memo's pages are written when it is made (no more flushes of
            // the other CPU, see `memo.rs`), an earlier start pays: against 2^16, 6x10
            // -2%, 5x12 -6%, NOI2005 -5%, dominoes-8x8 -26%, Scott's board -1% (2^13
            // costs it 2%).
            memo_after: 1 << 14,
            look_ahead: true,
            tails: 5,
            unlisted: None,
        }
    }
}

/// The sizes of the pieces with copies left.
fn piece_sizes(puzzle: &Puzzle) -> impl Iterator<Item = u32> + '_ {
    (puzzle.set.pieces.iter())
        .zip(&puzzle.remaining)
        .filter(|(_, &r)| r > 0)
        .map(|(p, _)| p.shape.len() as u32)
}

/// The size of the smallest piece with copies left, if any.
fn smallest_piece(puzzle: &Puzzle) -> Option<u32> {
    piece_sizes(puzzle).min()
}

/// The engine for the word size and number of fronts.
enum Inner {
    W64(Engine<u64, 1>),
    W128(Engine<u128, 1>),
    /// Up to 4 fronts (Scott's board, 8x8-square): half the words of 8 to copy and
    /// combine at each node (Scott's board 37.7 M -> 36.1 M instructions, -2.4%;
    /// 8x8-square -4.6%).
    W64x4(Engine<u64, 4>),
    W64x8(Engine<u64, MAX_FRONTS>),
    W128x8(Engine<u128, MAX_FRONTS>),
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
        each!(@arms $inner, $e, $wrap, $body, W64 W128 W64x4 W64x8 W128x8)
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
    /// does not apply (cells may stay empty, the frame has more than 128 squares, or
    /// more than 64 pieces have copies).
    pub fn new(puzzle: &Puzzle, allowed: &[bool]) -> Option<BitSearch> {
        BitSearch::with_tuning(puzzle, allowed, BitSearch::tuning(puzzle))
    }

    /// The heuristics [`BitSearch::new`] chooses for `puzzle`.
    fn tuning(puzzle: &Puzzle) -> Tuning {
        let b = &puzzle.board;
        let order = if b.height <= b.width {
            Order::ColumnMajor
        } else {
            Order::RowMajor
        };
        // Square-ish boards gain from choosing among several fronts (Scott's board: 12
        // times fewer nodes than one, 2 times faster); on long ones, filling along the
        // short side from one end is already tight; with pieces of one or two squares (a front
        // square has at most 2 options) there is nothing to choose; and when a fifth of
        // the frame or more is blocked (NOI2005's triangle), fronts start on the blocked
        // part: there the other fronts cost more than they save (`examples/
        // tiling_stats.rs` with `POLYX_SWEEP=1` measures the pentomino boards).
        let (long, short) = (b.width.max(b.height), b.width.min(b.height));
        let smallest = smallest_piece(puzzle).unwrap_or(0);
        let open = b.open_count() as i64;
        let frame = i64::from(b.width) * i64::from(b.height);
        let tuning = if 2 * long <= 3 * short && smallest >= 3 && 5 * open >= 4 * frame {
            Tuning::default()
        } else {
            // The key reads the rest of the front square's column (row) and two
            // squares more, which an option starting there mostly reaches, but no
            // further than twice the largest piece, and 8 squares at most: against 6
            // for all, 6x10 -5 to -6% (8 squares, 800 k -> 692 k nodes), 5x12 -1.2%
            // (7), 3x20 -1.8% (5), dominoes-8x8 -2 to -5% (4); with 8 for all, 5x12 +2%,
            // 4x15 +2%, 3x20 +5% and dominoes +4%, their tables costing more than their
            // searches save (alternated runs). A board of two words keeps 6: NOI2005's
            // triangle took 13% longer with 8 (its search never looks ahead, see
            // `Tuning::look_ahead`).
            let largest = piece_sizes(puzzle).max().unwrap_or(0);
            let window = if frame <= 64 {
                (short.max(0) as u32 + 2).min(2 * largest).clamp(1, 8)
            } else {
                6
            };
            Tuning {
                fronts: 1,
                piece_depth: 1,
                window,
                beside: 0,
                ..Tuning::default()
            }
        };
        Tuning { order, ..tuning }
    }

    /// The searches of the parts `allowed` of `reduction` ([`Reduction::parts`]), as
    /// [`BitSearch::into_parts`] makes them, over tables built once, or `None` if the
    /// engine does not apply. An engine that weighs several fronts branches first on
    /// each part's own placements of the restricted piece, so its tables hold all of
    /// that piece's placements, and list none of them ([`Tuning::unlisted`]): then the
    /// tables keep the board's symmetries, and numberings that a symmetry maps onto the
    /// first read its lists (`Tables::block` in `layout.rs`; Scott's board: the tables
    /// and parts in 0.56 ms instead of 0.80, 304 page faults instead of 415).
    pub fn for_parts(
        puzzle: &Puzzle,
        reduction: &Reduction,
        allowed: &[Vec<bool>],
    ) -> Option<Vec<BitSearch>> {
        let mut tuning = BitSearch::tuning(puzzle);
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
    /// every open cell must be covered, the frame must fit 128 bits and at most 64
    /// pieces may have copies left.
    pub fn applies(puzzle: &Puzzle) -> bool {
        let b = &puzzle.board;
        let squares = i64::from(b.width.max(0)) * i64::from(b.height.max(0));
        b.cover_all_cells
            && (1..=128).contains(&squares)
            && puzzle.remaining.iter().filter(|&&r| r > 0).count() <= 64
    }

    /// Like [`BitSearch::new`] with chosen heuristics.
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
        let min_size = smallest_piece(puzzle).unwrap_or(1);
        let cap = match tuning.region_cap {
            Tuning::AUTO if min_size <= 2 => 1,
            Tuning::AUTO => (min_size + 1).min(4),
            cap => cap,
        };
        let memo = (tuning.memo_bits, tuning.memo_after);
        let inner = match Tables::<u64>::new(puzzle, allowed, &tuning, group) {
            Some(t) if t.fronts == 1 => Inner::W64(Engine::new(Arc::new(t), cap, memo)),
            Some(t) if t.fronts <= 4 => Inner::W64x4(Engine::new(Arc::new(t), cap, memo)),
            Some(t) => Inner::W64x8(Engine::new(Arc::new(t), cap, memo)),
            None => {
                let t = Tables::<u128>::new(puzzle, allowed, &tuning, group)?;
                if t.fronts == 1 {
                    Inner::W128(Engine::new(Arc::new(t), cap, memo))
                } else {
                    Inner::W128x8(Engine::new(Arc::new(t), cap, memo))
                }
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
    ///   branches on it right after the restricted piece, over the same tables (Scott's
    ///   board: 4.8 ms, against 5.7 ms with a filtered copy, for 4% more nodes);
    /// - a one-front engine, which branches on squares below the root, keeps the usual
    ///   rule over a filtered copy (NOI2005: 1.58 M nodes, against 2.70 M when it
    ///   branched on the second piece at depth 1).
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
    pub fn run(&mut self, visitor: &mut impl BitVisitor) -> bool {
        self.run_from(&[], visitor)
            .expect("the root path always fits")
    }

    /// Every solution below the node named by `path` (positions of the choices made,
    /// as [`BitSearch::split`] gives them); false if the visitor stopped the search.
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
        let mask = (1u64 << log2.min(62)) - 1;
        each!(&mut self.inner, e => e.tick_mask = mask);
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
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

    /// The number of options (allowed placements) the engine tries.
    pub fn option_count(&self) -> usize {
        each!(&self.inner, e => e.t.masks.len())
    }
}
