//! The heuristics shrink the search tree and keep its solutions: fronts, the root
//! piece, the memo of counts and its mirror, the tails, the parts of a reduction, the
//! look-ahead.

use super::*;

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
    let count = u64::try_from(default.count()).unwrap();
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
            ..Tuning::for_puzzle(&p)
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
            ..Tuning::for_puzzle(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        assert_eq!(s.count(), 2339);
        nodes.push(s.stats().nodes);
    }
    assert!(nodes[1] * 4 < nodes[0], "{nodes:?}");
    assert_eq!(Tuning::for_puzzle(&p).tails, 5);
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
fn the_rule_of_the_fewest_options_makes_no_tails() {
    // The tails count by first empty squares, which the rule does not fill in order:
    // with it, a count that would make them (6x10, one front, the memo) makes none.
    let p = pentomino_rectangle(10, 6);
    let allowed = crate::symmetry::Reduction::new(&p).allowed;
    for (fewest, tails) in [(false, true), (true, false)] {
        let tuning = Tuning {
            fewest,
            ..Tuning::for_puzzle(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        assert_eq!(s.count(), 2339);
        assert!(s.stats().nodes > 1 << 14);
        assert_eq!(s.made().1, tails, "fewest: {fewest}");
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
        assert_eq!(s.count(), u128::from(count), "1x{len}");
        assert_eq!(dlx_solutions(&p, &all(&p)).len() as u64, count);
    }
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
            assert_eq!(
                s.count(),
                u128::from(want),
                "{tails} placements in the tails"
            );
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
fn the_look_ahead_enters_no_child_without_an_option() {
    // Every node entered ticks once (tick interval 1); without the memo both searches
    // try the same options, so they count the same nodes and solutions, and the one
    // that looks ahead enters fewer nodes: the children with no option that fits.
    let p = pentomino_rectangle(12, 5);
    let allowed = crate::symmetry::Reduction::new(&p).allowed;
    // (5x12 is searched from one front, the choice of `BitSearch::new`.)
    assert_eq!(Tuning::for_puzzle(&p).fronts, 1);
    let run = |look_ahead: bool| {
        let tuning = Tuning {
            memo_bits: 0,
            look_ahead,
            ..Tuning::for_puzzle(&p)
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
fn a_list_picked_out_of_the_live_options_weighs_by_its_own_options() {
    // Dominoes in 3×2 by the rule of the fewest options: the root's segment holds the 7
    // placements and the root branches on a corner's 2, picked out of the segment as
    // bits (`Live::among`); both lead to tilings (1 and 2). Each child weighs 1/2 of
    // the tree, not 1/7, and the count resumed from each child's path is its own.
    let p = crate::model::samples::domino_rectangle(3, 2);
    let allowed = all(&p);
    let tuning = Tuning {
        fronts: 1,
        fewest: true,
        piece_depth: u32::MAX,
        window: 0,
        beside: 0,
        ..Tuning::default()
    };
    let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
    let children = s.split(1);
    assert_eq!(children.len(), 2, "{children:?}");
    for child in &children {
        assert_eq!(s.weight(child).expect("a path"), 0.5);
    }
    assert_eq!(s.count(), 3);
}

#[test]
fn each_grid_of_the_rule_of_the_fewest_options_has_its_crowded_value() {
    // A piece comes first while every square has 32 options on cubes (counted in 5
    // planes), 12 on balls and 9 on sticks (4 planes); up to 8 children are found dead
    // in their parent on cubes and balls, none on sticks; flat boards keep the fronts.
    use crate::model::library::load_puzzle;
    for (name, crowded, planes, children) in [
        ("solid-pentominoes-2x5x6", 32, 5, 8),
        ("noi2005-pyramid", 12, 4, 8),
        ("tetrasticks-5x5", 9, 4, 0),
    ] {
        let (b, s) = load_puzzle(name, None).unwrap();
        let tuning = Tuning::for_puzzle(&Puzzle::new(b, s).unwrap());
        assert!(tuning.fewest, "{name}");
        assert_eq!(
            (tuning.crowded, tuning.tally_planes(), tuning.children),
            (crowded, planes, children),
            "{name}"
        );
    }
    assert!(!Tuning::for_puzzle(&pentomino_rectangle(10, 6)).fewest);
}
