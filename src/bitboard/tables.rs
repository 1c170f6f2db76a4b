//! The tables of the bitboard engine, built once per puzzle and shared by every thread:
//! each square of the board's frame is one bit (blocked and outside squares start
//! filled). The squares are numbered in up to [`MAX_FRONTS`] ways ([`super::frame`]),
//! and for each numbering the options (placements) are grouped by their lowest bit, as
//! in the classic pentomino solvers (de Bruijn; Fletcher, CACM 1965), so that "the
//! first empty square" of every numbering (one "front" per corner and direction) has
//! its short list of options, one per key ([`super::keys`]). The engine branches on the
//! front square with the fewest options that fit, which keeps most of Knuth's MRV rule
//! at the cost of a few list scans. On a symmetric board the numberings that a symmetry
//! maps onto the first read its lists ([`Tables::block`], [`super::shared`]), which are
//! then built and held once.

use crate::model::Puzzle;
use crate::symmetry::Group;

use super::doomed::Doomed;
use super::entry::{piece_cuts, Entry, Head, PieceList};
use super::frame::{Frame, MAX_FRONTS};
use super::grid::Grid;
use super::keys::{key_of, KeyBits};
use super::listing::{piece_lists, ListBuilder};
use super::loose;
use super::options::{Options, Pieces};
use super::runs::{PieceRuns, MAX_RUN_PIECES};
use super::shared::Blocks;
use super::tuning::{Tuning, MAX_CHILDREN};
use super::word::{all_pieces, Word};

/// Everything the search reads, built from a puzzle and its allowed placements.
#[derive(Clone, Debug)]
pub struct Tables<M: Copy> {
    /// Frame squares (bits in use).
    pub n: u32,
    /// Numberings in use (`1..=MAX_FRONTS`).
    pub fronts: usize,
    /// Options with lowest bit `c` (numbering 0) are `start[c]..start[c + 1]`.
    pub start: Vec<u32>,
    /// Per option: its squares in numbering 0.
    pub masks: Vec<M>,
    /// Per option `o` and numbering `f`: its squares, at `o * fronts + f`.
    pub numbered: Vec<M>,
    /// Per option: its piece, as a compact id (bit of `avail`).
    pub pieces: Vec<u8>,
    /// Per option: its index in `puzzle.placements`.
    pub places: Vec<u32>,
    /// Per option: filtered out by [`Tables::keeping`] (in no list; empty if none is).
    pub dropped: Vec<bool>,
    /// Squares filled before the search (blocked, outside, pre-placed), per numbering.
    pub init: [M; MAX_FRONTS],
    /// All `n` bits.
    pub full: M,
    /// The bits of secondary items ([`super::loose`]): a node whose other bits are all
    /// filled is a solution.
    pub loose: M,
    /// The bits but the loose ones: the squares.
    pub cells: M,
    /// The frame is one of segments ([`super::loose`]), its bits not the picture's
    /// lines.
    pub segments: bool,
    /// Neighbours in numbering 0.
    pub grid: Grid<M>,
    /// Copies per compact piece id.
    pub copies: Vec<u32>,
    /// Per block `b` of lists (see `block`) and square `c`, at `b * (n + 1) + c`:
    /// compact piece ids with no option whose lowest bit in that block's numbering is
    /// `>= c`.
    pub expired: Vec<u64>,
    /// Every piece must be used (`board.use_all_pieces`).
    pub use_all: bool,
    /// `fillable[s]`: `s` cells can be a sum of piece sizes (each piece up to its copies).
    pub fillable: Vec<bool>,
    /// The compact ids of the pieces of each distinct size, as bits (empty with one size
    /// or too many: see [`Pieces::size_classes`]).
    pub size_classes: Vec<u64>,
    /// `fillable` of the pieces still to place: per subset of the size classes with a
    /// piece left, at `subset * (n + 1) + s` ([`Tables::fillable_now`]).
    pub fillable_by_classes: Vec<bool>,
    /// Regions smaller than this (twice the smallest piece) hold at most one piece.
    pub single_below: u32,
    /// Key bits: the `window` squares after the first empty square, then the
    /// `beside` squares from the one just before its neighbour in the next row or
    /// column, or on a board of layers with [`Tuning::key_layer`] in the next layer
    /// (at `key_offset[f]` after it in numbering `f`): the squares an option starting
    /// there is most likely to need (see [`Tables::key`]).
    pub window: u32,
    pub beside: u32,
    pub key_offset: Vec<u32>,
    /// `window + beside`.
    pub key_bits: u32,
    /// Per numbering `f` and bit `c`, at `f * n + c`: the bit of that square in
    /// numbering 0.
    pub square: Vec<u16>,
    /// Per (block `b`, square `c`, key `k`): the options whose lowest bit is `c` (in
    /// the block's numbering) and that miss the key's filled squares, in option order,
    /// are the entries `heads[i].range()` of `lists`, with `i = (b * n + c) << (window +
    /// beside) | k` (keys whose lists are equal share one). A last head, a sentinel,
    /// starts where the lists of keys end and the piece lists begin.
    pub heads: Vec<Head>,
    pub lists: Vec<Entry<M>>,
    /// Where each piece's options lie in the lists of `heads`, when the front squares
    /// are weighed by them ([`Tuning::piece_runs`]; empty otherwise).
    pub runs: PieceRuns,
    /// Per numbering `f`: the block of `heads` and `expired` its lists are in. A
    /// numbering that a symmetry of the board maps onto numbering 0, mapping the options
    /// onto themselves, reads block 0 (see [`super::shared`]): its lists are numbering
    /// 0's with each option replaced by its image, which has the same squares in
    /// numbering `f` as the option has in numbering 0.
    pub block: Vec<u32>,
    /// Per numbering `f` and option `o`, at `f * options + o` (empty with one
    /// numbering): the option that an entry naming `o` stands for in numbering `f`'s
    /// lists ([`Tables::option_in`]).
    pub image: Vec<u32>,
    /// The options of each piece that every solution uses exactly once.
    pub piece_lists: Vec<PieceList>,
    /// Where each piece list's entries with their lowest bit at or past a square start
    /// ([`PieceList::start_at`]).
    pub piece_cuts: Vec<u16>,
    /// Branch on such a piece when it has fewer options than the best front square, in
    /// nodes less than this many choices deep (the root at least).
    pub piece_depth: u32,
    /// A front square with at most this many fitting options is taken without looking
    /// at the other fronts.
    pub good_enough: u32,
    /// At the root, a piece used once with at most this many fitting options is
    /// branched on even if a front square has fewer.
    pub root_piece: u32,
    /// See [`Tuning::look_ahead`].
    pub look_ahead: bool,
    /// See [`Tuning::tails`].
    pub tails: u32,
    /// See [`Tuning::fewest`] (only with one front).
    pub fewest: bool,
    /// See [`Tuning::crowded`].
    pub crowded: u32,
    /// See [`Tuning::children`].
    pub children: u32,
    /// The bit planes the rule of the fewest options counts in: enough to tell
    /// `crowded` options (4 or 5, [`crate::bitboard::tuning::MAX_PLANES`]).
    pub tally_planes: u32,
}

