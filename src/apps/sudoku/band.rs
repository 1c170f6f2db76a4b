//! One digit in one band of a 9×9 grid, as 27 bits: bit `9·r + c` is row `r` (0..3) of
//! the band and column `c` (0..9). The tables here reason about such a band as a whole:
//! a digit occurs once in each of the band's three rows and once in each of its three
//! boxes, so the rows go to the boxes by a permutation. Only the row segments (the 3
//! cells of a row inside one box) that lie on such a permutation can hold the digit;
//! that one lookup covers empty rows and boxes, hidden singles of a box, and locked
//! candidates (pointing and claiming) inside the band.

/// All 27 cells of a band.
pub const FULL: u32 = (1 << 27) - 1;

/// The 9 cells of one row of a band, at bit 0.
pub const ROW: u32 = 0x1ff;

/// For a row's 9 bits: the cells alone in their segment (bits 0..9: the segment's only
/// cell in the row), and the boxes the row touches (bit `9 + x` if any of columns
/// `3x..3x+3` is set).
const fn row_facts() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut row = 0;
    while row < 512 {
        let mut x = 0;
        while x < 3 {
            let segment = (row >> (3 * x)) & 7;
            if segment != 0 {
                t[row] |= 1 << (9 + x);
            }
            x += 1;
        }
        // A row's three segments are three groups of 3 bits.
        t[row] |= lone_segments_of(row as u32) as u16;
        row += 1;
    }
    t
}

/// The six permutations row → box: row r goes to box `PERMS[p][r]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The segments of permutation p (bit `3r + x`).
const fn permutation_segments() -> [u32; 6] {
    let mut t = [0; 6];
    let mut p = 0;
    while p < 6 {
        t[p] = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
        p += 1;
    }
    t
}

/// For a set of row segments, the permutations (bit p) that lie inside it, and above
/// them, from bit 8, its [`branch_weight`] (a lookup, where `count_ones` is a dozen
/// instructions on the baseline x86-64 without `popcnt`, and the search's choice of a
/// branch needs no test per digit).
const fn permutations_inside() -> [u16; 512] {
    let segments = permutation_segments();
    let mut t = [0u16; 512];
    let mut set = 0;
    while set < 512 {
        let mut p = 0;
        while p < 6 {
            if set as u32 & segments[p] == segments[p] {
                t[set] |= 1 << p;
            }
            p += 1;
        }
        let count = t[set].count_ones() as u16;
        if count >= 2 {
            t[set] |= (OPEN + count) << 8;
        }
        set += 1;
    }
    t
}

/// The segments (bit `3r + x`) of permutation `p` (0..6).
pub static PERMUTATION_SEGMENTS: [u32; 6] = permutation_segments();
static PERMUTATIONS_INSIDE: [u16; 512] = permutations_inside();

/// The permutations row → box (bit p, as [`PERMUTATION_SEGMENTS`]) whose three segments
/// all lie in the segment set `set` (9 bits).
#[inline]
pub fn permutations(set: u32) -> u32 {
    u32::from(PERMUTATIONS_INSIDE[set as usize] & 0xff)
}

/// What a digit whose segments are `set` weighs in the search's choice of a branch: 0 if
/// [`permutations`] finds one or none (nothing to branch on), else [`OPEN`] plus how many.
/// Summed over a unit's digits, it orders the units by their undecided digits first,
/// then by their permutations in all (9 digits of at most 6 stay below `OPEN`).
#[inline]
pub fn branch_weight(set: u32) -> u32 {
    u32::from(PERMUTATIONS_INSIDE[set as usize] >> 8)
}

/// The weight [`branch_weight`] gives an undecided digit, on top of its permutations.
pub const OPEN: u16 = 64;

/// The cells (27 bits) of a set of row segments.
#[inline]
pub fn segment_cells(set: u32) -> u32 {
    CELLS_OF_SEGMENTS[set as usize]
}

/// For a set of row segments (bit `3r + x`: row r meets box x), the segments that lie
/// on some permutation row → box inside the set; 0 when there is none.
const fn segments_on_permutations() -> [u16; 512] {
    let permutations = permutation_segments();
    let mut t = [0u16; 512];
    let mut set = 0;
    while set < 512 {
        let mut p = 0;
        while p < 6 {
            let cells = permutations[p];
            if set as u32 & cells == cells {
                t[set] |= cells as u16;
            }
            p += 1;
        }
        set += 1;
    }
    t
}

