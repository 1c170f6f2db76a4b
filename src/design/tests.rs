use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::model::{load_puzzle, Puzzle};
use crate::solve::restart::Rng;

use super::completion::{Completion, Completions};
use super::grade::grade;

#[test]
#[ignore]
fn distribution_of_guesses_along_removal_paths() {
    let (board, set) = load_puzzle("noi2005", None).unwrap();
    let puzzle = Puzzle::new(board, set).unwrap();
    let mut by_pieces: Vec<Vec<u64>> = vec![Vec::new(); 13];
    for seed in 1..=100u64 {
        let mut rng = Rng::new(seed);
        let stop = Arc::new(AtomicBool::new(false));
        let solution = super::generate::random_solution(&puzzle, &mut rng, &stop).unwrap();
        let mut c = Completion {
            puzzle: &puzzle,
            solution: &solution,
            stop,
            searches: 0,
            nodes: 0,
        };
        let mut kept = vec![true; 12];
        for i in rng.permutation(12) {
            kept[i] = false;
            if kept.iter().filter(|&&k| !k).count() > 1 && c.count(&kept) != Completions::One {
                kept[i] = true;
                continue;
            }
            let g = grade(&c.puzzle_with(&kept)).guesses;
            by_pieces[kept.iter().filter(|&&k| k).count()].push(g);
        }
    }
    for (n, mut gs) in by_pieces.into_iter().enumerate() {
        gs.sort_unstable();
        if !gs.is_empty() {
            let q = |f: f64| gs[((gs.len() - 1) as f64 * f) as usize];
            eprintln!(
                "{n:2} pieces: {:4} states, guesses min {} q1 {} median {} q3 {} max {}; zero {}",
                gs.len(),
                q(0.0),
                q(0.25),
                q(0.5),
                q(0.75),
                q(1.0),
                gs.iter().filter(|&&g| g == 0).count()
            );
        }
    }
}
