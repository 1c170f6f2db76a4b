//! The tables: options that wall in a dead region are in no list, numberings shared
//! through a symmetry, filtering, the doomed options' rules against the flood, the
//! keys, and the lists' heads.

use super::*;

#[test]
fn an_option_that_walls_in_a_dead_region_is_in_no_list() {
    use crate::bitboard::tables::Tables;
    // 6x10 filled column by column from one front (the choice of `BitSearch::new`,
    // which reads 8 key squares there), with keys of 6 squares.
    let p = pentomino_rectangle(10, 6);
    let tuning = Tuning::for_puzzle(&p);
    assert_eq!((tuning.fronts, tuning.window), (1, 8));
    let tuning = Tuning {
        window: 6,
        ..tuning
    };
    let t = Tables::<u64>::new(&p, &all(&p), &tuning, None).expect("fits a word");
    let placement = |cells: &[(i32, i32)]| {
        let mut cells: Vec<Cell> = cells.iter().map(|&(x, y)| Cell::new(x, y)).collect();
        cells.sort();
        (p.placements.iter())
            .position(|pl| pl.cells == cells)
            .expect("a placement") as u32
    };
    // The U standing in the corner, open to the left: square (0, 1) is walled in
    // whatever the rest of the board holds. Open to the right, (1, 1) is next to
    // (2, 1), past the key's squares.
    let walls_in = placement(&[(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]);
    let open = placement(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)]);
    let options_at_0: Vec<u32> = (t.start[0]..t.start[1])
        .map(|o| t.places[o as usize])
        .collect();
    assert!(options_at_0.contains(&walls_in) && options_at_0.contains(&open));
    // Square 0's list for each key (bit j: square j + 1 filled) that the U misses.
    let listed = |key: usize, place: u32| {
        let (from, to) = t.heads[key].range();
        (t.lists[from as usize..to as usize].iter()).any(|e| t.places[e.option() as usize] == place)
    };
    let (mut with, mut without) = (0, 0);
    for key in 0..1usize << t.key_bits {
        // Squares 2 and 6 are the U's.
        if key & (1 << 1 | 1 << 5) != 0 {
            continue;
        }
        let square_1_filled = key & 1 == 1;
        assert_eq!(listed(key, walls_in), square_1_filled, "key {key:06b}");
        assert!(listed(key, open) || square_1_filled, "key {key:06b}");
        if square_1_filled {
            with += 1;
        } else {
            without += 1;
        }
    }
    assert_eq!((with, without), (8, 8));
}

#[test]
fn numberings_that_a_symmetry_maps_onto_the_first_read_its_lists() {
    use crate::bitboard::tables::Tables;
    // Scott's board with every placement is as symmetric as the square: its four
    // numberings read one block of lists. With the X restricted to the reduction's
    // representatives no symmetry maps the options onto themselves, and each numbering
    // has its own block.
    let p = scott();
    let reduction = crate::symmetry::Reduction::new(&p);
    let tuning = Tuning::default();
    let group = Some(&reduction.group);
    let shared = Tables::<u64>::new(&p, &all(&p), &tuning, group).expect("fits a word");
    assert_eq!(shared.block, [0, 0, 0, 0]);
    let own = Tables::<u64>::new(&p, &reduction.allowed, &tuning, group).expect("fits a word");
    assert_eq!(own.block, [0, 1, 2, 3]);
    // Filtering gives each numbering its own block first: four times the entries, then
    // exactly the lists (as sets of placements) of tables built from the filtered
    // placements.
    let listed = |t: &Tables<u64>| t.heads.last().expect("a sentinel").start as usize;
    let unshared = shared.clone().keeping(&all(&p));
    assert_eq!(unshared.block, [0, 1, 2, 3]);
    assert_eq!(listed(&unshared), 4 * listed(&shared));
    let filtered = shared.keeping(&reduction.allowed);
    assert_eq!(
        (&filtered.block, &filtered.expired),
        (&own.block, &own.expired)
    );
    assert_eq!(filtered.heads.len(), own.heads.len());
    for i in 0..own.heads.len() - 1 {
        // The filtered lists' pieces are their own, not those of the lists they were.
        assert_eq!(filtered.heads[i].pieces, own.heads[i].pieces, "list {i}");
        let list = |t: &Tables<u64>| {
            let (from, to) = t.heads[i].range();
            let entries = &t.lists[from as usize..to as usize];
            let mut l: Vec<(u32, u64)> = (entries.iter())
                .map(|e| (t.places[e.option() as usize], e.mask))
                .collect();
            l.sort_unstable();
            l
        };
        assert_eq!(list(&filtered), list(&own), "list {i}");
    }
    // The same solutions as DLX, from shared tables and from shared tables filtered.
    let sorted = |mut s: Vec<Vec<u32>>| {
        s.sort();
        s
    };
    let mut whole = BitSearch::new(&p, &all(&p)).expect("applies");
    assert_eq!(
        sorted(bit_solutions(&mut whole)),
        dlx_solutions(&p, &all(&p))
    );
    let mut kept = whole.keeping(&reduction.allowed);
    assert_eq!(
        sorted(bit_solutions(&mut kept)),
        dlx_solutions(&p, &reduction.allowed)
    );
}

