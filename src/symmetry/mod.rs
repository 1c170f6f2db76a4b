//! Symmetry, in one place: the board's symmetry group ([`Group`]: the transforms of the
//! lattice that map the board and the piece set onto themselves, and the image of every
//! placement under each), the reduction that searches one representative per class of
//! solutions ([`Reduction`]), what each solution of a reduced search stands for
//! ([`classes`]: itself, or its class as a count or as its members expanded back), and
//! the count of classes by Burnside's lemma ([`burnside`]). The grid enters only as a
//! [`crate::geom::Lattice`] (its point group and translations); engines and runs ask this module for a restricted
//! problem and a weight, and nothing else derives symmetry.

pub mod burnside;
pub mod classes;
mod group;
mod images;
mod mirrored;
mod reduction;
mod restrict;

pub use classes::{Found, Settled, SymmetryMode};
pub use group::Group;
pub use reduction::Reduction;
