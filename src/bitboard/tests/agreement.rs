//! The bitboard engine finds what the DLX engine finds: the same solutions (as sets of
//! placements), counts, and splits that add up to the whole, on every word width.

use proptest::prelude::*;

use super::*;

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
            min: 1,
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
            grid: crate::geom::Grid::Square,
            name: "s".into(),
            description: String::new(),
            pieces: pieces.iter().enumerate().map(|(k, &(s, count, mirror))| Piece {
                name: format!("p{k}"),
                label: (b'a' + k as u8) as char,
                shape: Shape::from_picture(SHAPES[s]).unwrap(),
                count,
                min: count,
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
            ..Tuning::for_puzzle(&p)
        };
        let mut s = BitSearch::with_tuning(&p, &allowed, tuning).expect("applies");
        let got = match &s.inner {
            crate::bitboard::Inner::W64(_) => 1,
            crate::bitboard::Inner::W64x4(_) => 4,
            crate::bitboard::Inner::W64x8(_) => 8,
            _ => 0,
        };
        assert_eq!(got, width, "fronts {fronts:#x}");
        let mut found = bit_solutions(&mut s);
        found.sort();
        assert_eq!(found, want, "fronts {fronts:#x}");
    }
}
