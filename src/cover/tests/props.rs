//! Property tests of the engine on random small matrices, against an oracle that knows
//! nothing of dancing links: a brute-force count over every subset of the options.
//! Also: every solution verifies, the links are sane after each run, a split into
//! subproblems and a stop-and-resume both reproduce the plain run exactly. Each property
//! holds for both tables: DLX, and option bitsets (on matrices without multiplicities,
//! where the bitsets must also visit the tree of DLX: same solutions in the same order,
//! same nodes and updates). The number of cases is proptest's default (256), or
//! `PROPTEST_CASES` when set.

use std::ops::ControlFlow;

use crate::cover::bits::Bitsets;
use crate::cover::table;
use crate::cover::{check, verify, OptionId, Outcome, Problem, Resume, Search, Subproblem};
use crate::cover::{search::Visitor, Visit};
use proptest::prelude::*;

/// A random problem: item bounds (the first `primary` items primary, the rest
/// secondary) and options as item indices, some of them repeated.
#[derive(Clone, Debug)]
pub(super) struct Matrix {
    pub(super) bounds: Vec<(u32, u32)>,
    pub(super) primary: usize,
    pub(super) options: Vec<Vec<usize>>,
}

/// Primary bounds as Knuth's MCC allows them: `1:1`, `k:k`, `a:b`, and `0:k`.
fn bounds() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        6 => Just((1, 1)),
        1 => Just((1, 2)),
        1 => Just((2, 2)),
        1 => Just((2, 3)),
        1 => Just((0, 1)),
        1 => Just((0, 2)),
    ]
}

fn secondary_bounds() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![4 => Just((0, 1)), 1 => Just((0, 2))]
}

pub(super) fn matrix() -> impl Strategy<Value = Matrix> {
    matrix_of(bounds().boxed(), secondary_bounds().boxed())
}

/// A random problem without multiplicities: one the bitsets take.
fn unit_matrix() -> impl Strategy<Value = Matrix> {
    matrix_of(Just((1, 1)).boxed(), Just((0, 1)).boxed())
}

fn matrix_of(
    primary: BoxedStrategy<(u32, u32)>,
    secondary: BoxedStrategy<(u32, u32)>,
) -> impl Strategy<Value = Matrix> {
    (
        prop::collection::vec(primary, 1..=8),
        prop::collection::vec(secondary, 0..=4),
    )
        .prop_flat_map(|(primary, secondary)| {
            let count = primary.len();
            let bounds: Vec<_> = primary.into_iter().chain(secondary).collect();
            let items = bounds.len();
            let option = prop::collection::btree_set(0..items, 1..=4.min(items))
                .prop_map(|s| s.into_iter().collect::<Vec<_>>());
            let repeats = prop::collection::vec(any::<prop::sample::Index>(), 0..=2);
            (
                Just(bounds),
                Just(count),
                prop::collection::vec(option, 0..=12),
                repeats,
            )
        })
        .prop_map(|(bounds, primary, mut options, repeats)| {
            // Identical options are distinct options: each may be chosen on its own.
            if !options.is_empty() {
                for r in repeats {
                    options.push(options[r.index(options.len())].clone());
                }
            }
            Matrix {
                bounds,
                primary,
                options,
            }
        })
}

pub(super) fn build(m: &Matrix) -> Problem {
    let mut p = Problem::new();
    let ids: Vec<_> = (m.bounds.iter().enumerate())
        .map(|(k, &(min, max))| match (k < m.primary, max) {
            (true, _) => p.add_item(format!("i{k}"), min, max).unwrap(),
            (false, 1) => p.add_secondary(format!("i{k}")),
            (false, _) => p.add_secondary_at_most(format!("i{k}"), max).unwrap(),
        })
        .collect();
    for o in &m.options {
        let items: Vec<_> = o.iter().map(|&k| ids[k]).collect();
        p.add_option(&items).unwrap();
    }
    p
}

