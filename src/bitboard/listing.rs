//! Building the lists of one numbering: for each square `c` and each key
//! ([`super::keys`]), the options whose lowest bit is `c` that miss the squares the key
//! says are filled, in option order, less those that doom their child there
//! ([`Doomed`]). Keys whose lists hold the same options share one ([`push_lists`]).
//! Also the expiry masks (the pieces none of whose options start at or after a
//! square) and the lists of the pieces used once.

use super::doomed::Doomed;
use super::entry::{Entry, Head, PieceList};
use super::frame::{square_bit, Frame};
use super::keys::{key_of, KeyBits};
use super::options::{bucket_by_low, Options, Pieces};
use super::word::{for_subsets, Word, FIBONACCI};

/// Entries per word of a listing (a set of a square's entries).
const LISTING_BITS: usize = u64::BITS as usize;

/// The lists built so far: `heads` per (block, square, key), the entries they point
/// into, and the expiry masks per (block, square).
pub struct Lists<M> {
    pub heads: Vec<Head>,
    pub lists: Vec<Entry<M>>,
    pub expired: Vec<u64>,
}

impl<M: Word> Lists<M> {
    /// Room for the lists of every numbering of `frame` with `options` options and
    /// keys of `key_bits` bits.
    fn with_capacity(frame: &Frame<M>, options: usize, key_bits: u32) -> Lists<M> {
        let (fronts, n) = (frame.fronts(), frame.n as usize);
        Lists {
            heads: Vec::with_capacity(((fronts * n) << key_bits) + 1),
            lists: Vec::with_capacity(options * fronts * 4),
            expired: Vec::with_capacity(fronts * (n + 1)),
        }
    }
}

/// Builds the lists of the numberings one at a time, with its scratch reused.
pub struct ListBuilder<'a, M> {
    options: &'a Options<M>,
    doomed: &'a Doomed<'a, M>,
    keys: KeyBits,
    fronts: usize,
    pieces: usize,
    unlisted: Option<u8>,
    /// Per option (in (piece, placement) order): its squares in the numbering at hand.
    masks: Vec<M>,
    /// Per key, then per block of 64 of the square's listed options: the bits of those
    /// the key's list holds.
    listing: Vec<u64>,
    /// The square's listed options, as entries.
    entries: Vec<Entry<M>>,
    /// The squares each key says are filled ([`Doomed::key_fills`]).
    key_fills: Vec<M>,
    /// Each key bit's square, and the rules of the option at hand ([`Doomed::rules`]).
    key_squares: Vec<M>,
    rules: Vec<(u32, u32)>,
    doomed_keys: Vec<u64>,
    /// The first key of each distinct list of a square ([`push_lists`]).
    seen: Vec<u32>,
}

