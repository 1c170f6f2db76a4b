//! Property tests of the engine on random small matrices, against an oracle that knows
//! nothing of dancing links: a brute-force count over every subset of the options.
//! Also: every solution verifies, the links are sane after each run, a split into
//! subproblems and a stop-and-resume both reproduce the plain run exactly. The number of
//! cases is proptest's default (256), or `PROPTEST_CASES` when set.

use std::ops::ControlFlow;

use polyx::cover::{check, verify, OptionId, Outcome, Problem, Resume, Search, Subproblem};
use polyx::cover::{search::Visitor, Visit};
use proptest::prelude::*;

/// A random problem: item bounds (primary items first) and options as item indices.
#[derive(Clone, Debug)]
struct Matrix {
    bounds: Vec<(u32, u32)>,
    options: Vec<Vec<usize>>,
}

fn bounds() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        6 => Just((1, 1)),
        1 => Just((1, 2)),
        1 => Just((2, 2)),
        1 => Just((2, 3)),
    ]
}

fn secondary_bounds() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![4 => Just((0, 1)), 1 => Just((0, 2))]
}

fn matrix() -> impl Strategy<Value = Matrix> {
    (
        prop::collection::vec(bounds(), 1..=8),
        prop::collection::vec(secondary_bounds(), 0..=4),
    )
        .prop_flat_map(|(primary, secondary)| {
            let bounds: Vec<_> = primary.into_iter().chain(secondary).collect();
            let items = bounds.len();
            let option = prop::collection::btree_set(0..items, 1..=4.min(items))
                .prop_map(|s| s.into_iter().collect::<Vec<_>>());
            (Just(bounds), prop::collection::vec(option, 0..=14))
        })
        .prop_map(|(bounds, options)| Matrix { bounds, options })
}

fn build(m: &Matrix) -> Problem {
    let mut p = Problem::new();
    let ids: Vec<_> = m
        .bounds
        .iter()
        .enumerate()
        .map(|(k, &(min, max))| p.add_item(format!("i{k}"), min, max).unwrap())
        .collect();
    for o in &m.options {
        let items: Vec<_> = o.iter().map(|&k| ids[k]).collect();
        p.add_option(&items).unwrap();
    }
    p
}

/// Every subset of options whose cover counts fit every item's bounds, sorted. As in
/// Knuth's Algorithm X, an option with no primary item is never chosen (the search only
/// reaches options through the primary items it branches on).
fn brute_force(m: &Matrix) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut times = vec![0u32; m.bounds.len()];
    let mut choosable = 0u32;
    for (k, o) in m.options.iter().enumerate() {
        if o.iter().any(|&i| m.bounds[i].0 >= 1) {
            choosable |= 1 << k;
        }
    }
    for mask in 0u32..(1 << m.options.len()) {
        if mask & !choosable != 0 {
            continue;
        }
        times.iter_mut().for_each(|t| *t = 0);
        for (k, o) in m.options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                o.iter().for_each(|&i| times[i] += 1);
            }
        }
        let fits = m
            .bounds
            .iter()
            .zip(&times)
            .all(|(&(min, max), &t)| min <= t && t <= max);
        if fits {
            out.push(
                (0..m.options.len() as u32)
                    .filter(|k| mask & (1 << k) != 0)
                    .collect(),
            );
        }
    }
    out.sort();
    out
}

fn sorted(solutions: &[Vec<OptionId>]) -> Vec<Vec<u32>> {
    let mut all: Vec<Vec<u32>> = solutions
        .iter()
        .map(|s| {
            let mut ids: Vec<u32> = s.iter().map(|o| o.0).collect();
            ids.sort();
            ids
        })
        .collect();
    all.sort();
    all
}

/// Collects solutions; breaks at every `stride + 1`-th tick of a run, and (if asked) at
/// every solution.
struct Stopper<'a> {
    found: &'a mut Vec<Vec<OptionId>>,
    ticks: u32,
    stride: u32,
    stop_at_solutions: bool,
}

impl Visitor for Stopper<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.found.push(visit.options());
        if self.stop_at_solutions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn tick(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        self.ticks += 1;
        if self.ticks > self.stride {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

proptest! {
    #[test]
    fn engine_agrees_with_brute_force(m in matrix()) {
        let p = build(&m);
        let mut search = Search::new(&p);
        let all = search.solutions(usize::MAX);
        for s in &all {
            prop_assert!(verify(&p, s).is_ok(), "{:?} does not verify", s);
        }
        prop_assert_eq!(sorted(&all), brute_force(&m));
        prop_assert_eq!(search.stats().solutions, all.len() as u64);
        prop_assert_eq!(check::sanity(search.dlx()), Ok(()));
        // A second run on the same search finds the same again.
        prop_assert_eq!(search.solutions(usize::MAX), all);
        prop_assert_eq!(check::sanity(search.dlx()), Ok(()));
    }

    #[test]
    fn split_subproblems_reproduce_the_run(m in matrix(), depth in 0usize..4) {
        let p = build(&m);
        let mut whole = Search::new(&p);
        let all = whole.solutions(usize::MAX);
        let mut s = Search::new(&p);
        let subs = s.split(&Subproblem::root(), depth).unwrap();
        let mut found = Vec::new();
        for sub in &subs {
            let outcome = s
                .run_from(sub, None, &mut |v: &Visit<'_>| {
                    found.push(v.options());
                    ControlFlow::Continue(())
                })
                .unwrap();
            prop_assert_eq!(outcome, Outcome::Complete);
        }
        prop_assert_eq!(found, all);
        prop_assert_eq!(s.stats().nodes, whole.stats().nodes);
        prop_assert_eq!(check::sanity(s.dlx()), Ok(()));
    }

    #[test]
    fn stopping_and_resuming_reproduces_the_run(
        m in matrix(),
        stride in 1u32..6,
        stop_at_solutions in any::<bool>(),
    ) {
        let p = build(&m);
        let mut whole = Search::new(&p);
        let all = whole.solutions(usize::MAX);
        let mut s = Search::new(&p);
        s.set_tick_interval(0);
        let mut found = Vec::new();
        let mut resume: Option<Resume> = None;
        for round in 0.. {
            prop_assert!(round < 1_000_000, "resuming makes no progress");
            let mut stopper = Stopper {
                found: &mut found,
                ticks: 0,
                stride,
                stop_at_solutions,
            };
            match s.run_from(&Subproblem::root(), resume.as_ref(), &mut stopper).unwrap() {
                Outcome::Complete => break,
                Outcome::Stopped(r) => resume = Some(r),
            }
            prop_assert_eq!(check::sanity(s.dlx()), Ok(()));
        }
        prop_assert_eq!(found, all);
        prop_assert_eq!(s.stats().nodes, whole.stats().nodes);
    }
}