/// The 27 cells of a set of row segments.
const fn cells_of_segments() -> [u32; 512] {
    let mut one = [0u32; 9];
    let mut s = 0;
    while s < 9 {
        one[s] = 7 << (9 * (s / 3) + 3 * (s % 3));
        s += 1;
    }
    union_over_segments(one)
}

/// For each set of row segments (9 bits), the union of `one[s]` over its segments s.
const fn union_over_segments(one: [u32; 9]) -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut s = 0;
        while s < 9 {
            if set & (1 << s) != 0 {
                t[set] |= one[s];
            }
            s += 1;
        }
        set += 1;
    }
    t
}

/// For a set of row segments, the cells of its segments that lie on a permutation
/// ([`segments_on_permutations`] then [`cells_of_segments`], one lookup).
const fn cells_on_permutations() -> [u32; 512] {
    let on = segments_on_permutations();
    let cells = cells_of_segments();
    let mut t = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        t[set] = cells[on[set] as usize];
        set += 1;
    }
    t
}

/// For a set of row segments: the rows (all 9 cells of each) in which the segments on
/// permutations ([`segments_on_permutations`]) leave exactly one segment.
const fn rows_of_one_segment() -> [u32; 512] {
    let on = segments_on_permutations();
    let mut t = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let lone = lone_segments_of(on[set] as u32);
        let mut r = 0;
        while r < 3 {
            if (lone >> (3 * r)) & 7 != 0 {
                t[set] |= ROW << (9 * r);
            }
            r += 1;
        }
        set += 1;
    }
    t
}

static ROW_FACTS: [u16; 512] = row_facts();
static ON_PERMUTATIONS: [u16; 512] = segments_on_permutations();
static CELLS_OF_SEGMENTS: [u32; 512] = cells_of_segments();
static CELLS_ON_PERMUTATIONS: [u32; 512] = cells_on_permutations();
static ROWS_OF_ONE_SEGMENT: [u32; 512] = rows_of_one_segment();

/// What [`restrict`] leaves of a digit's band.
pub struct Restricted {
    /// The cells that can still hold the digit (0 if it cannot go in every row and box).
    pub cells: u32,
    /// Their row segments (bit `3r + x`).
    pub segments: u16,
    /// Those of `cells` alone in their row.
    pub singles: u32,
}

/// The cells of `band` that can still hold its digit given that it must occupy one cell
/// of each row and of each box, their row segments, and those alone in their row.
///
/// Two levels of lookups, the second from the first: a cell ends alone in its row when
/// its row keeps one segment and the cell was that segment's only one in the row (a kept
/// segment has a cell in it), so the singles need no third.
#[inline]
pub fn restrict(band: u32) -> Restricted {
    let facts = facts(band);
    let set = segments_of_facts(facts) as usize;
    let alone = (facts[0] & ROW) | (facts[1] & ROW) << 9 | (facts[2] & ROW) << 18;
    let cells = band & CELLS_ON_PERMUTATIONS[set];
    Restricted {
        cells,
        segments: ON_PERMUTATIONS[set],
        singles: cells & alone & ROWS_OF_ONE_SEGMENT[set],
    }
}

/// The [`row_facts`] of the band's three rows.
#[inline]
fn facts(band: u32) -> [u32; 3] {
    [
        u32::from(ROW_FACTS[(band & ROW) as usize]),
        u32::from(ROW_FACTS[((band >> 9) & ROW) as usize]),
        u32::from(ROW_FACTS[((band >> 18) & ROW) as usize]),
    ]
}

/// The row segments of three rows' [`row_facts`].
#[inline]
fn segments_of_facts(facts: [u32; 3]) -> u32 {
    // The mask tells the compiler what the tables hold: 9 bits, an index into the
    // tables of segment sets without a bounds check.
    ((facts[0] >> 9) | (facts[1] >> 9) << 3 | (facts[2] >> 9) << 6) & 0x1ff
}

