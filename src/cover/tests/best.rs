//! The cheapest solutions against brute force: on random problems with multiplicities
//! (`0:k` items included), secondary items, colours and repeated options, and random
//! costs, [`Best`] finds the `k` cheapest costs that an enumeration of every subset of
//! options finds, on one thread and on two; each solution it reports verifies, costs
//! what it says and is a solution of the enumeration.

use proptest::prelude::*;

use super::{colors, props};
use crate::cover::{verify, Best, OptionId, Problem};

/// Checks `Best` on `problem`, whose solutions (sorted option numbers) are `all`.
fn agrees(
    problem: &Problem,
    all: &[Vec<u32>],
    k: usize,
    threads: usize,
) -> Result<(), TestCaseError> {
    let cost_of = |s: &[u32]| s.iter().map(|&o| problem.cost(OptionId(o))).sum::<u64>();
    let mut costs: Vec<u64> = all.iter().map(|s| cost_of(s)).collect();
    costs.sort_unstable();
    costs.truncate(k);
    let best = Best::new(problem, k).threads(threads).run();
    let found: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
    prop_assert_eq!(&found, &costs);
    let mut seen = Vec::new();
    for s in &best.solutions {
        prop_assert!(
            verify(problem, &s.options).is_ok(),
            "{:?} does not verify",
            s
        );
        let mut ids: Vec<u32> = s.options.iter().map(|o| o.0).collect();
        ids.sort_unstable();
        prop_assert_eq!(cost_of(&ids), s.cost);
        prop_assert!(
            all.contains(&ids),
            "{:?} is no solution of the enumeration",
            ids
        );
        prop_assert!(!seen.contains(&ids), "{:?} reported twice", ids);
        seen.push(ids);
    }
    Ok(())
}

/// `problem` with option `j` costing `costs[j]` (options past the end cost 0).
fn priced(mut problem: Problem, costs: &[u64]) -> Problem {
    let options: Vec<OptionId> = problem.options().collect();
    for (o, &c) in options.into_iter().zip(costs) {
        problem.set_cost(o, c);
    }
    problem
}

proptest! {
    #[test]
    fn the_k_cheapest_agree_with_brute_force(
        m in props::matrix(),
        costs in prop::collection::vec(0u64..8, 14),
        k in 1usize..5,
        threads in 1usize..=2,
    ) {
        let problem = priced(props::build(&m), &costs);
        agrees(&problem, &props::brute_force(&m), k, threads)?;
    }

    #[test]
    fn the_k_cheapest_with_colours_agree_with_brute_force(
        m in colors::colored(),
        costs in prop::collection::vec(0u64..8, 14),
        k in 1usize..4,
        threads in 1usize..=2,
    ) {
        let problem = priced(colors::build(&m), &costs);
        agrees(&problem, &colors::brute_force(&m), k, threads)?;
    }
}

#[test]
fn without_costs_every_solution_is_cheapest() {
    let mut problem = Problem::new();
    let [a, b] = ["a", "b"].map(|n| problem.add_primary(n));
    for option in [&[a, b][..], &[a], &[b]] {
        problem.add_option(option).unwrap();
    }
    let best = Best::new(&problem, 5).run();
    assert_eq!(best.solutions.len(), 2);
    assert!(best.solutions.iter().all(|s| s.cost == 0));
}
