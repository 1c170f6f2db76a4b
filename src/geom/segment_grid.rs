//! The grids of segments as types: which lattice's edges a [`SegmentGrid`] is made of,
//! and the three of them (sticks, trigs, twigs). What they do (the lattice of
//! segments, Puzzler's coordinates) is `sticks.rs`; the types live apart so that the
//! [`super::Lattice`] interface can name them without depending on their geometry.

/// Which lattice's edges.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Edges {
    /// The square grid's: 4 directions at a point.
    Square,
    /// The triangular grid's: 6 directions at a point.
    Triangle,
    /// The hexagonal grid's: 3 directions at a point (the triangular grid's edges that
    /// miss every hexagon centre).
    Hexagon,
}

/// A grid of segments.
#[derive(Debug)]
pub struct SegmentGrid {
    pub(super) edges: Edges,
}

/// Polysticks.
pub static STICKS: SegmentGrid = SegmentGrid {
    edges: Edges::Square,
};
/// Polytrigs.
pub static TRIGS: SegmentGrid = SegmentGrid {
    edges: Edges::Triangle,
};
/// Polytwigs.
pub static TWIGS: SegmentGrid = SegmentGrid {
    edges: Edges::Hexagon,
};
