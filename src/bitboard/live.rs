//! The live options of the nodes on a search's stack, for the rule of the fewest
//! options ([`super::Tuning::fewest`]): each node keeps those of its parent's that miss
//! its filled squares and whose piece has copies left, grouped by piece, and counts in
//! passing how many cover each square (bit-sliced counters, [`Tally`]). Each level's
//! live options, and after them the list it branches on when that is a square's, lie in
//! one array ([`Live`]) and are dropped with the level.

use super::entry::Entry;
use super::tables::Tables;
use super::tuning::MAX_PLANES;
use super::word::{Word, MAX_PIECES};

const _: () = assert!(MAX_PIECES.is_power_of_two());

/// The counts of options per square, as bit planes: a square's count is the sum of
/// `2^i` over the planes `i` that hold its bit, or at least `2^planes` (many) if its
/// bit is in `many`. Counted with the first `planes` planes (4 or 5: a plane more is an
/// option's counting made longer by a sixth).
#[derive(Copy, Clone, Debug)]
pub struct Tally<M> {
    planes: [M; MAX_PLANES as usize],
    many: M,
    used: u32,
}

impl<M: Word> Tally<M> {
    fn new(used: u32) -> Tally<M> {
        Tally {
            planes: [M::ZERO; MAX_PLANES as usize],
            many: M::ZERO,
            used,
        }
    }

    /// The count from which squares are taken as alike: `2^planes`.
    pub fn many(&self) -> u32 {
        1 << self.used
    }

    /// Counts an option covering the squares `m`, in `P` planes (the tally's): what
    /// [`Tally::add4`] does four at a time, kept for the tests.
    #[cfg(test)]
    fn add<const P: usize>(&mut self, m: M) {
        let mut carry = m;
        for plane in &mut self.planes[..P] {
            let next = *plane & carry;
            *plane = *plane ^ carry;
            carry = next;
        }
        self.many = self.many | carry;
    }

    /// Counts four options covering the squares `m`, in `P` planes, through carry-save
    /// adders (Harley and Seal's popcount): 20 operations on words where four
    /// [`Tally::add`]s take 36 (4 planes).
    #[inline(always)]
    fn add4<const P: usize>(&mut self, [a, b, c, d]: [M; 4]) {
        /// `x + y + z` as a sum bit and a carry bit per square.
        #[inline(always)]
        fn csa<M: Word>(x: M, y: M, z: M) -> (M, M) {
            let u = x ^ y;
            (u ^ z, (x & y) | (u & z))
        }
        let (ones, twos_ab) = csa(self.planes[0], a, b);
        let (ones, twos_cd) = csa(ones, c, d);
        let (twos, mut carry) = csa(self.planes[1], twos_ab, twos_cd);
        self.planes[0] = ones;
        self.planes[1] = twos;
        for plane in &mut self.planes[2..P] {
            let next = *plane & carry;
            *plane = *plane ^ carry;
            carry = next;
        }
        self.many = self.many | carry;
    }

    /// The first of the `open` squares with the fewest options and their number (at
    /// most [`Tally::many`]); `None` if one has none.
    #[inline(always)]
    pub fn fewest(&self, open: M) -> Option<(u32, u32)> {
        let covered = self.planes.iter().fold(self.many, |u, &p| u | p);
        if open & !covered != M::ZERO {
            return None;
        }
        let mut least = open & !self.many;
        if least == M::ZERO {
            return Some((open.trailing_zeros(), self.many()));
        }
        // From the highest plane down, keep the squares without it if there are any.
        for &plane in self.planes.iter().rev() {
            let without = least & !plane;
            if without != M::ZERO {
                least = without;
            }
        }
        let c = least.trailing_zeros();
        let count = (self.planes.iter().enumerate())
            .map(|(i, &p)| u32::from(p & M::bit(c) != M::ZERO) << i)
            .sum();
        Some((c, count))
    }
}

