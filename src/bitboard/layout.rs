//! The tables of the bitboard engine, built once per puzzle: each square of the board's
//! frame is one bit (blocked and outside squares start filled), numbered along the
//! frame's shorter side first so that "the first empty cell" sweeps a narrow front; the
//! options (placements) are grouped by their lowest bit, as in the classic pentomino
//! solvers (de Bruijn 1960s; Fletcher, "A program to solve the pentomino problem by the
//! recursive use of macros", CACM 1965), and every table the pruning tests need.

use crate::geom::Cell;
use crate::model::{Puzzle, Square};

use super::Bits;

/// How squares are numbered: bit `major * stride + minor`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `major = y`, `minor = x` (rows of `width` bits).
    RowMajor,
    /// `major = x`, `minor = y` (columns of `height` bits).
    ColumnMajor,
}

/// One option in a list, with what the inner loop needs next to each other.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    pub mask: M,
    /// `1 << piece`.
    pub bit: u64,
    pub piece: u32,
    pub option: u32,
}

/// Everything the search reads, built from a puzzle and its allowed placements.
#[derive(Clone, Debug)]
pub struct Tables<M> {
    /// Frame squares (bits in use).
    pub n: u32,
    /// Bits per row (`RowMajor`) or column (`ColumnMajor`).
    pub stride: u32,
    /// Options with lowest bit `c` are `start[c]..start[c + 1]`; `start.len() == n + 1`.
    pub start: Vec<u32>,
    /// Per option: its squares.
    pub masks: Vec<M>,
    /// Per option: its piece, as a compact id (bit of `avail`).
    pub pieces: Vec<u8>,
    /// Per option: its index in `puzzle.placements`.
    pub places: Vec<u32>,
    /// Squares filled before the search (blocked, outside, pre-placed).
    pub init: M,
    /// All `n` bits.
    pub full: M,
    /// Bits whose `minor` is not 0 / not `stride - 1` (for neighbour shifts).
    pub not_first: M,
    pub not_last: M,
    /// Copies per compact piece id.
    pub copies: Vec<u32>,
    /// Per square `c`: compact piece ids with no option whose lowest bit is `>= c`.
    pub expired: Vec<u64>,
    /// Every piece must be used (`board.use_all_pieces`).
    pub use_all: bool,
    /// `fillable[s]`: `s` cells can be a sum of piece sizes (each piece up to its copies).
    pub fillable: Vec<bool>,
    /// Regions smaller than this (twice the smallest piece) hold at most one piece.
    pub single_below: u32,
    /// Key bits: the `window` squares after the first empty square.
    pub window: u32,
    /// Per (square `c`, key `k`): the options of `c` that miss the key's filled squares,
    /// in option order, are `lists[list_start[c << window | k]..][..]`.
    pub list_start: Vec<u32>,
    pub lists: Vec<Entry<M>>,
    /// The placements of one piece that every solution uses once (the one with fewest),
    /// tried at the root before any square, as a range of `lists`.
    pub root_list: Option<(u32, u32)>,
}

