//! The neighbours of squares in a numbering of the frame, as shifts of a whole word: a
//! set of squares grows by one step in a few masked shifts, and a flood fill is such
//! steps repeated until nothing changes. The shifts come from the board's lattice
//! ([`crate::geom::Lattice::neighbours`]): each distance `d` between a square's bit and
//! a neighbour's bit is one shift each way, masked to the squares that have a neighbour
//! that far (on the square grid 1 and a line's length; on the hex grid, in a row-major
//! numbering, 2 and a row's length ± 1; on the triangle grid 1 and a row's length, the
//! latter only from up triangles forward and down triangles back; on the cube grid 1, a
//! row's and a layer's length; on the sphere grid 1 and a row's length in a layer,
//! and four distances to the balls of the layer above; on a packed frame, more, as
//! its layers start at uneven distances).

use super::word::Word;

/// The most distances a grid shifts by: the lattices have at most 12 neighbours, 6 of
/// them after a square in a numbering by rows or columns (and layers); a packed frame
/// ([`super::packing`]) takes up to twice as many (the pyramid of 55 balls, 11).
pub const MAX_STEPS: usize = 12;

/// One distance between neighbours' bits: the squares whose neighbour lies `d` bits
/// after them (`behind`, for shifts back) and those whose neighbour lies `d` bits
/// before them (`ahead`, for shifts forward), each as the bits a shift lands on.
#[derive(Copy, Clone, Debug)]
pub struct Step<M> {
    pub d: u32,
    /// Bits `c` whose square's neighbour is at `c - d`: where `m << d` may land.
    pub ahead: M,
    /// Bits `c` whose square's neighbour is at `c + d`: where `m >> d` may land.
    pub behind: M,
}

/// The neighbours of squares in numbering 0 of the frame, whose major lines (rows or
/// columns) are `stride` bits long.
#[derive(Copy, Clone, Debug)]
pub struct Grid<M> {
    pub stride: u32,
    /// The distances, the first two always used (with empty masks if the frame has
    /// fewer), the third if `three`, those after it up to `used`.
    pub steps: [Step<M>; MAX_STEPS],
    pub three: bool,
    pub used: usize,
    /// The square grid's case: steps of 1 (first) and `stride`, where every square but
    /// those of the first (last) line has a neighbour a line back (forward), so the
    /// shifts by a line need no mask (what they carry past the frame, callers mask off,
    /// as [`Grid::fill`] does) and the shifts by one are by a constant.
    pub plain: bool,
}

impl<M: Word> Grid<M> {
    /// The grid of a frame of `n` bits whose lines are `stride` bits long, from its
    /// pairs of neighbours `(a, b)` (bits, each pair once or twice, either way round).
    /// `None` if their distances are more than [`MAX_STEPS`] (no lattice has so many).
    pub fn from_pairs(
        stride: u32,
        n: u32,
        pairs: impl IntoIterator<Item = (u32, u32)>,
    ) -> Option<Grid<M>> {
        let blank = Step {
            d: 0,
            ahead: M::ZERO,
            behind: M::ZERO,
        };
        let mut steps = [blank; MAX_STEPS];
        let mut used = 0;
        for (a, b) in pairs {
            let (lo, hi) = (a.min(b), a.max(b));
            if lo == hi {
                continue;
            }
            let d = hi - lo;
            let k = match steps[..used].iter().position(|s| s.d == d) {
                Some(k) => k,
                None if used < MAX_STEPS => {
                    steps[used].d = d;
                    used += 1;
                    used - 1
                }
                None => return None,
            };
            steps[k].ahead = steps[k].ahead | M::bit(hi);
            steps[k].behind = steps[k].behind | M::bit(lo);
        }
        if steps[1].d == 1 {
            steps.swap(0, 1);
        }
        let bits = |from: u32, to: u32| (from..to).fold(M::ZERO, |m, i| m | M::bit(i));
        let line = &steps[1];
        let plain = used == 2
            && steps[0].d == 1
            && line.d == stride
            && line.ahead == bits(stride.min(n), n)
            && line.behind == bits(0, n.saturating_sub(stride));
        Some(Grid {
            stride,
            steps,
            three: used > 2,
            used,
            plain,
        })
    }

    /// The squares next to `m` (not `m` itself, not limited to empty squares).
    #[inline(always)]
    pub fn grow(&self, m: M) -> M {
        let [a, b, c, ..] = &self.steps;
        if self.plain {
            return ((m << 1) & a.ahead) | ((m >> 1) & a.behind) | (m << b.d) | (m >> b.d);
        }
        let mut g = ((m << a.d) & a.ahead)
            | ((m >> a.d) & a.behind)
            | ((m << b.d) & b.ahead)
            | ((m >> b.d) & b.behind);
        if self.three {
            g = g | ((m << c.d) & c.ahead) | ((m >> c.d) & c.behind);
            if self.used > 3 {
                g = g | self.grow_more(m);
            }
        }
        g
    }

    /// The squares next to `m` by the distances past the third (the sphere grid's, and
    /// a packed frame's).
    #[inline(always)]
    fn grow_more(&self, m: M) -> M {
        (self.steps[3..self.used].iter()).fold(M::ZERO, |g, s| {
            g | ((m << s.d) & s.ahead) | ((m >> s.d) & s.behind)
        })
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
