//! The brute-force oracle of the property tests of every grid (`tiling_props`,
//! `grid_props`, `solid_props`; STYLE item 12). It knows nothing of exact cover and
//! nothing of polyx's groups: each property file gives it a grid's moves of its own
//! ([`Moves`]: transforms of cells about the origin, which shifts are translations,
//! a normal form of a shape), and from those the oracle lists placements, tiles by plain
//! backtracking, finds the board's symmetries and the orbits of tilings. It also builds
//! the random puzzles ([`Layout::build`]) all three files draw.
//!
//! A tiling is a set of (piece index, sorted cells), pre-placed pieces included, so
//! identical copies are never told apart. Copies are ranges `min..=count` (an exact count
//! has `min = count`); a board may leave pieces unused (`use_all_pieces = false`) and
//! cells empty (`cover_all_cells = false`). The search gives up past a number of tilings
//! or of nodes, which the properties reject (`prop_assume!`), never pass.

use std::collections::BTreeSet;

use crate::geom::{Cell, Shape};
use crate::model::{Board, Piece, PieceSet, Square};
use proptest::prelude::*;
use proptest::sample::Index;

/// A tiling as a set of (piece index, sorted cells), pre-placed pieces included.
pub type Key = BTreeSet<(usize, Vec<Cell>)>;

/// A placement: (piece index, sorted cells).
pub type Placement = (usize, Vec<Cell>);

/// A grid's rotations and reflections as the oracle's own geometry sees them.
pub trait Moves {
    /// The number of transforms, the identity among them.
    fn count(&self) -> usize;
    /// Cell `c` under transform `t`, about the origin.
    fn apply(&self, t: usize, c: Cell) -> Cell;
    /// Whether `t` keeps orientation.
    fn is_rotation(&self, t: usize) -> bool;
    /// Whether moving every cell by `d` maps the grid onto itself.
    fn translation(&self, d: Cell) -> bool;
    /// `cells` moved by a translation to a normal form, sorted: equal exactly for
    /// translates.
    fn normalized(&self, cells: &[Cell]) -> Vec<Cell>;
}

