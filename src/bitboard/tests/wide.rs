//! Frames past 128 squares, on the engines of 4 and 8 words ([`crate::bitboard::wide`]):
//! the same solutions as DLX, counts with closed forms, and random wide boards.

use proptest::prelude::*;

use super::*;
use crate::bitboard::engine::BitEngine;
use crate::bitboard::word::Word;

/// The bits of the word of an engine.
fn word_bits<M: Word, const F: usize>(_: &BitEngine<M, F>) -> u32 {
    M::BITS
}

/// The bits of the word `search` carries a board in.
fn width(search: &BitSearch) -> u32 {
    each!(&search.inner, e => word_bits(e))
}

/// A `w × h` frame whose open cells are the rectangles `(x, y, width, height)`, the
/// rest outside, with free `pieces` (picture, copies), all of which must be placed.
fn islands(w: i32, h: i32, open: &[(i32, i32, i32, i32)], pieces: &[(&str, u32)]) -> Puzzle {
    islands_of(w, h, open, pieces, true).expect("valid")
}

/// [`islands`], with `use_all` pieces or not; `None` if the puzzle is invalid.
fn islands_of(
    w: i32,
    h: i32,
    open: &[(i32, i32, i32, i32)],
    pieces: &[(&str, u32)],
    use_all: bool,
) -> Option<Puzzle> {
    let mut squares = vec![Square::Outside; (w * h) as usize];
    for &(x0, y0, rw, rh) in open {
        for y in y0..y0 + rh {
            for x in x0..x0 + rw {
                squares[(y * w + x) as usize] = Square::Open;
            }
        }
    }
    let set = piece_set(pieces, true);
    let mut board = Board::new("p", w, h, squares);
    board.use_all_pieces = use_all;
    Puzzle::new(board, set).ok()
}

#[test]
fn wide_frames_take_the_narrowest_word_that_holds_them() {
    for (w, h, bits) in [
        (8, 8, 64),
        (16, 8, 128),
        (16, 9, 256),
        (16, 16, 256),
        (16, 17, 512),
    ] {
        let p = islands(w, h, &[(0, 0, 2, 2), (w - 2, h - 2, 2, 2)], &[("##", 4)]);
        assert!(BitSearch::applies(&p));
        let s = BitSearch::new(&p, &all(&p)).expect("applies");
        assert_eq!(width(&s), bits, "{w}x{h}");
        assert_eq!(BitSearch::new(&p, &all(&p)).unwrap().count(), 4, "{w}x{h}");
    }
    // Past 512 squares the engine steps aside (DLX takes the board).
    let p = islands(32, 17, &[(0, 0, 2, 2)], &[("##", 2)]);
    assert!(!BitSearch::applies(&p));
    assert!(BitSearch::new(&p, &all(&p)).is_none());
}

#[test]
fn islands_far_apart_match_dlx() {
    // Two blocks at the two ends of a 160-square and of a 480-square frame, with
    // trominoes in copies, a domino and a monomino: the same solutions under every tuning.
    let pieces = [("###", 2), ("##\n#.", 2), ("##", 1), ("#", 1)];
    for (w, h) in [(20, 8), (30, 16)] {
        let p = islands(w, h, &[(0, 0, 3, 3), (w - 3, h - 2, 3, 2)], &pieces);
        assert!(same_as_dlx(&p, &all(&p)) > 10, "{w}x{h}");
    }
    // A 5x4 block with the pentomino-like strip of the board, 200 squares.
    let p = islands(
        10,
        20,
        &[(0, 0, 4, 4), (0, 19, 5, 1)],
        &[("#####", 1), ("##\n##", 2), ("##", 4)],
    );
    assert!(same_as_dlx(&p, &all(&p)) > 10);
}

#[test]
fn long_strips_have_their_closed_form_counts() {
    // Dominoes on 2 x n: Fibonacci(n + 1) tilings.
    let fib = |n: usize| (0..n).fold((0u64, 1u64), |(a, b), _| (b, a + b)).0;
    let p = islands(90, 2, &[(0, 0, 90, 2)], &[("##", 90)]);
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    assert_eq!(width(&s), 256);
    assert_eq!(s.count(), u128::from(fib(91)));
    // Dominoes on 4 x n: a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4) (OEIS A005178).
    let mut a = vec![1i128, 1, 5, 11];
    while a.len() <= 40 {
        let n = a.len();
        a.push(a[n - 1] + 5 * a[n - 2] + a[n - 3] - a[n - 4]);
    }
    let p = islands(40, 4, &[(0, 0, 40, 4)], &[("##", 80)]);
    assert_eq!(BitSearch::new(&p, &all(&p)).unwrap().count() as i128, a[40]);
    // L-trominoes on 3 x 2k: each 3x2 block in one of 2 ways, 2^k tilings; 378 squares.
    let p = islands(3, 126, &[(0, 0, 3, 126)], &[("##\n#.", 126)]);
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    assert_eq!(width(&s), 512);
    assert_eq!(s.count(), 1 << 63);
}

#[test]
fn the_far_strip_board_counts_the_tilings_of_6x10() {
    // The 6x10 rectangle and, 8 rows below it, a 1x5 strip, with a second I: the strip
    // takes an I, so its tilings are those of 6x10 with every symmetry kept (9,356:
    // Haselgrove 1960, the 2,339 classes times 4).
    let (board, set) =
        crate::model::library::load_puzzle("tests/data/wide/far-strip-6x10.toml", None).unwrap();
    let p = Puzzle::new(board, set).unwrap();
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    assert_eq!(width(&s), 256);
    assert_eq!(s.count(), 9356);
}

/// A frame of 129 to 512 squares with a few small open rectangles inside.
fn wide_boards() -> impl Strategy<Value = Option<Puzzle>> {
    let frame = (6i32..40, 4i32..40).prop_filter("wide", |&(w, h)| (129..=512).contains(&(w * h)));
    let rects = proptest::collection::vec((any::<u16>(), any::<u16>(), 1i32..4, 1i32..4), 1..3);
    let pieces = proptest::collection::vec((0usize..8, 1u32..4), 1..4);
    (frame, rects, pieces).prop_map(|((w, h), rects, pieces)| {
        let open: Vec<(i32, i32, i32, i32)> = (rects.iter())
            .map(|&(x, y, rw, rh)| {
                let (rw, rh) = (rw.min(w), rh.min(h));
                let x = i32::from(x) % (w - rw + 1);
                let y = i32::from(y) % (h - rh + 1);
                (x, y, rw, rh)
            })
            .collect();
        let shapes: Vec<(&str, u32)> = pieces.iter().map(|&(s, c)| (SHAPES[s], c)).collect();
        islands_of(w, h, &open, &shapes, false)
    })
}

/// Small polyominoes (1..=4 cells) to draw random sets from.
const SHAPES: [&str; 8] = [
    "#", "##", "###", "##\n#.", "####", "##\n##", "###\n.#.", "##.\n.##",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_wide_boards_match_dlx(case in wide_boards()) {
        if let Some(p) = case {
            let allowed = all(&p);
            let want = dlx_solutions(&p, &allowed).len() as u128;
            // The engine's own choice, and several fronts whatever the board.
            let mut s = BitSearch::new(&p, &allowed).expect("applies");
            prop_assert!(width(&s) > 128);
            prop_assert_eq!(s.count(), want);
            let many = Tuning { fronts: 0xff, ..Tuning::default() };
            let mut s = BitSearch::with_tuning(&p, &allowed, many).expect("applies");
            prop_assert_eq!(s.count(), want);
        }
    }
}
