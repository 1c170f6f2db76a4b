//! Exact cover, generic: items, options, and the search for sets of options that cover
//! every primary item exactly once and every secondary item at most once (TAOCP 7.2.2.1).
//!
//! A [`Problem`] is built once and then handed to a [`Search`], which lays it out as
//! Knuth's DLX1 node table ([`dlx`]) or, without multiplicities, as option bitsets
//! ([`bits`]), and runs Algorithm X on it ([`search`], over the steps of [`table`]);
//! [`AnySearch`] picks the faster table that takes the problem. Items may
//! carry multiplicities (a primary item covered exactly `k` times, or a secondary one at
//! most `k` times) in the manner of Knuth's Algorithm M; identical options chosen in a
//! different order are never reported twice. This module knows nothing of geometry.

pub mod bits;
pub mod check;
pub mod dlx;
pub mod knuth;
pub mod pick;
mod problem;
pub mod search;
pub mod split;
pub mod store;
pub mod table;
pub mod visit;

pub use check::verify;
pub use pick::AnySearch;
pub use problem::{Bounds, ItemId, OptionId, Problem, ProblemError, MAX_NODES};
pub use search::{Outcome, Search, Stats, Visit};
pub use split::{Resume, Subproblem};