/// The row segments (bit `3r + x`: row r inside box x) in which `band` has a cell.
#[inline]
pub fn segments(band: u32) -> u32 {
    segments_of_facts(facts(band))
}

/// The segments of `set` that are the only one of their row in it: where a digit whose
/// segments are `set` must be in those rows. Any number of 9-bit sets side by side (at
/// multiples of 3 bits): each 3-bit group is a row, without a lookup.
#[inline]
pub const fn lone_segments_of(set: u32) -> u32 {
    const FIRST: u32 = 0o111_111_111;
    const SECOND: u32 = FIRST << 1;
    const THIRD: u32 = FIRST << 2;
    // For each bit, the other two bits of its group.
    let others = ((set >> 1) & (FIRST | SECOND))
        | ((set >> 2) & FIRST)
        | ((set << 1) & (SECOND | THIRD))
        | ((set << 2) & THIRD);
    set & !others
}

/// The segments a digit leaves when it must take the segments `must`: the others of
/// each one's group of 3 bits (a row's other boxes, or a band's other columns of the
/// stack) and those at its place in the other groups (the box's other rows, or the
/// column in the other bands). Any number of 9-bit sets side by side, without a lookup.
#[inline]
pub fn segments_ruled_out(must: u32) -> u32 {
    const FIRST: u32 = 0o111_111_111;
    let groups = ((must | must >> 1 | must >> 2) & FIRST) * 7;
    let places = ((must >> 3) & 0o077_077_077)
        | ((must >> 6) & 0o007_007_007)
        | ((must << 3) & 0o770_770_770)
        | ((must << 6) & 0o700_700_700);
    (groups | places) & !must
}

/// Three 9-bit sets side by side, each three groups of 3 bits: group j of set i (bits
/// 9i + 3j..) goes to group i of set j. A digit's columns in the three bands become its
/// column segments in the three stacks (bit 9s + 3k + j: band k, column 3s + j), and
/// back.
#[inline]
pub fn transpose(x: u32) -> u32 {
    const fn groups(pairs: &[(u32, u32)]) -> u32 {
        let mut m = 0;
        let mut n = 0;
        while n < pairs.len() {
            m |= 7 << (9 * pairs[n].0 + 3 * pairs[n].1);
            n += 1;
        }
        m
    }
    const STAY: u32 = groups(&[(0, 0), (1, 1), (2, 2)]);
    const UP_ONE: u32 = groups(&[(0, 1), (1, 2)]);
    const UP_TWO: u32 = groups(&[(0, 2)]);
    const DOWN_ONE: u32 = groups(&[(1, 0), (2, 1)]);
    const DOWN_TWO: u32 = groups(&[(2, 0)]);
    (x & STAY) | (x & UP_ONE) << 6 | (x & UP_TWO) << 12 | (x & DOWN_ONE) >> 6 | (x & DOWN_TWO) >> 12
}

/// Three 9-bit sets (one a band or a stack) side by side, set i at bit 9i.
#[inline]
pub fn side_by_side(sets: [u32; 3]) -> u32 {
    sets[0] | sets[1] << 9 | sets[2] << 18
}

/// Set `i` of three side by side.
#[inline]
pub fn unit(sets: u32, i: usize) -> u32 {
    (sets >> (9 * i)) & 0x1ff
}

/// A digit's column segments in the three stacks, side by side (bit 9s + 3k + j: band
/// k, column 3s + j), from its cells in the three bands.
#[inline]
pub fn column_segments(bands: [u32; 3]) -> u32 {
    transpose(side_by_side([
        columns(bands[0]),
        columns(bands[1]),
        columns(bands[2]),
    ]))
}

/// One digit's columns in the three bands (`columns[k]`: 9 bits) restricted by the
/// same argument down a stack: in each stack the bands go to the stack's three columns
/// by a permutation. The columns each band keeps; a stack with no permutation keeps none.
#[inline]
pub fn stack_columns(columns: [u32; 3]) -> [u32; 3] {
    // The three stacks' sets side by side (bit 9s + 3k + j), one lookup each.
    let sets = transpose(side_by_side(columns));
    let on = |s| u32::from(ON_PERMUTATIONS[unit(sets, s) as usize]);
    let kept = transpose(side_by_side([on(0), on(1), on(2)]));
    [unit(kept, 0), unit(kept, 1), unit(kept, 2)]
}

