//! The tables of the bitboard engine, built once per puzzle and shared by every thread:
//! each square of the board's frame is one bit (blocked and outside squares start
//! filled). The squares are numbered in up to 8 ways (the frame's symmetries applied to
//! the base numbering, which runs along the shorter side first), and for each numbering
//! the options (placements) are grouped by their lowest bit, as in the classic pentomino
//! solvers (de Bruijn; Fletcher, CACM 1965), so that "the first empty square" of every
//! numbering (one "front" per corner and direction) has its short list of options. The
//! engine branches on the front square with the fewest options that fit, which keeps
//! most of Knuth's MRV rule at the cost of a few list scans. On a symmetric board the
//! numberings that a symmetry maps onto the first read its lists ([`Tables::block`]),
//! which are then built and held once.

use crate::geom::Cell;
use crate::model::{Puzzle, Square};
use crate::symmetry::Group;

use super::doomed::Doomed;
use super::{Bits, Tuning};

/// At most this many numberings (fronts).
pub const MAX_FRONTS: usize = 8;

/// How squares are numbered in the base numbering: bit `major * stride + minor`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `major = y`, `minor = x` (rows of `width` bits).
    RowMajor,
    /// `major = x`, `minor = y` (columns of `height` bits).
    ColumnMajor,
}

impl Order {
    fn other(self) -> Order {
        match self {
            Order::RowMajor => Order::ColumnMajor,
            Order::ColumnMajor => Order::RowMajor,
        }
    }
}

/// One option in a list, with what the inner loop needs next to each other: its squares,
/// and its piece (the top 8 bits of `meta`) and option (the low 24) in one word. Packed
/// to 12 bytes with one-word masks (16 as three aligned fields), 20 with two (32):
/// 6x10's 68,816 entries (before keys shared their lists) took 0.83 MB instead of 1.1
/// MB, and the lists the search reads miss the cache less (cachegrind, one thread:
/// 1.69 M -> 1.51 M first-level misses).
/// `count 6x10 --symmetry keep` -3%, NOI2005 -2%, 5x12 -2%, Scott's board and
/// 8x8-square within the noise.
#[repr(C, packed(4))]
pub struct Entry<M> {
    /// Its squares in the numbering of the list it is in.
    pub mask: M,
    meta: u32,
}

impl<M: Copy> Clone for Entry<M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: Copy> Copy for Entry<M> {}

impl<M: Copy + std::fmt::Debug> std::fmt::Debug for Entry<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mask = self.mask;
        (f.debug_struct("Entry").field("mask", &mask))
            .field("piece", &self.piece())
            .field("option", &self.option())
            .finish()
    }
}

impl<M: Copy> Entry<M> {
    pub fn new(mask: M, piece: u32, option: u32) -> Entry<M> {
        assert!(
            piece < 64 && option < 1 << 24,
            "an entry holds 64 pieces, 2^24 options"
        );
        Entry {
            mask,
            meta: piece << 24 | option,
        }
    }
    #[inline(always)]
    pub fn piece(&self) -> u32 {
        self.meta >> 24
    }
    #[inline(always)]
    pub fn option(&self) -> u32 {
        self.meta & ((1 << 24) - 1)
    }
}

/// Where a list of [`Tables::heads`] lies in [`Tables::lists`] (keys whose lists hold
/// the same options share one, see [`push_lists`]), and the pieces of its options: bit
/// `p % 16` for piece `p` ([`Head::none_of`]). A front square's list whose pieces are
/// all used up is found empty without reading it (a square that only pieces already
/// placed fit). On 6x10 (one thread), of the 352 k
/// children with no option that fits, 151 k are found so and 103 k by reading their
/// lists, instead of 302 k (50 k lists are empty); 287.6 M -> 278.5 M instructions,
/// `count 6x10 -j 1` -2.4%, `--symmetry keep` -1.2%, NOI2005 -0.9%, Scott's board and
/// 8x8-square within the noise.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Head {
    pub start: u32,
    pub len: u16,
    pub pieces: u16,
}

impl Head {
    /// The head of `list`, which starts at `start`.
    fn of<M: Copy>(start: u32, list: &[Entry<M>]) -> Head {
        Head {
            start,
            len: u16::try_from(list.len())
                .expect("a list holds at most 65,535 options (a square has a few thousand)"),
            pieces: list.iter().fold(0, |u, e| u | 1 << (e.piece() % 16)),
        }
    }

    /// The list's entries, `from..to` in [`Tables::lists`].
    #[inline(always)]
    pub fn range(&self) -> (u32, u32) {
        (self.start, self.start + u32::from(self.len))
    }