impl<M: Word> Tables<M> {
    /// The tables, or `None` if the frame does not fit `M` or there are more than 64
    /// pieces with copies. With the puzzle's symmetry `group`, the numberings that one of
    /// its elements maps onto numbering 0 read numbering 0's lists ([`Tables::block`]).
    pub fn new(
        puzzle: &Puzzle,
        allowed: &[bool],
        tuning: &Tuning,
        group: Option<&Group>,
    ) -> Option<Tables<M>> {
        let segments = puzzle.board.grid.is_segments();
        let frame = if segments {
            loose::frame::<M>(puzzle, tuning.order, tuning.fronts)?
        } else {
            Frame::<M>::new(&puzzle.board, tuning.order, tuning.fronts)?
        };
        // A node with loose bits open may be a solution: it must be entered to be
        // seen (no look-ahead), and the tails count full frames only. (The rule of the
        // fewest options looks at the squares alone: `cells`.)
        let plain = frame.loose == M::ZERO;
        if allowed.len() != puzzle.placements.len() {
            return None;
        }
        let pieces = Pieces::new(puzzle, tuning.unlisted)?;
        let options = Options::new(puzzle, allowed, &pieces, &frame);
        let blocks = Blocks::new(&frame, &options, group, puzzle.placements.len());
        let keys = KeyBits::new(tuning.window, tuning.beside, frame.fronts());
        let square = frame.squares();
        let key_offset = frame.key_offsets(tuning.key_layer);
        let fillable = pieces.fillable(frame.n as usize);
        let size_classes = pieces.size_classes();
        let fillable_by_classes = pieces.fillable_by_classes(&size_classes, frame.n as usize);
        let doomed = Doomed::new(&frame, keys, &fillable, &pieces, &options);
        let builder = ListBuilder::new(&options, &doomed, keys, frame.fronts(), &pieces);
        let mut lists = builder.build(&frame, &blocks.own, &square, &key_offset);
        let mut piece_lists = if puzzle.board.use_all_pieces {
            piece_lists(&options, &pieces, &mut lists.lists)
        } else {
            Vec::new()
        };
        let piece_cuts = piece_cuts(&mut piece_lists, &lists.lists, frame.n);
        let runs = if tuning.piece_runs && pieces.copies.len() <= MAX_RUN_PIECES {
            PieceRuns::new(&lists.heads, &lists.lists, pieces.copies.len())
        } else {
            PieceRuns::default()
        };
        Some(Tables {
            runs,
            square,
            single_below: pieces.single_below(),
            window: keys.window,
            beside: keys.beside,
            key_offset,
            key_bits: keys.bits(),
            heads: lists.heads,
            lists: lists.lists,
            block: blocks.block,
            image: blocks.image,
            piece_lists,
            piece_cuts,
            piece_depth: tuning.piece_depth,
            good_enough: tuning.good_enough.max(1),
            root_piece: tuning.root_piece,
            look_ahead: tuning.look_ahead && plain,
            tails: if plain { tuning.tails } else { 0 },
            fewest: tuning.fewest && frame.fronts() == 1,
            crowded: tuning.crowded,
            children: tuning.children.min(MAX_CHILDREN),
            tally_planes: tuning.tally_planes(),
            n: frame.n,
            fronts: frame.fronts(),
            start: options.start,
            masks: options.masks,
            numbered: options.numbered,
            pieces: options.pieces,
            places: options.places,
            dropped: Vec::new(),
            init: frame.init,
            full: frame.full,
            loose: frame.loose,
            cells: frame.full & !frame.loose,
            segments,
            grid: frame.grid,
            fillable,
            size_classes,
            fillable_by_classes,
            copies: pieces.copies,
            expired: lists.expired,
            use_all: puzzle.board.use_all_pieces,
        })
    }

