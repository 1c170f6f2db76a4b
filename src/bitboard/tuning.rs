//! The bitboard engine's heuristics ([`Tuning`]): how squares are numbered, which
//! fronts are weighed, how long the lists' keys are, when the memo starts, and the
//! choice of them for a puzzle ([`Tuning::for_puzzle`]).

use crate::geom::{Cell, Grid};
use crate::model::{Board, Puzzle, Square};

use super::frame::Order;

/// The most bit planes the rule of the fewest options counts options per square in
/// ([`Tuning::tally_planes`], `live.rs`).
pub const MAX_PLANES: u32 = 5;

/// The most children a node looks at in itself ([`Tuning::children`]): each takes a
/// word of the pass over the node's options.
pub const MAX_CHILDREN: u32 = 8;

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
    /// its options fits) before the child is entered (`BitEngine::first_list` in
    /// `engine/branch.rs`).
    pub look_ahead: bool,
    /// One-front counting searches with every piece to be placed count a node with at
    /// most this many placements left through the counts of its filled squares
    /// (`tails.rs`; 0: never).
    pub tails: u32,
    /// A piece (its index in the puzzle's set) that every search over the tables
    /// branches on first, through lists of its own ([`super::BitSearch::parts`]): its options
    /// stay in the tables, for those lists, but are in no other (where, the piece
    /// placed, they would only be tested and never fit).
    pub unlisted: Option<usize>,
    /// Front squares are weighed through the runs of their lists' pieces, reading only
    /// the options of pieces with copies left ([`super::runs`]), when there are at most
    /// [`super::runs::MAX_RUN_PIECES`] pieces.
    pub piece_runs: bool,
    /// On a board of layers, the `beside` key squares are read from the front square's
    /// neighbour in the next layer rather than in the next line (the window then
    /// reaches the next line's).
    pub key_layer: bool,
    /// With one front, each node branches on the open square or the piece used once
    /// that has the fewest options over the whole board (Knuth's MRV rule), counted
    /// from the node's live options (`live.rs`, `engine/fewest.rs`), rather than on a
    /// front square.
    pub fewest: bool,
    /// Under the rule of the fewest options, while every open square has at least this
    /// many options (at most `2^5`), a node branches on the piece used once with the
    /// fewest, however many: placing a piece early constrains the rest more than
    /// covering one of many crowded squares.
    pub crowded: u32,
    /// Under the rule of the fewest options, a node that branches on at most this many
    /// options (at most [`MAX_CHILDREN`]; 0: none) finds the children
    /// that would die at their open in one pass over its own live options, and leaves
    /// them out ([`super::engine`]'s `dying.rs`).
    pub children: u32,
}

impl Tuning {
    /// A `region_cap` chosen from the pieces: one step (isolated squares) when the
    /// smallest piece has at most 2 cells, else one more than its size but at most 4
    /// (more steps find few more dead regions than they cost on the pentomino boards).
    pub const AUTO: u32 = u32::MAX;

    /// The flood steps of the dead-region test for `puzzle` ([`Tuning::region_cap`],
    /// with [`Tuning::AUTO`] resolved).
    pub fn region_steps(&self, puzzle: &Puzzle) -> u32 {
        let min_size = smallest_piece(puzzle).unwrap_or(1);
        match self.region_cap {
            Tuning::AUTO if min_size <= 2 => 1,
            Tuning::AUTO => (min_size + 1).min(4),
            cap => cap,
        }
    }

    /// The bit planes the rule of the fewest options counts options per square in:
    /// enough to tell [`Tuning::crowded`] (4 below 17; a fifth plane makes each option's
    /// counting longer, the IQ Puzzler Pro pyramid 6 % slower).
    pub fn tally_planes(&self) -> u32 {
        if self.crowded > 1 << 4 {
            MAX_PLANES
        } else {
            4
        }
    }

    /// The heuristics [`super::BitSearch::new`] chooses for `puzzle`.
    pub fn for_puzzle(puzzle: &Puzzle) -> Tuning {
        Tuning {
            memo_bits: memo_bits(puzzle),
            ..Tuning::for_shape(puzzle)
        }
    }