impl<'a, M: Word> ListBuilder<'a, M> {
    pub fn new(
        options: &'a Options<M>,
        doomed: &'a Doomed<'a, M>,
        keys: KeyBits,
        fronts: usize,
        pieces: &Pieces,
    ) -> ListBuilder<'a, M> {
        let count = 1usize << keys.bits();
        ListBuilder {
            options,
            doomed,
            keys,
            fronts,
            pieces: pieces.copies.len(),
            unlisted: pieces.unlisted,
            masks: vec![M::ZERO; options.len()],
            listing: Vec::new(),
            entries: Vec::new(),
            key_fills: Vec::with_capacity(count),
            key_squares: Vec::with_capacity(keys.bits() as usize),
            rules: Vec::new(),
            doomed_keys: vec![0u64; count.div_ceil(LISTING_BITS)],
            seen: Vec::new(),
        }
    }

    /// The lists of the numberings of `frame` that have lists of their own (`own`),
    /// whose bits map to numbering 0 by `square` and whose keys read `key_offset` bits
    /// ahead, then a sentinel head: the piece lists start there.
    pub fn build(
        mut self,
        frame: &Frame<M>,
        own: &[bool],
        square: &[u16],
        key_offset: &[u32],
    ) -> Lists<M> {
        let mut lists = Lists::with_capacity(frame, self.options.len(), self.keys.bits());
        let n = frame.n as usize;
        for f in (0..frame.fronts()).filter(|&f| own[f]) {
            self.numbering(f, &square[f * n..][..n], key_offset[f], &mut lists);
        }
        lists.heads.push(Head {
            start: lists.lists.len() as u32,
            ..Head::default()
        });
        lists
    }

    /// Option `o`'s squares in numbering `f`.
    fn mask(&self, o: usize, f: usize) -> M {
        self.options.numbered[o * self.fronts + f]
    }

    /// Appends the lists of numbering `f` (whose bits map to numbering 0 by `square_f`
    /// and whose keys read `offset` bits ahead) to `out`, a head per square and key,
    /// and its expiry masks.
    fn numbering(&mut self, f: usize, square_f: &[u16], offset: u32, out: &mut Lists<M>) {
        let n = square_f.len() as u32;
        let by_low = self.by_low(f, n);
        // A piece expires at square c when its last lowest bit is below c.
        let mut last = vec![None::<u32>; self.pieces];
        for &o in &by_low {
            last[self.options.pieces[o] as usize] = Some(self.mask(o, f).trailing_zeros());
        }
        out.expired.extend(expiry(&last, n));
        let mut at = 0;
        // The squares up to the front square, in numbering 0.
        let mut before = M::ZERO;
        for c in 0..n {
            before = before | square_bit(square_f[c as usize]);
            (self.doomed).key_fills(square_f, c, offset, &mut self.key_fills);
            self.key_squares.clear();
            let fills = &self.key_fills;
            (self.key_squares).extend((0..self.keys.bits()).map(|j| fills[1 << j]));
            let from = at;
            while at < by_low.len() && self.mask(by_low[at], f).trailing_zeros() == c {
                at += 1;
            }
            self.square(f, c, offset, before, &by_low[from..at], out);
        }
    }

    /// The options in numbering `f`'s order: by lowest bit, then piece and placement.
    fn by_low(&mut self, f: usize, n: u32) -> Vec<usize> {
        let rank = &self.options.rank;
        for (k, m) in self.masks.iter_mut().enumerate() {
            *m = self.options.numbered[rank[k] as usize * self.fronts + f];
        }
        (bucket_by_low(&self.masks, n).into_iter())
            .map(|k| rank[k as usize] as usize)
            .collect()
    }

    /// Appends the lists of square `c` of numbering `f`, whose options (lowest bit `c`)
    /// are `options`, a head per key.
    fn square(
        &mut self,
        f: usize,
        c: u32,
        offset: u32,
        before: M,
        options: &[usize],
        out: &mut Lists<M>,
    ) {
        // An option is in the list of every key that misses its squares (the subsets
        // of the key bits it leaves free) unless it dooms its child there
        // ([`Doomed`]). Each option marks its keys; then each key's list takes its
        // options in option order.
        self.entries.clear();
        let (unlisted, pieces) = (self.unlisted, &self.options.pieces);
        for &o in options.iter().filter(|&&o| unlisted != Some(pieces[o])) {
            let e = Entry::new(self.mask(o, f), u32::from(pieces[o]), o as u32);
            self.entries.push(e);
        }
        let keys = 1usize << self.keys.bits();
        let blocks = self.entries.len().div_ceil(LISTING_BITS);
        self.listing.clear();
        self.listing.resize(keys * blocks, 0);
        for i in 0..self.entries.len() {
            self.list_entry(i, c, offset, before, blocks);
        }
        let listing = (&self.listing[..], keys, blocks);
        push_lists(
            &self.entries,
            listing,
            &mut self.seen,
            &mut out.heads,
            &mut out.lists,
        );
    }

    /// Marks entry `i` (of square `c`) in the listing of every key whose list holds it.
    fn list_entry(&mut self, i: usize, c: u32, offset: u32, before: M, blocks: usize) {
        let e = self.entries[i];
        let KeyBits { window, beside } = self.keys;
        let keys = 1usize << self.keys.bits();
        let o = e.option() as usize;
        let free = !key_of(e.mask, c, window, beside, offset) & (keys as u32 - 1);
        let keyed = self.key_fills[keys - 1];
        let doomed = self.doomed;
        let prep = doomed.prepare(before, keyed, self.mask(o, 0));
        let by_rules = prep.and_then(|p| doomed.rules(p, &self.key_squares, &mut self.rules));
        if by_rules.is_some() {
            Doomed::<M>::mark(&self.rules, free, &mut self.doomed_keys);
        }
        let (block, bit) = (i / LISTING_BITS, 1u64 << (i % LISTING_BITS));
        let listing = &mut self.listing;
        let mut list = |k: u32| {
            listing[k as usize * blocks + block] |= bit;
        };
        match (prep, by_rules) {
            (None, _) => for_subsets(free, list),
            (Some(_), Some(())) => {
                let doomed_keys = &self.doomed_keys;
                for_subsets(free, |k| {
                    if doomed_keys[k as usize / LISTING_BITS] >> (k as usize % LISTING_BITS) & 1
                        == 0
                    {
                        list(k);
                    }
                })
            }
            (Some(p), None) => {
                let key_fills = &self.key_fills;
                for_subsets(free, |k| {
                    if !doomed.doomed(key_fills[k as usize], p) {
                        list(k);
                    }
                })
            }
        }
    }
}

