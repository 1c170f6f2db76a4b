//! The transfer-matrix counts against closed formulas (Fibonacci, Kasteleyn, the Aztec
//! diamond, MacMahon), OEIS, and the search engine on random small boards.

use std::sync::atomic::AtomicBool;

use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

use super::{count, count_dimers, recurrence, strip_counts, StripError};
use crate::count::Count;
use crate::geom::{Cell, Grid};
use crate::model::{parse_board, parse_piece_set, Board, PieceSet, Puzzle, Square};
use crate::solve::{Solver, SymmetryMode};

static GO: AtomicBool = AtomicBool::new(false);

/// A set of pieces given as square-grid pictures (`/` between rows), `count` copies each.
fn set_of(grid: &str, shapes: &[&str], count: u32, mirror: bool) -> PieceSet {
    let mut text = format!("name = \"test\"\ngrid = \"{grid}\"\n");
    for (i, shape) in shapes.iter().enumerate() {
        let label = (b'A' + i as u8) as char;
        let picture = shape.replace('/', "\n").replace('#', &label.to_string());
        text += &format!(
            "[[piece]]\nname = \"{label}\"\ncount = {count}\nmirror = {mirror}\nshape = \"\"\"\n{picture}\n\"\"\"\n"
        );
    }
    parse_piece_set("test.toml", &text).unwrap()
}

fn sweep(board: Board, set: PieceSet) -> Count {
    let puzzle = Puzzle::new(board, set).unwrap();
    count(&puzzle, &GO, usize::MAX)
        .unwrap()
        .expect("the sweep applies")
}

/// The search's keep-mode count: without the memo, so that the count is the search's
/// own and not this module's (`solve::frontier`).
fn search_count(puzzle: Puzzle) -> Count {
    let mut solver = Solver::new(puzzle, SymmetryMode::Keep);
    solver.memo = false;
    solver.count().solutions
}

fn search(board: Board, set: PieceSet) -> u64 {
    let count = search_count(Puzzle::new(board, set).unwrap());
    count.to_u64().expect("a small count")
}

fn dominoes(n: u32) -> PieceSet {
    set_of("square", &["##"], n, true)
}

fn big(n: &str) -> Count {
    Count::from_big(n.parse::<BigUint>().unwrap())
}

fn fibonacci(n: usize) -> Vec<BigUint> {
    let mut f = vec![BigUint::from(0u32), BigUint::from(1u32)];
    while f.len() <= n {
        let next = &f[f.len() - 1] + &f[f.len() - 2];
        f.push(next);
    }
    f
}

#[test]
fn two_by_n_dominoes_are_fibonacci_past_2_to_128() {
    let counts = strip_counts(&dominoes(1), 2, 1, 200, &GO).unwrap();
    let f = fibonacci(201);
    assert_eq!(counts.len(), 200);
    for (n, c) in counts {
        assert_eq!(c, Count::from_big(f[n as usize + 1].clone()), "2 x {n}");
    }
    // And as one puzzle: the 2 x 200 board.
    let c = sweep(Board::rectangle("2x200", 200, 2), dominoes(200));
    assert_eq!(c, Count::from_big(f[201].clone()));
    assert!(c.to_u128().is_none());
}

/// Kasteleyn (1961); Temperley & Fisher (1961): the domino tilings of the m × n
/// rectangle (OEIS A004003 for the squares).
#[test]
fn domino_rectangles_match_kasteleyn() {
    for (w, h, expected) in [
        (8, 8, "12988816"),
        (12, 12, "53060477521960000"),
        (16, 16, "2444888770250892795802079170816"),
        (4, 7, "781"),
        (5, 6, "1183"),
    ] {
        let area = (w * h) as u32;
        if area % 2 == 1 {
            continue;
        }
        let c = sweep(Board::rectangle("r", w, h), dominoes(area / 2));
        assert_eq!(c, big(expected), "{w} x {h}");
        // Rotated the same.
        let c = sweep(Board::rectangle("r", h, w), dominoes(area / 2));
        assert_eq!(c, big(expected), "{h} x {w}");
    }
}

