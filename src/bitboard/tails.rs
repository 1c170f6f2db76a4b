//! The counts of a search's last few pieces, by filled squares alone. Near the leaves
//! of a counting search, the states (filled squares, pieces left) are many but the
//! filled sets among them are few: on 6x10, five pieces from the end, about 40 states
//! share each filled set, each with other pieces left. So for a filled set the engine
//! counts the tilings of its empty squares once, with options of every piece the tails
//! take (all, or all that are their own mirror images, see [`Tails::mirrored`]), and
//! files them by the copies each tiling uses (a [`super::memo::Signature`] numeral): a
//! node with those squares filled and pieces `left` then has the count filed under
//! `left`.
//! A filled set's counts are those of its children's filled sets, each shifted by the
//! piece of the option between them (a dynamic program over filled sets, the pieces
//! kept as a polynomial).
//!
//! The counts are kept in one arena, each filled set's as a run sorted by signature,
//! found through a hash map of the filled sets. The arena is emptied when it outgrows
//! [`LIMIT`] entries, so memory stays bounded on any board.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::word::{Key, FIBONACCI, MAX_PIECES};

/// A multiply-and-rotate hasher for filled sets (a word at a time): with the std default
/// (SipHash), 6x10 takes a fifth more instructions.
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(FIBONACCI);
    }
}

/// A run of the arena: `(start, len)`.
pub type Run = (u32, u32);

/// Entries the arena may hold before it is emptied (16 MB).
pub const LIMIT: usize = 1 << 20;

/// The run of the full board (one tiling, using nothing).
pub const DONE: Run = (0, 1);

/// The counts filed by filled set (in the form `K` of [`Key`]).
pub struct Tails<K> {
    /// The pieces the tilings may use (compact ids, as bits): only nodes with no other
    /// piece left are counted here.
    pub pieces: u64,
    /// Filled sets are filed under the one of them and their mirror image that stands
    /// for both ([`super::mirror::Mirror`]; every piece of `pieces` is mirrored onto
    /// itself).
    pub mirrored: bool,
    /// Per piece: the weight of a copy in a signature, and its copies (on the heap:
    /// the engine moves its tails out and back at each node it counts through them,
    /// and the struct stays small).
    weight: Vec<u64>,
    copies: Vec<u32>,
    /// One copy of each piece: a signature is a set of bits.
    single: bool,
    /// Per filled set: its run in `arena`.
    index: HashMap<K, Run, BuildHasherDefault<WordHasher>>,
    /// (signature of the copies used, number of tilings), runs sorted by signature.
    pub arena: Vec<(u64, u64)>,
    /// Terms gathered for the set being counted, before they are sorted and summed.
    scratch: Vec<(u64, u64)>,
    /// Per depth of the count's recursion: the children found (their runs and the
    /// piece placed), reused from call to call.
    pub frames: Vec<Vec<(Run, u8)>>,
    /// A sum passed `u64`: the counts filed since may be wrong, and the engine stops
    /// using the tails (a search near the leaves counts as many tilings as it visits,
    /// so this never happens in practice, but no count may wrap).
    pub overflowed: bool,
}

impl<K: Key> Tails<K> {
    /// Tails of `pieces` (with copies `copies`, whose signatures weigh `weight`),
    /// filing a set with its mirror image if `mirrored`.
    pub fn new(
        pieces: u64,
        mirrored: bool,
        weight: &[u64; MAX_PIECES],
        copies: &[u32],
    ) -> Tails<K> {
        Tails {
            pieces,
            mirrored,
            weight: weight[..copies.len()].to_vec(),
            copies: copies.to_vec(),
            single: copies.iter().all(|&c| c == 1),
            index: HashMap::default(),
            // The full board: one tiling, of no piece.
            arena: vec![(0, 1)],
            scratch: Vec::new(),
            frames: Vec::new(),
            overflowed: false,
        }
    }

    /// Forgets every run but the full board's if the arena holds more than
    /// [`LIMIT`] entries (only between counts: a count in progress holds runs).
    pub fn trim(&mut self) {
        if self.arena.len() > LIMIT {
            self.arena.truncate(1);
            self.index.clear();
        }
    }