impl<M: Bits> Tables<M> {
    /// The tables, or `None` if the frame does not fit `M` or there are more than 64
    /// pieces with copies.
    pub fn new(
        puzzle: &Puzzle,
        allowed: &[bool],
        order: Order,
        first_piece: u32,
        window: u32,
    ) -> Option<Tables<M>> {
        let board = &puzzle.board;
        let (w, h) = (board.width.max(0) as u32, board.height.max(0) as u32);
        let n = w * h;
        if n == 0 || n > M::BITS || allowed.len() != puzzle.placements.len() {
            return None;
        }
        let stride = match order {
            Order::RowMajor => w,
            Order::ColumnMajor => h,
        };
        let bit = |c: Cell| -> u32 {
            match order {
                Order::RowMajor => c.y as u32 * w + c.x as u32,
                Order::ColumnMajor => c.x as u32 * h + c.y as u32,
            }
        };
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
        let mut init = M::ZERO;
        let (mut full, mut not_first, mut not_last) = (M::ZERO, M::ZERO, M::ZERO);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let c = Cell::new(x, y);
                let b = M::bit(bit(c));
                full = full | b;
                if board.square(c) != Square::Open {
                    init = init | b;
                }
                let minor = bit(c) % stride;
                if minor != 0 {
                    not_first = not_first | b;
                }
                if minor != stride - 1 {
                    not_last = not_last | b;
                }
            }
        }
        // Options sorted by (lowest bit, piece, placement index).
        let mut options: Vec<(u32, u8, u32, M)> = Vec::new();
        for (index, p) in puzzle.placements.iter().enumerate() {
            if !allowed[index] || compact[p.piece] == u8::MAX {
                continue;
            }
            let mask = p.cells.iter().fold(M::ZERO, |m, &c| m | M::bit(bit(c)));
            options.push((mask.trailing_zeros(), compact[p.piece], index as u32, mask));
        }
        options.sort_unstable_by_key(|o| (o.0, o.1, o.2));
        let mut start = vec![0u32; n as usize + 1];
        for o in &options {
            start[o.0 as usize + 1] += 1;
        }
        for c in 0..n as usize {
            start[c + 1] += start[c];
        }
        // A piece expires at square c when its last lowest bit is below c.
        let mut last = vec![None::<u32>; copies.len()];
        for o in &options {
            last[o.1 as usize] = Some(last[o.1 as usize].map_or(o.0, |l: u32| l.max(o.0)));
        }
        let expired = (0..=n)
            .map(|c| {
                last.iter().enumerate().fold(0u64, |e, (p, l)| match l {
                    Some(l) if *l >= c => e,
                    _ => e | 1 << p,
                })
            })
            .collect();
        // The piece branched on at the root: used once, with the fewest options.
        let mut per_piece = vec![0u32; copies.len()];
        for o in &options {
            per_piece[o.1 as usize] += 1;
        }
        let single = |p: usize| board.use_all_pieces && copies[p] == 1;
        let root_piece = (0..copies.len())
            .filter(|&p| single(p) && per_piece[p] <= first_piece)
            .min_by_key(|&p| per_piece[p]);
        let mut root = None;
        if let Some(rp) = root_piece {
            let mut extra: Vec<_> = options
                .iter()
                .filter(|o| o.1 as usize == rp)
                .copied()
                .collect();
            extra.sort_unstable_by_key(|o| o.2);
            let from = options.len() as u32;
            root = Some((from, from + extra.len() as u32));
            options.extend(extra);
        }
        // Lists by (square, key): an option is in every list whose key misses it.
        let kmask = (1u32 << window) - 1;
        let mut list_start = Vec::with_capacity(((n as usize) << window) + 1);
        let mut lists = Vec::new();
        let entry = |o: u32| {
            let (_, piece, _, mask) = options[o as usize];
            Entry {
                mask,
                bit: 1 << piece,
                piece: piece as u32,
                option: o,
            }
        };
        for c in 0..n {
            for key in 0..=kmask {
                list_start.push(lists.len() as u32);
                for o in start[c as usize]..start[c as usize + 1] {
                    let win = (options[o as usize].3 >> c >> 1).low_u32() & kmask;
                    if win & key == 0 {
                        lists.push(entry(o));
                    }
                }
            }
        }
        list_start.push(lists.len() as u32);
        let root_list = root.map(|(from, to)| {
            let at = lists.len() as u32;
            lists.extend((from..to).map(entry));
            (at, lists.len() as u32)
        });
        Some(Tables {
            single_below: 2 * sizes.iter().copied().min().unwrap_or(0),
            window,
            list_start,
            lists,
            root_list,
            n,
            stride,
            start,
            masks: options.iter().map(|o| o.3).collect(),
            pieces: options.iter().map(|o| o.1).collect(),
            places: options.iter().map(|o| o.2).collect(),
            init,
            full,
            not_first,
            not_last,
            fillable: fillable(&sizes, &copies, n as usize),
            copies,
            expired,
            use_all: board.use_all_pieces,
        })
    }

    /// The squares next to `m` (not `m` itself, not limited to empty squares).
    #[inline(always)]
    pub fn grow(&self, m: M) -> M {
        ((m << 1) & self.not_first)
            | ((m >> 1) & self.not_last)
            | (m << self.stride)
            | (m >> self.stride)
    }
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