/// For each row `r` of a band and a row's 9 bits: the row itself, at bit `9r`, if it has
/// exactly one cell, else 0.
const fn lone_cells() -> [[u32; 512]; 3] {
    let mut t = [[0u32; 512]; 3];
    let mut row = 1;
    while row < 512 {
        if row & (row - 1) == 0 {
            let mut r = 0;
            while r < 3 {
                t[r][row] = (row as u32) << (9 * r);
                r += 1;
            }
        }
        row += 1;
    }
    t
}

static LONE: [[u32; 512]; 3] = lone_cells();

/// The cells of `band` that are alone in their row.
#[inline]
pub fn row_singles(band: u32) -> u32 {
    LONE[0][(band & ROW) as usize]
        | LONE[1][((band >> 9) & ROW) as usize]
        | LONE[2][((band >> 18) & ROW) as usize]
}

/// The rows (all 9 cells of each) in which `cells` has a cell.
#[inline]
pub fn rows(cells: u32) -> u32 {
    let any = |row: u32| 0u32.wrapping_sub(u32::from(row != 0)) & ROW;
    any(cells & ROW) | any((cells >> 9) & ROW) << 9 | any((cells >> 18) & ROW) << 18
}

/// The other cells of the rows of `cells`.
#[inline]
pub fn rest_of_rows(cells: u32) -> u32 {
    rows(cells) & !cells
}

/// The cells of `cells` that share their row with another of them (none if each is alone
/// in its row).
#[inline]
pub fn twice_in_a_row(cells: u32) -> u32 {
    row_singles(cells) ^ cells
}

/// The columns (9 bits) in which `band` has a cell.
#[inline]
pub fn columns(band: u32) -> u32 {
    (band | band >> 9 | band >> 18) & ROW
}

/// The columns (9 bits) in which `band` has exactly one cell.
#[inline]
pub fn columns_with_one_cell(band: u32) -> u32 {
    let (r0, r1, r2) = (band & ROW, (band >> 9) & ROW, band >> 18);
    (r0 ^ r1 ^ r2) & !(r0 & r1 & r2)
}

/// The cells of the columns `columns` (9 bits) in a band.
#[inline]
pub fn spread(columns: u32) -> u32 {
    columns * 0x40201
}