/// The expiry masks of one numbering's squares `0..=n`, from each piece's last lowest
/// bit (`None`: no option): the pieces whose options all start below the square.
pub fn expiry(last: &[Option<u32>], n: u32) -> impl Iterator<Item = u64> + '_ {
    (0..=n).map(|c| {
        last.iter().enumerate().fold(0u64, |e, (p, l)| match l {
            Some(l) if *l >= c => e,
            _ => e | 1 << p,
        })
    })
}

/// Appends the lists of one square, a head per key: with `listing = (bits, keys,
/// blocks)`, key `k`'s list holds `entries[i]` for each bit `i` of `bits[k *
/// blocks..][..blocks]`. Keys with the same bits share one list (a key reads squares
/// that many of the square's options do not reach, and the doomed options differ less
/// often than the keys): with every placement allowed, 6x10's 15,360 lists hold 2,199
/// different sets of options, NOI2005's 6,400 lists 312, so the lists the search reads
/// take less of the cache and the tables fewer pages. `seen` is scratch: an
/// open-addressing table of keys by their bits.
fn push_lists<M: Copy>(
    entries: &[Entry<M>],
    (listing, keys, blocks): (&[u64], usize, usize),
    seen: &mut Vec<u32>,
    heads: &mut Vec<Head>,
    lists: &mut Vec<Entry<M>>,
) {
    // Keys are a power of two: twice as many slots keeps the probes short.
    let slots = 2 * keys;
    let shift = u64::BITS - slots.trailing_zeros();
    seen.clear();
    seen.resize(slots, u32::MAX);
    let first = heads.len();
    let bits_of = |k: usize| &listing[k * blocks..][..blocks];
    for k in 0..keys {
        let bits = bits_of(k);
        let hash = (bits.iter()).fold(0u64, |h, &w| (h ^ w).wrapping_mul(FIBONACCI));
        let mut slot = (hash >> shift) as usize;
        loop {
            match seen[slot] {
                u32::MAX => {
                    seen[slot] = k as u32;
                    let start = lists.len();
                    for (block, &word) in bits.iter().enumerate() {
                        let mut word = word;
                        while word != 0 {
                            let i = block * LISTING_BITS + word.trailing_zeros() as usize;
                            lists.push(entries[i]);
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

/// Appends to `lists` the options of each piece that every solution uses exactly once
/// (one copy, not unlisted), in placement order, and returns where they are, fewest
/// options first (so that ties go to the most constrained piece).
pub fn piece_lists<M: Word>(
    options: &Options<M>,
    pieces: &Pieces,
    lists: &mut Vec<Entry<M>>,
) -> Vec<PieceList> {
    let mut piece_lists = Vec::new();
    let piece_of = |o: u32| options.pieces[o as usize];
    for run in options.rank.chunk_by(|&a, &b| piece_of(a) == piece_of(b)) {
        let p = piece_of(run[0]);
        if pieces.copies[usize::from(p)] != 1 || pieces.unlisted == Some(p) {
            continue;
        }
        let from = lists.len() as u32;
        let entry = |&o: &u32| Entry::new(options.masks[o as usize], u32::from(p), o);
        lists.extend(run.iter().map(entry));
        // By lowest bit, so that a node skips those below its first empty square.
        lists[from as usize..].sort_by_key(|e| (e.mask.trailing_zeros(), e.option()));
        piece_lists.push(PieceList {
            piece: u32::from(p),
            from,
            to: lists.len() as u32,
            cuts: 0,
        });
    }
    piece_lists.sort_by_key(|l| (l.to - l.from, l.piece));
    piece_lists
}