    /// Bit `p % 16` for each piece `p` with copies left in `avail`.
    #[inline(always)]
    fn folded(avail: u64) -> u16 {
        let a = avail | avail >> 32;
        (a | a >> 16) as u16
    }

    /// True when no piece of the list has copies left in `avail` (so no option of the
    /// list fits); false may still be empty.
    #[inline(always)]
    pub fn none_of(&self, avail: u64) -> bool {
        self.pieces & Head::folded(avail) == 0
    }
}

/// The list of one piece's options (squares in numbering 0), for branching on a piece.
#[derive(Copy, Clone, Debug)]
pub struct PieceList {
    pub piece: u32,
    pub from: u32,
    pub to: u32,
}

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
    /// Regions smaller than this (twice the smallest piece) hold at most one piece.
    pub single_below: u32,
    /// Key bits: the `window` squares after the first empty square, then the
    /// `beside` squares from the one just before its neighbour in the next row or
    /// column (at `key_offset[f]` after it in numbering `f`): the squares an option
    /// starting there is most likely to need (see [`Tables::key`]).
    pub window: u32,
    pub beside: u32,
    pub key_offset: Vec<u32>,
    /// `window + beside`.
    pub key_bits: u32,
    /// Per numbering `f` and bit `c`, at `f * n + c`: the bit of that square in
    /// numbering 0.
    pub square: Vec<u8>,
    /// Per (block `b`, square `c`, key `k`): the options whose lowest bit is `c` (in
    /// the block's numbering) and that miss the key's filled squares, in option order,
    /// are the entries `heads[i].range()` of `lists`, with `i = (b * n + c) << (window +
    /// beside) | k` (keys whose lists are equal share one). A last head, a sentinel,
    /// starts where the lists of keys end and the piece lists begin.
    pub heads: Vec<Head>,
    pub lists: Vec<Entry<M>>,
    /// Per numbering `f`: the block of `heads` and `expired` its lists are in. A
    /// numbering that a symmetry of the board maps onto numbering 0, mapping the options
    /// onto themselves, reads block 0 (see [`shared_image`]): its lists are numbering
    /// 0's with each option replaced by its image, which has the same squares in
    /// numbering `f` as the option has in numbering 0.
    pub block: Vec<u32>,
    /// Per numbering `f` and option `o`, at `f * options + o` (empty with one
    /// numbering): the option that an entry naming `o` stands for in numbering `f`'s
    /// lists ([`Tables::option_in`]).
    pub image: Vec<u32>,
    /// The options of each piece that every solution uses exactly once.
    pub piece_lists: Vec<PieceList>,
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
}

/// Maps a cell to its bit in numbering `f` (`f & 4`: the other order; `f & 2`: majors
/// reversed; `f & 1`: minors reversed).
fn numbering(order: Order, f: usize, w: u32, h: u32) -> impl Fn(Cell) -> u32 {
    let order = if f & 4 != 0 { order.other() } else { order };
    move |c: Cell| {
        let (x, y) = (c.x as u32, c.y as u32);
        let (major, minor, majors, minors) = match order {
            Order::RowMajor => (y, x, h, w),
            Order::ColumnMajor => (x, y, w, h),
        };
        let major = if f & 2 != 0 {
            majors - 1 - major
        } else {
            major
        };
        let minor = if f & 1 != 0 {
            minors - 1 - minor
        } else {
            minor
        };
        major * minors + minor
    }
}