/// The live options of the nodes on the stack: segment 0 holds every option of the
/// tables, segment `d + 1` those of the level `d` deep (each grouped by piece), each
/// followed by the list its level branches on if that list is gathered.
pub struct Live<M> {
    /// The segments and lists up to `end`; past it, room already written (so that a
    /// segment is written straight from its parent's, in one pass).
    entries: Vec<Entry<M>>,
    end: usize,
    /// Per segment, `pieces + 1` offsets in `entries`: where each piece's options start,
    /// and the segment's end.
    cuts: Vec<u32>,
    pieces: usize,
    /// Room for [`Live::filter`]'s counts of kept options.
    marks: Vec<u32>,
    /// Per level, the bits of its list's entries when the list is picked out of the
    /// level's segment ([`Live::square_list`]), else 0 ([`Live::among`]).
    among: Vec<u64>,
}

impl<M: Word> Default for Live<M> {
    /// No options (an engine that does not use the rule).
    fn default() -> Live<M> {
        Live {
            entries: Vec::new(),
            end: 0,
            cuts: Vec::new(),
            pieces: 0,
            marks: Vec::new(),
            among: Vec::new(),
        }
    }
}

impl<M: Word> Live<M> {
    /// Segment 0: every option of `t` not filtered out, by piece and lowest square.
    pub fn new(t: &Tables<M>) -> Live<M> {
        let dropped = |o: usize| t.dropped.get(o).copied().unwrap_or(false);
        let mut options: Vec<usize> = (0..t.masks.len()).filter(|&o| !dropped(o)).collect();
        options.sort_by_key(|&o| (t.pieces[o], t.masks[o].trailing_zeros(), o));
        let entries: Vec<Entry<M>> = (options.iter())
            .map(|&o| Entry::new(t.masks[o], u32::from(t.pieces[o]), o as u32))
            .collect();
        let pieces = t.copies.len();
        let cuts = (0..=pieces as u32)
            .map(|p| entries.partition_point(|e| e.piece() < p) as u32)
            .collect();
        Live {
            end: entries.len(),
            entries,
            cuts,
            pieces,
            marks: Vec::new(),
            among: Vec::new(),
        }
    }

    /// The entries of every segment and list.
    #[inline(always)]
    pub fn entries(&self) -> &[Entry<M>] {
        &self.entries[..self.end]
    }

    /// The cuts of segment `s`.
    #[inline(always)]
    pub fn cuts_of(&self, s: usize) -> &[u32] {
        &self.cuts[s * (self.pieces + 1)..][..self.pieces + 1]
    }

    /// Appends the segment of a node `depth` deep with `filled` squares and the pieces
    /// `avail`: the options of segment `depth` (its parent's) that still fit, counted
    /// in `planes` planes (4 or 5, [`MAX_PLANES`]).
    #[inline(always)]
    pub fn filter(&mut self, depth: usize, filled: M, avail: u64, planes: u32) -> Tally<M> {
        if planes == MAX_PLANES {
            self.filter_in::<5>(depth, filled, avail)
        } else {
            self.filter_in::<4>(depth, filled, avail)
        }
    }

