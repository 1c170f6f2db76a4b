//! Boards of segments (SPEC §9): the bitboard engine, with the no-crossing rule as
//! loose bits (`loose`), finds what DLX finds with its secondary items, on every
//! tuning that `same_as_dlx` tries, with and without the rule, on sticks (the boards
//! of trigs and twigs here are left to DLX).

use super::*;
use crate::model::spec::{parse_board, parse_piece_set};

const TETRASTICKS: &str = include_str!("../../../pieces/tetrasticks.toml");

/// The pieces of `set` but those named in `without`, on a `grid` board of `size`
/// with the rule lifted if `crossing`; every piece used if `use_all`.
fn segments(
    set: &str,
    without: &[&str],
    grid: &str,
    size: (i32, i32),
    crossing: bool,
    use_all: bool,
) -> Puzzle {
    let mut set = parse_piece_set("set.toml", set).unwrap();
    set.pieces.retain(|p| !without.contains(&p.name.as_str()));
    let (w, h) = size;
    let text = format!(
        "name = \"b\"\ngrid = \"{grid}\"\nsize = [{w}, {h}]\ncrossing = {crossing}\nuse_all_pieces = {use_all}\n"
    );
    let board = parse_board("b.toml", &text).unwrap();
    Puzzle::new(board, set).unwrap()
}

/// The built-in board `name` with its pieces, the rule lifted if `crossing`.
fn built_in(name: &str, crossing: bool) -> Puzzle {
    let (mut board, set) = crate::model::library::load_puzzle(name, None).unwrap();
    board.crossing = crossing;
    Puzzle::new(board, set).unwrap()
}

#[test]
fn polysticks_and_tetrasticks_match_dlx() {
    // Published: 84 tilings under the rule, 200 without (tests/sticks.rs).
    for (crossing, n) in [(false, 84), (true, 200)] {
        let p = built_in("polysticks-123-3x3", crossing);
        assert!(BitSearch::applies(&p));
        assert_eq!(same_as_dlx(&p, &all(&p)), n);
    }
    for crossing in [false, true] {
        let p = segments(TETRASTICKS, &[], "sticks", (2, 2), crossing, false);
        assert!(same_as_dlx(&p, &all(&p)) > 0);
        let p = segments(
            TETRASTICKS,
            &["I", "L", "Y", "V"],
            "sticks",
            (3, 3),
            crossing,
            false,
        );
        assert!(same_as_dlx(&p, &all(&p)) > 0);
    }
}

#[test]
fn tetrasticks_less_l_on_5x5_count_as_dlx() {
    // Puzzler's Tetrasticks6x6 omitting L: 607 up to symmetry, 4,856 in all (DLX).
    let p = segments(TETRASTICKS, &["L"], "sticks", (5, 5), false, true);
    let mut s = BitSearch::new(&p, &all(&p)).unwrap();
    assert_eq!(s.count(), 4856);
}

#[test]
fn trigs_and_twigs_are_left_to_dlx() {
    // Trigs under the rule have several crossing items at a point. Without the rule,
    // and on twigs (which never cross), the frame of the lattice's cells numbered in
    // order has its neighbours at more distances than the engine's grid keeps
    // (`MAX_STEPS`), so these boards run on DLX too.
    assert!(!BitSearch::applies(&built_in("tritrigs-5x2", false)));
    assert!(!BitSearch::applies(&built_in("tritrigs-5x2", true)));
    assert!(!BitSearch::applies(&built_in("pentatwigs-triangle", false)));
}
