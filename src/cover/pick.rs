//! The engine a caller gets when it does not care which: option bitsets ([`Bitsets`]) when
//! they take the problem (no multiplicities, no secondary items, hence no colours, a small
//! enough state), else Knuth's DLX1 ([`Dlx`]), with Algorithm C for colours. Both visit the same tree in the same order
//! ([`super::table`]), so counts, node counts, solution order, subproblem paths and
//! resume points do not depend on the choice; only the time does (about half on the
//! shared pentomino instances).

use super::bits::Bitsets;
use super::dlx::Dlx;
use super::problem::{OptionId, Problem};
use super::search::{Outcome, Search, Stats};
use super::search::{PathError, Visitor};
use super::split::{Resume, Subproblem};

/// A search on whichever table suits the problem: the same tree, solutions, node
/// counts and resume points as [`Search`], in about half the time on tiling problems.
///
/// ```
/// use polyx::cover::{AnySearch, Problem};
///
/// let mut problem = Problem::new();
/// let [a, b] = ["a", "b"].map(|n| problem.add_primary(n));
/// for option in [&[a, b][..], &[a], &[b]] {
///     problem.add_option(option).unwrap();
/// }
/// assert_eq!(AnySearch::new(&problem).count(), 2);
/// ```
pub struct AnySearch(Chosen);

/// The table inside an [`AnySearch`].
enum Chosen {
    Dlx(Search<Dlx>),
    Bits(Search<Bitsets>),
}

/// Forwards a call to whichever search is inside.
macro_rules! either {
    ($self:expr, $s:ident => $call:expr) => {
        match $self {
            AnySearch(Chosen::Dlx($s)) => $call,
            AnySearch(Chosen::Bits($s)) => $call,
        }
    };
}

impl AnySearch {
    /// Option bitsets if they take `problem` and it has no secondary items, else DLX.
    /// (Secondary items cost the bitsets a pass over every option of each one an option
    /// covers: on `polyx queens 14`, whose diagonals are secondary, DLX took 0.51 s and
    /// bitsets 0.68 s, while on the pentomino instances bitsets take half DLX's time.)
    pub fn new(problem: &Problem) -> AnySearch {
        let secondary = problem.item_count() > problem.primary_count();
        match Search::bits(problem).filter(|_| !secondary) {
            Some(s) => AnySearch(Chosen::Bits(s)),
            None => AnySearch(Chosen::Dlx(Search::new(problem))),
        }
    }

    /// The name of the table in use: `"bits"` or `"dlx"`.
    pub fn engine_name(&self) -> &'static str {
        match self.0 {
            Chosen::Dlx(_) => "dlx",
            Chosen::Bits(_) => "bits",
        }
    }

    /// As [`Search::set_tick_interval`].
    pub fn set_tick_interval(&mut self, log2: u32) {
        either!(self, s => s.set_tick_interval(log2))
    }

    /// As [`Search::stats`].
    pub fn stats(&self) -> Stats {
        either!(self, s => s.stats())
    }

    /// As [`Search::run`].
    pub fn run(&mut self, visitor: &mut impl Visitor) -> Outcome {
        either!(self, s => s.run(visitor))
    }

    /// As [`Search::run_from`].
    ///
    /// # Errors
    /// As [`Search::run_from`].
    pub fn run_from(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        visitor: &mut impl Visitor,
    ) -> Result<Outcome, PathError> {
        either!(self, s => s.run_from(sub, resume, visitor))
    }

    /// As [`Search::split`].
    ///
    /// # Errors
    /// As [`Search::split`].
    pub fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        either!(self, s => s.split(sub, depth))
    }

    /// As [`Search::split_with`].
    ///
    /// # Errors
    /// As [`Search::split`].
    pub fn split_with<V: Visitor>(
        &mut self,
        sub: &Subproblem,
        depth: usize,
        visitor: &mut V,
    ) -> Result<Vec<Subproblem>, PathError> {
        either!(self, s => s.split_with(sub, depth, visitor))
    }

    /// As [`Search::count`].
    pub fn count(&mut self) -> u128 {
        either!(self, s => s.count())
    }

    /// As [`Search::solutions`].
    pub fn solutions(&mut self, limit: usize) -> Vec<Vec<OptionId>> {
        either!(self, s => s.solutions(limit))
    }

    /// As [`Search::first`].
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        either!(self, s => s.first())
    }

    /// The consistency check of the table at rest (`check::sanity` for DLX).
    #[cfg(test)]
    pub(crate) fn sanity(&self) -> Result<(), String> {
        match &self.0 {
            Chosen::Dlx(s) => super::check::sanity(s.dlx()),
            Chosen::Bits(s) => s.table().sanity(),
        }
    }
}