    /// [`Live::filter`] in `P` planes.
    #[inline(always)]
    fn filter_in<const P: usize>(&mut self, depth: usize, filled: M, avail: u64) -> Tally<M> {
        let (pieces, at) = (self.pieces, self.end);
        // The parent's cuts are read, and the new segment's written, in place.
        let parent = depth * (pieces + 1);
        debug_assert_eq!(self.cuts.len(), parent + pieces + 1);
        let len = (self.cuts[parent + pieces] - self.cuts[parent]) as usize;
        // (Three more: the kept options are counted four at a time, the last four
        // padded with empty masks.)
        let (before, room) = room(&mut self.entries, at, len + 3);
        let start = self.cuts[parent] as usize;
        let parent_options = &before[start..][..len];
        // `marks[i]`: how many of the parent's options before its `i`-th are kept. Read
        // in one pass per run of pieces with copies left (the piece whose last copy was
        // just placed is skipped), without a branch per piece: the ends of its loop
        // the branch predictor would miss.
        self.marks.resize(len + 1, 0);
        let marks = &mut self.marks[..=len];
        // The pieces with options here but no copies left: the one whose last copy was
        // just placed, if any (found without a branch per piece).
        let cuts = &self.cuts[parent..=parent + pieces];
        let mut gone = 0u64;
        for p in 0..pieces {
            gone |= u64::from(cuts[p + 1] > cuts[p]) << p;
        }
        gone &= !avail;
        let mut kept = 0;
        let mut from = 0;
        loop {
            let skip = match gone {
                0 => len,
                _ => cuts[gone.trailing_zeros() as usize] as usize - start,
            };
            for (e, mark) in parent_options[from..skip]
                .iter()
                .zip(&mut marks[from..skip])
            {
                let e = *e;
                *mark = kept as u32;
                room[kept] = e;
                kept += usize::from(e.mask & filled == M::ZERO);
            }
            if gone == 0 {
                break;
            }
            // The piece's options are dropped.
            from = cuts[gone.trailing_zeros() as usize + 1] as usize - start;
            marks[skip..from].fill(kept as u32);
            gone &= gone - 1;
        }
        marks[len] = kept as u32;
        for p in 0..pieces {
            let mark = marks[self.cuts[parent + p] as usize - start];
            self.cuts.push(at as u32 + mark);
        }
        let mut tally = Tally::new(P as u32);
        room[kept..kept + 3].fill(Entry::new(M::ZERO, 0, 0));
        for four in room[..kept.next_multiple_of(4)].chunks_exact(4) {
            tally.add4::<P>([four[0].mask, four[1].mask, four[2].mask, four[3].mask]);
        }
        self.end = at + kept;
        self.cuts.push(self.end as u32);
        tally
    }

    /// The entries of level `depth`'s list (`first..end` of its level on the stack)
    /// that make it, as bits, when it is picked out of the level's segment rather than
    /// gathered; 0 when every entry of `first..end` is in it. Valid for the levels on
    /// the stack.
    #[inline(always)]
    pub fn among(&self, depth: usize) -> u64 {
        self.among.get(depth).copied().unwrap_or(0)
    }

    /// Records [`Live::among`] for the level `depth` deep.
    #[inline(always)]
    pub fn set_among(&mut self, depth: usize, among: u64) {
        if self.among.len() <= depth {
            self.among.resize(depth + 1, 0);
        }
        self.among[depth] = among;
    }

    /// Drops the segments of the levels `depth` deep and deeper, and their lists.
    #[inline(always)]
    pub fn drop_from(&mut self, depth: usize) {
        let s = (depth + 1) * (self.pieces + 1);
        if let Some(&start) = self.cuts.get(s) {
            self.end = start as usize;
            self.cuts.truncate(s);
        }
    }

    /// Appends the options of `list` that miss `filled` and whose piece is in `avail`;
    /// returns where they lie.
    pub fn gather(&mut self, list: &[Entry<M>], filled: M, avail: u64) -> (u32, u32) {
        let at = self.end;
        let (_, room) = room(&mut self.entries, at, list.len());
        let fits = |e: &Entry<M>| e.mask & filled == M::ZERO && avail >> e.piece() & 1 != 0;
        self.end = at + keep_into(list, room, fits);
        (at as u32, self.end as u32)
    }

    /// The options of the last segment that cover square `c`: where they lie and 0,
    /// gathered past the end; or, if the segment has at most 64 options (most nodes'),
    /// where it lies and the bits of those that cover `c` (read without a write).
    #[inline(always)]
    pub fn square_list(&mut self, c: u32) -> (u32, u32, u64) {
        let last = self.cuts.len() - (self.pieces + 1);
        let (from, to) = (self.cuts[last], self.cuts[last + self.pieces]);
        if to - from > u64::BITS {
            let (at, end) = self.gather_square(from as usize, to as usize, c);
            return (at, end, 0);
        }
        let mut among = 0;
        for (i, e) in self.entries[from as usize..to as usize].iter().enumerate() {
            among |= u64::from(e.mask & M::bit(c) != M::ZERO) << i;
        }
        (from, to, among)
    }

