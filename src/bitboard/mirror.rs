//! The mirror that lets the memo of counts ([`super::memo`]) take a state and its
//! mirror image as one. Reversing every column (row) of the frame, each square staying
//! in its own column, maps the empty squares of a state onto those of another; when
//! every piece left may be placed wherever the mirror takes one of its options, the two
//! regions have as many tilings. A search that fills the frame column after column
//! meets both: on 6x10 (without the tails) 616 k nodes instead of 692 k. The tails
//! ([`super::tails`]) file a filled set with its image by the same rule.
//! The mirror keeps the column of every square, so it keeps a state's filled columns
//! filled; the frame's other symmetries would map a state onto one the search never
//! reaches (its last columns filled, its first ones open).

use super::tables::Tables;
use super::word::{Word, FIBONACCI};

/// The frame's minor reversal (bit `major * stride + minor` to `major * stride +
/// stride - 1 - minor`) and the pieces whose options it maps onto options.
#[derive(Clone, Debug)]
pub struct Mirror<M> {
    stride: u32,
    /// Compact ids of the pieces whose kept options the mirror maps onto kept options of
    /// the same piece.
    pub pieces: u64,
    /// Per option: the image of its squares in numbering 0 (so that the search carries
    /// each node's image along, one `or` per child).
    pub images: Vec<M>,
}

/// The bits of minor `r` in fields of `stride` bits (all 128).
const fn minor(r: u32, stride: u32) -> u128 {
    let (mut m, mut b) = (0u128, r);
    while b < u128::BITS {
        m |= 1 << b;
        b += stride;
    }
    m
}

/// Per minor `r`, its bits in fields of `stride` bits (the first `stride` entries).
const fn minors(stride: u32) -> [u128; 16] {
    let mut out = [0u128; 16];
    let mut r = 0;
    while r < stride {
        out[r as usize] = minor(r, stride);
        r += 1;
    }
    out
}

/// Every field of `S` bits of `m` reversed (`m` must hold whole fields only). The masks
/// are constants and the loop unrolls: about 20 instructions on 6x10, where a loop over
/// masks held in memory takes 60.
#[inline(always)]
fn reverse_fields<M: Word, const S: u32>(m: M) -> M {
    let masks = const { minors(S) };
    let mut out = if S % 2 == 1 {
        m & M::from_u128(masks[(S / 2) as usize])
    } else {
        M::ZERO
    };
    for r in 0..S / 2 {
        let (low, high) = (masks[r as usize], masks[(S - 1 - r) as usize]);
        let shift = S - 1 - 2 * r;
        out = out | (m & M::from_u128(low)) << shift | (m & M::from_u128(high)) >> shift;
    }
    out
}

impl<M: Word> Mirror<M> {
    /// The mirror of `t`'s frame and the pieces whose options it keeps.
    pub fn new(t: &Tables<M>) -> Mirror<M> {
        let mut mirror = Mirror {
            stride: t.grid.stride,
            pieces: 0,
            images: Vec::new(),
        };
        mirror.images = t.masks.iter().map(|&m| mirror.apply(m)).collect();
        // A state and its image have as many tilings only if the mirror maps the frame
        // onto itself (a packed frame's bits need not be whole lines).
        // (Not on a frame of segments, whose bits are not the picture's lines.)
        if t.loose == M::ZERO && !t.segments && mirror.apply(t.full) == t.full {
            mirror.pieces = mirror.closed_pieces(t);
        }
        mirror
    }

    /// The image of the squares `m`. (The search carries images along through
    /// [`Mirror::images`]; this is for the options and the node a search starts at.)
    #[inline(always)]
    pub fn apply(&self, m: M) -> M {
        if M::BITS > u128::BITS {
            // The constant masks cover 128 bits.
            return self.apply_slowly(m);
        }
        match self.stride {
            2 => reverse_fields::<M, 2>(m),
            3 => reverse_fields::<M, 3>(m),
            4 => reverse_fields::<M, 4>(m),
            5 => reverse_fields::<M, 5>(m),
            6 => reverse_fields::<M, 6>(m),
            7 => reverse_fields::<M, 7>(m),
            8 => reverse_fields::<M, 8>(m),
            9 => reverse_fields::<M, 9>(m),
            10 => reverse_fields::<M, 10>(m),
            11 => reverse_fields::<M, 11>(m),
            _ => self.apply_slowly(m),
        }
    }

    /// [`Mirror::apply`] out of line, for the rare callers (the node a search starts
    /// at): inlined into the search loop, the code of every stride was computed at
    /// each node entered, whatever the stride.
    #[inline(never)]
    pub fn apply_once(&self, m: M) -> M {
        self.apply(m)
    }

    /// [`Mirror::apply`] for any stride and width, a square at a time.
    #[cold]
    fn apply_slowly(&self, mut m: M) -> M {
        let s = self.stride;
        let mut out = M::ZERO;
        while m != M::ZERO {
            let b = m.trailing_zeros();
            out = out | M::bit(b - b % s + s - 1 - b % s);
            m = m & !M::bit(b);
        }
        out
    }

    /// The one of `filled` and its image `mirrored` that stands for both in the memo,
    /// when the pieces `avail` are all mirrored onto themselves; else `filled`.
    #[inline(always)]
    pub fn key(&self, filled: M, mirrored: M, avail: u64) -> M {
        if avail & !self.pieces == 0 {
            filled.min(mirrored)
        } else {
            filled
        }
    }