    /// The heuristics for `puzzle`'s board and the sizes of its pieces.
    fn for_shape(puzzle: &Puzzle) -> Tuning {
        let b = &puzzle.board;
        if b.depth > 1 {
            return Tuning::for_layers(puzzle);
        }
        if b.grid.is_segments() {
            // A frame of segments is no picture whose corners the fronts could start
            // from (`loose.rs`), and a piece of sticks runs out of places sooner than a
            // segment runs out of options: the rule of the fewest options, as on balls,
            // a piece first while every segment has 9 options (the tetrasticks on the
            // 5×5 square: 36.4 M nodes; 12: 39.5 M; 6: 43.3 M).
            // The children are not looked at in their parent: the tetrasticks took
            // 1.17 times as long with up to 8 of them, 1.05 with up to 4.
            return Tuning::fewest_rule(Tuning::default(), 9, 0);
        }
        // Rows and columns without an open cell (a strip drawn far from the rest of a
        // board) are skipped by every front at once, so the board is weighed by the
        // rows and columns that hold open cells.
        // On the hex and triangle grids a column of the picture is half a cell wide.
        let (columns, height) = used_extent(b);
        let width = if b.grid == Grid::Square {
            columns
        } else {
            (columns + 1) / 2
        };
        let order = if height <= width {
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
        let (long, short) = (width.max(height), width.min(height));
        let smallest = smallest_piece(puzzle).unwrap_or(0);
        let open = b.open_count() as i64;
        // The frame's squares that could be cells: on the hex and triangle grids those
        // not outside (the picture's rectangle holds many positions no board covers).
        let frame = if b.grid == Grid::Square {
            i64::from(width) * i64::from(height)
        } else {
            b.cells()
                .filter(|&c| b.square(c) != Square::Outside)
                .count() as i64
        };
        let tuning = if 2 * long <= 3 * short && smallest >= 3 && 5 * open >= 4 * frame {
            Tuning::default()
        } else {
            // The key reads the rest of the front square's column (row) and two
            // squares more, which an option starting there mostly reaches, but no
            // further than twice the largest piece, and 8 squares at most: longer keys'
            // tables cost more than their searches save. A board of two words keeps 6
            // (its search never looks ahead, see `Tuning::look_ahead`, and 8 made
            // NOI2005's triangle slower).
            let largest = piece_sizes(puzzle).max().unwrap_or(0);
            let squares = i64::from(b.width) * i64::from(b.height);
            let window = if squares <= i64::from(u64::BITS) {
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
}

impl Tuning {
    /// The heuristics for a board of layers: the axes numbered from the one with the
    /// fewest open positions (minor) to the one with the most (major), as a long flat
    /// board is numbered along its short side, and the rule of the fewest options.
    fn for_layers(puzzle: &Puzzle) -> Tuning {
        let b = &puzzle.board;
        let extent = used_extent_3d(b);
        let mut axes = [0u8, 1, 2];
        axes.sort_by_key(|&a| (extent[a as usize], a));
        let tuning = Tuning {
            order: Order::Solid(axes),
            ..Tuning::default()
        };
        // A piece first while every square has 12 options on balls (the IQ Puzzler Pro
        // pyramid: 2.37 M nodes; 8: 2.47 M; 16: 2.49 M), 32 on cubes (the solid
        // pentominoes in 3×4×5: 7.43 M; 12: 7.69 M; Bedlam 30.1 M against 35.5 M).
        // The children found dead in their parent when a node branches on at most 8
        // options: the solid pentominoes in 3×4×5 in 0.92 of the time without (up to
        // 4: as fast, up to 12: slower), the IQ Puzzler Pro pyramid in 0.92, Bedlam in
        // 0.97.
        let children = MAX_CHILDREN;
        if b.grid == Grid::Sphere {
            return Tuning::fewest_rule(tuning, 12, children);
        }
        Tuning::fewest_rule(tuning, 32, children)
    }

    /// `tuning` with one front and the rule of the fewest options over the whole board
    /// ([`Tuning::fewest`]), a piece first while every square has `crowded` options,
    /// up to `children` children looked at in their parent ([`Tuning::children`]).
    ///
    /// On the grids of layers and of segments a piece runs out of places sooner than a
    /// square runs out of options (flat pieces of balls lie in three families of
    /// planes; pentacubes turn 24 ways in a box a few cubes thick), and the squares
    /// short of options lie anywhere, not at the frame's corners. In keep mode on one
    /// thread, against weighing the box's eight corners as fronts: the IQ Puzzler Pro
    /// pyramid 2.37 M nodes (19.5 M), NOI2005's 0.34 M (1.87 M), the solid pentominoes
    /// in 3×4×5 7.4 M (32.9 M) and in 1.3 s (3.2 s); the Bedlam cube 30.1 M (80.8 M),
    /// 2.9 s of wall time on two threads (5.3 s).
    fn fewest_rule(tuning: Tuning, crowded: u32, children: u32) -> Tuning {
        Tuning {
            fronts: 1,
            fewest: true,
            crowded,
            children,
            // The rule weighs pieces at every level; so the reduction's parts share one
            // set of tables (`BitSearch::for_parts`).
            piece_depth: u32::MAX,
            // The search reads no front square's lists: one per square is enough.
            window: 0,
            beside: 0,
            ..tuning
        }
    }
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            order: Order::ColumnMajor,
            region_cap: Tuning::AUTO,
            // Numberings 0, 2, 4 and 6: from each end of both directions, the minor
            // direction never reversed. The other four mostly reach the same squares
            // (the two ends of one column or row) and cost their tables more than the
            // few nodes they save (Scott's board, 8x8-square).
            fronts: 0x55,
            // Pieces weighed against fronts at the root and the next level only: with
            // good enough at 4, a piece deeper down rarely wins.
            piece_depth: 2,
            // Weighing is cheap since fronts share their lists: 4 takes fewer nodes and
            // less time than 6 on Scott's board and 8x8-square (3 is as fast, 2
            // slower).
            good_enough: 4,
            root_piece: 64,
            window: 2,
            beside: 3,
            // Up to 2^14 slots (512 KiB per thread), with subtrees of 2 nodes or more
            // recorded (`MEMO_MIN_NODES` in `engine/count.rs`): 2^13 or 2^15 slots, or
            // 3 or 4 nodes, are slower on 6x10 or NOI2005.
            memo_bits: 14,
            // The memo's pages are written when it is made (see `memo.rs`), so an early
            // start pays on the benchmark boards; earlier still costs Scott's board.
            memo_after: 1 << 14,
            look_ahead: true,
            tails: 5,
            unlisted: None,
            piece_runs: false,
            key_layer: false,
            fewest: false,
            crowded: 12,
            children: 0,
        }
    }
}

/// The memo's largest size for `puzzle`, in bits: [`Tuning::default`]'s, but with few
/// kinds of piece and many copies of each ([`Puzzle::has_many_copies`]), where the
/// states are profiles that repeat a great many times (dominoes on 14×14 have some 10^5
/// of them and 10^23 tilings), up to `2^MANY_COPIES_MEMO_BITS` slots: the table grows to
/// that only if the search keeps recording.
fn memo_bits(puzzle: &Puzzle) -> u32 {
    if puzzle.has_many_copies() {
        MANY_COPIES_MEMO_BITS
    } else {
        Tuning::default().memo_bits
    }
}

/// See [`memo_bits`]: 2^21 slots, 64 MiB per thread for a board of one word.
const MANY_COPIES_MEMO_BITS: u32 = 21;

/// The numbers of columns and of rows of `board` that hold an open cell.
fn used_extent(board: &Board) -> (i32, i32) {
    let open = |x: i32, y: i32| board.square(Cell::new(x, y)) == Square::Open;
    let columns = (0..board.width)
        .filter(|&x| (0..board.height).any(|y| open(x, y)))
        .count();
    let rows = (0..board.height)
        .filter(|&y| (0..board.width).any(|x| open(x, y)))
        .count();
    (columns as i32, rows as i32)
}

/// The numbers of positions along x, y and z that hold an open cell.
fn used_extent_3d(board: &Board) -> [i32; 3] {
    let mut seen = [
        vec![false; board.width.max(0) as usize],
        vec![false; board.height.max(0) as usize],
        vec![false; board.depth.max(0) as usize],
    ];
    for c in board.open_cells() {
        for (axis, v) in [c.x, c.y, c.z].into_iter().enumerate() {
            seen[axis][v as usize] = true;
        }
    }
    seen.map(|s| s.iter().filter(|&&b| b).count() as i32)
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
