//! The options of the tables: the allowed placements of the pieces with copies left,
//! each piece by a compact id (a bit of `avail`), sorted by their lowest square in
//! numbering 0 and, among those, by piece and placement index, with their squares in
//! every numbering in use.

use crate::model::Puzzle;

use super::frame::Frame;
use super::word::{Word, MAX_PIECES};

/// The most distinct piece sizes whose subsets get a table of fillable region sizes
/// ([`Pieces::fillable_by_classes`]: `2^k` rows).
pub const MAX_SIZE_CLASSES: usize = 6;

/// The pieces with copies left, by compact id.
pub struct Pieces {
    /// Per piece of the puzzle's set: its compact id (`u8::MAX` if it has no copies).
    pub compact: Vec<u8>,
    /// Per compact id: the piece's copies left, and its size.
    pub copies: Vec<u32>,
    pub sizes: Vec<u32>,
    /// The compact id of the piece whose options are in no list (`Tuning::unlisted`).
    pub unlisted: Option<u8>,
}

impl Pieces {
    /// The pieces of `puzzle` with copies left, `None` if more than [`MAX_PIECES`];
    /// `unlisted` is an index in the puzzle's set.
    pub fn new(puzzle: &Puzzle, unlisted: Option<usize>) -> Option<Pieces> {
        let mut compact = vec![u8::MAX; puzzle.set.pieces.len()];
        let (mut copies, mut sizes) = (Vec::new(), Vec::new());
        for (k, &r) in puzzle.remaining.iter().enumerate() {
            if r > 0 {
                if copies.len() == MAX_PIECES {
                    return None;
                }
                compact[k] = copies.len() as u8;
                copies.push(r);
                sizes.push(puzzle.set.pieces[k].shape.len() as u32);
            }
        }
        let unlisted = unlisted
            .and_then(|k| compact.get(k).copied())
            .filter(|&c| c != u8::MAX);
        Some(Pieces {
            compact,
            copies,
            sizes,
            unlisted,
        })
    }

    /// Per distinct piece size (a "size class"), the compact ids of the pieces of that
    /// size, as bits; empty when all pieces have one size (then the pieces left never
    /// make fewer region sizes fillable than all of them do) or there are more than
    /// [`MAX_SIZE_CLASSES`].
    pub fn size_classes(&self) -> Vec<u64> {
        let mut classes: Vec<(u32, u64)> = Vec::new();
        for (id, &s) in self.sizes.iter().enumerate() {
            match classes.iter_mut().find(|(size, _)| *size == s) {
                Some((_, bits)) => *bits |= 1 << id,
                None => classes.push((s, 1 << id)),
            }
        }
        if classes.len() < 2 || classes.len() > MAX_SIZE_CLASSES {
            return Vec::new();
        }
        classes.into_iter().map(|(_, bits)| bits).collect()
    }

    /// For each subset `k` of the size classes `classes` (bit `c` of `k`: class `c` has
    /// a piece with copies left), at `k * (n + 1) + s`: `s` cells can be a sum of the
    /// sizes of the pieces of those classes, each up to its copies.
    pub fn fillable_by_classes(&self, classes: &[u64], n: usize) -> Vec<bool> {
        let mut table = Vec::with_capacity((n + 1) << classes.len());
        for k in 0..1usize << classes.len() {
            let mut pieces = 0u64;
            for (c, &bits) in classes.iter().enumerate() {
                if k >> c & 1 == 1 {
                    pieces |= bits;
                }
            }
            table.extend(self.fillable_from(pieces, n));
        }
        table
    }

    /// Which region sizes `0..=n` are sums of piece sizes, each piece used at most its
    /// copies.
    pub fn fillable(&self, n: usize) -> Vec<bool> {
        self.fillable_from(u64::MAX, n)
    }

