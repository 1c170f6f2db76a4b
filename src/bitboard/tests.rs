//! The bitboard engine against the DLX engine on the same puzzles: the same counts, the
//! same solutions (as sets of placements), and splits that add up to the whole.

use std::ops::ControlFlow;

use proptest::prelude::*;

use super::{BitSearch, Order, Tuning};
use crate::cover::{Search, Visit};
use crate::geom::{Cell, Shape};
use crate::model::samples::*;
use crate::model::{Board, Piece, PieceSet, Puzzle, Square};

/// Every solution of the DLX engine, as sorted placement sets, sorted.
fn dlx_solutions(puzzle: &Puzzle, allowed: &[bool]) -> Vec<Vec<u32>> {
    let (problem, map) = puzzle.problem_with(|k| allowed[k]);
    let mut out = Vec::new();
    Search::new(&problem).run(&mut |v: &Visit<'_>| {
        let mut s: Vec<u32> = v.options().iter().map(|o| map[o.index()] as u32).collect();
        s.sort_unstable();
        out.push(s);
        ControlFlow::Continue(())
    });
    out.sort();
    out
}

fn bit_solutions(search: &mut BitSearch) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    search.run(&mut |s: &[u32]| {
        let mut s = s.to_vec();
        s.sort_unstable();
        out.push(s);
        ControlFlow::Continue(())
    });
    out
}

/// Both numberings, with and without the region test, agree with DLX.
fn same_as_dlx(puzzle: &Puzzle, allowed: &[bool]) -> usize {
    let want = dlx_solutions(puzzle, allowed);
    // (Tails need one front, the memo and every piece to be placed.)
    for (order, region_cap, fronts, piece_depth, good_enough, window, tails) in [
        (Order::RowMajor, 0, 1, 0, 1, 0, 0),
        (Order::RowMajor, 7, 0b1001, 1000, 1, 3, 3),
        (Order::ColumnMajor, 1000, 0xff, 0, 1, 6, 2),
        (Order::ColumnMajor, 0, 0b10110, 3, 3, 9, 0),
        (Order::ColumnMajor, 1000, 0xff, 4, 8, 4, 1),
        (Order::ColumnMajor, 1000, 1, 1, 1, 5, 3),
        (Order::RowMajor, 4, 1, 2, 1, 2, 100),
    ] {
        {
            let tuning = Tuning {
                order,
                region_cap,
                fronts,
                piece_depth,
                good_enough,
                root_piece: good_enough * 8,
                window,
                beside: window % 4,
                memo_bits: 0,
                memo_after: 0,
                look_ahead: window % 2 == 0,
                tails,
                unlisted: None,
            };
            let mut search = BitSearch::with_tuning(puzzle, allowed, tuning).expect("applies");
            let mut got = bit_solutions(&mut search);
            assert_eq!(search.stats().solutions, got.len() as u64);
            let unsorted = got.clone();
            got.sort();
            got.dedup();
            assert_eq!(got.len(), unsorted.len(), "a solution was repeated");
            assert_eq!(got, want, "{tuning:?}");
            // Counting with a memo of counts (a tiny one, so that records are evicted),
            // whole and stopped every few nodes then resumed, gives the same number.
            let memo = Tuning {
                memo_bits: 3,
                ..tuning
            };
            let mut search = BitSearch::with_tuning(puzzle, allowed, memo).expect("applies");
            assert_eq!(search.count(), want.len() as u64, "{memo:?}");
            assert_eq!(search.count(), want.len() as u64, "{memo:?}, again");
            // (Each stop replays the path: only on small trees.)
            if search.stats().nodes <= 40_000 {
                for every in [1, 5] {
                    assert_eq!(counted_in_pieces(&mut search, every), want.len() as u64);
                }
            }
        }
    }
    want.len()
}

/// A visitor that wants no placements (so that the memo is used), counts solutions and
/// ticks, and stops the search at every `every`-th tick.
struct Counting {
    count: u64,
    ticks: u64,
    every: u64,
}

impl Counting {
    fn stopping_every(every: u64) -> Counting {
        Counting {
            count: 0,
            ticks: 0,
            every,
        }
    }
}