/// The distinct images of `cells` under the transforms allowed (rotations only unless
/// `mirror`), normalized and sorted.
pub fn orientations(moves: &dyn Moves, cells: &[Cell], mirror: bool) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = (0..moves.count())
        .filter(|&t| mirror || moves.is_rotation(t))
        .map(|t| {
            let image: Vec<Cell> = cells.iter().map(|&c| moves.apply(t, c)).collect();
            moves.normalized(&image)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The pre-placed pieces, read off the board: (piece index, sorted cells).
pub fn preplaced(board: &Board, set: &PieceSet) -> Vec<Placement> {
    let mut out: Vec<Placement> = Vec::new();
    for c in board.cells() {
        if let Square::Preplaced(label) = board.square(c) {
            let k = set.by_label(label).expect("a known label");
            match out.iter_mut().find(|(j, _)| *j == k) {
                Some((_, cells)) => cells.push(c),
                None => out.push((k, vec![c])),
            }
        }
    }
    out
}

/// Copies of each piece left to place.
pub fn remaining(board: &Board, set: &PieceSet) -> Vec<u32> {
    let mut left: Vec<u32> = set.pieces.iter().map(|p| p.count).collect();
    for (k, _) in preplaced(board, set) {
        left[k] -= 1;
    }
    left
}

/// Every placement of every piece on the open cells.
pub fn placements(moves: &dyn Moves, board: &Board, set: &PieceSet) -> Vec<Placement> {
    let open: Vec<Cell> = board.open_cells().collect();
    let mut out = Vec::new();
    for (k, piece) in set.pieces.iter().enumerate() {
        for o in orientations(moves, piece.shape.cells(), piece.mirror) {
            for &at in &open {
                let d = at - o[0];
                if !moves.translation(d) {
                    continue;
                }
                let mut cells: Vec<Cell> = o.iter().map(|&c| c + d).collect();
                if cells.iter().all(|&c| board.square(c) == Square::Open) {
                    cells.sort();
                    out.push((k, cells));
                }
            }
        }
    }
    out
}

/// How far the brute force may go before it gives up.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Tilings found.
    pub tilings: usize,
    /// Nodes of the search.
    pub nodes: u64,
}

/// Every tiling: the first open cell not yet decided is covered by each placement that
/// starts there and fits, or (when cells are optional) left empty; at the end every
/// piece must have at least its minimum of copies when every piece is used. Each tiling
/// is reached once. `None` past the budget.
pub fn brute_force(
    moves: &dyn Moves,
    board: &Board,
    set: &PieceSet,
    budget: Budget,
) -> Option<BTreeSet<Key>> {
    struct Search<'a> {
        set: &'a PieceSet,
        open: Vec<Cell>,
        /// Per open cell: the placements whose first cell it is.
        starting: Vec<Vec<Placement>>,
        covered: BTreeSet<Cell>,
        left: Vec<u32>,
        use_all: bool,
        cover_all: bool,
        current: Vec<Placement>,
        out: BTreeSet<Key>,
        nodes: u64,
        budget: Budget,
    }
    impl Search<'_> {
        /// Decides the open cells from `i` on; false when the budget is spent.
        fn run(&mut self, from: usize) -> bool {
            self.nodes += 1;
            if self.nodes > self.budget.nodes {
                return false;
            }
            let Some(i) = (from..self.open.len()).find(|&i| !self.covered.contains(&self.open[i]))
            else {
                return self.finish();
            };
            for j in 0..self.starting[i].len() {
                let (k, cells) = self.starting[i][j].clone();
                if self.left[k] == 0 || cells.iter().any(|c| self.covered.contains(c)) {
                    continue;
                }
                self.covered.extend(cells.iter().copied());
                self.left[k] -= 1;
                self.current.push((k, cells.clone()));
                let ok = self.run(i + 1);
                self.current.pop();
                self.left[k] += 1;
                for c in &cells {
                    self.covered.remove(c);
                }
                if !ok {
                    return false;
                }
            }
            if !self.cover_all {
                return self.run(i + 1);
            }
            true
        }

        fn finish(&mut self) -> bool {
            // Every piece used at least its minimum (its count, or a range's low end).
            let pieces = self.set.pieces.iter().zip(&self.left);
            let short = pieces.clone().any(|(p, &left)| p.count - left < p.min);
            if self.use_all && short {
                return true;
            }
            let key: Key = self.current.iter().cloned().collect();
            assert!(self.out.insert(key), "the oracle repeated a tiling");
            self.out.len() <= self.budget.tilings
        }
    }
    let open: Vec<Cell> = board.open_cells().collect();
    let all = placements(moves, board, set);
    let starting = open
        .iter()
        .map(|c| all.iter().filter(|(_, p)| p[0] == *c).cloned().collect())
        .collect();
    let mut search = Search {
        set,
        open,
        starting,
        covered: BTreeSet::new(),
        left: remaining(board, set),
        use_all: board.use_all_pieces,
        cover_all: board.cover_all_cells,
        current: preplaced(board, set),
        out: BTreeSet::new(),
        nodes: 0,
        budget,
    };
    search.run(0).then_some(search.out)
}

/// A symmetry of a puzzle: transform `t`, then the shift that brings the board back
/// onto itself, with the piece each piece becomes.
pub struct Symmetry<'a> {
    moves: &'a dyn Moves,
    /// The transform.
    t: usize,
    shift: Cell,
    pieces: Vec<usize>,
}

impl Symmetry<'_> {
    /// Where cell `c` goes.
    pub fn map(&self, c: Cell) -> Cell {
        self.moves.apply(self.t, c) + self.shift
    }

    /// The image of a tiling.
    pub fn image(&self, key: &Key) -> Key {
        key.iter()
            .map(|(k, cells)| {
                let mut cells: Vec<Cell> = cells.iter().map(|&c| self.map(c)).collect();
                cells.sort();
                (self.pieces[*k], cells)
            })
            .collect()
    }
}

/// The piece that piece `k` becomes under `t`: itself if it may be turned over, if `t` is
/// a rotation, or if its image is one of its rotations; otherwise the only one-sided
/// piece with as many copies (the same range, as many left) that has the image among its
/// rotations.
fn piece_image(
    moves: &dyn Moves,
    set: &PieceSet,
    left: &[u32],
    k: usize,
    t: usize,
) -> Option<usize> {
    let piece = &set.pieces[k];
    let image: Vec<Cell> = piece
        .shape
        .cells()
        .iter()
        .map(|&c| moves.apply(t, c))
        .collect();
    let image = moves.normalized(&image);
    let rotations = |q: &Piece| orientations(moves, q.shape.cells(), false);
    if piece.mirror || moves.is_rotation(t) || rotations(piece).contains(&image) {
        return Some(k);
    }
    let matches: Vec<usize> = (0..set.pieces.len())
        .filter(|&j| {
            let q = &set.pieces[j];
            let twin = !q.mirror && q.count == piece.count && q.min == piece.min;
            twin && left[j] == left[k] && rotations(q).contains(&image)
        })
        .collect();
    (matches.len() == 1).then(|| matches[0])
}

