//! Tests of the count ([`crate::cover::Tally`]) and of the symmetries it finds
//! (`automorphism.rs`): on random matrices (with multiplicities and secondary items,
//! and made symmetric on purpose) the count is the brute force's, on one thread and on
//! two, with the symmetries and without; every symmetry found maps options onto options;
//! on the pentomino instances the symmetries of the rectangle are found and used.

use std::collections::HashMap;

use crate::cover::automorphism::generators;
use crate::cover::tests::props::{brute_force, build, matrix, Matrix};
use crate::cover::{knuth, Problem, Tally};
use proptest::prelude::*;

/// A matrix whose options are closed under a random permutation of its items that
/// fixes item 0 and keeps primary items primary (the images of random options added
/// until closed, at most 14 options in all).
fn symmetric() -> impl Strategy<Value = Matrix> {
    (2usize..=8, 0usize..=2)
        .prop_flat_map(|(primary, secondary)| {
            let n = primary + secondary;
            let option = prop::collection::btree_set(0..n, 1..=3.min(n))
                .prop_map(|s| s.into_iter().collect::<Vec<_>>());
            (
                Just((primary, secondary)),
                Just((1..primary).collect::<Vec<_>>()).prop_shuffle(),
                Just((primary..n).collect::<Vec<_>>()).prop_shuffle(),
                prop::collection::vec(option, 1..=5),
            )
        })
        .prop_map(|((primary, secondary), p, s, seeds)| {
            let image: Vec<usize> = [0].into_iter().chain(p).chain(s).collect();
            let mut options: Vec<Vec<usize>> = Vec::new();
            for seed in seeds {
                let mut o = seed;
                for _ in 0..image.len() {
                    let mut sorted = o.clone();
                    sorted.sort_unstable();
                    if options.contains(&sorted) || options.len() >= 14 {
                        break;
                    }
                    options.push(sorted);
                    o = o.iter().map(|&i| image[i]).collect();
                }
            }
            Matrix {
                bounds: vec![(1, 1); primary]
                    .into_iter()
                    .chain(vec![(0, 1); secondary])
                    .collect(),
                primary,
                options,
            }
        })
}

/// The count of `problem` every way a tally runs, which must all agree.
fn counts(problem: &Problem) -> Vec<u64> {
    let mut out = Vec::new();
    for symmetry in [true, false] {
        for threads in [1, 2] {
            let t = Tally::new(problem)
                .threads(threads)
                .symmetry(symmetry)
                .run();
            assert!(t.complete);
            out.push(t.count.to_u64().expect("a small count"));
        }
    }
    out
}

/// Every generator found maps each option onto an option with the same items' images,
/// and keeps each item's kind.
fn check_generators(problem: &Problem) {
    let mut by_items: HashMap<Vec<usize>, usize> = HashMap::new();
    for o in problem.options() {
        let mut items: Vec<usize> = problem.option(o).iter().map(|i| i.index()).collect();
        items.sort_unstable();
        *by_items.entry(items).or_default() += 1;
    }
    for g in generators(problem, u64::MAX) {
        for i in problem.items() {
            let j = problem.items().nth(g.items[i.index()] as usize).unwrap();
            assert_eq!(problem.is_primary(i), problem.is_primary(j));
            assert_eq!(problem.bounds(i), problem.bounds(j));
        }
        for o in problem.options() {
            let image = problem
                .options()
                .nth(g.options[o.index()] as usize)
                .unwrap();
            let mut mapped: Vec<usize> = (problem.option(o).iter())
                .map(|i| g.items[i.index()] as usize)
                .collect();
            mapped.sort_unstable();
            let mut target: Vec<usize> = problem.option(image).iter().map(|i| i.index()).collect();
            target.sort_unstable();
            assert_eq!(mapped, target, "option {o:?} goes to {image:?}");
        }
    }
}

proptest! {
    #[test]
    fn counts_agree_with_brute_force(m in matrix()) {
        let problem = build(&m);
        let expected = brute_force(&m).len() as u64;
        prop_assert_eq!(counts(&problem), vec![expected; 4]);
        check_generators(&problem);
    }

    #[test]
    fn symmetric_matrices_count_as_brute_force(m in symmetric()) {
        let problem = build(&m);
        let expected = brute_force(&m).len() as u64;
        prop_assert_eq!(counts(&problem), vec![expected; 4]);
        check_generators(&problem);
    }
}

/// An instance of `tests/data/instances`.
fn instance(name: &str) -> Problem {
    let path = format!(
        "{}/tests/data/instances/{name}.dlx",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    knuth::read(&path, &text).unwrap()
}

#[test]
fn the_rectangles_symmetries_cut_the_pentomino_counts() {
    // Counts: Haselgrove and Haselgrove (1960); the nodes of the plain search are dlx1's.
    for (name, count, plain_nodes) in [("pent_3x20", 8, 32_978), ("pent_8x8_hole", 520, 293_045)] {
        let problem = instance(name);
        check_generators(&problem);
        for threads in [1, 2] {
            let t = Tally::new(&problem).threads(threads).run();
            assert_eq!(t.count, count, "{name} on {threads} threads");
            assert!(t.symmetries > 1, "{name}: symmetries found");
            assert!(
                t.stats.nodes < plain_nodes,
                "{name}: {} nodes",
                t.stats.nodes
            );
        }
    }
}

#[test]
fn a_problem_without_symmetry_counts_plainly() {
    // The Sudoku instance's givens leave no symmetry that fixes an item and moves options.
    let problem = instance("sudoku_escargot");
    let t = Tally::new(&problem).run();
    assert_eq!((t.count.to_u64(), t.symmetries), (Some(1), 1));
}

#[test]
fn a_stop_flag_ends_the_count_early() {
    let problem = instance("pent_8x8_hole");
    let stop = std::sync::atomic::AtomicBool::new(true);
    let t = Tally::new(&problem).stop_when(&stop).threads(2).run();
    assert!(!t.complete);
    assert!(t.count < 520);
}

#[test]
fn a_split_count_reports_the_nodes_of_one_search() {
    // The splits that try depths before the one kept are not counted twice.
    for name in ["queens_8", "pent_3x20"] {
        let problem = instance(name);
        let plain = crate::cover::Search::new(&problem).count();
        let one = Tally::new(&problem).symmetry(false).run();
        let two = Tally::new(&problem).symmetry(false).threads(2).run();
        assert_eq!(
            (one.count.to_u128(), two.count.to_u128()),
            (Some(plain), Some(plain)),
            "{name}"
        );
        assert_eq!(one.stats.nodes, two.stats.nodes, "{name}");
    }
}
