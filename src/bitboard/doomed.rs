//! Options that doom their child, found once, when the lists are built. A list is
//! read only when its key's squares (those after the front square, and beside it) are
//! filled as its key says, and every square before the front square is filled. An
//! option that, so placed, walls in a region of the key's empty squares that no piece
//! sizes fill (or, too small for two pieces, that is no option's shape) leads to a
//! child the region test would kill whatever lies past the key, so it is left out of
//! that key's list. The search then neither tries the option nor counts the node (a
//! quarter fewer nodes on 6x10, a sixth fewer on 8x8-square).

use super::frame::{square_bit, Frame};
use super::grid::Grid;
use super::keys::KeyBits;
use super::options::{Options, Pieces};
use super::word::{for_subsets, Word};

/// Tells, when the lists are built, the options that leave a region of the key's
/// squares that no tiling fills, whatever the squares outside the key hold: such an
/// option's child would die at the region test, so it is left out of that key's list.
/// Worked in numbering 0 (the one the region test grows in).
pub struct Doomed<'a, M> {
    pub n: u32,
    pub window: u32,
    pub beside: u32,
    pub grid: Grid<M>,
    pub full: M,
    pub init: M,
    pub fillable: &'a [bool],
    pub single_below: u32,
    /// Options' squares in numbering 0, grouped by lowest bit (`start`).
    pub masks: &'a [M],
    pub start: &'a [u32],
}