/// The transforms that map the board's frame (its cells that are not outside) onto
/// itself after a shift, open onto open, blocked onto blocked, a pre-placed cell onto
/// one of the piece it becomes; with their piece maps.
pub fn symmetries<'a>(moves: &'a dyn Moves, board: &Board, set: &PieceSet) -> Vec<Symmetry<'a>> {
    let frame: Vec<Cell> = board
        .cells()
        .filter(|&c| board.square(c) != Square::Outside)
        .collect();
    let left = remaining(board, set);
    let corner = |cells: &[Cell]| {
        let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
        Cell::at(min(|c| c.x), min(|c| c.y), min(|c| c.z))
    };
    let lo = corner(&frame);
    let mut out = Vec::new();
    for t in 0..moves.count() {
        let pieces: Option<Vec<usize>> = (0..set.pieces.len())
            .map(|k| piece_image(moves, set, &left, k, t))
            .collect();
        let Some(pieces) = pieces else { continue };
        let images: Vec<Cell> = frame.iter().map(|&c| moves.apply(t, c)).collect();
        let shift = lo - corner(&images);
        if !moves.translation(shift) {
            continue;
        }
        let g = Symmetry {
            moves,
            t,
            shift,
            pieces,
        };
        let same = frame
            .iter()
            .all(|&c| match (board.square(c), board.square(g.map(c))) {
                (Square::Preplaced(a), Square::Preplaced(b)) => {
                    let k = set.by_label(a).expect("a known label");
                    set.pieces[g.pieces[k]].label == b
                }
                (a, b) => a == b,
            });
        if same {
            out.push(g);
        }
    }
    out
}

/// The distinct images of a tiling under the symmetries.
pub fn orbit(key: &Key, group: &[Symmetry]) -> BTreeSet<Key> {
    group.iter().map(|g| g.image(key)).collect()
}

/// The least tiling of `key`'s orbit: one name for the orbit.
pub fn representative(key: &Key, group: &[Symmetry]) -> Key {
    orbit(key, group)
        .into_iter()
        .next()
        .unwrap_or_else(|| key.clone())
}

/// The number of orbits of `all` under `group`: the tilings that are the least of their
/// orbit.
pub fn orbits(all: &BTreeSet<Key>, group: &[Symmetry]) -> u64 {
    all.iter()
        .filter(|key| group.iter().all(|g| g.image(key) >= **key))
        .count() as u64
}

