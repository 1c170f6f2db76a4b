//! Exact cover, generic: items, options, and the search for sets of options that cover
//! every primary item exactly once and every secondary item at most once (TAOCP 7.2.2.1).
//!
//! A [`Problem`] is built once and then handed to a [`Search`], which lays it out as
//! Knuth's DLX1 node table and runs Algorithm X on it; [`AnySearch`] picks the faster of
//! that table and option bitsets (for problems without multiplicities). A visitor sees
//! each solution ([`Visit`]) and may stop the search; the [`Outcome`] tells where to
//! resume, and a [`Subproblem`] names a subtree (to split a search between workers).
//! [`verify`] checks a solution against the problem; [`knuth`] reads and writes Knuth's
//! text format. Items may
//! carry multiplicities (a primary item covered exactly `k` times, or a secondary one at
//! most `k` times) in the manner of Knuth's Algorithm M; identical options chosen in a
//! different order are never reported twice. Options may give secondary items colours
//! (Knuth's XCC and Algorithm C): options giving one item different colours exclude each
//! other, the same colour may repeat; [`knuth`] reads and writes them as DLX2 does
//! (`x:A`). Problems with colours always run on DLX. Options may have costs (Knuth's
//! DLX5): [`Best`] finds the cheapest solutions by branch and bound (`best.rs`, with
//! the lower bound of `bound.rs`). This module knows nothing of geometry.

mod automorphism;
mod best;
pub(crate) mod bits;
mod bound;
pub(crate) mod check;
pub(crate) mod colors;
pub(crate) mod dlx;
pub mod knuth;
pub(crate) mod pick;
mod problem;
pub(crate) mod search;
pub(crate) mod split;
pub(crate) mod store;
pub(crate) mod table;
pub(crate) mod tally;
pub(crate) mod visit;

pub use best::{Best, BestOf, Scored};
pub use check::{verify, VerifyError};
pub use pick::AnySearch;
pub use problem::{Bounds, ItemId, OptionId, Problem, ProblemError, MAX_NODES};
pub use search::{Outcome, PathError, Search, Stats, Visit, Visitor};
pub use split::{Resume, Subproblem};
pub use tally::{Tallied, Tally};

#[cfg(test)]
mod tests;
