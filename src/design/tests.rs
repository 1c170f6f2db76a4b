use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::model::{load_puzzle, parse_board, Puzzle};
use crate::solve::restart::Rng;
use crate::solve::{Solver, SymmetryMode};

use super::completion::{with_preplaced, Completion, Completions};
use super::generate::{generate, random_solution, GenerateOptions};
use super::grade::{grade, Level};
use super::text::{board_toml, picture, Title};

fn puzzle(name: &str) -> Puzzle {
    let (board, set) = load_puzzle(name, None).unwrap();
    Puzzle::new(board, set).unwrap()
}

#[test]
fn the_forced_move_solver_finds_every_tiling() {
    // Its search is complete: its leaves are the tilings, as many as the solver counts
    // in keep mode (3×20: 8; the hexiamond hexagon: 11 classes).
    for name in ["3x20", "hexiamonds-hexagon", "tetrahexes-4x7"] {
        let p = puzzle(name);
        let keep = Solver::new(p.clone(), SymmetryMode::Keep).count().solutions;
        let d = grade(&p);
        assert_eq!(keep, d.solutions, "{name}");
        assert!(d.guesses > 0, "{name}");
    }
}

#[test]
fn a_puzzle_that_forced_moves_finish_needs_no_guess() {
    // One piece left: its one placement is forced.
    let p = puzzle("noi2005");
    let solution = random_solution(&p, &mut Rng::new(1), &Arc::new(AtomicBool::new(false)))
        .expect("the triangle has solutions");
    let mut kept = vec![true; solution.len()];
    kept[3] = false;
    let d = grade(&with_preplaced(&p, &solution, &kept));
    assert_eq!((d.guesses, d.forced, d.solutions), (0, 1, 1));
}

#[test]
fn levels_split_the_guesses_without_gaps() {
    assert_eq!(Level::of(0), Level::Starter);
    let mut next = 0;
    for level in Level::ALL {
        let (lo, hi) = level.guesses();
        assert_eq!(lo, next);
        assert_eq!(Level::of(lo), level);
        assert_eq!(Level::of(hi), level);
        next = hi.saturating_add(1);
    }
    assert_eq!(next, u64::MAX);
}

#[test]
fn pre_placing_builds_what_the_board_file_would() {
    // The puzzle built from the whole one's placements equals the one `Puzzle::new`
    // makes from the board with the labels.
    for name in ["noi2005", "hexiamonds-6x6", "tetrahexes-4x7"] {
        let p = puzzle(name);
        let stop = Arc::new(AtomicBool::new(false));
        let mut rng = Rng::new(5);
        let solution = random_solution(&p, &mut rng, &stop).unwrap();
        for _ in 0..5 {
            let kept: Vec<bool> = (0..solution.len()).map(|_| rng.below(2) == 0).collect();
            let ours = with_preplaced(&p, &solution, &kept);
            let theirs = Puzzle::new(ours.board.clone(), p.set.clone()).unwrap();
            assert_eq!(ours.placements, theirs.placements, "{name}");
            assert_eq!(ours.open, theirs.open);
            assert_eq!(ours.remaining, theirs.remaining);
            let mut a = ours.fixed.clone();
            let mut b = theirs.fixed.clone();
            a.sort();
            b.sort();
            assert_eq!(a, b);
        }
    }
}

#[test]
fn completions_are_counted_up_to_two() {
    let p = puzzle("noi2005");
    let stop = Arc::new(AtomicBool::new(false));
    let solution = random_solution(&p, &mut Rng::new(9), &stop).unwrap();
    let mut c = Completion {
        puzzle: &p,
        solution: &solution,
        stop,
        searches: 0,
        nodes: 0,
    };
    let mut kept = vec![true; solution.len()];
    kept[0] = false;
    kept[1] = false;
    assert_ne!(c.count(&kept), Completions::None);
    // Nothing pre-placed: thousands of tilings, the search stops at the second.
    assert_eq!(c.count(&vec![false; solution.len()]), Completions::Several);
    assert_eq!(c.searches, 2);
}

#[test]
fn the_board_file_reads_back_on_every_grid() {
    for name in ["noi2005", "hexiamonds-hexagon", "tetrahexes-4x7", "6x10"] {
        let p = puzzle(name);
        let opts = GenerateOptions {
            seed: 3,
            ..GenerateOptions::default()
        };
        let c = &generate(&p, &opts).unwrap().challenges[0];
        let title = Title {
            name: "a \"quoted\" name".into(),
            description: "back\\slash".into(),
            pieces: p.board.pieces.clone(),
        };
        let text = board_toml(&c.puzzle.board, &title);
        let board = parse_board("c.toml", &text).unwrap();
        assert_eq!(board.name, "a \"quoted\" name");
        assert_eq!(board.description, "back\\slash");
        assert_eq!(board.grid, p.board.grid);
        assert_eq!(picture(&board), picture(&c.puzzle.board), "{text}");
    }
}