    /// [`Pieces::fillable`] with only the pieces whose compact ids are bits of `pieces`.
    fn fillable_from(&self, pieces: u64, n: usize) -> Vec<bool> {
        let mut can = vec![false; n + 1];
        can[0] = true;
        let chosen = self.sizes.iter().zip(&self.copies).enumerate();
        for (_, (&s, &c)) in chosen.filter(|(id, _)| pieces >> id & 1 == 1) {
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

    /// Regions smaller than this (twice the smallest piece) hold at most one piece.
    pub fn single_below(&self) -> u32 {
        2 * self.sizes.iter().copied().min().unwrap_or(0)
    }
}

/// The options, in order (by lowest bit in numbering 0, then piece, then placement).
pub struct Options<M> {
    /// Per option: its squares in numbering 0.
    pub masks: Vec<M>,
    /// Per option: its piece's compact id.
    pub pieces: Vec<u8>,
    /// Per option: its index in `puzzle.placements`.
    pub places: Vec<u32>,
    /// Options with lowest bit `c` (numbering 0) are `start[c]..start[c + 1]`.
    pub start: Vec<u32>,
    /// Per option `o` and numbering `f`: its squares, at `o * fronts + f`.
    pub numbered: Vec<M>,
    /// Per allowed placement in (piece, placement index) order, its option: each
    /// piece's options are a run of it, in placement order.
    pub rank: Vec<u32>,
}

impl<M: Word> Options<M> {
    /// The placements `allowed` of the pieces in `pieces`, on `frame`.
    pub fn new(puzzle: &Puzzle, allowed: &[bool], pieces: &Pieces, frame: &Frame<M>) -> Options<M> {
        let by_piece = by_piece(puzzle, allowed, pieces);
        let masks: Vec<M> = (by_piece.iter())
            .map(|&(_, i)| {
                let cells = &puzzle.placements[i as usize].cells;
                frame.mask(0, cells) | frame.claimed(0, i as usize)
            })
            .collect();
        let order = bucket_by_low(&masks, frame.n);
        let mut rank = vec![0u32; order.len()];
        for (o, &k) in order.iter().enumerate() {
            rank[k as usize] = o as u32;
        }
        let masks: Vec<M> = order.iter().map(|&k| masks[k as usize]).collect();
        let pieces: Vec<u8> = order.iter().map(|&k| by_piece[k as usize].0).collect();
        let places: Vec<u32> = order.iter().map(|&k| by_piece[k as usize].1).collect();
        let mut start = vec![0u32; frame.n as usize + 1];
        for m in &masks {
            start[m.trailing_zeros() as usize + 1] += 1;
        }
        for c in 0..frame.n as usize {
            start[c + 1] += start[c];
        }
        let fronts = frame.fronts();
        let mut numbered = Vec::with_capacity(masks.len() * fronts);
        for (&m, &place) in masks.iter().zip(&places) {
            let cells = &puzzle.placements[place as usize].cells;
            numbered.push(m);
            let claimed = |f: usize| frame.claimed(f, place as usize);
            numbered.extend((1..fronts).map(|f| frame.mask(f, cells) | claimed(f)));
        }
        Options {
            masks,
            pieces,
            places,
            start,
            numbered,
            rank,
        }
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.masks.len()
    }
}

/// The allowed placements of pieces with copies left as (compact id, placement index),
/// sorted by piece then index. The placements come in index order, so counting them by
/// piece sorts them (no comparison sort: its code, run once, costs more in cold misses
/// than it sorts).
fn by_piece(puzzle: &Puzzle, allowed: &[bool], pieces: &Pieces) -> Vec<(u8, u32)> {
    let compact = &pieces.compact;
    let allowed_pieces = (puzzle.placements.iter().enumerate())
        .filter(|&(index, p)| allowed[index] && compact[p.piece] != u8::MAX)
        .map(|(index, p)| (compact[p.piece], index as u32));
    let count = pieces.copies.len();
    let mut place = vec![0usize; count + 1];
    for (p, _) in allowed_pieces.clone() {
        place[usize::from(p) + 1] += 1;
    }
    for p in 0..count {
        place[p + 1] += place[p];
    }
    let mut by_piece = vec![(0u8, 0u32); place[count]];
    for (p, index) in allowed_pieces {
        by_piece[place[usize::from(p)]] = (p, index);
        place[usize::from(p)] += 1;
    }
    by_piece
}

/// Indices into `masks`, stably sorted by lowest bit (a counting sort).
pub fn bucket_by_low<M: Word>(masks: &[M], n: u32) -> Vec<u32> {
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