impl<M: Bits> Tables<M> {
    /// The tables, or `None` if the frame does not fit `M` or there are more than 64
    /// pieces with copies. With the puzzle's symmetry `group`, the numberings that one of
    /// its elements maps onto numbering 0 read numbering 0's lists ([`Tables::block`]).
    pub fn new(
        puzzle: &Puzzle,
        allowed: &[bool],
        tuning: &Tuning,
        group: Option<&Group>,
    ) -> Option<Tables<M>> {
        let board = &puzzle.board;
        let (w, h) = (board.width.max(0) as u32, board.height.max(0) as u32);
        let n = w * h;
        if n == 0 || n > M::BITS || allowed.len() != puzzle.placements.len() {
            return None;
        }
        let chosen: Vec<usize> = (0..MAX_FRONTS)
            .filter(|&f| f == 0 || tuning.fronts >> f & 1 == 1)
            .collect();
        let fronts = chosen.len();
        let window = tuning.window.min(16);
        // One front keeps the plain window (the search reads it without an offset).
        let beside = if fronts == 1 {
            0
        } else {
            tuning.beside.min(16 - window)
        };
        let key_bits = window + beside;
        // The second part of the key starts just before the next row's (column's)
        // neighbour of the first empty square.
        let key_offset: Vec<u32> = (chosen.iter())
            .map(|&f| {
                let order = if f & 4 != 0 {
                    tuning.order.other()
                } else {
                    tuning.order
                };
                match order {
                    Order::RowMajor => w,
                    Order::ColumnMajor => h,
                }
            })
            .collect();
        let order = tuning.order;
        let stride = match order {
            Order::RowMajor => w,
            Order::ColumnMajor => h,
        };
        let bits: Vec<_> = chosen.iter().map(|&f| numbering(order, f, w, h)).collect();
        let mut compact = vec![u8::MAX; puzzle.set.pieces.len()];
        let mut copies = Vec::new();
        let mut sizes = Vec::new();
        for (k, &r) in puzzle.remaining.iter().enumerate() {
            if r > 0 {
                if copies.len() == 64 {
                    return None;
                }
                compact[k] = copies.len() as u8;
                copies.push(r);
                sizes.push(puzzle.set.pieces[k].shape.len() as u32);
            }
        }
        // Compact id of the piece whose options are in no list.
        let unlisted = (tuning.unlisted)
            .and_then(|k| compact.get(k).copied())
            .filter(|&c| c != u8::MAX);
        let mut init = [M::ZERO; MAX_FRONTS];
        let (mut full, mut not_first, mut not_last) = (M::ZERO, M::ZERO, M::ZERO);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let c = Cell::new(x, y);
                let b = M::bit(bits[0](c));
                full = full | b;
                if board.square(c) != Square::Open {
                    for (f, bit) in bits.iter().enumerate() {
                        init[f] = init[f] | M::bit(bit(c));
                    }
                }
                let minor = bits[0](c) % stride;
                if minor != 0 {
                    not_first = not_first | b;
                }
                if minor != stride - 1 {
                    not_last = not_last | b;
                }
            }
        }
        // Each numbering as a table from `y * w + x`.
        let table: Vec<Vec<u32>> = bits
            .iter()
            .map(|bit| {
                (0..h as i32)
                    .flat_map(|y| (0..w as i32).map(move |x| Cell::new(x, y)))
                    .map(bit)
                    .collect()
            })
            .collect();
        let mask_in = |f: usize, cells: &[Cell]| {
            cells.iter().fold(M::ZERO, |m, c| {
                m | M::bit(table[f][(c.y as u32 * w + c.x as u32) as usize])
            })
        };
        // Options by (piece, placement index), then (stably) by lowest bit in
        // numbering 0. The placements come in index order, so counting them by piece
        // sorts them (no comparison sort: its code, run once, costs more in cold
        // misses than it sorts).
        let allowed_pieces = (puzzle.placements.iter().enumerate())
            .filter(|&(index, p)| allowed[index] && compact[p.piece] != u8::MAX)
            .map(|(index, p)| (compact[p.piece], index as u32));
        let mut place = vec![0usize; copies.len() + 1];
        for (p, _) in allowed_pieces.clone() {
            place[usize::from(p) + 1] += 1;
        }
        for p in 0..copies.len() {
            place[p + 1] += place[p];
        }
        let mut by_piece = vec![(0u8, 0u32); place[copies.len()]];
        for (p, index) in allowed_pieces {
            by_piece[place[usize::from(p)]] = (p, index);
            place[usize::from(p)] += 1;
        }
        let masks0: Vec<M> = (by_piece.iter())
            .map(|&(_, i)| mask_in(0, &puzzle.placements[i as usize].cells))
            .collect();
        let order0 = bucket_by_low(&masks0, n);
        let options: Vec<(u32, u8, u32, M)> = (order0.iter())
            .map(|&k| {
                let (p, i) = by_piece[k as usize];
                (
                    masks0[k as usize].trailing_zeros(),
                    p,
                    i,
                    masks0[k as usize],
                )
            })
            .collect();
        let mut start = vec![0u32; n as usize + 1];
        for o in &options {
            start[o.0 as usize + 1] += 1;
        }
        for c in 0..n as usize {
            start[c + 1] += start[c];
        }
        let mut numbered = Vec::with_capacity(options.len() * fronts);
        for o in &options {
            let cells = &puzzle.placements[o.2 as usize].cells;
            numbered.push(o.3);
            numbered.extend((1..fronts).map(|f| mask_in(f, cells)));
        }
        let keys = 1usize << key_bits;
        let mut heads = Vec::with_capacity(((fronts * n as usize) << key_bits) + 1);
        let mut lists = Vec::with_capacity(options.len() * fronts * 4);
        let mut expired = Vec::with_capacity(fronts * (n as usize + 1));
        // Options are in (piece, placement index) order within each lowest bit of
        // numbering 0; `rank[k]` is the option of the k-th (piece, index).
        let mut rank = vec![0u32; options.len()];
        for (o, &k) in order0.iter().enumerate() {
            rank[k as usize] = o as u32;
        }
        let mut square = vec![0u8; fronts * n as usize];
        for (f, row) in table.iter().enumerate() {
            for (&b, &b0) in row.iter().zip(&table[0]) {
                square[f * n as usize + b as usize] = b0 as u8;
            }
        }
        let fill_ok = fillable(&sizes, &copies, n as usize);
        let masks0: Vec<M> = options.iter().map(|o| o.3).collect();
        let grid = Grid {
            stride,
            not_first,
            not_last,
        };
        let doomed = Doomed {
            n,
            window,
            beside,
            grid,
            full,
            init: init[0],
            fillable: &fill_ok,
            single_below: 2 * sizes.iter().copied().min().unwrap_or(0),
            masks: &masks0,
            start: &start,
        };
        let option_pieces: Vec<u8> = options.iter().map(|o| o.1).collect();
        let places: Vec<u32> = options.iter().map(|o| o.2).collect();
        // Per placement, its option (for the group's images of placements).
        let mut option_of = Vec::new();
        if group.is_some() && fronts > 1 {
            option_of = vec![u32::MAX; puzzle.placements.len()];
            for (o, &k) in places.iter().enumerate() {
                option_of[k as usize] = o as u32;
            }
        }
        let of_options = Options {
            fronts,
            numbered: &numbered,
            pieces: &option_pieces,
            places: &places,
            option_of: &option_of,
        };
        let shared: Vec<Option<Vec<u32>>> = (0..fronts)
            .map(|f| {
                // Rows and columns swap places: a symmetry of the frame only if it is
                // square (then the keys also reach the same squares).
                let symmetry = chosen[f] & 4 == 0 || w == h;
                let group = group.filter(|_| symmetry && f > 0 && init[f] == init[0])?;
                shared_image(f, &of_options, group)
            })
            .collect();
        let mut block = Vec::with_capacity(fronts);
        let mut image = Vec::with_capacity(if fronts > 1 {
            fronts * options.len()
        } else {
            0
        });
        let identity = 0..options.len() as u32;
        let mut built = 0;
        let mut masks_f = vec![M::ZERO; options.len()];
        for f in 0..fronts {
            if fronts > 1 {
                match &shared[f] {
                    Some(img) => image.extend_from_slice(img),
                    None => image.extend(identity.clone()),
                }
            }
            if shared[f].is_some() {
                block.push(0);
                continue;
            }
            block.push(built);
            built += 1;
            let mask = |o: usize| numbered[o * fronts + f];
            // This numbering's options by (lowest bit, piece, placement index).
            for (k, m) in masks_f.iter_mut().enumerate() {
                *m = mask(rank[k] as usize);
            }
            let by_low: Vec<usize> = bucket_by_low(&masks_f, n)
                .into_iter()
                .map(|k| rank[k as usize] as usize)
                .collect();
            // A piece expires at square c when its last lowest bit is below c.
            let mut last = vec![None::<u32>; copies.len()];
            for &o in &by_low {
                last[options[o].1 as usize] = Some(mask(o).trailing_zeros());
            }
            expired.extend(expiry(&last, n));
            let mut at = 0;
            // Per key, then per block of 64 of the square's listed options: the bits of
            // those the key's list holds.
            let mut listing: Vec<u64> = Vec::new();
            // The square's listed options, as entries.
            let mut entries: Vec<Entry<M>> = Vec::new();
            // The squares each key says are filled ([`Doomed::key_fills`]).
            let mut key_fills = Vec::with_capacity(keys);
            // Each key bit's square, and the rules of the option at hand
            // ([`Doomed::rules`]).
            let mut key_squares = Vec::with_capacity(key_bits as usize);
            let mut rules = Vec::new();
            let mut doomed_keys = vec![0u64; keys.div_ceil(64)];
            // The first key of each distinct list of a square ([`push_lists`]).
            let mut seen = Vec::new();
            let square_f = &square[f * n as usize..][..n as usize];
            // The squares up to the front square, in numbering 0.
            let mut before = M::ZERO;
            for c in 0..n {
                before = before | M::bit(u32::from(square_f[c as usize]));
                doomed.key_fills(square_f, c, key_offset[f], &mut key_fills);
                key_squares.clear();
                key_squares.extend((0..key_bits).map(|j| key_fills[1 << j]));
                let from = at;
                while at < by_low.len() && mask(by_low[at]).trailing_zeros() == c {
                    at += 1;
                }
                // An option is in the list of every key that misses its squares (the
                // subsets of the key bits it leaves free) unless it dooms its child
                // there ([`Doomed`]). Each option marks its keys; then each key's list
                // takes its options in option order.
                entries.clear();
                entries.extend(
                    (by_low[from..at].iter())
                        .filter(|&&o| unlisted != Some(options[o].1))
                        .map(|&o| Entry::new(mask(o), u32::from(options[o].1), o as u32)),
                );
                let blocks = entries.len().div_ceil(64);
                listing.clear();
                listing.resize(keys * blocks, 0);
                for (i, e) in entries.iter().enumerate() {
                    let o = e.option() as usize;
                    let free =
                        !key_of(e.mask, c, window, beside, key_offset[f]) & (keys as u32 - 1);
                    let keyed = key_fills[keys - 1];
                    let prep = doomed.prepare(before, keyed, numbered[o * fronts]);
                    let by_rules = prep.and_then(|p| doomed.rules(p, &key_squares, &mut rules));
                    if by_rules.is_some() {
                        Doomed::<M>::mark(&rules, free, &mut doomed_keys);
                    }
                    let (block, bit) = (i / 64, 1u64 << (i % 64));
                    let mut list = |k: u32| {
                        listing[k as usize * blocks + block] |= bit;
                    };
                    match (prep, by_rules) {
                        (None, _) => for_subsets(free, list),
                        (Some(_), Some(())) => for_subsets(free, |k| {
                            if doomed_keys[k as usize / 64] >> (k % 64) & 1 == 0 {
                                list(k);
                            }
                        }),
                        (Some(p), None) => for_subsets(free, |k| {
                            if !doomed.doomed(key_fills[k as usize], p) {
                                list(k);
                            }
                        }),
                    }
                }
                let listing = (&listing[..], keys, blocks);
                push_lists(&entries, listing, &mut seen, &mut heads, &mut lists);
            }
        }
        // A sentinel: the piece lists start here.
        heads.push(Head {
            start: lists.len() as u32,
            ..Head::default()
        });
        // Pieces that every solution uses exactly once, with their options in
        // placement order.
        let mut piece_lists = Vec::new();
        if board.use_all_pieces {
            // Each piece's options are a run of `rank`, in placement order.
            for run in rank.chunk_by(|&a, &b| options[a as usize].1 == options[b as usize].1) {
                let p = options[run[0] as usize].1;
                if copies[usize::from(p)] != 1 || unlisted == Some(p) {
                    continue;
                }
                let from = lists.len() as u32;
                let entry = |&o: &u32| Entry::new(options[o as usize].3, u32::from(p), o);
                lists.extend(run.iter().map(entry));
                piece_lists.push(PieceList {
                    piece: u32::from(p),
                    from,
                    to: lists.len() as u32,
                });
            }
            // Fewest options first, so that ties go to the most constrained piece.
            piece_lists.sort_by_key(|l| (l.to - l.from, l.piece));
        }
        Some(Tables {
            square,
            single_below: 2 * sizes.iter().copied().min().unwrap_or(0),
            window,
            beside,
            key_offset,
            key_bits,
            heads,
            lists,
            block,
            image,
            piece_lists,
            piece_depth: tuning.piece_depth,
            good_enough: tuning.good_enough.max(1),
            root_piece: tuning.root_piece,
            look_ahead: tuning.look_ahead,
            tails: tuning.tails,
            n,
            fronts,
            start,
            masks: masks0,
            numbered,
            pieces: option_pieces,
            places,
            dropped: Vec::new(),
            init,
            full,
            grid,
            fillable: fill_ok,
            copies,
            expired,
            use_all: board.use_all_pieces,
        })
    }

    /// The same tables with only the options that `keep` holds (by placement index):
    /// the lists, the piece lists and the expiry masks are filtered in place; option ids
    /// stay. Much cheaper than [`Tables::new`] (the parts of a reduction share one
    /// build). Numberings that read numbering 0's lists get their own first (an entry
    /// there stands for a different option in each). Lists added by
    /// [`Tables::add_list`] are not kept: filter first.
    pub fn keeping(mut self, keep: &[bool]) -> Tables<M> {
        self.unshare();
        let listed = (self.piece_lists.iter().map(|l| l.to))
            .chain(self.heads.last().map(|h| h.start))
            .max();
        assert_eq!(
            listed.unwrap_or(0) as usize,
            self.lists.len(),
            "filter the tables before adding lists to them"
        );
        // Per option: dropped? And the pieces with a dropped option (the others' entries
        // are kept without a look-up).
        let dropped: Vec<bool> = (self.places.iter().enumerate())
            .map(|(o, &place)| !keep[place as usize] || self.dropped.get(o) == Some(&true))
            .collect();
        let touched = (dropped.iter().zip(&self.pieces))
            .filter(|(&d, _)| d)
            .fold(0u64, |t, (_, &p)| t | 1 << p);
        let kept = |e: &Entry<M>| touched >> e.piece() & 1 == 0 || !dropped[e.option() as usize];
        // Compact the entries in place: each moves back by the entries dropped before
        // it (`moved[i]`, where entry `i` goes), and so does each list (some are
        // shared), the piece lists' among them.
        let mut moved = Vec::with_capacity(self.lists.len() + 1);
        let mut write = 0u32;
        for read in 0..self.lists.len() {
            moved.push(write);
            let e = self.lists[read];
            if kept(&e) {
                self.lists[write as usize] = e;
                write += 1;
            }
        }
        moved.push(write);
        self.lists.truncate(write as usize);
        for head in self.heads.iter_mut() {
            let (from, to) = head.range();
            let (from, to) = (moved[from as usize], moved[to as usize]);
            *head = Head::of(from, &self.lists[from as usize..to as usize]);
        }
        for l in self.piece_lists.iter_mut() {
            (l.from, l.to) = (moved[l.from as usize], moved[l.to as usize]);
        }
        self.piece_lists.sort_by_key(|l| (l.to - l.from, l.piece));
        // A piece expires at square c of numbering f when its kept options all have
        // their lowest bit below c.
        let (n, pieces) = (self.n as usize, self.copies.len());
        let mut last = vec![None::<u32>; self.fronts * pieces];
        // (Since `unshare`, numbering `f`'s block is block `f`.)
        for (o, _) in dropped.iter().enumerate().filter(|(_, &d)| !d) {
            let p = usize::from(self.pieces[o]);
            for f in 0..self.fronts {
                let low = self.numbered[o * self.fronts + f].trailing_zeros();
                let l = &mut last[f * pieces + p];
                *l = Some(l.map_or(low, |l| l.max(low)));
            }
        }
        self.expired.clear();
        for f in 0..self.fronts {
            let last = &last[f * pieces..][..pieces];
            self.expired.extend(expiry(last, n as u32));
        }
        self.dropped = dropped;
        self
    }

    /// Every compact piece id, as bits.
    pub fn all_pieces(&self) -> u64 {
        if self.copies.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.copies.len()) - 1
        }
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

    /// Gives every numbering its own block of lists (numbering 0's, with each option
    /// replaced by its image), so that the lists can be filtered by option.
    fn unshare(&mut self) {
        let n = self.n as usize;
        let per = n << self.key_bits;
        if (0..self.fronts).all(|f| self.block[f] as usize == f) {
            return;
        }
        let tail = self.heads.last().expect("a sentinel").start as usize;
        let (old_heads, old_lists, old_expired) = (
            std::mem::take(&mut self.heads),
            std::mem::take(&mut self.lists),
            std::mem::take(&mut self.expired),
        );
        // Per numbering, where each shared list (by its start) went.
        let mut copied = vec![u32::MAX; tail];
        for f in 0..self.fronts {
            let b = self.block[f] as usize;
            copied.fill(u32::MAX);
            for old in &old_heads[b * per..(b + 1) * per] {
                let (lo, hi) = old.range();
                if old.len > 0 && copied[lo as usize] == u32::MAX {
                    copied[lo as usize] = self.lists.len() as u32;
                    for e in &old_lists[lo as usize..hi as usize] {
                        let option = self.option_in(f as u32, e.option());
                        self.lists.push(Entry::new(e.mask, e.piece(), option));
                    }
                }
                let start = if old.len > 0 {
                    copied[lo as usize]
                } else {
                    self.lists.len() as u32
                };
                // The images of the options have the options' pieces.
                self.heads.push(Head { start, ..*old });
            }
            let expired = &old_expired[b * (n + 1)..][..n + 1];
            self.expired.extend_from_slice(expired);
            self.block[f] = f as u32;
        }
        self.heads.push(Head {
            start: self.lists.len() as u32,
            ..Head::default()
        });
        // The piece lists follow, moved.
        let moved = self.lists.len() as u32;
        self.lists.extend_from_slice(&old_lists[tail..]);
        for l in self.piece_lists.iter_mut() {
            (l.from, l.to) = (l.from - tail as u32 + moved, l.to - tail as u32 + moved);
        }
        let options = self.places.len() as u32;
        self.image = (0..self.fronts).flat_map(|_| 0..options).collect();
    }

    /// Appends a list of the options of `placements` (indices in `puzzle.placements`,
    /// each an option of these tables), in that order, with their squares in numbering
    /// 0, and returns where it is in `lists`: a list that a search can be made to branch
    /// on first ([`super::BitSearch::parts`]).
    pub fn add_list(&mut self, placements: &[usize]) -> (u32, u32) {
        let mut option_of = vec![u32::MAX; placements.iter().max().map_or(0, |&m| m + 1)];
        for (o, &place) in self.places.iter().enumerate() {
            if let Some(slot) = option_of.get_mut(place as usize) {
                *slot = o as u32;
            }
        }
        let from = self.lists.len() as u32;
        for &place in placements {
            let o = option_of[place];
            assert!(
                o != u32::MAX,
                "placement {place} is not an option of the tables"
            );
            self.lists.push(Entry::new(
                self.masks[o as usize],
                u32::from(self.pieces[o as usize]),
                o,
            ));
        }
        (from, self.lists.len() as u32)
    }

    /// The head of the list of the first empty square of `filled` with one front (whose
    /// tables hold the plain window: `beside == 0`).
    #[inline(always)]
    pub fn one_front_head(&self, filled: M) -> Head {
        let c = filled.trailing_ones();
        let key = ((filled >> c >> 1).low_u32() & ((1 << self.window) - 1)) as usize;
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

/// The neighbours of squares in a numbering of the frame: rows (`RowMajor`) or
/// columns (`ColumnMajor`) of `stride` bits.
#[derive(Copy, Clone, Debug)]
pub struct Grid<M> {
    pub stride: u32,
    /// Bits whose `minor` is not 0 / not `stride - 1` (for the shifts by one).
    pub not_first: M,
    pub not_last: M,
}

impl<M: Bits> Grid<M> {
    /// The squares next to `m` (not `m` itself, not limited to empty squares).
    #[inline(always)]
    pub fn grow(&self, m: M) -> M {
        ((m << 1) & self.not_first)
            | ((m >> 1) & self.not_last)
            | (m << self.stride)
            | (m >> self.stride)
    }

    /// The squares of `within` connected to `from` through `within` (`from` itself
    /// where it lies in `within`): a flood to its end.
    pub fn fill(&self, from: M, within: M) -> M {
        let mut reached = from & within;
        loop {
            let next = (reached | self.grow(reached)) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }
}

/// What [`shared_image`] reads of the options: per option its squares in every
/// numbering (`numbered`, `fronts` a row), its piece and its placement index; per
/// placement, its option (`u32::MAX` if none).
struct Options<'a, M> {
    fronts: usize,
    numbered: &'a [M],
    pieces: &'a [u8],
    places: &'a [u32],
    option_of: &'a [u32],
}

/// If an element of the puzzle's symmetry `group` maps each option onto an option of the
/// same piece whose squares in numbering 0 are the first's in numbering `f` (not 0),
/// that map the other way: per option `s`, the option whose squares in numbering `f`
/// are `s`'s in numbering 0. Then numbering `f`'s lists are numbering 0's with each
/// option replaced by its image, and need not be built (Scott's board and 8x8-square:
/// all four numberings). The element is found by trying each: a wrong one fails at
/// once.
fn shared_image<M: Bits>(f: usize, options: &Options<'_, M>, group: &Group) -> Option<Vec<u32>> {
    let fronts = options.fronts;
    group.images.iter().skip(1).find_map(|images| {
        let mut image = vec![u32::MAX; options.pieces.len()];
        for (o, &p) in options.pieces.iter().enumerate() {
            let s = options.option_of[images[options.places[o] as usize] as usize] as usize;
            let same = s != u32::MAX as usize
                && options.pieces[s] == p
                && options.numbered[s * fronts] == options.numbered[o * fronts + f];
            if !same {
                return None;
            }
            image[s] = o as u32;
        }
        Some(image)
    })
}

/// The expiry masks of one numbering's squares `0..=n`, from each piece's last lowest
/// bit (`None`: no option): the pieces whose options all start below the square.
fn expiry(last: &[Option<u32>], n: u32) -> impl Iterator<Item = u64> + '_ {
    (0..=n).map(|c| {
        last.iter().enumerate().fold(0u64, |e, (p, l)| match l {
            Some(l) if *l >= c => e,
            _ => e | 1 << p,
        })
    })
}