    /// Can `size` cells be a sum of the sizes of the pieces in `avail` (each up to its
    /// copies)? Only the sizes that have a piece left count, so once the last piece of a
    /// size is placed, regions must be filled by the others. True when the pieces have
    /// one size (`fillable` already says it all).
    #[inline]
    pub fn fillable_now(&self, avail: u64, size: u32) -> bool {
        if self.size_classes.is_empty() {
            return true;
        }
        let mut subset = 0;
        for (c, &pieces) in self.size_classes.iter().enumerate() {
            if avail & pieces != 0 {
                subset |= 1 << c;
            }
        }
        self.fillable_by_classes[subset * (self.n as usize + 1) + size as usize]
    }

    /// Every compact piece id, as bits.
    pub fn all_pieces(&self) -> u64 {
        all_pieces(self.copies.len())
    }

    /// The option that an entry naming option `o` stands for in the lists of numbering
    /// `front` (`o` itself unless that numbering reads numbering 0's lists).
    #[inline(always)]
    pub fn option_in(&self, front: u32, o: u32) -> u32 {
        if front == 0 {
            o
        } else {
            self.image[front as usize * self.places.len() + o as usize]
        }
    }

    /// The head of the list of the first empty square of `filled` with one front (whose
    /// tables hold the plain window: `beside == 0`).
    #[inline(always)]
    pub fn one_front_head(&self, filled: M) -> Head {
        let c = filled.trailing_ones();
        let key = (filled.low_u32_after(c) & ((1 << self.window) - 1)) as usize;
        self.heads[((c as usize) << self.key_bits) | key]
    }

    /// The key of the lists of square `c` in numbering `f` for the filled squares `fm`.
    #[inline(always)]
    pub fn key(&self, fm: M, c: u32, f: usize) -> usize {
        let offset = if self.beside == 0 {
            0
        } else {
            self.key_offset[f]
        };
        key_of(fm, c, self.window, self.beside, offset) as usize
    }

    /// The squares next to `m` (not `m` itself, not limited to empty squares), in
    /// numbering 0.
    #[inline(always)]
    pub fn grow(&self, m: M) -> M {
        self.grid.grow(m)
    }
}