impl super::BitVisitor for Counting {
    fn wants_placements(&self) -> bool {
        false
    }
    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()> {
        assert!(placements.is_empty());
        self.count += 1;
        ControlFlow::Continue(())
    }
    fn solutions(&mut self, n: u64) -> ControlFlow<()> {
        self.count += n;
        ControlFlow::Continue(())
    }
    fn tick(&mut self, _done: f64) -> ControlFlow<()> {
        self.ticks += 1;
        if self.ticks % self.every == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Counts with [`Counting`], stopping the search at every `every`-th tick (one per 4
/// nodes) and resuming it each time.
fn counted_in_pieces(search: &mut BitSearch, every: u64) -> u64 {
    search.set_tick_interval(2);
    let mut v = Counting::stopping_every(every);
    let mut resume = None;
    while let Some(r) = search
        .run_below(&[], resume.as_ref(), &mut v)
        .expect("fits")
    {
        resume = Some(r);
    }
    search.set_tick_interval(12);
    v.count
}

fn all(puzzle: &Puzzle) -> Vec<bool> {
    vec![true; puzzle.placements.len()]
}

#[test]
fn small_pentomino_rectangles_match_dlx() {
    let p = pentomino_rectangle(20, 3);
    assert_eq!(same_as_dlx(&p, &all(&p)), 8);
    let p = pentomino_rectangle(3, 20);
    assert_eq!(same_as_dlx(&p, &all(&p)), 8);
}

#[test]
fn lists_longer_than_a_word_match_dlx() {
    // Pentominoes and tetrominoes, any of them, on 5x5: more than 64 options start at a
    // square, so with one list per square (window 0) and in the piece lists the engine
    // takes its entries' fit bits 64 at a time.
    let mut set = pentominoes();
    for (label, shape) in [
        ('i', "####"),
        ('o', "##\n##"),
        ('t', "###\n.#."),
        ('s', ".##\n##."),
        ('l', "###\n#.."),
    ] {
        set.pieces.push(Piece {
            name: label.to_string(),
            label,
            shape: Shape::from_picture(shape).unwrap(),
            count: 1,
            mirror: true,
            color: None,
        });
    }
    let mut board = Board::rectangle("5x5", 5, 5);
    board.use_all_pieces = false;
    let p = Puzzle::new(board, set).unwrap();
    // Options by their first square in column-major order (the engine's lowest bit).
    let mut starting = std::collections::HashMap::new();
    for pl in &p.placements {
        let first = pl.cells.iter().map(|c| (c.x, c.y)).min().unwrap();
        *starting.entry(first).or_insert(0) += 1;
    }
    let most = starting.values().copied().max().unwrap();
    assert!(most > 64, "{most}");
    assert!(same_as_dlx(&p, &all(&p)) > 100);
}

#[test]
fn dominoes_match_dlx() {
    for (w, h, n) in [(4, 4, 36), (2, 7, 21), (5, 4, 95), (6, 6, 6728)] {
        let p = domino_rectangle(w, h);
        assert_eq!(same_as_dlx(&p, &all(&p)), n, "{w}x{h}");
    }
}

#[test]
fn dominoes_8x8() {
    let p = domino_rectangle(8, 8);
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    assert_eq!(s.count(), 12_988_816);
}

#[test]
fn big_pentomino_counts() {
    for (p, n) in [
        (pentomino_rectangle(15, 4), 1472),
        (pentomino_rectangle(12, 5), 4040),
        (pentomino_rectangle(10, 6), 9356),
        (scott(), 520),
    ] {
        assert_eq!(BitSearch::new(&p, &all(&p)).unwrap().count(), n);
    }
}

#[test]
fn split_then_run_from_is_the_whole_search() {
    // One front (4x15) and eight (Scott's board).
    for p in [pentomino_rectangle(15, 4), scott()] {
        split_and_run_from(&p);
    }
}

fn split_and_run_from(p: &Puzzle) {
    let mut whole = BitSearch::new(p, &all(p)).unwrap();
    let mut want = Vec::new();
    whole.run(&mut |s: &[u32]| {
        want.push(s.to_vec());
        ControlFlow::Continue(())
    });
    let nodes = whole.stats().nodes;
    for depth in [0, 1, 2, 5, 20] {
        let mut s = BitSearch::new(p, &all(p)).unwrap();
        let mut got = Vec::new();
        for path in s.split(depth) {
            s.run_from(&path, &mut |sol: &[u32]| {
                got.push(sol.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        }
        assert_eq!(got, want, "depth {depth}");
        assert_eq!(s.stats().nodes, nodes, "depth {depth}");
    }
}

#[test]
fn a_visitor_can_stop_and_bad_paths_are_refused() {
    let p = pentomino_rectangle(10, 6);
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    let mut seen = 0;
    let done = s.run(&mut |_: &[u32]| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert!(!done);
    assert_eq!(seen, 3);
    assert!(s
        .run_from(&[100_000], &mut |_: &[u32]| ControlFlow::Continue(()))
        .is_err());
}

#[test]
fn not_applicable_when_cells_may_stay_empty() {
    let mut b = Board::rectangle("r", 4, 4);
    b.cover_all_cells = false;
    let p = Puzzle::new(b, dominoes(8)).unwrap();
    assert!(BitSearch::new(&p, &all(&p)).is_none());
}

/// Small polyominoes (1..=4 cells) to draw random sets from.
const SHAPES: [&str; 8] = [
    "#", "##", "###", "##\n#.", "####", "##\n##", "###\n.#.", "##.\n.##",
];

prop_compose! {
    fn puzzles()(w in 1i32..6, h in 1i32..6, holes in proptest::collection::vec(any::<u8>(), 0..4),
                 pieces in proptest::collection::vec((0usize..8, 1u32..4, any::<bool>()), 1..4),
                 use_all in any::<bool>(), reduce in any::<bool>())
                 -> Option<(Puzzle, bool)> {
        let mut squares = vec![Square::Open; (w * h) as usize];
        for hole in holes {
            let n = squares.len();
            squares[hole as usize % n] = Square::Blocked;
        }
        let mut board = Board::new("p", w, h, squares);
        board.use_all_pieces = use_all;
        let set = PieceSet {
            name: "s".into(),
            description: String::new(),
            pieces: pieces.iter().enumerate().map(|(k, &(s, count, mirror))| Piece {
                name: format!("p{k}"),
                label: (b'a' + k as u8) as char,
                shape: Shape::from_picture(SHAPES[s]).unwrap(),
                count,
                mirror,
                color: None,
            }).collect(),
        };
        Puzzle::new(board, set).ok().map(|p| (p, reduce))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_puzzles_match_dlx(case in puzzles()) {
        if let Some((puzzle, reduce)) = case {
            let allowed = if reduce {
                crate::symmetry::Reduction::new(&puzzle).allowed
            } else {
                all(&puzzle)
            };
            same_as_dlx(&puzzle, &allowed);
        }
    }
}

#[test]
fn blocked_cells_are_never_covered() {
    let p = scott();
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    s.run(&mut |sol: &[u32]| {
        for &k in sol {
            assert!(!p.placements[k as usize].cells.contains(&Cell::new(3, 3)));
        }
        ControlFlow::Break(())
    });
}

#[test]
fn applies_says_exactly_when_new_gives_an_engine() {
    use crate::model::library::load_puzzle;

    let mut puzzles: Vec<Puzzle> = [
        "6x10",
        "scott",
        "noi2005",
        "dominoes-8x8",
        "hexominoes-15x14",
    ]
    .iter()
    .map(|name| {
        let (b, s) = load_puzzle(name, None).unwrap();
        Puzzle::new(b, s).unwrap()
    })
    .collect();
    let mut optional = Board::rectangle("r", 3, 3);
    optional.cover_all_cells = false;
    puzzles.push(Puzzle::new(optional, dominoes(4)).unwrap());
    for p in &puzzles {
        let allowed = vec![true; p.placements.len()];
        assert_eq!(
            BitSearch::applies(p),
            BitSearch::new(p, &allowed).is_some(),
            "{}",
            p.board.name
        );
    }
}

/// Nodes of a full count under `tuning` (None: the choice of [`BitSearch::new`]),
/// without the memo of counts.
fn nodes(puzzle: &Puzzle, tuning: Option<Tuning>) -> (u64, u64) {
    let allowed = crate::symmetry::Reduction::new(puzzle).allowed;
    let mut s = match tuning {
        Some(t) => BitSearch::with_tuning(puzzle, &allowed, t),
        None => BitSearch::new(puzzle, &allowed),
    }
    .expect("applies");
    s.set_memo_bits(0);
    let n = s.count();
    (n, s.stats().nodes)
}

#[test]
fn fronts_and_the_root_piece_shrink_the_tree() {
    use crate::model::library::load_puzzle;
    let one_front = Tuning {
        fronts: 1,
        piece_depth: 1,
        window: 8,
        beside: 0,
        ..Tuning::default()
    };
    // Scott's board: the 8 fronts (the choice of `new`) against one.
    // (The counts are before the solver's filter of solutions whose restricted
    // placement is symmetric.)
    let p = scott();
    let (count, fronts) = nodes(&p, None);
    assert!(count >= 65);
    let (same, plain) = nodes(&p, Some(one_front));
    assert_eq!(same, count);
    assert!(
        fronts * 2 < plain,
        "{fronts} nodes with fronts, {plain} without"
    );
    // NOI2005's triangle (one front): the restricted piece first at the root.
    let (b, s) = load_puzzle("noi2005", None).unwrap();
    let p = Puzzle::new(b, s).unwrap();
    let (count, root) = nodes(&p, None);
    let (same, late) = nodes(
        &p,
        Some(Tuning {
            root_piece: 0,
            ..one_front
        }),
    );
    // Before the solver's filter of solutions with a symmetric restricted placement.
    assert_eq!(count, same);
    assert!(
        root * 2 < late,
        "{root} nodes with the root piece, {late} without"
    );
}

#[test]
fn the_memo_of_counts_shrinks_the_tree() {
    // Dominoes on 6x6, counted with and without the memo (from the first node on).
    let p = domino_rectangle(6, 6);
    let plain = Tuning {
        memo_bits: 0,
        ..Tuning::default()
    };
    let memo = Tuning {
        memo_bits: 13,
        memo_after: 0,
        ..Tuning::default()
    };
    let (count, without) = nodes(&p, Some(plain));
    assert_eq!(count, 6728);
    let mut s = BitSearch::with_tuning(&p, &all(&p), memo).expect("applies");
    assert_eq!(s.count(), 6728);
    let with = s.stats().nodes;
    assert!(
        with * 10 < without,
        "{with} nodes with the memo, {without} without"
    );
    // By default the memo waits for 16,384 nodes: a small search (3x20, about 4,400
    // nodes) never uses it, so its nodes are those of the search without a memo.
    let p = pentomino_rectangle(20, 3);
    let allowed = crate::symmetry::Reduction::new(&p).allowed;
    let mut default = BitSearch::new(&p, &allowed).expect("applies");
    let count = default.count();
    assert_eq!((count, default.stats().nodes), nodes(&p, None));
    assert!(default.stats().nodes < 1 << 14);
}

#[test]
fn the_memo_takes_a_state_and_its_mirror_image_as_one() {
    // 6x10 with X restricted to a quarter of its placements (the other pieces free):
    // 692,442 nodes when the memo told a state from its mirror image, 616,190 now. 5x12 with every placement (a state and its image both met, down
    // from the first piece): 2,281,854 and 1,053,247.
    for (w, h, reduce, count, most) in [
        (10, 6, true, 2339, 640_000),
        (12, 5, false, 4040, 1_100_000),
    ] {
        let p = pentomino_rectangle(w, h);
        let allowed = if reduce {
            crate::symmetry::Reduction::new(&p).allowed
        } else {
            all(&p)
        };
        // The memo alone, without the tails.
        let tuning = Tuning {
            tails: 0,
            ..BitSearch::tuning(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        assert_eq!(s.count(), count);
        let nodes = s.stats().nodes;
        assert!(nodes < most, "{w}x{h}: {nodes} nodes");
    }
}

#[test]
fn the_tails_shrink_the_tree() {
    // 6x10 reduced, one thread: 616,190 nodes without the tails, 126,092 with tails of
    // five placements; NOI2005's board 1,165,092 and 511,279.
    let p = pentomino_rectangle(10, 6);
    let allowed = crate::symmetry::Reduction::new(&p).allowed;
    let mut nodes = Vec::new();
    for tails in [0, 5] {
        let tuning = Tuning {
            tails,
            ..BitSearch::tuning(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        assert_eq!(s.count(), 2339);
        nodes.push(s.stats().nodes);
    }
    assert!(nodes[1] * 4 < nodes[0], "{nodes:?}");
    assert_eq!(BitSearch::tuning(&p).tails, 5);
}

#[test]
fn the_mirror_and_the_tails_serve_one_front_only() {
    // Both counts make a memo (one thread: 6x10 126 k nodes, Scott's board 44 k, the
    // memo from 16 k on). With 4 fronts the mirror changed 5 of Scott's 43,951 nodes,
    // and the tails made its tree larger; with one front both shrink it.
    // (6x10 is searched with one front, Scott's board with 4.)
    for (p, one_front) in [(pentomino_rectangle(10, 6), true), (scott(), false)] {
        let allowed = crate::symmetry::Reduction::new(&p).allowed;
        let mut s = BitSearch::new(&p, &allowed).expect("applies");
        s.count();
        assert!(s.stats().nodes > 1 << 14);
        assert_eq!(s.made(), (one_front, one_front), "{}", p.board.name);
    }
}

#[test]
fn tails_use_no_piece_more_often_than_it_has_copies() {
    // Rows of monominoes, dominoes and straight trominoes, counted by the tails from the
    // first level down. A tiling with a piece once too often can use copies whose
    // signature is that of the copies left:
    // - one of each in 1x6 (signature 1 + 2 + 4): three monominoes and a tromino (3 + 4)
    //   make 7 too, and the root places the tromino first (it has the fewest options);
    // - one monomino and two dominoes in 1x5 (1 + 2 * 2): three monominoes and a domino
    //   (3 + 2) make 5 too.
    // Counted with the extra copies, the rows would have more tilings than these.
    /// A row's length, its pieces (picture, copies) and its number of tilings.
    type Row<'a> = (i32, &'a [(&'a str, u32)], u64);
    let rows: [Row; 2] = [
        (6, &[("#", 1), ("##", 1), ("###", 1)], 6),
        (5, &[("#", 1), ("##", 2)], 3),
    ];
    for (len, pieces, count) in rows {
        let p = one_sided(len, 1, &[], pieces);
        let tuning = Tuning {
            fronts: 1,
            memo_after: 0,
            tails: 10,
            ..Tuning::default()
        };
        let mut s = BitSearch::with_tuning(&p, &all(&p), tuning).expect("applies");
        assert_eq!(s.count(), count, "1x{len}");
        assert_eq!(dlx_solutions(&p, &all(&p)).len() as u64, count);
    }
}

/// A `w × h` board with the squares `blocked` (indices `y * w + x`) and one-sided
/// pieces (picture, copies), all of which must be placed.
fn one_sided(w: i32, h: i32, blocked: &[usize], pieces: &[(&str, u32)]) -> Puzzle {
    let mut squares = vec![Square::Open; (w * h) as usize];
    for &b in blocked {
        squares[b] = Square::Blocked;
    }
    let set = PieceSet {
        name: "s".into(),
        description: String::new(),
        pieces: (pieces.iter().enumerate())
            .map(|(k, &(picture, count))| Piece {
                name: format!("p{k}"),
                label: (b'a' + k as u8) as char,
                shape: Shape::from_picture(picture).expect("a shape"),
                count,
                mirror: false,
                color: None,
            })
            .collect(),
    };
    Puzzle::new(Board::new("p", w, h, squares), set).expect("valid")
}

#[test]
fn tails_count_only_their_pieces_and_mirror_only_what_they_allow() {
    // Two boards found by the random puzzles, each counted wrong by tails that broke
    // one rule:
    // - 5x4 without its corner, two one-sided S tetrominoes, three monominoes and two
    //   I tetrominoes: the S is not its own mirror image, and tails that filed a set
    //   with its image while an S was left counted 12;
    // - 5x3 with a square blocked on its middle row, a monomino, three I trominoes and
    //   a T, reduced: the piece the reduction restricts is not mirrored onto itself, so
    //   the tails made after it was placed leave it out, and counting a node where it
    //   is still left through them finds too few.
    let cases = [
        (
            one_sided(5, 4, &[0], &[("##.\n.##", 2), ("#", 3), ("####", 2)]),
            false,
        ),
        (
            one_sided(5, 3, &[9], &[("#", 1), ("###", 3), ("###\n.#.", 1)]),
            true,
        ),
    ];
    for (p, reduce) in cases {
        let allowed = if reduce {
            crate::symmetry::Reduction::new(&p).allowed
        } else {
            all(&p)
        };
        let want = dlx_solutions(&p, &allowed).len() as u64;
        for tails in [1, 2, 3, 100] {
            let tuning = Tuning {
                fronts: 1,
                piece_depth: 1,
                root_piece: 8,
                window: 5,
                memo_bits: 3,
                memo_after: 0,
                look_ahead: false,
                tails,
                ..Tuning::default()
            };
            let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
            assert_eq!(s.count(), want, "{tails} placements in the tails");
        }
    }
}

#[test]
fn the_parts_of_a_reduction_shrink_the_tree() {
    // Scott's board: X on a diagonal is a symmetric representative; below it the
    // second piece (I) takes half of its placements.
    let p = scott();
    let reduction = crate::symmetry::Reduction::new(&p);
    let parts = reduction.parts(&p);
    assert_eq!(parts.len(), 2);
    let mut whole = BitSearch::new(&p, &reduction.allowed).expect("applies");
    whole.set_memo_bits(0);
    let mut in_parts = 0;
    let mut found = 0;
    for mut s in whole.fork().into_parts(&p, &reduction, &parts) {
        found += s.count();
        in_parts += s.stats().nodes;
    }
    let all_found = whole.count();
    // The parts find the 65 classes (the whole tree also their mirror images on the
    // diagonal), in a fifth fewer nodes (63,238 against 80,621; 60,705 when the second
    // piece is placed by the usual rule, from tables filtered per part).
    assert_eq!(found, 65);
    assert!(all_found > found);
    let nodes = whole.stats().nodes;
    assert!(
        in_parts * 5 < nodes * 4,
        "{in_parts} nodes in parts, {nodes} in one tree"
    );
}

#[test]
fn a_one_front_engine_keeps_the_usual_rule_for_the_second_piece() {
    // NOI2005's board is searched from one front, which branches on squares below the
    // root: its parts below symmetric representatives filter a copy of the tables and
    // place the second piece where the usual rule does. Branching on that piece right
    // after the restricted one finds the same solutions in more nodes (without the
    // memo, 4.85 M against 3.54 M; with it, in a run, 2.70 M against 1.58 M).
    let (board, set) = crate::model::load_puzzle("noi2005", None).unwrap();
    let p = Puzzle::new(board, set).unwrap();
    let reduction = crate::symmetry::Reduction::new(&p);
    let parts = reduction.parts(&p);
    assert_eq!(parts.len(), 2);
    let mut whole = BitSearch::new(&p, &reduction.allowed).expect("applies");
    whole.set_memo_bits(0);
    let count = |searches: Vec<BitSearch>| {
        searches.into_iter().fold((0, 0), |(found, nodes), mut s| {
            let n = s.count();
            (found + n, nodes + s.stats().nodes)
        })
    };
    let (found, nodes) = count(whole.fork().into_parts(&p, &reduction, &parts));
    let forced = whole.parts(&reduction.firsts(&p, &parts, true));
    let (found_forced, nodes_forced) = count(forced);
    assert_eq!(found, found_forced);
    assert!(
        nodes * 5 < nodes_forced * 4,
        "{nodes} nodes with the usual rule, {nodes_forced} with the second piece forced"
    );
}

#[test]
fn an_option_that_walls_in_a_dead_region_is_in_no_list() {
    use super::layout::Tables;
    // 6x10 filled column by column from one front (the choice of `BitSearch::new`,
    // which reads 8 key squares there), with keys of 6 squares.
    let p = pentomino_rectangle(10, 6);
    let tuning = BitSearch::tuning(&p);
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
fn the_look_ahead_enters_no_child_without_an_option() {
    // Every node entered ticks once (tick interval 1); without the memo both searches
    // try the same options, so they count the same nodes and solutions, and the one
    // that looks ahead enters fewer nodes: the children with no option that fits.
    let p = pentomino_rectangle(12, 5);
    let allowed = crate::symmetry::Reduction::new(&p).allowed;
    // (5x12 is searched from one front, the choice of `BitSearch::new`.)
    assert_eq!(BitSearch::tuning(&p).fronts, 1);
    let run = |look_ahead: bool| {
        let tuning = Tuning {
            memo_bits: 0,
            look_ahead,
            ..BitSearch::tuning(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        s.set_tick_interval(0);
        let mut v = Counting::stopping_every(u64::MAX);
        assert!(s.run_below(&[], None, &mut v).expect("fits").is_none());
        (v.count, s.stats().nodes, v.ticks)
    };
    let (solutions, nodes, entered) = run(true);
    let (same_solutions, same_nodes, entered_without) = run(false);
    assert_eq!((solutions, nodes), (same_solutions, same_nodes));
    assert!(solutions >= 1010);
    assert!(
        entered * 4 < entered_without * 3,
        "{entered} nodes entered looking ahead, {entered_without} without"
    );
}

#[test]
fn numberings_that_a_symmetry_maps_onto_the_first_read_its_lists() {
    use super::layout::Tables;
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
    // The solver's tables for the reduction hold every X (its parts branch first on
    // their own) in no list, so they share one block, and the parts find the 65
    // classes.
    let parts = reduction.parts(&p);
    let searches = BitSearch::for_parts(&p, &reduction, &parts).expect("applies");
    assert_eq!(searches.len(), 2);
    let x = reduction.piece.expect("a restricted piece");
    for s in &searches {
        match &s.inner {
            super::Inner::W64x4(e) => {
                assert_eq!(e.t.block, [0, 0, 0, 0]);
                // The X is in no list but the parts' own (after the blocks).
                let listed = e.t.heads.last().expect("a sentinel").start as usize;
                let piece_of = |l: &super::layout::Entry<u64>| {
                    p.placements[e.t.places[l.option() as usize] as usize].piece
                };
                assert!(e.t.lists[..listed].iter().all(|l| piece_of(l) != x));
                assert!(e.t.lists[listed..].iter().any(|l| piece_of(l) == x));
            }
            _ => panic!("Scott's board weighs four fronts"),
        }
    }
    let found: u64 = searches.into_iter().map(|mut s| s.count()).sum();
    assert_eq!(found, 65);
}

#[test]
fn filtering_keeps_the_piece_lists_whole() {
    use super::layout::Tables;
    // Scott's board: a piece list per piece (a node less than two levels deep may
    // branch on one), kept sorted by size, not in the order they lie in. Filtered by
    // the placements they were built from, the tables keep every list as it was.
    let p = scott();
    let reduction = crate::symmetry::Reduction::new(&p);
    let allowed = reduction.allowed;
    let group = Some(&reduction.group);
    let built = Tables::<u64>::new(&p, &allowed, &Tuning::default(), group).expect("fits a word");
    let filtered = built.clone().keeping(&allowed);
    assert_eq!(built.piece_lists.len(), 12);
    let entries = |t: &Tables<u64>, l: &super::layout::PieceList| -> Vec<(u32, u32)> {
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
        // Every allowed placement of the piece, in placement order.
        let places: Vec<usize> = (entries(&built, a).iter())
            .map(|&(_, o)| built.places[o as usize] as usize)
            .collect();
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
fn doomed_rules_against_the_flood<M: super::Bits>(p: &Puzzle, window: u32) -> (usize, usize) {
    use super::doomed::Doomed;
    use super::layout::{for_subsets, Tables};
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
        let t = BitSearch::tuning(p);
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

#[test]
fn engines_of_every_width_find_dlx_solutions() {
    // One front, up to 4 fronts (the default for square boards) and all eight, each on
    // its own engine width, give DLX's solutions (Scott's board, X restricted).
    let p = scott();
    let allowed = crate::symmetry::Reduction::new(&p).allowed;
    let want = dlx_solutions(&p, &allowed);
    for (fronts, width) in [(1u8, 1), (0x55, 4), (0xff, 8)] {
        let tuning = Tuning {
            fronts,
            ..BitSearch::tuning(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        let got = match &s.inner {
            super::Inner::W64(_) => 1,
            super::Inner::W64x4(_) => 4,
            super::Inner::W64x8(_) => 8,
            _ => 0,
        };
        assert_eq!(got, width, "fronts {fronts:#x}");
        let mut found = bit_solutions(&mut s);
        found.sort();
        assert_eq!(found, want, "fronts {fronts:#x}");
    }
}

/// A list's head names exactly the pieces of its options (folded to 16 bits), so a list
/// is skipped as empty only when none of its options has a piece with copies left; and
/// keys whose lists hold the same options share one copy, every entry stored once.
#[test]
fn list_heads_name_the_pieces_of_their_lists() {
    use super::layout::{Head, Tables};
    use std::collections::{BTreeMap, HashSet};

    /// The heads' total length over the entries stored.
    fn check<M: super::Bits>(name: &str, t: &Tables<M>) -> f64 {
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
    assert_eq!(std::mem::size_of::<super::layout::Entry<u64>>(), 12);
    assert_eq!(std::mem::size_of::<super::layout::Entry<u128>>(), 20);
    // Pieces 16 and up share bits with those 16 below: never skipped wrongly.
    let head = Head {
        pieces: 1 << 1,
        ..Head::default()
    };
    assert!(!head.none_of(1 << 17) && !head.none_of(1 << 33) && !head.none_of(1 << 1));
    assert!(head.none_of(1 << 2 | 1 << 18 | 1 << 50));
}