/// The Aztec diamond of order n has 2^(n(n+1)/2) domino tilings (Elkies, Kuperberg,
/// Larsen & Propp 1992).
#[test]
fn aztec_diamonds() {
    for n in (1..=8).chain([17]) {
        let mut cells = Vec::new();
        for row in 0..2 * n {
            let half = if row < n { row + 1 } else { 2 * n - row };
            for x in n - half..n + half {
                cells.push(Cell::new(x, row));
            }
        }
        let board = Board::of_cells("aztec", Grid::Square, &cells);
        let c = sweep(board, dominoes(cells.len() as u32 / 2));
        let e = (n * (n + 1) / 2) as u32;
        assert_eq!(c, Count::from_big(BigUint::from(2u32).pow(e)), "order {n}");
    }
}

/// The hexagon with sides a, b, c, a, b, c on the triangle grid.
fn hexagon(a: i32, b: i32, c: i32) -> Vec<Cell> {
    // Left and right ends of each row's top line, in half sides.
    let (mut left, mut right) = (2 * b, 2 * b + 2 * a);
    let mut cells = Vec::new();
    for r in 0..b + c {
        let below_left = if r < b { left - 1 } else { left + 1 };
        let below_right = if r < c { right + 1 } else { right - 1 };
        for col in left.min(below_left) + 1..right.max(below_right) {
            cells.push(Cell::new(col, r));
        }
        (left, right) = (below_left, below_right);
    }
    cells
}

/// MacMahon: the lozenge tilings of the a, b, c hexagon number
/// Π_{i≤a} Π_{j≤b} Π_{k≤c} (i + j + k − 1) / (i + j + k − 2).
fn macmahon(a: i32, b: i32, c: i32) -> Count {
    let (mut num, mut den) = (BigUint::from(1u32), BigUint::from(1u32));
    for i in 1..=a {
        for j in 1..=b {
            for k in 1..=c {
                num *= (i + j + k - 1) as u32;
                den *= (i + j + k - 2) as u32;
            }
        }
    }
    Count::from_big(num / den)
}

/// MacMahon's count of the lozenge tilings of the a, b, c hexagon, by the sweep.
#[test]
fn lozenges_match_macmahon() {
    for (a, b, c) in [
        (1, 1, 1),
        (2, 2, 2),
        (2, 3, 4),
        (3, 3, 3),
        (1, 2, 5),
        (4, 4, 4),
    ] {
        let cells = hexagon(a, b, c);
        assert_eq!(cells.len() as i32, 2 * (a * b + b * c + c * a));
        let board = Board::of_cells("hexagon", Grid::Triangle, &cells);
        let set = set_of("triangle", &["##"], cells.len() as u32 / 2, true);
        let expected = macmahon(a, b, c);
        assert_eq!(sweep(board, set), expected, "{a} {b} {c}");
    }
}

fn boxed(x: i32, y: i32, z: i32) -> Board {
    let text = format!("name = \"box\"\ngrid = \"cube\"\nsize = [{x}, {y}, {z}]\n");
    parse_board("box.toml", &text).unwrap()
}

/// Dicubes in the 2 × 2 × n box: OEIS A006253 (perfect matchings of C4 × Pn), 1, 2, 9,
/// 32, 121, 450, 1681, 6272, 23409 for n = 0, 1, …; the first ones also by the search.
#[test]
fn dicubes_in_two_by_two_boxes() {
    let oeis = [2u64, 9, 32, 121, 450, 1681, 6272, 23409];
    for (n, &expected) in (1..).zip(&oeis) {
        let set = set_of("cube", &["##"], 2 * n as u32, false);
        assert_eq!(sweep(boxed(2, 2, n), set.clone()), expected, "2x2x{n}");
        assert_eq!(sweep(boxed(n, 2, 2), set.clone()), expected, "{n}x2x2");
        if n <= 5 {
            assert_eq!(search(boxed(2, n, 2), set), expected, "search 2x{n}x2");
        }
    }
}

const TROMINOES: [&str; 2] = ["###", "##/#."];

/// Trominoes (straight and L) in the 3 × n rectangle, checked against the search for
/// small n.
#[test]
fn tromino_strips_match_the_search() {
    let set = set_of("square", &TROMINOES, 1, true);
    let counts = strip_counts(&set, 3, 1, 12, &GO).unwrap();
    for &(n, ref c) in &counts {
        let copies = n;
        let mut free = set_of("square", &TROMINOES, copies, true);
        free.pieces.iter_mut().for_each(|p| p.min = 0);
        let mut board = Board::rectangle("strip", n as i32, 3);
        board.use_all_pieces = false;
        assert_eq!(*c, search(board, free), "3 x {n}");
    }
    let first: Vec<u64> = counts.iter().map(|(_, c)| c.to_u64().unwrap()).collect();
    assert_eq!(&first[..6], &[1, 3, 10, 23, 62, 170]);
}