/// The `window` bits of `m` after bit `c`, then its `beside` bits from bit
/// `c + offset - 1` on (bits past the frame read as 0).
#[inline(always)]
fn key_of<M: Bits>(m: M, c: u32, window: u32, beside: u32, offset: u32) -> u32 {
    let low = (m >> c >> 1).low_u32() & ((1 << window) - 1);
    if beside == 0 {
        return low;
    }
    let at = c + offset - 1;
    let high = if at >= M::BITS {
        0
    } else {
        (m >> at).low_u32() & ((1 << beside) - 1)
    };
    low | high << window
}

/// Appends the lists of one square, a head per key: with `listing = (bits, keys,
/// blocks)`, key `k`'s list holds `entries[i]` for each bit `i` of `bits[k *
/// blocks..][..blocks]`. Keys with the same bits share one list (a key reads squares
/// that many of the square's options do not reach, and the doomed options differ less
/// often than the keys). With every placement allowed,
/// 6x10's 15,360 lists hold 2,199 different sets of options, and 31.5 k entries are
/// stored instead of 67.2 k; Scott's board 549 of 2,048 (6.1 k entries instead of
/// 9.6 k), NOI2005 312 of 6,400 (6.8 k instead of 55.8 k). The lists the search reads
/// then take less of the cache, and the tables fewer pages: `count 6x10` -2%, NOI2005
/// -4%, 5x12 -2.6%, Scott's board and 8x8-square within the noise (30 alternated
/// pairs). `seen` is scratch: an open-addressing table of keys by their bits.
fn push_lists<M: Copy>(
    entries: &[Entry<M>],
    (listing, keys, blocks): (&[u64], usize, usize),
    seen: &mut Vec<u32>,
    heads: &mut Vec<Head>,
    lists: &mut Vec<Entry<M>>,
) {
    // Keys are a power of two: twice as many slots keeps the probes short.
    let slots = 2 * keys;
    let shift = 64 - slots.trailing_zeros();
    seen.clear();
    seen.resize(slots, u32::MAX);
    let first = heads.len();
    let bits_of = |k: usize| &listing[k * blocks..][..blocks];
    for k in 0..keys {
        let bits = bits_of(k);
        let hash = (bits.iter()).fold(0u64, |h, &w| (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut slot = (hash >> shift) as usize;
        loop {
            match seen[slot] {
                u32::MAX => {
                    seen[slot] = k as u32;
                    let start = lists.len();
                    for (block, &word) in bits.iter().enumerate() {
                        let mut word = word;
                        while word != 0 {
                            lists.push(entries[block * 64 + word.trailing_zeros() as usize]);
                            word &= word - 1;
                        }
                    }
                    heads.push(Head::of(start as u32, &lists[start..]));
                    break;
                }
                j if bits_of(j as usize) == bits => {
                    heads.push(heads[first + j as usize]);
                    break;
                }
                _ => slot = (slot + 1) & (slots - 1),
            }
        }
    }
}

/// Calls `f` with every subset of `set` (`set` itself first, the empty set last).
#[inline(always)]
pub(super) fn for_subsets(set: u32, mut f: impl FnMut(u32)) {
    let mut sub = set;
    loop {
        f(sub);
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & set;
    }
}

/// Indices into `masks`, stably sorted by lowest bit (a counting sort).
fn bucket_by_low<M: Bits>(masks: &[M], n: u32) -> Vec<u32> {
    let mut start = vec![0u32; n as usize + 1];
    for m in masks {
        start[m.trailing_zeros() as usize] += 1;
    }
    let mut sum = 0;
    for s in start.iter_mut() {
        (*s, sum) = (sum, sum + *s);
    }
    let mut out = vec![0u32; masks.len()];
    for (k, m) in masks.iter().enumerate() {
        let c = m.trailing_zeros() as usize;
        out[start[c] as usize] = k as u32;
        start[c] += 1;
    }
    out
}

/// Which region sizes `0..=n` are sums of piece sizes, each piece used at most its copies.
fn fillable(sizes: &[u32], copies: &[u32], n: usize) -> Vec<bool> {
    let mut can = vec![false; n + 1];
    can[0] = true;
    for (&s, &c) in sizes.iter().zip(copies) {
        let s = s as usize;
        for _ in 0..c.min(n as u32) {
            for t in (s..=n).rev() {
                if can[t - s] {
                    can[t] = true;
                }
            }
        }
    }
    can
}