#[test]
fn the_parts_list_the_restricted_piece_only_in_their_own_lists() {
    // The solver's tables for the reduction hold every X (its parts branch first on
    // their own) in no list, so they share one block, and the parts find the 65
    // classes.
    let p = scott();
    let reduction = crate::symmetry::Reduction::new(&p);
    let parts = reduction.parts(&p);
    let searches = BitSearch::for_parts(&p, &reduction, &parts).expect("applies");
    assert_eq!(searches.len(), 2);
    let x = reduction.piece.expect("a restricted piece");
    for s in &searches {
        match &s.inner {
            crate::bitboard::Inner::W64x4(e) => {
                assert_eq!(e.t.block, [0, 0, 0, 0]);
                // The X is in no list but the parts' own (after the blocks).
                let listed = e.t.heads.last().expect("a sentinel").start as usize;
                let piece_of = |l: &crate::bitboard::entry::Entry<u64>| {
                    p.placements[e.t.places[l.option() as usize] as usize].piece
                };
                assert!(e.t.lists[..listed].iter().all(|l| piece_of(l) != x));
                assert!(e.t.lists[listed..].iter().any(|l| piece_of(l) == x));
            }
            _ => panic!("Scott's board weighs four fronts"),
        }
    }
    let found: u128 = searches.into_iter().map(|mut s| s.count()).sum();
    assert_eq!(found, 65);
}

#[test]
fn filtering_keeps_the_piece_lists_whole() {
    use crate::bitboard::tables::Tables;
    // Scott's board: a piece list per piece (a node less than two levels deep may
    // branch on one), kept sorted by size, not in the order they lie in, each by lowest
    // bit with its cuts. Filtered by the placements they were built from, the tables
    // keep every list as it was.
    let p = scott();
    let reduction = crate::symmetry::Reduction::new(&p);
    let allowed = reduction.allowed;
    let group = Some(&reduction.group);
    let built = Tables::<u64>::new(&p, &allowed, &Tuning::default(), group).expect("fits a word");
    let filtered = built.clone().keeping(&allowed);
    assert_eq!(built.piece_lists.len(), 12);
    let entries = |t: &Tables<u64>, l: &crate::bitboard::entry::PieceList| -> Vec<(u32, u32)> {
        (t.lists[l.from as usize..l.to as usize].iter())
            .map(|e| (e.piece(), e.option()))
            .collect()
    };
    for (a, b) in built.piece_lists.iter().zip(&filtered.piece_lists) {
        assert_eq!(a.piece, b.piece);
        assert_eq!(
            entries(&built, a),
            entries(&filtered, b),
            "piece {}",
            a.piece
        );
        assert!(entries(&built, a)
            .iter()
            .all(|&(piece, _)| piece == a.piece));
        // Every allowed placement of the piece, by lowest bit.
        let mut places: Vec<usize> = (entries(&built, a).iter())
            .map(|&(_, o)| built.places[o as usize] as usize)
            .collect();
        let lows: Vec<u32> = (entries(&built, a).iter())
            .map(|&(_, o)| built.masks[o as usize].trailing_zeros())
            .collect();
        assert!(lows.is_sorted(), "piece {}", a.piece);
        // The cuts: the entries below square c are those with a lower bit.
        for c in 0..=built.n {
            let below = lows.iter().filter(|&&low| low < c).count() as u32;
            assert_eq!(b.start_at(&filtered.piece_cuts, c) - b.from, below);
        }
        places.sort();
        let piece = p.placements[places[0]].piece;
        let expected: Vec<usize> = (0..p.placements.len())
            .filter(|&i| allowed[i] && p.placements[i].piece == piece)
            .collect();
        assert_eq!(places, expected, "piece {}", a.piece);
    }
}

