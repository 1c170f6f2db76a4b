//! Slices of a frame packed into fewer bits than its box. A board of layers whose box
//! is wider than a word but whose cells are not (the square pyramid of 55 balls lies in
//! a 5×5×5 box of 125 positions) numbers each slice of the major axis as in the box, a
//! line of `stride` bits after another, but starts the slices closer together, a later
//! slice's cells in the earlier one's unused positions. The offsets keep the slices in
//! order (each starts after the start of the one before, so the first empty square still
//! sweeps the board slice by slice) and, for the numbering the neighbours are shifted in,
//! keep the distances between neighbours' bits few enough for the grid's masked shifts
//! ([`super::grid::MAX_STEPS`]). The pyramid of 55 balls fits 64 bits this way, with 11
//! distances (the box takes 6, in 125 bits).

/// The positions of a slice's cells within it (`middle * stride + minor`), sorted.
pub type Slice = Vec<u32>;

/// Two neighbours: (slice, position) each, the first in a slice no later than the second.
pub type Pair = ((usize, u32), (usize, u32));

/// Tries of an offset before a search for offsets gives up: a bound on the time a board
/// that cannot be packed costs.
const BUDGET: u32 = 200_000;

/// Per slice, the bit its position 0 is at (negative when its cells start past position
/// 0): every cell in its own bit below `bits`, the slices' first cells in order, and the
/// distances between the bits of the `pairs` at most `max_steps` (as few as a search by
/// increasing limits finds); `None` if no such offsets were found.
pub fn pack(slices: &[Slice], pairs: &[Pair], bits: u32, max_steps: usize) -> Option<Vec<i64>> {
    let mut by_later: Vec<Vec<(usize, u32, u32)>> = vec![Vec::new(); slices.len()];
    for &((sa, pa), (sb, pb)) in pairs {
        let (early, late) = if sa <= sb {
            ((sa, pa), (sb, pb))
        } else {
            ((sb, pb), (sa, pa))
        };
        by_later[late.0].push((early.0, early.1, late.1));
    }
    let least = if pairs.is_empty() { max_steps } else { 1 };
    (least..=max_steps).find_map(|limit| {
        let mut search = Search {
            slices,
            by_later: &by_later,
            bits,
            limit,
            offsets: vec![0; slices.len()],
            used: vec![false; bits as usize],
            distances: Vec::new(),
            tries: 0,
        };
        search.place(0, None).then_some(search.offsets)
    })
}

/// A depth-first search for the offsets of the slices from `k` on.
struct Search<'a> {
    slices: &'a [Slice],
    /// Per slice: its pairs with cells of slices no later (slice, early position, own
    /// position).
    by_later: &'a [Vec<(usize, u32, u32)>],
    bits: u32,
    limit: usize,
    offsets: Vec<i64>,
    used: Vec<bool>,
    distances: Vec<u32>,
    tries: u32,
}

impl Search<'_> {
    /// Places slice `k` and those after it, the first cell after bit `after` (that of
    /// the slice before); false if they do not fit.
    fn place(&mut self, k: usize, after: Option<i64>) -> bool {
        let Some(slice) = self.slices.get(k) else {
            return true;
        };
        let (Some(&first), Some(&last)) = (slice.first(), slice.last()) else {
            self.offsets[k] = after.unwrap_or(0);
            return self.place(k + 1, after);
        };
        let (first, last) = (i64::from(first), i64::from(last));
        let lowest = after.map_or(0, |a| a + 1) - first;
        for offset in lowest..i64::from(self.bits) - last {
            self.tries += 1;
            if self.tries > BUDGET {
                return false;
            }
            if slice
                .iter()
                .any(|&p| self.used[(offset + i64::from(p)) as usize])
            {
                continue;
            }
            let kept = self.distances.len();
            self.offsets[k] = offset;
            if self.add_distances(k) {
                self.mark(k, true);
                if self.place(k + 1, Some(offset + first)) {
                    return true;
                }
                self.mark(k, false);
            }
            self.distances.truncate(kept);
        }
        false
    }

    /// Adds the distances of slice `k`'s pairs; false if they are more than the limit.
    fn add_distances(&mut self, k: usize) -> bool {
        for &(j, early, own) in &self.by_later[k] {
            let a = self.offsets[j] + i64::from(early);
            let b = self.offsets[k] + i64::from(own);
            let d = a.abs_diff(b) as u32;
            if !self.distances.contains(&d) {
                if self.distances.len() == self.limit {
                    return false;
                }
                self.distances.push(d);
            }
        }
        true
    }

    /// Marks slice `k`'s bits used (or not).
    fn mark(&mut self, k: usize, on: bool) {
        for &p in &self.slices[k] {
            self.used[(self.offsets[k] + i64::from(p)) as usize] = on;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The square pyramid of `n` layers as slices of stride `n`, and its neighbours
    /// (in a layer, and each ball with the four below it).
    fn pyramid(n: u32) -> (Vec<Slice>, Vec<Pair>) {
        let slices: Vec<Slice> = (0..n)
            .map(|z| {
                let m = n - z;
                (0..m)
                    .flat_map(|y| (0..m).map(move |x| y * n + x))
                    .collect()
            })
            .collect();
        let mut pairs = Vec::new();
        for z in 0..n as usize {
            let m = n - z as u32;
            for y in 0..m {
                for x in 0..m {
                    let p = y * n + x;
                    if x + 1 < m {
                        pairs.push(((z, p), (z, p + 1)));
                    }
                    if y + 1 < m {
                        pairs.push(((z, p), (z, p + n)));
                    }
                    if z > 0 {
                        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                            pairs.push(((z - 1, (y + dy) * n + x + dx), (z, p)));
                        }
                    }
                }
            }
        }
        (slices, pairs)
    }

    #[test]
    fn the_pyramid_of_55_balls_fits_a_word() {
        let (slices, pairs) = pyramid(5);
        assert!(pack(&slices, &pairs, 64, 10).is_none());
        let offsets = pack(&slices, &pairs, 64, 12).expect("fits 64 bits");
        let mut bits: Vec<i64> = (slices.iter().zip(&offsets))
            .flat_map(|(s, &o)| s.iter().map(move |&p| o + i64::from(p)))
            .collect();
        assert_eq!(bits.len(), 55);
        assert!(bits.iter().all(|&b| (0..64).contains(&b)));
        bits.sort();
        bits.dedup();
        assert_eq!(bits.len(), 55, "each ball its own bit");
        let firsts: Vec<i64> = (slices.iter().zip(&offsets))
            .map(|(s, &o)| o + i64::from(s[0]))
            .collect();
        assert!(firsts.is_sorted(), "{firsts:?}");
        let bit = |s: usize, p: u32| offsets[s] + i64::from(p);
        let mut distances: Vec<u64> = (pairs.iter())
            .map(|&((sa, pa), (sb, pb))| bit(sa, pa).abs_diff(bit(sb, pb)))
            .collect();
        distances.sort();
        distances.dedup();
        assert_eq!(distances.len(), 11, "{distances:?}");
    }

    #[test]
    fn without_pairs_the_slices_are_packed_first_fit() {
        let (slices, _) = pyramid(5);
        let offsets = pack(&slices, &[], 64, 12).expect("fits 64 bits");
        assert_eq!(offsets[..2], [0, 25]);
        assert!(
            pack(&slices, &[], 54, 12).is_none(),
            "55 balls need 55 bits"
        );
    }
}