#[test]
fn long_strips_are_exact_and_quick() {
    let trominoes = set_of("square", &TROMINOES, 1, true);
    let counts = strip_counts(&trominoes, 3, 1, 1000, &GO).unwrap();
    let terms: Vec<Count> = counts.iter().map(|(_, c)| c.clone()).collect();
    let rec = recurrence(&terms).expect("a transfer matrix's counts recur");
    assert!(rec.order() <= 10, "{rec}");
    assert!(terms[999].digits() > 300);
    let tetrominoes = set_of(
        "square",
        &["####", "##/##", "###/.#.", "###/#..", "##./.##"],
        1,
        true,
    );
    let counts = strip_counts(&tetrominoes, 4, 1, 300, &GO).unwrap();
    assert_eq!(counts.len(), 300);
    let counts = strip_counts(&dominoes(1), 8, 1, 200, &GO).unwrap();
    assert_eq!(counts[7].1, 12988816u64);
}

#[test]
fn fibonacci_recurrence_is_found() {
    let f = fibonacci(101);
    let terms: Vec<Count> = f[2..].iter().cloned().map(Count::from_big).collect();
    let rec = recurrence(&terms).unwrap();
    assert_eq!(rec.coefficients, vec![BigInt::from(1), BigInt::from(1)]);
    assert_eq!(rec.confirmed, terms.len() - 2);
    assert_eq!(
        rec.to_string(),
        format!(
            "a(n) = a(n-1) + a(n-2); order 2, confirmed by {} terms beyond its order",
            terms.len() - 2
        )
    );
    // Too few terms to confirm anything.
    assert!(recurrence(&terms[..6]).is_none());
    // Negative and larger coefficients: a(n) = 5a(n-1) + 9a(n-2) - 14a(n-3) (OEIS A386222).
    let mut a = vec![1i128, 5, 34];
    while a.len() < 30 {
        let n = a.len();
        a.push(5 * a[n - 1] + 9 * a[n - 2] - 14 * a[n - 3]);
    }
    let terms: Vec<Count> = a.iter().map(|&x| Count::from(x as u128)).collect();
    let rec = recurrence(&terms).unwrap();
    assert_eq!(
        rec.to_string(),
        "a(n) = 5*a(n-1) + 9*a(n-2) - 14*a(n-3); order 3, confirmed by 27 terms beyond its order"
    );
}

#[test]
fn strips_refuse_bad_input() {
    let set = dominoes(1);
    assert_eq!(strip_counts(&set, 0, 1, 5, &GO), Err(StripError::ZeroWidth));
    assert!(matches!(
        strip_counts(&set, 2, 6, 5, &GO),
        Err(StripError::Range { .. })
    ));
    let cubes = set_of("cube", &["##"], 1, true);
    assert!(matches!(
        strip_counts(&cubes, 2, 1, 5, &GO),
        Err(StripError::Grid { .. })
    ));
    let stop = AtomicBool::new(true);
    assert_eq!(strip_counts(&set, 2, 1, 5, &stop), Err(StripError::Stopped));
}

#[test]
fn the_sweep_gives_way() {
    // Open cells may stay empty: not for the sweep.
    let mut board = Board::rectangle("r", 4, 4);
    board.cover_all_cells = false;
    let puzzle = Puzzle::new(board, dominoes(8)).unwrap();
    assert_eq!(count(&puzzle, &GO, usize::MAX), Ok(None));
    // Too many states for the budget.
    let puzzle = Puzzle::new(Board::rectangle("r", 12, 12), dominoes(72)).unwrap();
    assert_eq!(count(&puzzle, &GO, 10), Ok(None));
    let stop = AtomicBool::new(true);
    assert_eq!(count(&puzzle, &stop, usize::MAX), Err(super::CountStopped));
}

