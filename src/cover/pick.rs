//! The engine a caller gets when it does not care which: option bitsets ([`Bitsets`]) when
//! they take the problem (no multiplicities, no secondary items, a small enough state),
//! else Knuth's DLX1 ([`Dlx`]). Both visit the same tree in the same order
//! ([`super::table`]), so counts, node counts, solution order, subproblem paths and
//! resume points do not depend on the choice; only the time does (about half on the
//! shared pentomino instances).

use super::bits::Bitsets;
use super::dlx::Dlx;
use super::problem::{OptionId, Problem};
use super::search::{Outcome, Search, Stats};
use super::search::{PathError, Visitor};
use super::split::{Resume, Subproblem};

/// A [`Search`] on whichever table suits the problem.
pub enum AnySearch {
    Dlx(Search<Dlx>),
    Bits(Search<Bitsets>),
}

/// Forwards a call to whichever search is inside.
macro_rules! either {
    ($self:expr, $s:ident => $call:expr) => {
        match $self {
            AnySearch::Dlx($s) => $call,
            AnySearch::Bits($s) => $call,
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
            Some(s) => AnySearch::Bits(s),
            None => AnySearch::Dlx(Search::new(problem)),
        }
    }

    /// The name of the table in use: `"bits"` or `"dlx"`.
    pub fn engine_name(&self) -> &'static str {
        match self {
            AnySearch::Dlx(_) => "dlx",
            AnySearch::Bits(_) => "bits",
        }
    }

    pub fn set_tick_interval(&mut self, log2: u32) {
        either!(self, s => s.set_tick_interval(log2))
    }

    pub fn stats(&self) -> Stats {
        either!(self, s => s.stats())
    }

    pub fn run(&mut self, visitor: &mut impl Visitor) -> Outcome {
        either!(self, s => s.run(visitor))
    }

    pub fn run_from(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        visitor: &mut impl Visitor,
    ) -> Result<Outcome, PathError> {
        either!(self, s => s.run_from(sub, resume, visitor))
    }

    pub fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        either!(self, s => s.split(sub, depth))
    }

    pub fn count(&mut self) -> u64 {
        either!(self, s => s.count())
    }

    pub fn solutions(&mut self, limit: usize) -> Vec<Vec<OptionId>> {
        either!(self, s => s.solutions(limit))
    }

    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        either!(self, s => s.first())
    }

    /// The consistency check of the table at rest (`check::sanity` for DLX).
    pub fn sanity(&self) -> Result<(), String> {
        match self {
            AnySearch::Dlx(s) => super::check::sanity(s.dlx()),
            AnySearch::Bits(s) => s.table().sanity(),
        }
    }
}
