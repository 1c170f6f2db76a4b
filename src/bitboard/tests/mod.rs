//! The bitboard engine's tests: against the DLX engine on the same puzzles (the same
//! counts, the same solutions as sets of placements, splits that add up to the whole:
//! `agreement`), the heuristics that shrink the tree (`tree`), and the tables (`tables`).
//! The helpers here serve all three.

mod agreement;
mod segments;
mod solid;
mod tables;
mod tree;
mod wide;

use std::ops::ControlFlow;

use super::{BitSearch, BitVisitor, Order, Tuning};
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
    // (The rule of the fewest options, `fewest`, takes one front.)
    for (order, region_cap, fronts, piece_depth, good_enough, window, tails, fewest) in [
        (Order::RowMajor, 0, 1, 0, 1, 0, 0, false),
        (Order::RowMajor, 7, 0b1001, 1000, 1, 3, 3, false),
        (Order::ColumnMajor, 1000, 0xff, 0, 1, 6, 2, false),
        (Order::ColumnMajor, 0, 0b10110, 3, 3, 9, 0, false),
        (Order::ColumnMajor, 1000, 0xff, 4, 8, 4, 1, false),
        (Order::ColumnMajor, 1000, 1, 1, 1, 5, 3, false),
        (Order::RowMajor, 4, 1, 2, 1, 2, 100, false),
        (Order::ColumnMajor, 0, 1, 0, 1, 0, 0, true),
        (Order::RowMajor, 1000, 1, 2, 1, 3, 2, true),
        (Order::ColumnMajor, 4, 1, 0, 1, 1, 1, true),
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
                piece_runs: window % 3 != 0,
                key_layer: piece_depth % 2 == 0,
                fewest,
                // 4 planes, and 5 (`tuning::MAX_PLANES`).
                crowded: if window % 2 == 0 { 12 } else { 32 },
                // Up to 8 children found dead in their parent, none, or up to 3.
                children: [8, 0, 3][tails as usize % 3],
            };
            let mut search = BitSearch::with_tuning(puzzle, allowed, tuning).expect("applies");
            let mut got = bit_solutions(&mut search);
            assert_eq!(search.stats().solutions, got.len() as u128);
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
            assert_eq!(search.count(), want.len() as u128, "{memo:?}");
            assert_eq!(search.count(), want.len() as u128, "{memo:?}, again");
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

impl BitVisitor for Counting {
    fn wants_placements(&self) -> bool {
        false
    }
    fn solution(&mut self, placements: &[u32]) -> ControlFlow<()> {
        assert!(placements.is_empty());
        self.count += 1;
        ControlFlow::Continue(())
    }
    fn solutions(&mut self, n: u128) -> ControlFlow<()> {
        self.count += u64::try_from(n).expect("a small count");
        ControlFlow::Continue(())
    }
    fn tick(&mut self, _done: f64, _path: &[u32]) -> ControlFlow<()> {
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
    let n = u64::try_from(s.count()).expect("a small count");
    (n, s.stats().nodes)
}

/// A `w × h` board with the squares `blocked` (indices `y * w + x`) and one-sided
/// pieces (picture, copies), all of which must be placed.
fn one_sided(w: i32, h: i32, blocked: &[usize], pieces: &[(&str, u32)]) -> Puzzle {
    let mut squares = vec![Square::Open; (w * h) as usize];
    for &b in blocked {
        squares[b] = Square::Blocked;
    }
    let set = piece_set(pieces, false);
    Puzzle::new(Board::new("p", w, h, squares), set).expect("valid")
}

/// The pieces (picture, copies) as a set, labelled `a`, `b`, …; turned over if `mirror`.
fn piece_set(pieces: &[(&str, u32)], mirror: bool) -> PieceSet {
    PieceSet {
        grid: crate::geom::Grid::Square,
        name: "s".into(),
        description: String::new(),
        pieces: (pieces.iter().enumerate())
            .map(|(k, &(picture, count))| Piece {
                name: format!("p{k}"),
                label: (b'a' + k as u8) as char,
                shape: Shape::from_picture(picture).expect("a shape"),
                count,
                min: count,
                mirror,
                color: None,
            })
            .collect(),
    }
}

/// The engine on its own: eight dominoes tile the 4×4 square in 36 ways.
#[test]
fn dominoes_tile_the_4x4_square_36_ways() {
    let puzzle = crate::model::samples::domino_rectangle(4, 4);
    let allowed = vec![true; puzzle.placements.len()];
    assert_eq!(BitSearch::new(&puzzle, &allowed).unwrap().count(), 36);
}