/// Two kinds with exact counts bind: the 4 × 5 by 4 dominoes and 4 L trominoes.
#[test]
fn binding_copies_match_the_search() {
    for (w, h, shapes, counts) in [
        (4, 5, vec!["##", "##/#."], vec![4u32, 4]),
        (4, 4, vec!["#", "##"], vec![2, 7]),
        (3, 6, vec!["###", "##/#.", "##"], vec![2, 2, 3]),
    ] {
        let mut set = set_of("square", &shapes, 1, true);
        for (p, &n) in set.pieces.iter_mut().zip(&counts) {
            (p.count, p.min) = (n, n);
        }
        let board = Board::rectangle("r", w, h);
        assert_eq!(
            sweep(board.clone(), set.clone()),
            search(board.clone(), set.clone()),
            "{w} x {h} {shapes:?}"
        );
        // A range: from none to the count.
        for p in set.pieces.iter_mut() {
            p.min = 0;
        }
        let mut board = board;
        board.use_all_pieces = false;
        for p in set.pieces.iter_mut() {
            p.count += 1;
        }
        assert_eq!(
            sweep(board.clone(), set.clone()),
            search(board, set),
            "range"
        );
    }
}

/// A board of at most 20 cells, some blocked: the search it is checked against runs
/// without its memo and visits every tiling, which on 30 cells by eight kinds of piece
/// took minutes.
fn small_board() -> impl Strategy<Value = Board> {
    (
        2..=4i32,
        2..=5i32,
        proptest::collection::vec(any::<u8>(), 30),
    )
        .prop_map(|(w, h, noise)| {
            let squares = (0..(w * h) as usize)
                .map(|i| {
                    if noise[i] < 26 {
                        Square::Blocked
                    } else {
                        Square::Open
                    }
                })
                .collect();
            let mut board = Board::new("r", w, h, squares);
            board.use_all_pieces = false;
            board
        })
}

const SMALL: [&str; 8] = [
    "#", "##", "###", "##/#.", "####", "##/##", "###/.#.", "###/#..",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Unlimited copies of a random subset of small pieces on a random board with
    /// blocked cells: the sweep equals the search.
    #[test]
    fn sweep_equals_search(board in small_board(), pick in 1u8..=255, mirror in any::<bool>()) {
        let shapes: Vec<&str> = (0..8).filter(|i| pick >> i & 1 == 1).map(|i| SMALL[i]).collect();
        let open = board.open_count() as u32;
        prop_assume!(open > 0);
        let mut set = set_of("square", &shapes, open, mirror);
        set.pieces.iter_mut().for_each(|p| p.min = 0);
        let expected = search(board.clone(), set.clone());
        prop_assert_eq!(sweep(board, set), expected);
    }
}

/// Pre-placed pieces and blocked cells come with the puzzle: a domino already on the
/// board and two blocked corners.
#[test]
fn preplaced_pieces_match_the_search() {
    let board = parse_board(
        "board.toml",
        "name = \"b\"\nshape = \"\"\"\nAA..#\n.....\n.....\n#....\n\"\"\"\n",
    )
    .unwrap();
    let set = set_of("square", &["##"], 9, true);
    assert_eq!(sweep(board.clone(), set.clone()), search(board, set));
}

