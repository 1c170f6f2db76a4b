//! The sums that pieces can make: each copy of a piece adds one vector of a set (its
//! placements' colour counts, or its area), or nothing if the piece is optional. Every
//! count only grows, so sums past a bound are dropped; what is left is a bitset over the
//! box `0..=bound`. A box or a work too large to be checked at once proves nothing
//! ([`reach`] returns `None`).

/// A piece's contribution: the vectors one copy may add, and its copies.
#[derive(Clone, Debug)]
pub struct Term {
    /// The vectors one copy may add (each as long as the bound).
    pub values: Vec<Vec<u32>>,
    /// Copies to place.
    pub copies: u32,
}

/// The box of sums that can still lead somewhere, as a bitset in mixed radix with room
/// above the bound in each count for one more vector: adding a vector is then a shift of
/// the whole bitset (no carry from one count into the next), after which the sums past
/// the bound are masked out.
struct Sums {
    bound: Vec<u32>,
    /// Place values of the mixed radix.
    stride: Vec<usize>,
    /// The sums inside the bound.
    inside: Vec<u64>,
}

/// The most bits a box may hold.
const MAX_BOX: usize = 1 << 22;
/// The most word operations (words × vectors, summed over copies) a check may take: a
/// millisecond or so.
const MAX_WORK: u64 = 1 << 22;

impl Sums {
    /// The sums whose every count is at most `bound`'s, with room for vectors whose
    /// counts are at most `room`'s; `None` if that box is too large.
    fn new(bound: &[u32], room: &[u32]) -> Option<Sums> {
        let mut stride = Vec::with_capacity(bound.len());
        let mut size = 1usize;
        for (&b, &r) in bound.iter().zip(room) {
            stride.push(size);
            size = size.checked_mul(b as usize + 1 + r.min(b) as usize)?;
            if size > MAX_BOX {
                return None;
            }
        }
        let mut inside = vec![0u64; size.div_ceil(64)];
        // A run of `bound[0] + 1` sums for each choice of the other counts.
        let run = bound[0] as usize + 1;
        let mut rest = vec![0u32; bound.len()];
        'all: loop {
            let at: usize = rest
                .iter()
                .zip(&stride)
                .map(|(&c, &s)| c as usize * s)
                .sum();
            set_run(&mut inside, at, run);
            // The next choice of the other counts, the second count fastest.
            for (c, &b) in rest.iter_mut().zip(bound).skip(1) {
                if *c < b {
                    *c += 1;
                    continue 'all;
                }
                *c = 0;
            }
            break;
        }
        Some(Sums {
            bound: bound.to_vec(),
            stride,
            inside,
        })
    }

    /// The sums in the box that the terms make, each copy adding one of its vectors (or
    /// nothing, if `optional`); `None` if checking them would take too long.
    fn reach(&self, terms: &[Term], optional: bool) -> Option<Reach> {
        let words = self.inside.len() as u64;
        let steps: u64 = (terms.iter())
            .map(|t| (t.values.len() as u64 + 1) * t.copies as u64)
            .sum();
        if steps.saturating_mul(words) > MAX_WORK {
            return None;
        }
        let mut reach = vec![0u64; self.inside.len()];
        reach[0] = 1;
        let mut next = vec![0u64; reach.len()];
        for term in terms {
            let shifts: Vec<usize> = (term.values.iter())
                .filter(|v| v.iter().zip(&self.bound).all(|(x, b)| x <= b))
                .map(|v| {
                    v.iter()
                        .zip(&self.stride)
                        .map(|(&x, &s)| x as usize * s)
                        .sum()
                })
                .collect();
            for _ in 0..term.copies {
                if optional {
                    next.copy_from_slice(&reach);
                } else {
                    next.fill(0);
                }
                for &shift in &shifts {
                    or_shifted(&mut next, &reach, shift);
                }
                for (n, &i) in next.iter_mut().zip(&self.inside) {
                    *n &= i;
                }
                std::mem::swap(&mut reach, &mut next);
            }
        }
        Some(Reach {
            bits: reach,
            stride: self.stride.clone(),
            radix: (self.stride.iter().skip(1))
                .zip(&self.stride)
                .map(|(next, s)| next / s)
                .chain([usize::MAX])
                .collect(),
        })
    }
}