/// For every option at every square of numbering 0 of `p` (one front, `window` key
/// squares) and every key that lists it, whether the flood of [`Doomed::doomed`] finds
/// a closed region no tiling fills, and whether [`Doomed::rules`] mark the key: they
/// must agree. Returns how many keys were doomed and how many were not.
fn doomed_rules_against_the_flood<M: crate::bitboard::Word>(
    p: &Puzzle,
    window: u32,
) -> (usize, usize) {
    use crate::bitboard::doomed::Doomed;
    use crate::bitboard::tables::Tables;
    use crate::bitboard::word::for_subsets;
    let tuning = Tuning {
        fronts: 1,
        window,
        beside: 0,
        ..Tuning::default()
    };
    let t = Tables::<M>::new(p, &all(p), &tuning, None).expect("fits");
    let d = Doomed {
        n: t.n,
        window,
        beside: 0,
        grid: t.grid,
        full: t.full,
        init: t.init[0],
        fillable: &t.fillable,
        single_below: t.single_below,
        masks: &t.masks,
        start: &t.start,
    };
    let keys = 1usize << window;
    let (mut rules, mut marks) = (Vec::new(), vec![0u64; keys.div_ceil(64)]);
    let (mut doomed, mut open) = (0, 0);
    for c in 0..t.n {
        // Numbering 0 is the bits themselves: key bit j is square c + 1 + j.
        let before = (0..=c).fold(M::ZERO, |m, b| m | M::bit(b));
        let squares: Vec<M> = (0..window)
            .map(|j| {
                if c + 1 + j < t.n {
                    M::bit(c + 1 + j)
                } else {
                    M::ZERO
                }
            })
            .collect();
        let keyed = squares.iter().fold(M::ZERO, |m, &s| m | s);
        for o in t.start[c as usize]..t.start[c as usize + 1] {
            let m = t.masks[o as usize];
            let Some(prep) = d.prepare(before, keyed, m) else {
                continue;
            };
            assert!(
                d.rules(prep, &squares, &mut rules).is_some(),
                "at most 8 squares"
            );
            let covered = (0..window).filter(|&j| squares[j as usize] & m != M::ZERO);
            let listed = covered.fold(keys as u32 - 1, |l, j| l & !(1 << j));
            Doomed::<M>::mark(&rules, listed, &mut marks);
            for_subsets(listed, |k| {
                let filled = (0..window)
                    .filter(|&j| k >> j & 1 == 1)
                    .fold(M::ZERO, |f, j| f | squares[j as usize]);
                let flood = d.doomed(filled, prep);
                let marked = marks[k as usize / 64] >> (k % 64) & 1 == 1;
                assert_eq!(marked, flood, "square {c}, option {o}, key {k:b}");
                if flood {
                    doomed += 1;
                } else {
                    open += 1;
                }
            });
        }
    }
    (doomed, open)
}

#[test]
fn the_doomed_options_rules_agree_with_the_flood() {
    for (p, window) in [
        (pentomino_rectangle(10, 6), 8),
        (pentomino_rectangle(12, 5), 6),
        (scott(), 8),
        (eight_by_eight_square(), 5),
        (domino_rectangle(8, 8), 4),
    ] {
        let (doomed, open) = doomed_rules_against_the_flood::<u64>(&p, window);
        assert!(doomed > 0 && open > 0, "{doomed} doomed, {open} open");
    }
    // Two words: 6x10 in a frame of 7x10 whose last row is blocked, and dominoes.
    let mut squares = vec![Square::Open; 70];
    squares[60..].fill(Square::Blocked);
    let framed =
        Puzzle::new(Board::new("6x10 in 7x10", 10, 7, squares), pentominoes()).expect("valid");
    for (p, window) in [(framed, 8), (domino_rectangle(10, 8), 4)] {
        let (doomed, open) = doomed_rules_against_the_flood::<u128>(&p, window);
        assert!(doomed > 0 && open > 0, "{doomed} doomed, {open} open");
    }
}

#[test]
fn one_front_keys_read_the_short_side_and_two_squares_more() {
    // At most twice the largest piece and 8 squares; 6 on a board of two words.
    let window = |p: &Puzzle| {
        let t = Tuning::for_puzzle(p);
        assert_eq!(t.fronts, 1);
        t.window
    };
    assert_eq!(window(&pentomino_rectangle(10, 6)), 8);
    assert_eq!(window(&pentomino_rectangle(12, 5)), 7);
    assert_eq!(window(&pentomino_rectangle(15, 4)), 6);
    assert_eq!(window(&pentomino_rectangle(20, 3)), 5);
    assert_eq!(window(&domino_rectangle(8, 8)), 4);
    assert_eq!(window(&domino_rectangle(10, 8)), 6);
}