    /// The run filed for `filled`, if any.
    #[inline(always)]
    pub fn get(&self, filled: K) -> Option<Run> {
        self.index.get(&filled).copied()
    }

    /// The count filed in `run` under signature `left`.
    #[inline(always)]
    pub fn count(&self, run: Run, left: u64) -> u64 {
        let terms = &self.arena[run.0 as usize..][..run.1 as usize];
        terms
            .binary_search_by_key(&left, |&(s, _)| s)
            .map_or(0, |i| terms[i].1)
    }

    /// Files the sum of `children` for `filled`: each child's terms shifted by the
    /// weight of its piece, those that would use more copies than the piece has left
    /// out. Returns the new run.
    pub fn file(&mut self, filled: K, children: &[(Run, u8)]) -> Run {
        self.scratch.clear();
        for &((start, len), piece) in children {
            let (w, c) = (
                self.weight[piece as usize],
                u64::from(self.copies[piece as usize]),
            );
            for &(s, v) in &self.arena[start as usize..][..len as usize] {
                // With one copy of each piece the signature is a set of bits.
                let room = if self.single {
                    s & w == 0
                } else {
                    s / w % (c + 1) < c
                };
                if room {
                    self.scratch.push((s + w, v));
                }
            }
        }
        self.scratch.sort_unstable_by_key(|&(s, _)| s);
        let start = self.arena.len();
        for &(s, v) in &self.scratch {
            let fresh = self.arena.len() > start;
            match self.arena.last_mut() {
                Some(last) if fresh && last.0 == s => match last.1.checked_add(v) {
                    Some(sum) => last.1 = sum,
                    None => self.overflowed = true,
                },
                _ => self.arena.push((s, v)),
            }
        }
        let run = (start as u32, (self.arena.len() - start) as u32);
        self.index.insert(filled, run);
        run
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_shifted_by_their_piece_and_summed() {
        let mut weight = [0u64; 64];
        weight[..3].copy_from_slice(&[1, 2, 4]);
        let mut t = Tails::<(u64, u64)>::new(7, false, &weight, &[1, 1, 1]);
        // Piece 0 then nothing: {0}; piece 1 then piece 0: {0, 1}.
        let a = t.file((1, 0), &[(DONE, 0)]);
        assert_eq!(t.count(a, 1), 1);
        let b = t.file((2, 0), &[(a, 1), (a, 0), (DONE, 2)]);
        // Piece 0 twice is refused.
        assert_eq!(t.count(b, 3), 1);
        assert_eq!(t.count(b, 4), 1);
        assert_eq!(t.count(b, 1), 0);
        let c = t.file((3, 0), &[(b, 2), (b, 2)]);
        assert_eq!(t.count(c, 7), 2);
        assert_eq!(t.count(c, 4), 0);
        assert_eq!(t.get((3, 0)), Some(c));
        // Three copies of one piece: the digit counts them.
        weight[0] = 1;
        let mut t = Tails::<(u64, u64)>::new(1, false, &weight, &[3]);
        let mut run = DONE;
        for k in 0..4 {
            run = t.file((10 + k, 0), &[(run, 0)]);
            if k < 3 {
                assert_eq!(t.count(run, k + 1), 1);
            }
        }
        assert_eq!(t.arena[run.0 as usize..][..run.1 as usize], []);
    }

    #[test]
    fn trimming_forgets_every_set_but_keeps_the_full_board() {
        let mut weight = [0u64; 64];
        weight[0] = 1;
        let mut t = Tails::<(u64, u64)>::new(1, false, &weight, &[1 << 20]);
        // Runs of one term each, until the arena is over its limit.
        let mut k = 0;
        while t.arena.len() <= LIMIT {
            t.file((k, 1), &[(DONE, 0)]);
            k += 1;
        }
        t.trim();
        assert_eq!(t.arena.len(), 1);
        assert_eq!(t.get((0, 1)), None);
        assert_eq!(t.get((k - 1, 1)), None);
        assert_eq!(t.count(DONE, 0), 1);
        // Filing goes on from the full board's run.
        let run = t.file((0, 1), &[(DONE, 0)]);
        assert_eq!((run, t.count(run, 1)), ((1, 1), 1));
        // Under the limit, trimming keeps everything.
        t.trim();
        assert_eq!(t.get((0, 1)), Some(run));
    }
}