/// Checks the oracle's geometry against published numbers of polyforms: for each row
/// `(grid, n, free, one_sided)`, the `n`-cell polyforms polyx lists fall into `free`
/// classes under the moves `moves(grid)`, and into `one_sided` (where given) under their
/// rotations.
pub fn assert_polyform_classes(
    moves: &dyn Fn(crate::geom::Grid) -> Box<dyn Moves>,
    rows: &[(crate::geom::Grid, usize, usize, Option<usize>)],
) {
    for &(grid, n, free, one_sided) in rows {
        let moves = moves(grid);
        for (mirror, classes) in [(true, Some(free)), (false, one_sided)] {
            let Some(classes) = classes else { continue };
            let mut seen = BTreeSet::new();
            for shape in crate::geom::polyforms(grid.lattice(), n, false) {
                for image in orientations(&*moves, shape.cells(), true) {
                    seen.insert(orientations(&*moves, &image, mirror)[0].clone());
                }
            }
            assert_eq!(seen.len(), classes, "{grid:?}, {n} cells, mirror {mirror}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random puzzles

/// One kind of piece of a random set.
#[derive(Clone, Debug)]
pub struct Kind {
    pub shape: Shape,
    /// Copies to drop.
    pub copies: u32,
    pub mirror: bool,
    /// When every piece is used: copies below and above those dropped that a range
    /// `count = [min, max]` allows ((0, 0) for an exact count).
    pub slack: (u32, u32),
}

/// The raw choices of a random puzzle on a frame.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The frame: its open squares are the positions pieces may be dropped on.
    pub frame: Board,
    pub kinds: Vec<Kind>,
    /// Per copy, in order (cycled): orientation choice and the index of the position
    /// where the search for a free spot starts.
    pub drops: Vec<(usize, usize)>,
    /// For each position no dropped copy covers (cycled): 0 open (unless every piece and
    /// every cell must be used), 1-2 blocked, 3-4 outside.
    pub rest: Vec<u8>,
    /// Which dropped copy, if any, becomes a pre-placed piece.
    pub preplace: Option<Index>,
    pub use_all_pieces: bool,
    pub cover_all_cells: bool,
}

impl Layout {
    /// Drops copies of the pieces onto the frame's positions, each at the first free
    /// spot from its start, so that they pack tightly; the covered cells are open (one
    /// drop may be pre-placed), the others follow `rest`. When every piece must be used,
    /// the set is cut down to the copies dropped (widened by the slack; above only when
    /// every cell is covered, as extra copies with optional cells search too long), so
    /// that a tiling exists when cells must be covered too. `None` if nothing is left to
    /// cover.
    pub fn build(&self, moves: &dyn Moves) -> Option<(Board, PieceSet)> {
        let frame = &self.frame;
        let positions: Vec<Cell> = frame.open_cells().collect();
        let mut owner: Vec<Option<usize>> = vec![None; frame.frame_len()];
        let at = |c: Cell| frame.index(c);
        let mut dropped: Vec<Placement> = Vec::new();
        let mut next = self.drops.iter().cycle();
        for (k, kind) in self.kinds.iter().enumerate() {
            let turns = orientations(moves, kind.shape.cells(), kind.mirror);
            for _ in 0..kind.copies {
                let &(o, start) = next.next().expect("a cycle");
                let shape = &turns[o % turns.len()];
                let fitting = (0..positions.len()).find_map(|i| {
                    let d = positions[(start + i) % positions.len()] - shape[0];
                    let cells: Vec<Cell> = shape.iter().map(|&c| c + d).collect();
                    let free = |c: &Cell| {
                        frame.square(*c) == Square::Open
                            && at(*c).is_some_and(|i| owner[i].is_none())
                    };
                    (moves.translation(d) && cells.iter().all(free)).then_some(cells)
                });
                if let Some(cells) = fitting {
                    for &c in &cells {
                        owner[at(c).expect("in the frame")] = Some(k);
                    }
                    dropped.push((k, cells));
                }
            }
        }
        // Kinds kept, with their copies; `index[k]` is kind k's index in the set.
        let mut index = vec![None; self.kinds.len()];
        let mut pieces = Vec::new();
        for (k, kind) in self.kinds.iter().enumerate() {
            let placed = dropped.iter().filter(|(j, _)| *j == k).count() as u32;
            let (below, above) = kind.slack;
            let above = if self.cover_all_cells { above } else { 0 };
            let (min, count) = if self.use_all_pieces {
                (placed.saturating_sub(below), placed + above)
            } else {
                (kind.copies, kind.copies)
            };
            if count == 0 {
                continue;
            }
            let label = (b'A' + pieces.len() as u8) as char;
            index[k] = Some(pieces.len());
            pieces.push(Piece {
                name: label.to_string(),
                label,
                shape: kind.shape.clone(),
                count,
                min,
                mirror: kind.mirror,
                color: None,
            });
        }
        let exact = self.use_all_pieces && self.cover_all_cells;
        let mut board = frame.clone();
        for (i, &c) in positions.iter().enumerate() {
            let square = match owner[at(c).expect("in the frame")] {
                Some(_) => Square::Open,
                None => match self.rest[i % self.rest.len()] {
                    0 if !exact => Square::Open,
                    0..=2 => Square::Blocked,
                    _ => Square::Outside,
                },
            };
            board.set_square(c, square);
        }
        if let Some(pick) = self.preplace.filter(|_| !dropped.is_empty()) {
            let (k, cells) = &dropped[pick.index(dropped.len())];
            let label = pieces[index[*k].expect("a dropped kind is kept")].label;
            for &c in cells {
                board.set_square(c, Square::Preplaced(label));
            }
        }
        let open = board.cells().any(|c| board.square(c) == Square::Open);
        if !open || pieces.is_empty() {
            return None;
        }
        board.name = "random".into();
        board.use_all_pieces = self.use_all_pieces;
        board.cover_all_cells = self.cover_all_cells;
        let set = PieceSet {
            grid: board.grid,
            name: "random".into(),
            description: String::new(),
            pieces,
        };
        Some((board, set))
    }
}

/// The random choices the cases of the grids besides the square one share: the kinds
/// (`(size, which, t, copies, mirror)`, see [`polyform_kinds`]), then as in [`Layout`].
#[derive(Clone, Debug)]
pub struct Choices {
    pub kinds: Vec<(usize, usize, usize, u32, bool)>,
    pub drops: Vec<(usize, usize)>,
    pub rest: Vec<u8>,
    pub preplace: Option<Index>,
    pub use_all_pieces: bool,
}

/// One to three kinds of one to four cells (the `which`-th of up to `which` polyforms,
/// under one of `transforms`), ten drops with starts below `positions`, and as many
/// choices for the positions left; every piece used three times in four.
pub fn choices(
    which: usize,
    transforms: usize,
    positions: usize,
) -> impl Strategy<Value = Choices> {
    let kind = (1..=4usize, 0..which, 0..transforms, 1..=3u32, any::<bool>());
    (
        prop::collection::vec(kind, 1..=3),
        prop::collection::vec((0..transforms, 0..positions), 10),
        prop::collection::vec(0..5u8, positions),
        prop::option::of(any::<Index>()),
        prop_oneof![3 => Just(true), 1 => Just(false)],
    )
        .prop_map(|(kinds, drops, rest, preplace, use_all_pieces)| Choices {
            kinds,
            drops,
            rest,
            preplace,
            use_all_pieces,
        })
}

impl Choices {
    /// The layout of these choices on `frame` (every cell covered).
    pub fn layout(&self, frame: Board) -> Layout {
        Layout {
            kinds: polyform_kinds(frame.lattice(), &self.kinds),
            frame,
            drops: self.drops.clone(),
            rest: self.rest.clone(),
            preplace: self.preplace,
            use_all_pieces: self.use_all_pieces,
            cover_all_cells: true,
        }
    }
}

/// The kinds of a random set on `lattice`, each `(size, which, t, copies, mirror)`: the
/// `which`-th (cyclically) polyform of `size` cells as polyx lists them, under transform
/// `t`, with an exact count.
pub fn polyform_kinds(
    lattice: &dyn crate::geom::Lattice,
    kinds: &[(usize, usize, usize, u32, bool)],
) -> Vec<Kind> {
    kinds
        .iter()
        .map(|&(size, which, t, copies, mirror)| {
            let all = crate::geom::polyforms(lattice, size, false);
            Kind {
                shape: lattice.shape_image(t, &all[which % all.len()]),
                copies,
                mirror,
                slack: (0, 0),
            }
        })
        .collect()
}

/// A random puzzle with its brute-force tilings; a layout that builds no puzzle or is too
/// large for the oracle is rejected (`prop_assume!`), never passed.
pub fn puzzle_and_tilings(
    moves: &dyn Moves,
    layout: &Layout,
    budget: Budget,
) -> Result<(Board, PieceSet, BTreeSet<Key>), TestCaseError> {
    let built = layout.build(moves);
    prop_assume!(built.is_some(), "the case builds no puzzle");
    let (board, set) = built.expect("assumed");
    let all = brute_force(moves, &board, &set, budget);
    prop_assume!(all.is_some(), "the case is too large for the oracle");
    Ok((board, set, all.expect("assumed")))
}

/// polyx's counts against the oracle's on a random layout, if it is small enough: `keep`
/// is the number of tilings and `reduce` the number of their orbits, in both modes, on
/// the DLX engine (which takes every puzzle) and on the bitboard engine where it applies
/// (it must, when `bitboard_applies`).
pub fn engines_agree(
    moves: &dyn Moves,
    layout: &Layout,
    budget: Budget,
    bitboard_applies: bool,
) -> Result<(), TestCaseError> {
    use crate::model::Puzzle;
    use crate::solve::{Engine, Solver, SymmetryMode};
    let (board, set, all) = puzzle_and_tilings(moves, layout, budget)?;
    let classes = orbits(&all, &symmetries(moves, &board, &set));
    for engine in [Engine::Dlx, Engine::Bitboard] {
        for (mode, want) in [
            (SymmetryMode::Keep, all.len() as u64),
            (SymmetryMode::Reduce, classes),
        ] {
            let puzzle = Puzzle::new(board.clone(), set.clone()).expect("a valid random puzzle");
            let mut solver = Solver::new(puzzle, mode);
            let applies = solver.use_engine(engine);
            prop_assert!(
                applies || (engine == Engine::Bitboard && !bitboard_applies),
                "{:?} applies",
                engine
            );
            if applies {
                prop_assert_eq!(solver.count().solutions, want, "{:?}, {:?}", mode, engine);
            }
        }
    }
    Ok(())
}

/// `PROPTEST_CASES` cases, or `default`.
pub fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(cases)
}