/// A list's head names exactly the pieces of its options (folded to 16 bits), so a list
/// is skipped as empty only when none of its options has a piece with copies left; and
/// keys whose lists hold the same options share one copy, every entry stored once.
#[test]
fn list_heads_name_the_pieces_of_their_lists() {
    use crate::bitboard::entry::Head;
    use crate::bitboard::tables::Tables;
    use std::collections::{BTreeMap, HashSet};

    /// The heads' total length over the entries stored.
    fn check<M: crate::bitboard::Word>(name: &str, t: &Tables<M>) -> f64 {
        let (keyed, sentinel) = t.heads.split_at(t.heads.len() - 1);
        let mut skipped = 0;
        // The distinct lists stored: start -> length.
        let mut stored = BTreeMap::new();
        for (i, head) in keyed.iter().enumerate() {
            let (from, to) = head.range();
            let list = &t.lists[from as usize..to as usize];
            let pieces = list.iter().fold(0u16, |u, e| u | 1 << (e.piece() % 16));
            assert_eq!(head.pieces, pieces, "{name}: list {i}");
            // Each piece alone: skipped exactly when the list has no option of it.
            for piece in 0..t.copies.len() as u32 {
                let has = list.iter().any(|e| e.piece() == piece);
                assert_eq!(head.none_of(1 << piece), !has, "{name}: list {i}");
                skipped += usize::from(!has);
            }
            if head.len > 0 {
                assert_eq!(*stored.entry(head.start).or_insert(head.len), head.len);
            }
        }
        assert!(skipped > 0, "{name}");
        // The stored lists lie end to end, up to the sentinel, and differ.
        let mut end = 0;
        let mut contents = HashSet::new();
        for (&start, &len) in &stored {
            assert_eq!(start, end, "{name}: a gap or an overlap");
            end += u32::from(len);
            let list = &t.lists[start as usize..end as usize];
            assert!(contents.insert(list.iter().map(|e| e.option()).collect::<Vec<_>>()));
        }
        assert_eq!(end, sentinel[0].start, "{name}");
        let total: u32 = keyed.iter().map(|h| u32::from(h.len)).sum();
        f64::from(total) / f64::from(end)
    }
    for (name, sharing) in [
        ("6x10", 2.0),
        ("scott", 1.5),
        ("noi2005", 5.0),
        ("dominoes-8x8", 5.0),
    ] {
        let (b, set) = crate::model::library::load_puzzle(name, None).unwrap();
        let p = Puzzle::new(b, set).unwrap();
        let s = BitSearch::new(&p, &all(&p)).expect("fits the bitboard engine");
        let shared = each!(&s.inner, e => check(name, &e.t));
        assert!(
            shared >= sharing,
            "{name}: each entry read by {shared} lists"
        );
    }
    // What the search reads per list and per entry is packed: a head in 8 bytes, an
    // entry in its mask and 4 bytes more.
    assert_eq!(std::mem::size_of::<Head>(), 8);
    assert_eq!(
        std::mem::size_of::<crate::bitboard::entry::Entry<u64>>(),
        12
    );
    assert_eq!(
        std::mem::size_of::<crate::bitboard::entry::Entry<u128>>(),
        20
    );
    // Pieces 16 and up share bits with those 16 below: never skipped wrongly.
    let head = Head {
        pieces: 1 << 1,
        ..Head::default()
    };
    assert!(!head.none_of(1 << 17) && !head.none_of(1 << 33) && !head.none_of(1 << 1));
    assert!(head.none_of(1 << 2 | 1 << 18 | 1 << 50));
}

#[test]
fn regions_are_filled_by_the_sizes_of_the_pieces_left() {
    use crate::bitboard::tables::Tables;
    // The twelve pentominoes and the 2x2 square: a region of 9 cells is a pentomino and
    // the square while the square is left, and no tiling once it is placed.
    let (board, set) = crate::load_puzzle("8x8-square", None).unwrap();
    let p = Puzzle::new(board, set).unwrap();
    let tuning = Tuning::for_puzzle(&p);
    let t = Tables::<u64>::new(&p, &all(&p), &tuning, None).expect("fits a word");
    let square = (p.set.pieces.iter())
        .position(|piece| piece.shape.len() == 4)
        .expect("the square");
    // Every piece has one copy, so its compact id is its index in the set.
    let every = t.all_pieces();
    let without_square = every & !(1 << square);
    assert!(t.fillable_now(every, 9));
    assert!(!t.fillable_now(without_square, 9));
    assert!(t.fillable_now(without_square, 10));
    assert!(t.fillable_now(1 << square, 4));
    assert!(!t.fillable_now(1 << square, 5));
}