#[test]
fn a_stopped_run_returns_what_it_made() {
    let p = puzzle("noi2005");
    let opts = GenerateOptions {
        count: 3,
        ..GenerateOptions::default()
    };
    opts.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let made = generate(&p, &opts).unwrap();
    assert!(made.interrupted);
    assert!(made.challenges.is_empty());
}

#[test]
fn boards_with_copies_or_gaps_are_refused() {
    let p = puzzle("dominoes-8x8");
    let err = generate(&p, &GenerateOptions::default()).unwrap_err();
    assert!(err.to_string().contains("copies"), "{err}");
    let mut q = puzzle("noi2005");
    q.board.cover_all_cells = false;
    let err = generate(&q, &GenerateOptions::default()).unwrap_err();
    assert!(err.to_string().contains("unused"), "{err}");
}

/// The distribution of guesses along the removal of 100 seeds on the NOI2005 triangle,
/// from which the levels' ranges were chosen (docs/PUZZLE-DESIGN.md):
/// `cargo test --release --lib design::tests::distribution -- --ignored --nocapture`.
#[test]
#[ignore]
fn distribution_of_guesses_along_removal_paths() {
    let p = puzzle("noi2005");
    let mut by_pieces: Vec<Vec<u64>> = vec![Vec::new(); 13];
    for seed in 1..=100u64 {
        let mut rng = Rng::new(seed);
        let stop = Arc::new(AtomicBool::new(false));
        let solution = random_solution(&p, &mut rng, &stop).unwrap();
        let mut c = Completion {
            puzzle: &p,
            solution: &solution,
            stop,
            searches: 0,
            nodes: 0,
        };
        let mut kept = vec![true; 12];
        for i in rng.permutation(12) {
            kept[i] = false;
            let off = kept.iter().filter(|&&k| !k).count();
            if off > 1 && c.count(&kept) != Completions::One {
                kept[i] = true;
                continue;
            }
            let g = grade(&c.puzzle_with(&kept)).guesses;
            by_pieces[12 - off].push(g);
        }
    }
    for (n, mut gs) in by_pieces.into_iter().enumerate() {
        gs.sort_unstable();
        if gs.is_empty() {
            continue;
        }
        let q = |f: f64| gs[((gs.len() - 1) as f64 * f) as usize];
        let zero = gs.iter().filter(|&&g| g == 0).count();
        eprintln!(
            "{n:2} pieces: {:4} states, guesses min {} quartiles {} {} {} max {}; no guess {zero}",
            gs.len(),
            q(0.0),
            q(0.25),
            q(0.5),
            q(0.75),
            q(1.0)
        );
    }
}

/// A player's hint takes off only the player's pieces: over every split of the stuck
/// board's five pieces into the challenge's and the player's, the pieces named are the
/// player's, and with all five the player's it is the plain hint.
#[test]
fn a_players_hint_never_takes_off_a_given_piece() {
    let text = include_str!("../../tests/data/design/tetrahexes-stuck.toml");
    let board = parse_board("tetrahexes-stuck.toml", text).unwrap();
    let set = crate::pieces_for(&board, None).unwrap();
    let p = Puzzle::new(board, set).unwrap();
    let n = p.fixed.len();
    assert_eq!(n, 5);
    let opts = crate::RunOptions::default();
    for mask in 0..1u32 << n {
        let players: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
        let (hint, _) = super::hint_for_player(&p, &players, &opts).unwrap();
        match hint {
            super::Hint::Remove(pieces) => {
                for piece in &pieces {
                    let i = p.fixed.iter().position(|f| f == piece).unwrap();
                    assert!(players[i], "mask {mask:b}: took off a given piece");
                }
            }
            super::Hint::Unsolvable => assert_ne!(mask, 31, "all five off finish it"),
            other => panic!("mask {mask:b}: the stuck board got {other:?}"),
        }
    }
    let all = vec![true; n];
    let plain = super::hint(&p, &opts).unwrap();
    assert_eq!(super::hint_for_player(&p, &all, &opts).unwrap().0, plain);
    assert!(matches!(plain, super::Hint::Remove(_)));
}