/// Every subset of options whose cover counts fit every item's bounds, sorted: Knuth's
/// MCC semantics. As in his programs, an option with no primary item is never chosen
/// (the search only reaches options through the primary items it branches on); an
/// option whose primary items all have minimum 0 may be chosen or not.
pub(super) fn brute_force(m: &Matrix) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut times = vec![0u32; m.bounds.len()];
    let mut choosable = 0u32;
    for (k, o) in m.options.iter().enumerate() {
        if o.iter().any(|&i| i < m.primary) {
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

/// The table's consistency check at rest.
trait Sane {
    fn sane(&self) -> Result<(), String>;
}

impl Sane for Search {
    fn sane(&self) -> Result<(), String> {
        check::sanity(self.dlx())
    }
}

impl Sane for Search<Bitsets> {
    fn sane(&self) -> Result<(), String> {
        self.table().sanity()
    }
}

/// The searches to check on `m`: DLX always, the bitsets when they take the problem.
fn with_each_table(
    m: &Matrix,
    mut check: impl FnMut(&dyn Fn() -> Box<dyn Table>) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let p = build(m);
    check(&|| Box::new(Search::new(&p)))?;
    if Search::bits(&p).is_some() {
        check(&|| Box::new(Search::bits(&p).unwrap()))?;
    }
    Ok(())
}

/// A search on either table, behind one object-safe face for the properties.
trait Table {
    fn all(&mut self) -> Vec<Vec<OptionId>>;
    fn stats(&self) -> crate::cover::Stats;
    fn sane(&self) -> Result<(), String>;
    fn set_tick_interval(&mut self, log2: u32);
    fn split(&mut self, depth: usize) -> Vec<Subproblem>;
    fn run_from(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        visitor: &mut Stopper<'_>,
    ) -> Outcome;
}

impl<T: table::Table> Table for Search<T>
where
    Search<T>: Sane,
{
    fn all(&mut self) -> Vec<Vec<OptionId>> {
        self.solutions(usize::MAX)
    }
    fn stats(&self) -> crate::cover::Stats {
        Search::stats(self)
    }
    fn sane(&self) -> Result<(), String> {
        Sane::sane(self)
    }
    fn set_tick_interval(&mut self, log2: u32) {
        Search::set_tick_interval(self, log2)
    }
    fn split(&mut self, depth: usize) -> Vec<Subproblem> {
        Search::split(self, &Subproblem::root(), depth).unwrap()
    }
    fn run_from(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        visitor: &mut Stopper<'_>,
    ) -> Outcome {
        Search::run_from(self, sub, resume, visitor).unwrap()
    }
}

fn agrees_with_brute_force(m: &Matrix) -> Result<(), TestCaseError> {
    let p = build(m);
    let expected = brute_force(m);
    with_each_table(m, |new| {
        let mut search = new();
        let all = search.all();
        for s in &all {
            prop_assert!(verify(&p, s).is_ok(), "{:?} does not verify", s);
        }
        prop_assert_eq!(sorted(&all), expected.clone());
        prop_assert_eq!(search.stats().solutions, all.len() as u128);
        prop_assert_eq!(search.sane(), Ok(()));
        // A second run on the same search finds the same again.
        prop_assert_eq!(search.all(), all);
        prop_assert_eq!(search.sane(), Ok(()));
        Ok(())
    })
}

fn split_reproduces_the_run(m: &Matrix, depth: usize) -> Result<(), TestCaseError> {
    with_each_table(m, |new| {
        let mut whole = new();
        let all = whole.all();
        let mut s = new();
        let subs = s.split(depth);
        let mut found = Vec::new();
        for sub in &subs {
            let mut collect = Stopper {
                found: &mut found,
                ticks: 0,
                stride: u32::MAX,
                stop_at_solutions: false,
            };
            prop_assert_eq!(s.run_from(sub, None, &mut collect), Outcome::Complete);
        }
        prop_assert_eq!(found, all);
        prop_assert_eq!(s.stats().nodes, whole.stats().nodes);
        prop_assert_eq!(s.sane(), Ok(()));
        Ok(())
    })
}

fn resuming_reproduces_the_run(
    m: &Matrix,
    stride: u32,
    stop_at_solutions: bool,
) -> Result<(), TestCaseError> {
    with_each_table(m, |new| {
        let mut whole = new();
        let all = whole.all();
        let mut s = new();
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
            match s.run_from(&Subproblem::root(), resume.as_ref(), &mut stopper) {
                Outcome::Complete => break,
                Outcome::Stopped(r) => resume = Some(r),
            }
            prop_assert_eq!(s.sane(), Ok(()));
        }
        prop_assert_eq!(found, all);
        prop_assert_eq!(s.stats().nodes, whole.stats().nodes);
        Ok(())
    })
}

/// The bitsets visit DLX's tree: the same solutions in the same order, the same counters.
fn bits_follow_dlx(m: &Matrix) -> Result<(), TestCaseError> {
    let p = build(m);
    let mut dlx = Search::new(&p);
    let Some(mut bits) = Search::bits(&p) else {
        return Err(TestCaseError::fail("the bitsets should take this problem"));
    };
    prop_assert_eq!(bits.solutions(usize::MAX), dlx.solutions(usize::MAX));
    prop_assert_eq!(bits.stats(), dlx.stats());
    Ok(())
}

proptest! {
    #[test]
    fn engine_agrees_with_brute_force(m in matrix()) {
        agrees_with_brute_force(&m)?;
    }

    #[test]
    fn engines_without_multiplicities_agree_with_brute_force(m in unit_matrix()) {
        agrees_with_brute_force(&m)?;
        bits_follow_dlx(&m)?;
    }

    #[test]
    fn split_subproblems_reproduce_the_run(m in matrix(), depth in 0usize..4) {
        split_reproduces_the_run(&m, depth)?;
    }

    #[test]
    fn split_subproblems_reproduce_the_run_without_multiplicities(
        m in unit_matrix(),
        depth in 0usize..4,
    ) {
        split_reproduces_the_run(&m, depth)?;
    }

    #[test]
    fn stopping_and_resuming_reproduces_the_run(
        m in matrix(),
        stride in 1u32..6,
        stop_at_solutions in any::<bool>(),
    ) {
        resuming_reproduces_the_run(&m, stride, stop_at_solutions)?;
    }

    #[test]
    fn stopping_and_resuming_reproduces_the_run_without_multiplicities(
        m in unit_matrix(),
        stride in 1u32..6,
        stop_at_solutions in any::<bool>(),
    ) {
        resuming_reproduces_the_run(&m, stride, stop_at_solutions)?;
    }
}