impl<'a, M: Word> Doomed<'a, M> {
    /// The test for the options `options` on `frame` with keys of shape `keys`, whose
    /// pieces fill the region sizes `fillable` says.
    pub fn new(
        frame: &Frame<M>,
        keys: KeyBits,
        fillable: &'a [bool],
        pieces: &Pieces,
        options: &'a Options<M>,
    ) -> Doomed<'a, M> {
        Doomed {
            n: frame.n,
            window: keys.window,
            beside: keys.beside,
            grid: frame.grid,
            // Loose bits are never walled in: nothing needs them filled.
            full: frame.full & !frame.loose,
            init: frame.init[0],
            fillable,
            single_below: pieces.single_below(),
            masks: &options.masks,
            start: &options.start,
        }
    }

    /// Fills `out` (one entry per key) with the squares (numbering 0) that key says are
    /// filled, at front square `c` of the numbering `square_f` maps to numbering 0
    /// (bits past the frame name no square), as in the key of the lists.
    pub fn key_fills(&self, square_f: &[u16], c: u32, offset: u32, out: &mut Vec<M>) {
        let bits = self.window + self.beside;
        out.clear();
        out.push(M::ZERO);
        for j in 0..bits {
            let b = if j < self.window {
                c + 1 + j
            } else {
                c + offset - 1 + (j - self.window)
            };
            let square = if b < self.n {
                square_bit(square_f[b as usize])
            } else {
                M::ZERO
            };
            // Keys with bit j set: those without it, plus its square.
            for k in 0..out.len() {
                let with = out[k] | square;
                out.push(with);
            }
        }
    }

    /// What [`Doomed::doomed`] needs of the option with squares `m` (numbering 0) at a
    /// front square whose squares up to it are `before` and whose key's squares are
    /// `keyed`, whatever the key: the key's squares it leaves open, and the squares
    /// next to the squares outside the key. `None` if every square it leaves open is
    /// next to one outside the key: then no key dooms it.
    pub fn prepare(&self, before: M, keyed: M, m: M) -> Option<(M, M)> {
        let known = before | self.init | m;
        let win = keyed & !known & self.full;
        let unknown = self.full & !known & !keyed;
        let touch = self.grid.grow(unknown);
        (win & !touch != M::ZERO).then_some((win, touch))
    }

    /// The rules that tell, key by key, whether the option [`Doomed::prepare`]d as
    /// `(win, touch)` dooms its child there, without a flood per key. A closed region
    /// lies in the key's squares that the option leaves open and that touch no square
    /// outside the key (`win & !touch`, a few), and it is closed exactly when the key
    /// fills none of its squares and every one of their neighbours in `win`. So each
    /// connected set `R` of those squares that no tiling fills gives a rule `(walls,
    /// inside)`: the key bits of `R`'s neighbours in `win`, and of `R`. A key dooms the
    /// option if it has every bit of some rule's `walls` and none of its `inside`, as
    /// [`Doomed::doomed`] would find by flooding.
    /// `squares[j]` is key bit `j`'s square (numbering 0). `None` if more than 8
    /// squares could be walled in (then flood key by key).
    pub fn rules(
        &self,
        (win, touch): (M, M),
        squares: &[M],
        out: &mut Vec<(u32, u32)>,
    ) -> Option<()> {
        out.clear();
        let inner = win & !touch;
        // The squares of `inner`, each with its key bit.
        let mut cells = [(M::ZERO, 0u32); 8];
        let mut m = 0;
        for (j, &sq) in squares.iter().enumerate() {
            if sq & inner != M::ZERO {
                if m == cells.len() {
                    return None;
                }
                cells[m] = (sq, 1 << j);
                m += 1;
            }
        }
        let bits_of = |set: M| {
            (squares.iter().enumerate())
                .filter(|&(_, &sq)| sq & set != M::ZERO)
                .fold(0u32, |b, (j, _)| b | 1 << j)
        };
        for subset in 1u32..1 << m {
            let (mut region, mut inside) = (M::ZERO, 0u32);
            for (i, &(sq, bit)) in cells[..m].iter().enumerate() {
                if subset >> i & 1 == 1 {
                    region = region | sq;
                    inside |= bit;
                }
            }
            let connected = self.grid.fill(region & region.wrapping_neg(), region) == region;
            if !connected || !self.unfillable(region) {
                continue;
            }
            let walls = bits_of(self.grid.grow(region) & !region & win);
            out.push((walls, inside));
        }
        Some(())
    }

    /// Marks in `doomed` (bit `k % 64` of word `k / 64`) the keys `k` among the subsets
    /// of `listed` that [`Doomed::rules`] `rules` doom (and clears the others): those
    /// with every bit of some rule's walls and none of its inside. Each rule sets only
    /// its own keys, fewer than the keys times the rules.
    pub fn mark(rules: &[(u32, u32)], listed: u32, doomed: &mut [u64]) {
        doomed.fill(0);
        for &(walls, inside) in rules.iter().filter(|r| r.0 & !listed == 0) {
            for_subsets(listed & !walls & !inside, |rest| {
                let k = walls | rest;
                doomed[k as usize / 64] |= 1 << (k % 64);
            });
        }
    }

    /// Is `region`, closed, a region no tiling fills: its size no sum of piece sizes,
    /// or, too small for two pieces, no option's shape?
    fn unfillable(&self, region: M) -> bool {
        let size = region.count_ones();
        if !self.fillable[size as usize] {
            return true;
        }
        if size < self.single_below {
            let low = region.trailing_zeros() as usize;
            let (a, b) = (self.start[low] as usize, self.start[low + 1] as usize);
            // (An option's loose bits are no squares: `full` has none.)
            return !(self.masks[a..b].iter()).any(|&m| m & self.full == region);
        }
        false
    }

    /// Does the option [`Doomed::prepare`]d as `(win, touch)`, with the key's squares
    /// `filled` filled, leave a closed region of the key's squares that no piece sizes
    /// fill (or, if too small for two pieces, that is no option's shape)?
    pub fn doomed(&self, filled: M, (win, touch): (M, M)) -> bool {
        let free = win & !filled;
        if free == M::ZERO {
            return false;
        }
        // The free squares connected to the squares outside the key.
        let open = self.grid.fill(free & touch, free);
        let mut closed = free & !open;
        while closed != M::ZERO {
            let region = self.grid.fill(closed & closed.wrapping_neg(), closed);
            closed = closed & !region;
            if self.unfillable(region) {
                return true;
            }
        }
        false
    }
}