    /// Appends the options of `from..to` (the last segment) that cover square `c`;
    /// returns where they lie.
    fn gather_square(&mut self, from: usize, to: usize, c: u32) -> (u32, u32) {
        let at = self.end;
        let square = M::bit(c);
        let (before, room) = room(&mut self.entries, at, to - from);
        self.end = at + keep_into(&before[from..to], room, |e| e.mask & square != M::ZERO);
        (at as u32, self.end as u32)
    }
}

/// Makes room for `n` entries past the first `end` of `entries`; returns the entries
/// before `end` and the room.
#[inline(always)]
fn room<M: Word>(
    entries: &mut Vec<Entry<M>>,
    end: usize,
    n: usize,
) -> (&[Entry<M>], &mut [Entry<M>]) {
    if entries.len() < end + n {
        // (Written with any entry: it is overwritten before it is read.)
        entries.resize(end + n, Entry::new(M::ZERO, 0, 0));
    }
    let (before, after) = entries.split_at_mut(end);
    (before, &mut after[..n])
}

/// Writes the entries of `from` for which `keep` holds to the start of `room` (at least
/// as long), in order, and returns how many: without a branch per entry (whether one is
/// kept is a coin toss the branch predictor loses).
#[inline(always)]
fn keep_into<M: Word>(
    from: &[Entry<M>],
    room: &mut [Entry<M>],
    keep: impl Fn(&Entry<M>) -> bool,
) -> usize {
    let mut kept = 0;
    for e in from {
        room[kept] = *e;
        kept += usize::from(keep(e));
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_finds_the_square_with_fewest_options() {
        let mut tally = Tally::<u64>::new(4);
        for m in [0b0111u64, 0b0110, 0b1100, 0b0100] {
            tally.add::<4>(m);
        }
        // Counts: square 0 once, 1 twice, 2 four times, 3 once.
        assert_eq!(tally.fewest(0b1111), Some((0, 1)));
        assert_eq!(tally.fewest(0b0110), Some((1, 2)));
        assert_eq!(tally.fewest(0b0100), Some((2, 4)));
        assert_eq!(tally.fewest(0b10000), None);
    }

    #[test]
    fn four_at_once_count_as_one_at_a_time() {
        let masks: Vec<u64> = (0..40u64)
            .map(|i| (i * 0x9e37_79b9_7f4a_7c15) >> 40)
            .collect();
        for planes in [4, 5] {
            let (mut one, mut four) = (Tally::<u64>::new(planes), Tally::<u64>::new(planes));
            for &m in &masks {
                if planes == 4 {
                    one.add::<4>(m)
                } else {
                    one.add::<5>(m)
                }
            }
            for q in masks.chunks(4) {
                let q = [q[0], q[1], q[2], q[3]];
                if planes == 4 {
                    four.add4::<4>(q)
                } else {
                    four.add4::<5>(q)
                }
            }
            assert_eq!((one.planes, one.many), (four.planes, four.many));
        }
    }

    #[test]
    fn tally_saturates_at_many() {
        let mut tally = Tally::<u128>::new(4);
        for _ in 0..40 {
            tally.add::<4>(0b11);
        }
        tally.add::<4>(0b10);
        assert_eq!(tally.fewest(0b11), Some((0, 16)));
        assert_eq!(tally.fewest(0b10), Some((1, 16)));
    }

    #[test]
    fn five_planes_count_to_thirty_two() {
        let mut tally = Tally::<u64>::new(5);
        for _ in 0..20 {
            tally.add::<5>(0b11);
        }
        for _ in 0..20 {
            tally.add::<5>(0b01);
        }
        assert_eq!(tally.fewest(0b11), Some((1, 20)));
        assert_eq!(tally.fewest(0b01), Some((0, 32)));
    }
}