/// The sums, each count at most `bound`'s, that the terms make, each copy adding one of
/// its vectors (or nothing, if `optional`); `None` if the box or the work is too large
/// to check at once.
pub fn reach(bound: &[u32], terms: &[Term], optional: bool) -> Option<Reach> {
    let mut room = vec![0u32; bound.len()];
    for v in terms.iter().flat_map(|t| &t.values) {
        for (r, &x) in room.iter_mut().zip(v) {
            *r = (*r).max(x);
        }
    }
    Sums::new(bound, &room)?.reach(terms, optional)
}

/// Sets bits `at..at + len`.
fn set_run(bits: &mut [u64], at: usize, len: usize) {
    let mut k = at;
    while k < at + len {
        let take = (64 - k % 64).min(at + len - k);
        let mask = if take == 64 {
            u64::MAX
        } else {
            ((1u64 << take) - 1) << (k % 64)
        };
        bits[k / 64] |= mask;
        k += take;
    }
}

/// `dst |= src << shift`, as bitsets of the same length (bits shifted past the end are
/// dropped).
fn or_shifted(dst: &mut [u64], src: &[u64], shift: usize) {
    let (words, bits) = (shift / 64, shift % 64);
    for i in (words..dst.len()).rev() {
        let j = i - words;
        let mut w = src[j] << bits;
        if bits > 0 && j > 0 {
            w |= src[j - 1] >> (64 - bits);
        }
        dst[i] |= w;
    }
}

/// The sums the pieces make, inside the box.
pub struct Reach {
    bits: Vec<u64>,
    stride: Vec<usize>,
    radix: Vec<usize>,
}

impl Reach {
    /// Whether the pieces make exactly `v` (a vector inside the box).
    pub fn contains(&self, v: &[u32]) -> bool {
        let at: usize = v
            .iter()
            .zip(&self.stride)
            .map(|(&x, &s)| x as usize * s)
            .sum();
        self.bits[at / 64] >> (at % 64) & 1 == 1
    }

    /// Whether the pieces make any sum inside the box.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Whether `f` holds for any sum the pieces make inside the box.
    pub fn any(&self, f: impl Fn(&[u32]) -> bool) -> bool {
        let mut sum = vec![0u32; self.stride.len()];
        for (w, &word) in self.bits.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let mut at = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for (c, &r) in sum.iter_mut().zip(&self.radix) {
                    *c = (at % r) as u32;
                    at /= r;
                }
                if f(&sum) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(values: &[&[u32]], copies: u32) -> Term {
        Term {
            values: values.iter().map(|v| v.to_vec()).collect(),
            copies,
        }
    }

    #[test]
    fn twelve_optional_fives_make_the_multiples_of_five_to_sixty() {
        let reach = reach(&[64], &[term(&[&[5]], 12)], true).unwrap();
        for n in 0..=64 {
            assert_eq!(reach.contains(&[n]), n % 5 == 0 && n <= 60, "{n}");
        }
    }

    #[test]
    fn required_copies_add_exactly_once_each() {
        // Two copies of a piece covering (2, 0) or (1, 1), one covering (0, 1).
        let terms = [term(&[&[2, 0], &[1, 1]], 2), term(&[&[0, 1]], 1)];
        let reach = reach(&[4, 3], &terms, false).unwrap();
        let made: Vec<[u32; 2]> = (0..=4)
            .flat_map(|a| (0..=3).map(move |b| [a, b]))
            .filter(|v| reach.contains(v))
            .collect();
        assert_eq!(made, [[2, 3], [3, 2], [4, 1]]);
        assert!(reach.any(|v| v == [3, 2]));
        assert!(!reach.any(|v| v[0] + v[1] != 5));
    }

    #[test]
    fn sums_past_the_bound_are_dropped() {
        assert!(reach(&[3], &[term(&[&[2]], 2)], false).unwrap().is_empty());
        assert!(!reach(&[3], &[term(&[&[2]], 2)], true).unwrap().is_empty());
    }

    #[test]
    fn a_box_too_large_proves_nothing() {
        assert!(reach(&[1000, 1000, 1000], &[term(&[&[1, 1, 1]], 1)], true).is_none());
    }
}
