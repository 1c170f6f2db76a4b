//! The entries of the lists the search reads: an option's squares with its piece and
//! option ids packed next to them ([`Entry`]), where a list lies and which pieces it
//! holds ([`Head`]), and the list of one piece's options ([`PieceList`]).

use super::word::MAX_PIECES;

/// The bits of an entry's option id (the piece id takes the rest of the word).
const OPTION_BITS: u32 = 24;

/// One option in a list, with what the inner loop needs next to each other: its squares,
/// and its piece (the top 8 bits of `meta`) and option (the low 24) in one word. Packed
/// to 12 bytes with one-word masks (16 as three aligned fields), 20 with two (32): the
/// tables take fewer bytes and the lists the search reads miss the cache less.
#[repr(C, packed(4))]
pub struct Entry<M> {
    /// Its squares in the numbering of the list it is in.
    pub mask: M,
    meta: u32,
}

impl<M: Copy> Clone for Entry<M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: Copy> Copy for Entry<M> {}

impl<M: Copy + std::fmt::Debug> std::fmt::Debug for Entry<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mask = self.mask;
        (f.debug_struct("Entry").field("mask", &mask))
            .field("piece", &self.piece())
            .field("option", &self.option())
            .finish()
    }
}

impl<M: Copy> Entry<M> {
    pub fn new(mask: M, piece: u32, option: u32) -> Entry<M> {
        assert!(
            (piece as usize) < MAX_PIECES && option < 1 << OPTION_BITS,
            "an entry holds {MAX_PIECES} pieces, 2^{OPTION_BITS} options"
        );
        Entry {
            mask,
            meta: piece << OPTION_BITS | option,
        }
    }
    #[inline(always)]
    pub fn piece(&self) -> u32 {
        self.meta >> OPTION_BITS
    }
    #[inline(always)]
    pub fn option(&self) -> u32 {
        self.meta & ((1 << OPTION_BITS) - 1)
    }
}

/// The pieces of a list folded onto the bits of [`Head::pieces`]: piece `p` is bit
/// `p % FOLD`.
const FOLD: u32 = u16::BITS;

/// Where a list of `Tables::heads` lies in `Tables::lists` (keys whose lists hold the
/// same options share one), and the pieces of its options: bit `p % 16` for piece `p`
/// ([`Head::none_of`]). A front square's list whose pieces are all used up is found
/// empty without reading it (a square that only pieces already placed fit): on 6x10,
/// of the children with no option that fits, nearly half are found so.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Head {
    pub start: u32,
    pub len: u16,
    pub pieces: u16,
}

impl Head {
    /// The head of `list`, which starts at `start`.
    pub fn of<M: Copy>(start: u32, list: &[Entry<M>]) -> Head {
        Head {
            start,
            len: u16::try_from(list.len())
                .expect("a list holds at most 65,535 options (a square has a few thousand)"),
            pieces: list.iter().fold(0, |u, e| u | 1 << (e.piece() % FOLD)),
        }
    }

    /// The list's entries, `from..to` in `Tables::lists`.
    #[inline(always)]
    pub fn range(&self) -> (u32, u32) {
        (self.start, self.start + u32::from(self.len))
    }

    /// Bit `p % 16` for each piece `p` with copies left in `avail`.
    #[inline(always)]
    fn folded(avail: u64) -> u16 {
        let a = avail | avail >> (2 * FOLD);
        (a | a >> FOLD) as u16
    }

    /// True when no piece of the list has copies left in `avail` (so no option of the
    /// list fits); false may still be empty.
    #[inline(always)]
    pub fn none_of(&self, avail: u64) -> bool {
        self.pieces & Head::folded(avail) == 0
    }
}

/// The list of one piece's options (squares in numbering 0), for branching on a piece,
/// by lowest bit (so that those below a node's first empty square, which cannot fit, are
/// skipped: [`PieceList::start_at`]).
#[derive(Copy, Clone, Debug)]
pub struct PieceList {
    pub piece: u32,
    pub from: u32,
    pub to: u32,
    /// Where this list's cuts start in `Tables::piece_cuts`: per square `c` (and one
    /// past the last), how many of its entries have their lowest bit below `c`.
    pub cuts: u32,
}

impl PieceList {
    /// The first of this list's entries whose lowest bit is at least `c`, through its
    /// `cuts`.
    #[inline(always)]
    pub fn start_at(&self, cuts: &[u16], c: u32) -> u32 {
        self.from + u32::from(cuts[(self.cuts + c) as usize])
    }
}

/// The cuts of `piece_lists` (entries of `lists` sorted by lowest bit, squares of an
/// `n`-bit frame), setting each list's `cuts` ([`PieceList::cuts`]).
pub fn piece_cuts<M: super::word::Word>(
    piece_lists: &mut [PieceList],
    lists: &[Entry<M>],
    n: u32,
) -> Vec<u16> {
    let mut cuts = Vec::with_capacity(piece_lists.len() * (n as usize + 1));
    for l in piece_lists.iter_mut() {
        l.cuts = cuts.len() as u32;
        let list = &lists[l.from as usize..l.to as usize];
        cuts.extend((0..=n).map(|c| {
            let below = list.partition_point(|e| e.mask.trailing_zeros() < c);
            below as u16
        }));
    }
    cuts
}