fn ranged_set() -> impl Strategy<Value = PieceSet> {
    proptest::collection::vec((0..SMALL.len(), 0u32..3, 0u32..7), 2..=3).prop_map(|kinds| {
        let shapes: Vec<&str> = kinds.iter().map(|&(i, ..)| SMALL[i]).collect();
        let mut set = set_of("square", &shapes, 1, true);
        for (p, &(_, least, extra)) in set.pieces.iter_mut().zip(&kinds) {
            (p.min, p.count) = (least, (least + extra).max(1));
        }
        set
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// Kinds with ranges of copies (`use_all_pieces`, each kind from its minimum to its
    /// count): the copies that bind are counted in the key, as the search counts them.
    #[test]
    fn ranges_of_copies_equal_search(
        (w, h) in (2..=4i32, 2..=5i32),
        blocked in proptest::collection::vec(0..20usize, 0..3),
        set in ranged_set(),
    ) {
        let mut board = Board::rectangle("r", w, h);
        for b in blocked {
            let k = b % (w * h) as usize;
            board.set_square(Cell::new(k as i32 % w, k as i32 / w), Square::Blocked);
        }
        let Ok(puzzle) = Puzzle::new(board.clone(), set.clone()) else {
            return Ok(()); // the pieces cannot cover the board's area
        };
        let expected = search_count(puzzle.clone());
        prop_assert_eq!(count(&puzzle, &GO, usize::MAX).unwrap().unwrap(), expected);
    }
}

/// Built-in puzzles with the counts their files and the search give (keep mode), on
/// the square, hex, triangle, cube and sphere grids, each with its own copies (one of
/// each kind: twelve copy fields for the pentominoes).
#[test]
fn builtin_puzzles_on_every_grid() {
    for (name, expected) in [
        ("3x20", 8u64),
        ("6x10", 9356),
        ("hexiamonds-6x6", 624),
        ("tetrahexes-coin", 16),
        ("soma-3x3x3", 11520),
        ("kanoodle", 371020),
        ("tetrominoes-4x5", 0),
    ] {
        let (board, set) = crate::model::load_puzzle(name, None).unwrap();
        let puzzle = Puzzle::new(board, set).unwrap();
        let c = count(&puzzle, &GO, 1 << 20).unwrap();
        assert_eq!(c, Some(Count::from(expected)), "{name}");
    }
    // Too many kinds for the budget: the sweep gives way.
    let (board, set) = crate::model::load_puzzle("6x10", None).unwrap();
    let puzzle = Puzzle::new(board, set).unwrap();
    assert_eq!(count(&puzzle, &GO, 1 << 16), Ok(None));
    // The no-crossing rule of sticks is not the sweep's.
    let (board, set) = crate::model::load_puzzle("tetrasticks-5x5", None).unwrap();
    let puzzle = Puzzle::new(board, set).unwrap();
    assert_eq!(count(&puzzle, &GO, 1 << 20), Ok(None));
}

/// On the hex and triangle grids the W × n strip is the parallelogram `size = [n, W]`:
/// the strip's counts equal the search's on those boards.
#[test]
fn hex_and_triangle_strips_match_the_search() {
    let tetrahexes = crate::model::load_piece_set("tetrahexes", None).unwrap();
    let triamonds = set_of("triangle", &["##", "###", "####"], 1, true);
    let one_sided = crate::model::load_piece_set("one-sided-tetrahexes", None).unwrap();
    for (set, width, grid, to) in [
        (&tetrahexes, 2, "hex", 6),
        (&tetrahexes, 3, "hex", 4),
        (&one_sided, 2, "hex", 6),
        (&triamonds, 1, "triangle", 6),
        (&triamonds, 2, "triangle", 4),
        (&triamonds, 3, "triangle", 3),
    ] {
        let counts = strip_counts(set, width, 1, to, &GO).unwrap();
        for (n, c) in counts {
            let text = format!("name = \"p\"\ngrid = \"{grid}\"\nsize = [{n}, {width}]\n");
            let mut board = parse_board("p.toml", &text).unwrap();
            board.use_all_pieces = false;
            let mut free = set.clone();
            let cells = board.open_count() as u32;
            for p in free.pieces.iter_mut() {
                (p.min, p.count) = (0, (cells / p.shape.len() as u32).max(1));
            }
            assert_eq!(c, search(board, free), "{} {width} x {n}", set.name);
        }
    }
}

/// Right (L) trominoes in the 4 × 3n rectangle: OEIS A046984, 1, 4, 18, 88, 468, 2672,
/// 16072, 100064, …, a(n) = 10a(n−1) − 22a(n−2) − 4a(n−3) (Golomb, *Polyominoes*).
#[test]
fn right_trominoes_match_oeis_a046984() {
    let set = set_of("square", &["##/#."], 1, true);
    let counts = strip_counts(&set, 4, 1, 60, &GO).unwrap();
    let thirds: Vec<Count> = (counts.iter())
        .filter(|(n, _)| n % 3 == 0)
        .map(|(_, c)| c.clone())
        .collect();
    let oeis = [4u64, 18, 88, 468, 2672, 16072, 100064];
    for (c, &e) in thirds.iter().zip(&oeis) {
        assert_eq!(*c, e);
    }
    assert!(counts.iter().all(|(n, c)| n % 3 == 0 || c.is_zero()));
    let rec = recurrence(&thirds).unwrap();
    assert_eq!(rec.coefficients, [10, -22, -4].map(BigInt::from).to_vec());
}

/// Kasteleyn's determinant, where it applies.
fn dimers(board: Board, set: PieceSet) -> Option<Count> {
    count_dimers(&Puzzle::new(board, set).unwrap(), &GO).unwrap()
}

fn aztec(n: i32) -> Vec<Cell> {
    let mut cells = Vec::new();
    for row in 0..2 * n {
        let half = if row < n { row + 1 } else { 2 * n - row };
        for x in n - half..n + half {
            cells.push(Cell::new(x, row));
        }
    }
    cells
}

/// The Aztec diamond of order n has 2^(n(n+1)/2) domino tilings (Elkies, Kuperberg,
/// Larsen & Propp 1992): order 23's 2^276 is about 1.2 × 10^83.
#[test]
fn kasteleyn_counts_aztec_diamonds_of_any_order() {
    for n in (1..=8).chain([23, 30]) {
        let cells = aztec(n);
        let board = Board::of_cells("aztec", Grid::Square, &cells);
        let e = (n * (n + 1) / 2) as u32;
        let want = Count::from_big(BigUint::from(2u32).pow(e));
        assert_eq!(
            dimers(board, dominoes(cells.len() as u32 / 2)),
            Some(want),
            "{n}"
        );
    }
}

/// A range of copies (`count = [least, most]`) that holds the board's n / 2 dominoes is
/// counted by the determinant as an exact count is (a range that does not hold them is
/// refused before: the area check of `Puzzle::new`).
#[test]
fn kasteleyn_counts_a_range_of_copies_that_holds_the_board() {
    let ranged = |least: u32, most: u32| {
        let text = format!(
            "name = \"d\"\n[[piece]]\nname = \"D\"\ncount = [{least}, {most}]\nshape = \"DD\"\n"
        );
        parse_piece_set("d.toml", &text).unwrap()
    };
    let board = || Board::rectangle("r", 8, 8);
    let want = Some(Count::from(12_988_816u64));
    assert_eq!(dimers(board(), ranged(0, 1000)), want);
    assert_eq!(dimers(board(), ranged(32, 32)), want);
    assert_eq!(dimers(board(), ranged(10, 40)), want);
    assert!(Puzzle::new(board(), ranged(33, 40)).is_err());
}

/// Kasteleyn's formula for the m × n rectangle against the sweep, and MacMahon's
/// formula for lozenge hexagons (as in `lozenges_match_macmahon`), up to 10 × 10 × 10.
#[test]
fn kasteleyn_agrees_with_the_sweep_and_with_macmahon() {
    for (w, h) in [(2, 93), (8, 8), (12, 12), (7, 10), (16, 16), (5, 5)] {
        let board = Board::rectangle("r", w, h);
        let set = dominoes((w * h / 2) as u32);
        if w * h % 2 == 1 {
            // The pieces cannot cover an odd area: no puzzle to count.
            continue;
        }
        assert_eq!(
            dimers(board.clone(), set.clone()),
            Some(sweep(board, set)),
            "{w} x {h}"
        );
    }
    for (a, b, c) in [(1, 1, 1), (2, 3, 4), (4, 4, 4), (10, 10, 10)] {
        let cells = hexagon(a, b, c);
        let board = Board::of_cells("hexagon", Grid::Triangle, &cells);
        let set = set_of("triangle", &["##"], cells.len() as u32 / 2, true);
        assert_eq!(dimers(board, set), Some(macmahon(a, b, c)), "{a} {b} {c}");
    }
}

proptest! {
    /// On random boards with blocked cells (holes included), Kasteleyn's determinant
    /// either gives way or gives the sweep's count.
    #[test]
    fn kasteleyn_gives_way_or_agrees_with_the_sweep(
        (w, h) in (2i32..7, 2i32..7),
        blocked in prop::collection::vec(0usize..49, 0..6),
    ) {
        let mut board = Board::rectangle("r", w, h);
        for b in blocked {
            let k = b % (w * h) as usize;
            board.set_square(Cell::new(k as i32 % w, k as i32 / w), Square::Blocked);
        }
        let open = board.open_count() as u32;
        if open % 2 == 1 || open == 0 {
            return Ok(());
        }
        let set = dominoes(open / 2);
        let Ok(puzzle) = Puzzle::new(board.clone(), set.clone()) else {
            return Ok(());
        };
        if let Some(c) = count_dimers(&puzzle, &GO).unwrap() {
            prop_assert_eq!(c, sweep(board, set));
        }
    }
}

/// A board with a hole whose ring is not a unit face is left to the sweep.
#[test]
fn kasteleyn_leaves_boards_with_holes_to_the_sweep() {
    let mut board = Board::rectangle("ring", 6, 6);
    for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
        board.set_square(Cell::new(x, y), Square::Blocked);
    }
    assert_eq!(dimers(board, dominoes(16)), None);
}