    /// The pieces each of whose options `t` keeps has its image among the kept options
    /// of the same piece. An open-addressing table of the kept options by (piece,
    /// squares), then one look-up per option: no sort (6x10's 2,056 options).
    fn closed_pieces(&self, t: &Tables<M>) -> u64 {
        let kept = |o: usize| t.dropped.get(o).is_none_or(|d| !d);
        let options = t.masks.len();
        let bits = (2 * options).max(2).next_power_of_two().trailing_zeros();
        let slot = |piece: u8, m: M| {
            let (lo, hi) = m.words();
            let h = (lo ^ hi.rotate_left(29) ^ u64::from(piece).rotate_left(53))
                .wrapping_mul(FIBONACCI);
            (h >> (64 - bits)) as usize
        };
        // Option + 1 per slot (0: empty).
        let mut table = vec![0u32; 1 << bits];
        let wrap = table.len() - 1;
        for o in (0..options).filter(|&o| kept(o)) {
            let mut i = slot(t.pieces[o], t.masks[o]);
            while table[i] != 0 {
                i = (i + 1) & wrap;
            }
            table[i] = o as u32 + 1;
        }
        let mut closed = t.all_pieces();
        for o in (0..options).filter(|&o| kept(o)) {
            let (piece, image) = (t.pieces[o], self.images[o]);
            let mut i = slot(piece, image);
            let found = loop {
                match table[i] {
                    0 => break false,
                    k if t.pieces[k as usize - 1] == piece && t.masks[k as usize - 1] == image => {
                        break true
                    }
                    _ => i = (i + 1) & wrap,
                }
            };
            if !found {
                closed &= !(1 << piece);
            }
        }
        closed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::samples::{pentomino_rectangle, pentominoes};
    use crate::model::{Board, Puzzle};

    /// Bit `major * stride + minor` to `major * stride + stride - 1 - minor`, one bit at
    /// a time.
    fn reversed(m: u128, stride: u32, n: u32) -> u128 {
        (0..n)
            .filter(|b| m >> b & 1 == 1)
            .map(|b| 1u128 << (b - b % stride + stride - 1 - b % stride))
            .fold(0, |a, b| a | b)
    }

    fn mirror_of<M: Word>(stride: u32) -> Mirror<M> {
        Mirror {
            stride,
            pieces: 0,
            images: Vec::new(),
        }
    }

    #[test]
    fn every_stride_reverses_each_field() {
        let mut x = 0x1234_5678_9abc_def0_u128;
        for stride in 1..=16 {
            // Whole fields only.
            let n = 128 / stride * stride;
            let (n64, whole) = (64 / stride * stride, u128::MAX >> (128 - n));
            for _ in 0..200 {
                x = x
                    .wrapping_mul(0x2545_f491_4f6c_dd1d_2545_f491_4f6c_dd1d)
                    .wrapping_add(1442695040888963407);
                let m = x & whole;
                let want = reversed(m, stride, n);
                assert_eq!(mirror_of::<u128>(stride).apply(m), want, "stride {stride}");
                assert_eq!(mirror_of::<u128>(stride).apply_slowly(m), want);
                let m64 = (m & (u128::MAX >> (128 - n64))) as u64;
                let want = reversed(u128::from(m64), stride, n64) as u64;
                assert_eq!(mirror_of::<u64>(stride).apply(m64), want, "stride {stride}");
            }
        }
    }

    fn tables(puzzle: &Puzzle) -> Tables<u64> {
        let all = vec![true; puzzle.placements.len()];
        Tables::new(puzzle, &all, &crate::bitboard::Tuning::default(), None).expect("fits")
    }

    #[test]
    fn the_pieces_mirrored_onto_themselves_are_found() {
        // Free pentominoes on 6x10: every piece; the images are the options' mirrors.
        let t = tables(&pentomino_rectangle(10, 6));
        let mirror = Mirror::new(&t);
        assert_eq!(mirror.pieces, (1 << 12) - 1);
        for (o, &m) in t.masks.iter().enumerate() {
            assert_eq!(u128::from(mirror.images[o]), reversed(u128::from(m), 6, 60));
        }
        // One-sided: only the pieces that are their own mirror images (I T U V W X,
        // not F L N P Y Z).
        let mut set = pentominoes();
        for p in &mut set.pieces {
            p.mirror = false;
        }
        let one_sided = Puzzle::new(Board::rectangle("6x10", 10, 6), set).expect("valid");
        let pieces = Mirror::new(&tables(&one_sided)).pieces;
        let labels: String = (one_sided.set.pieces.iter().enumerate())
            .filter(|(k, _)| pieces >> k & 1 == 1)
            .map(|(_, p)| p.label)
            .collect();
        assert_eq!(labels, "ITUVWX");
        // A piece with one placement filtered out is not mirrored onto itself.
        let p = pentomino_rectangle(10, 6);
        let mut keep = vec![true; p.placements.len()];
        let x = (p.placements.iter())
            .position(|pl| p.set.pieces[pl.piece].label == 'X')
            .expect("an X");
        keep[x] = false;
        let kept = tables(&p).keeping(&keep);
        assert_eq!(Mirror::new(&kept).pieces, (1 << 12) - 1 - (1 << 9));
    }
}