/// The other cells of the row of cell `p` (0..27) in a band.
#[inline]
pub fn row_others(p: u32) -> u32 {
    (ROW << (p / 9 * 9)) & !(1 << p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The oracle of [`segments_ruled_out`] along the rows: for a set of row segments
    /// (bit `3r + x`) that each must hold the digit, the cells of the band it leaves, the
    /// rest of each segment's row and of its box.
    fn segment_eliminations() -> [u32; 512] {
        let mut one = [0u32; 9];
        let mut s = 0;
        while s < 9 {
            let (r, x) = (s / 3, s % 3);
            let segment = 7 << (9 * r + 3 * x);
            let box_cells = (7 << (3 * x)) * 0x40201;
            one[s] = ((ROW << (9 * r)) | box_cells) & !segment;
            s += 1;
        }
        union_over_segments(one)
    }

    /// The same down a stack: for a set of column segments (bit `3k + j`: band k, the
    /// stack's column j) that each must hold the digit, the stack's columns each band
    /// leaves (bits `3k..3k + 3`): in the segment's band the other columns of its box, in
    /// the other bands its column.
    fn column_eliminations() -> [u16; 512] {
        let mut t = [0u16; 512];
        let mut set = 0;
        while set < 512 {
            let m = [set & 7, (set >> 3) & 7, (set >> 6) & 7];
            let mut k = 0;
            while k < 3 {
                let in_box = if m[k] != 0 { 7 & !m[k] } else { 0 };
                let columns = in_box | m[(k + 1) % 3] | m[(k + 2) % 3];
                t[set] |= (columns << (3 * k)) as u16;
                k += 1;
            }
            set += 1;
        }
        t
    }

    #[test]
    fn a_lone_cell_in_a_box_claims_its_row_and_box() {
        // The digit's only place in box 0 is row 1, column 2: row 1 holds it there, so
        // the other boxes lose row 1 and the other rows lose box 0.
        let band = FULL & !(0b111 | 0b111 << 18 | 0b11 << 9);
        let Restricted {
            cells: r,
            segments,
            singles,
        } = restrict(band);
        assert_eq!(r & (ROW << 9), 1 << 11);
        assert_eq!(r & 0b111, 0);
        assert_eq!(r & (0b111 << 18), 0);
        assert_eq!(row_singles(r) & (ROW << 9), 1 << 11);
        assert_eq!(singles, row_singles(r));
        // Its segments: row 0 in boxes 1 and 2, row 1 in box 0, row 2 in boxes 1 and 2.
        assert_eq!(u32::from(segments), 0b110 | 0b001 << 3 | 0b110 << 6);
        assert_eq!(u32::from(segments), self::segments(r));
    }

    #[test]
    fn an_empty_row_or_a_crowded_box_is_refuted() {
        assert_eq!(restrict(FULL & !(ROW << 9)).cells, 0);
        // Rows 0 and 1 both only in box 0.
        assert_eq!(restrict(0b111 | 0b111 << 9 | ROW << 18).cells, 0);
        let full = restrict(FULL);
        assert_eq!((full.cells, full.segments, full.singles), (FULL, 0x1ff, 0));
    }

    #[test]
    fn a_column_held_by_one_band_is_that_bands_in_its_stack() {
        // In stack 0 the digit can be in band 2 only in column 0: band 2 takes column 0
        // there, and bands 0 and 1 share columns 1 and 2.
        let kept = stack_columns([ROW, ROW, ROW & !0b110]);
        assert_eq!(kept.map(|c| c & 7), [0b110, 0b110, 0b001]);
        assert_eq!(kept.map(|c| c >> 3), [ROW >> 3; 3]);
        // Two bands confined to one column of a stack: no permutation.
        assert_eq!(stack_columns([0b001, 0b001, ROW])[0] & 7, 0);
        assert_eq!(stack_columns([ROW; 3]), [ROW; 3]);
    }

    #[test]
    fn the_singles_of_a_restriction_are_its_cells_alone_in_their_row() {
        // Bands drawn at random (xorshift), sparse and dense: the singles read from the
        // rows before the restriction are those of the cells it leaves.
        let mut x = 0x9e37_79b9_u32;
        for n in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let mut band = x & FULL;
            if n % 2 == 0 {
                band &= x.rotate_left(11);
            }
            let r = restrict(band);
            assert_eq!(r.singles, row_singles(r.cells), "band {band:#x}");
            assert_eq!(u32::from(r.segments), segments(r.cells), "band {band:#x}");
        }
    }

    #[test]
    fn the_segments_a_digit_leaves_match_the_tables() {
        // Every set of segments with at most one in each group and each place (what a
        // digit can be made to take), one unit and three side by side: the segments of
        // the cells the row table removes, and the columns the stack table removes.
        let partial = |m: u32| {
            let g = [m & 7, (m >> 3) & 7, (m >> 6) & 7];
            g.iter().all(|x| x & (x.wrapping_sub(1)) == 0)
                && g[0] & g[1] | g[0] & g[2] | g[1] & g[2] == 0
        };
        let musts: Vec<u32> = (0..512).filter(|&m| partial(m)).collect();
        assert_eq!(musts.len(), 34);
        let (along, down) = (segment_eliminations(), column_eliminations());
        for &m in &musts {
            let gone = segments_ruled_out(m);
            assert_eq!(gone, segments(along[m as usize]), "{m:#o}");
            assert_eq!(gone, u32::from(down[m as usize]), "{m:#o}");
            let three = side_by_side([m, musts[(m as usize) % 34], musts[33 - (m as usize) % 34]]);
            let expected = side_by_side([
                gone,
                segments_ruled_out(unit(three, 1)),
                segments_ruled_out(unit(three, 2)),
            ]);
            assert_eq!(segments_ruled_out(three), expected, "{three:#o}");
        }
    }

    #[test]
    fn lone_cells_and_rows() {
        let band = 1 << 3 | 1 << 9 | 1 << 12 | 1 << 20;
        assert_eq!(row_singles(band), 1 << 3 | 1 << 20);
        assert_eq!(rows(1 << 3 | 1 << 20), ROW | ROW << 18);
        assert_eq!(rows(0), 0);
        assert_eq!(rest_of_rows(1 << 3), ROW & !(1 << 3));
        assert_eq!(twice_in_a_row(1 << 3 | 1 << 20), 0);
        assert_eq!(twice_in_a_row(1 << 3 | 1 << 5), 1 << 3 | 1 << 5);
    }

    #[test]
    fn permutations_and_segments() {
        // Row 0 in box 0 only, rows 1 and 2 anywhere: the two permutations with 0 → 0.
        let set = 0b001 | 0b111 << 3 | 0b111 << 6;
        assert_eq!(permutations(set), 0b11);
        assert_eq!(PERMUTATION_SEGMENTS[1], 0b001 | 0b100 << 3 | 0b010 << 6);
        assert_eq!(permutations(0x1ff).count_ones(), 6);
        assert_eq!(branch_weight(0x1ff), 64 + 6);
        assert_eq!(branch_weight(set), 64 + 2);
        // One permutation left: nothing to branch on.
        assert_eq!(permutations(PERMUTATION_SEGMENTS[3]), 1 << 3);
        assert_eq!(branch_weight(PERMUTATION_SEGMENTS[3]), 0);
        assert_eq!(segment_cells(0b001), 0b111);
        // Only row 0's segment is alone in its row.
        assert_eq!(lone_segments_of(set), 0b001);
        // A digit held by row 0's segment of box 0 leaves the rest of row 0 and box 0.
        let gone = segment_cells(segments_ruled_out(0b001));
        assert_eq!(gone, (ROW & !0b111) | 0b111 << 9 | 0b111 << 18);
        assert_eq!(gone, segment_eliminations()[0b001]);
    }

    #[test]
    fn lone_segments_side_by_side_and_the_transpose() {
        // Row by row, as a lookup would: a row's segment is lone if it is its only one.
        let lone_in_row = |row: u32| if row.count_ones() == 1 { row } else { 0 };
        for set in 0..512u32 {
            let want = (0..3).fold(0, |acc, r| {
                acc | lone_in_row((set >> (3 * r)) & 7) << (3 * r)
            });
            assert_eq!(lone_segments_of(set), want, "{set:#o}");
            // The same set in each of three places: no group leaks into its neighbours.
            let three = set | set << 9 | set << 18;
            assert_eq!(lone_segments_of(three), want | want << 9 | want << 18);
        }
        // Group j of set i goes to group i of set j.
        for i in 0..3 {
            for j in 0..3 {
                assert_eq!(transpose(5 << (9 * i + 3 * j)), 5 << (9 * j + 3 * i));
            }
        }
        let x = 0o123_456_701;
        assert_eq!(transpose(transpose(x)), x);
        // Column 4 of band 2 is stack 1's column 1 in band 2: bit 9 + 3 * 2 + 1.
        assert_eq!(column_segments([0, 0, 1 << 13]), 1 << 16);
        assert_eq!(unit(side_by_side([1, 2, 3]), 2), 3);
    }

    #[test]
    fn a_column_segment_held_by_a_digit_empties_its_box_and_column() {
        // Band 0 must hold the digit in the stack's column 0: band 0 leaves columns 1
        // and 2 of the box, bands 1 and 2 leave column 0.
        assert_eq!(segments_ruled_out(0b001), 0b110 | 0b001 << 3 | 0b001 << 6);
        assert_eq!(segments_ruled_out(0), 0);
    }

    #[test]
    fn columns_and_rows_of_cells() {
        assert_eq!(spread(1 << 4), 1 << 4 | 1 << 13 | 1 << 22);
        assert_eq!(row_others(10), (ROW << 9) & !(1 << 10));
        assert_eq!(columns(1 << 13 | 1 << 2), 1 << 4 | 1 << 2);
        assert_eq!(columns_with_one_cell(1 << 13 | 1 << 4 | 1 << 2), 1 << 2);
    }
}
