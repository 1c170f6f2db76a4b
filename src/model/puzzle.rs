//! A board and a piece set become an exact-cover problem: one item per piece that still
//! has copies to place (with multiplicity `count`, Algorithm M style, so identical copies
//! never repeat a tiling) and one per open cell; one option per placement (an orientation
//! of a piece at an offset where every cell is open). Pre-placed pieces are checked
//! against the set and taken out of it. The option → placement table maps solutions
//! back to tilings. On the grids of segments, unless the board allows crossing, each
//! pair of crossing chords at a point that placements claim from both sides is a
//! secondary item ([`crate::geom::Crossing`], SPEC §9), and placements that would cross
//! a pre-placed piece are left out.

use std::collections::{BTreeMap, HashMap};

use crate::cover::{ItemId, OptionId, Problem};
use crate::error::InputError;
use crate::geom::{Cell, Crossing, Lattice, Shape};

use super::{Board, PieceSet, Placement, Square, Tiling};

/// In the option map of [`Puzzle::problem_with`]: an option that places no piece but
/// leaves one open cell empty.
pub const EMPTY_CELL: usize = usize::MAX;

/// The most placements polyx builds a matrix for. Each costs a few hundred bytes (the
/// placement, its option, its nodes), so this keeps a matrix under about a gigabyte.
pub const MAX_PLACEMENTS: u64 = 2_000_000;
/// The most cells in all placements together (the matrix's nodes, less one per option).
pub const MAX_PLACED_CELLS: u64 = 12_000_000;

/// A board with its piece set, checked against each other, and every placement.
///
/// Its exact-cover problem can go to the engine alone; [`Puzzle::tiling_of`] maps a
/// solution back to placements:
///
/// ```
/// use polyx::cover::Search;
/// use polyx::{load_puzzle, Puzzle};
///
/// let (board, pieces) = load_puzzle("3x20", None).unwrap();
/// let puzzle = Puzzle::new(board, pieces).unwrap();
/// let (problem, map) = puzzle.problem_with(|_| true);
/// let solution = Search::new(&problem).first().unwrap();
/// let tiling = puzzle.tiling_of(&solution, &map);
/// assert_eq!(tiling.placements.len(), 12);
/// let cells: usize = tiling.placements.iter().map(|p| p.cells.len()).sum();
/// assert_eq!(cells, 60);
/// ```
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The board.
    pub board: Board,
    /// The piece set.
    pub set: PieceSet,
    /// Pre-placed pieces, one placement each.
    pub fixed: Vec<Placement>,
    /// Copies of each piece still to place.
    pub remaining: Vec<u32>,
    /// Every placement of every piece with copies left, in option order: by piece, then
    /// orientation, then offset (row by row).
    pub placements: Vec<Placement>,
    /// The open cells, row by row (the cell items, in order).
    pub open: Vec<Cell>,
}

impl Puzzle {
    /// Checks `board` against `set` (pre-placed pieces, area) and lists the placements.
    pub fn new(board: Board, set: PieceSet) -> Result<Puzzle, InputError> {
        if board.grid != set.grid {
            return Err(board_error(
                &board,
                format!(
                    "the board `{}` is on the {} grid but the piece set `{}` is on the {} grid",
                    board.name,
                    board.grid.name(),
                    set.name,
                    set.grid.name()
                ),
            )
            .with_hint("a board and its pieces must name the same `grid`"));
        }
        let fixed = preplaced(&board, &set)?;
        let mut remaining: Vec<u32> = set.pieces.iter().map(|p| p.count).collect();
        for f in &fixed {
            remaining[f.piece] -= 1;
        }
        let open: Vec<Cell> = board.open_cells().collect();
        // A board with every cell pre-placed (a solution read back) is a puzzle too.
        if open.is_empty() && fixed.is_empty() {
            return Err(board_error(&board, "the board has no open cell to cover")
                .with_hint("mark cells to cover with `.` in the board's `shape`"));
        }
        check_area(&board, &set, &remaining, open.len())?;
        // Every orientation of every piece with copies left.
        let lattice = board.lattice();
        let orientations: Vec<Vec<(Shape, usize)>> = (set.pieces.iter().zip(&remaining))
            .map(|(p, &r)| {
                if r > 0 {
                    p.orientations(lattice)
                } else {
                    Vec::new()
                }
            })
            .collect();
        check_size(&board, &set, &orientations, open.len())?;
        let is_open: Vec<bool> = (board.cells())
            .map(|c| board.square(c) == Square::Open)
            .collect();
        let mut placements = Vec::new();
        for (k, shapes) in orientations.iter().enumerate() {
            for (shape, _) in shapes {
                place_everywhere(&board, &is_open, lattice, shape, k, &mut placements);
            }
        }
        if has_crossing_rule(&board) && !fixed.is_empty() {
            let taken: HashMap<(Cell, [u8; 4]), u8> = (fixed.iter())
                .flat_map(|f| lattice.crossings(&f.cells))
                .map(|x| ((x.point, x.chords), x.sides))
                .collect();
            placements.retain(|p| {
                lattice.crossings(&p.cells).iter().all(|x| {
                    taken
                        .get(&(x.point, x.chords))
                        .is_none_or(|&sides| sides | x.sides != 3)
                })
            });
        }
        Ok(Puzzle {
            board,
            set,
            fixed,
            remaining,
            placements,
            open,
        })
    }

    /// The fewest copies of piece `k` a solution must still place: none when the board
    /// lets pieces stay unused, else the piece's minimum (its `count`, or the low end of
    /// a range) less its pre-placed copies.
    pub fn least(&self, k: usize) -> u32 {
        if !self.board.use_all_pieces {
            return 0;
        }
        let piece = &self.set.pieces[k];
        let fixed = piece.count - self.remaining[k];
        piece.min.saturating_sub(fixed)
    }

    /// True if the board uses every piece and some piece has a range of copies: the
    /// pieces then are neither all exact nor all optional.
    pub fn has_ranges(&self) -> bool {
        self.board.use_all_pieces && self.set.has_ranges()
    }

    /// True if the set has few kinds of piece and many copies of each (four per kind
    /// or more, on average): then the search's states are profiles that repeat a great
    /// many times, which a large memo (`bitboard::tuning`) and the transfer matrix
    /// (`crate::transfer`) count far faster than the nodes.
    pub fn has_many_copies(&self) -> bool {
        let kinds = self.set.pieces.len() as u64;
        let copies: u64 = self.set.pieces.iter().map(|p| u64::from(p.count)).sum();
        copies >= 4 * kinds
    }

    /// True if pieces may not cross (SPEC §9): the board is on a grid of segments and
    /// does not say `crossing = true`.
    pub fn has_crossing_rule(&self) -> bool {
        has_crossing_rule(&self.board)
    }

    /// The exact-cover problem with every placement.
    pub fn problem(&self) -> Problem {
        self.problem_with(|_| true).0
    }

    /// The problem with only the placements that `keep` accepts; also returns, for each
    /// option, its index in [`Puzzle::placements`] (or `usize::MAX` for an option that
    /// leaves a cell empty; [`Puzzle::tiling_of`] drops those).
    ///
    /// When neither every piece nor every cell is required, no item would be primary and
    /// the engine would stop at the empty tiling; so the cells stay primary and each gets
    /// one more option, "left empty", after the placements.
    pub fn problem_with(&self, keep: impl Fn(usize) -> bool) -> (Problem, Vec<usize>) {
        let empty_options = !self.board.use_all_pieces && !self.board.cover_all_cells;
        let mut problem = Problem::new();
        let mut piece_item: Vec<Option<ItemId>> = vec![None; self.set.pieces.len()];
        for (k, piece) in self.set.pieces.iter().enumerate() {
            let r = self.remaining[k];
            if r == 0 {
                continue;
            }
            // A piece that may stay unused is a secondary item when its placements come
            // in through primary cells; with a range and secondary cells it is a primary
            // item of minimum 0 (Knuth's MCC), so that its placements can be chosen.
            let least = self.least(k);
            let item = if least == 0 && (self.board.cover_all_cells || empty_options) {
                problem.add_secondary_at_most(piece.name.clone(), r)
            } else {
                problem.add_item(piece.name.clone(), least, r)
            };
            let item = item.expect("bounds with r >= 1 are valid");
            piece_item[k] = Some(item);
        }
        // Indexed by the frame's positions: open cells are on the board.
        let board = &self.board;
        let mut items: Vec<Option<ItemId>> = vec![None; board.frame_len()];
        for &c in &self.open {
            let item = if board.cover_all_cells || empty_options {
                problem.add_primary(cell_item_name(c))
            } else {
                problem.add_secondary(cell_item_name(c))
            };
            items[board.index(c).expect("open cells are in the frame")] = Some(item);
        }
        let cell_item = |&c: &Cell| items[board.index(c).expect("in the frame")].expect("open");
        let crossings = self.crossing_items(&keep, &mut problem);
        let mut map = Vec::new();
        let mut row = Vec::new();
        for (index, p) in self.placements.iter().enumerate() {
            if !keep(index) {
                continue;
            }
            row.clear();
            row.push(piece_item[p.piece].expect("placements exist only for pieces with copies"));
            row.extend(p.cells.iter().map(cell_item));
            if let Some((items, claims)) = &crossings {
                row.extend(claims[index].iter().filter_map(|key| items.get(key)));
            }
            problem
                .add_option(&row)
                .expect("placements name distinct, existing items");
            map.push(index);
        }
        if empty_options {
            for c in &self.open {
                problem
                    .add_option(&[cell_item(c)])
                    .expect("an existing item");
                map.push(EMPTY_CELL);
            }
        }
        (problem, map)
    }

    /// Under the no-crossing rule, the secondary item of each pair of crossing chords
    /// that the placements `keep` accepts claim from both sides (added to `problem`, in
    /// order), and each placement's claims; `None` without the rule.
    #[allow(clippy::type_complexity)]
    fn crossing_items(
        &self,
        keep: &impl Fn(usize) -> bool,
        problem: &mut Problem,
    ) -> Option<(HashMap<(Cell, [u8; 4]), ItemId>, Vec<Vec<(Cell, [u8; 4])>>)> {
        if !self.has_crossing_rule() {
            return None;
        }
        let lattice = self.board.lattice();
        let mut sides: BTreeMap<(Cell, [u8; 4]), u8> = BTreeMap::new();
        let claims: Vec<Vec<(Cell, [u8; 4])>> = (self.placements.iter().enumerate())
            .map(|(index, p)| {
                if !keep(index) {
                    return Vec::new();
                }
                let list: Vec<Crossing> = lattice.crossings(&p.cells);
                for x in &list {
                    *sides.entry((x.point, x.chords)).or_default() |= x.sides;
                }
                list.iter().map(|x| (x.point, x.chords)).collect()
            })
            .collect();
        let items = (sides.into_iter())
            .filter(|&(_, s)| s == 3)
            .map(|((point, chords), sides)| {
                let name = Crossing {
                    point,
                    chords,
                    sides,
                }
                .name();
                ((point, chords), problem.add_secondary(name))
            })
            .collect();
        Some((items, claims))
    }

    /// The tiling of a solution given as placement indices, pre-placed pieces first.
    pub fn tiling(&self, placements: impl IntoIterator<Item = usize>) -> Tiling {
        let mut all = self.fixed.clone();
        all.extend(placements.into_iter().map(|k| self.placements[k].clone()));
        Tiling { placements: all }
    }

    /// The tiling of a solution of `problem_with`'s problem, given its option map.
    pub fn tiling_of(&self, options: &[OptionId], map: &[usize]) -> Tiling {
        self.tiling(placements_of(options, map))
    }
}

/// The placement indices of a solution of [`Puzzle::problem_with`]'s problem, given its
/// option map, in the order of `options`; "left empty" options are dropped.
pub fn placements_of<'a>(
    options: &'a [OptionId],
    map: &'a [usize],
) -> impl Iterator<Item = usize> + 'a {
    options
        .iter()
        .map(|o| map[o.index()])
        .filter(|&k| k != EMPTY_CELL)
}

/// Refuses a puzzle whose pieces (`remaining` copies) cannot cover its `open` cells
/// exactly, when all pieces and all cells must be used.
fn check_area(
    board: &Board,
    set: &PieceSet,
    remaining: &[u32],
    open: usize,
) -> Result<(), InputError> {
    let area: u64 = (set.pieces.iter().zip(remaining))
        .map(|(p, &r)| p.shape.len() as u64 * r as u64)
        .sum();
    if board.use_all_pieces && board.cover_all_cells && set.has_ranges() {
        // Ranges: the fewest copies must fit, the most must be able to fill.
        let fixed: u64 = (set.pieces.iter().zip(remaining))
            .map(|(p, &r)| p.shape.len() as u64 * (p.count - r) as u64)
            .sum();
        let least = set.least_area().saturating_sub(fixed);
        if least > open as u64 || area < open as u64 {
            return Err(board_error(
                board,
                format!(
                    "the pieces cover from {least} to {} but the board has {open} {}",
                    cells_word(area),
                    if open == 1 { "open cell" } else { "open cells" }
                ),
            )
            .with_hint("change the board or the pieces' `count` ranges"));
        }
        return Ok(());
    }
    if board.use_all_pieces && board.cover_all_cells && area != open as u64 {
        return Err(board_error(
            board,
            format!(
                "the pieces cover {} but the board has {open} {}",
                cells_word(area),
                if open == 1 { "open cell" } else { "open cells" }
            ),
        )
        .with_hint(
            "change the board or the pieces, or set `use_all_pieces = false` or \
             `cover_all_cells = false` in the board file",
        ));
    }
    Ok(())
}

/// Refuses a puzzle whose matrix would be too large, from an upper bound checked before
/// anything is built: every orientation at every one of the `open` cells.
fn check_size(
    board: &Board,
    set: &PieceSet,
    orientations: &[Vec<(Shape, usize)>],
    open: usize,
) -> Result<(), InputError> {
    let (mut estimate, mut cells) = (0u64, 0u64);
    for (p, o) in set.pieces.iter().zip(orientations) {
        let here = o.len() as u64 * open as u64;
        estimate = estimate.saturating_add(here);
        cells = cells.saturating_add(here.saturating_mul(p.shape.len() as u64));
    }
    if estimate > MAX_PLACEMENTS || cells > MAX_PLACED_CELLS {
        return Err(board_error(
            board,
            format!(
                "the puzzle is too large to build: up to {estimate} placements covering {cells} cells \
                 ({open} open cells), more than the limit of {MAX_PLACEMENTS} placements and \
                 {MAX_PLACED_CELLS} cells"
            ),
        )
        .with_hint("use a smaller board or fewer pieces"));
    }
    Ok(())
}

/// True if the board is on a grid of segments and does not allow crossing.
fn has_crossing_rule(board: &Board) -> bool {
    board.grid.is_segments() && !board.crossing
}

/// The item name of cell `c`: `r{row}c{column}`, and on the grids of space
/// `l{layer}r{row}c{column}`.
pub(crate) fn cell_item_name(c: Cell) -> String {
    if c.z == 0 {
        format!("r{}c{}", c.y, c.x)
    } else {
        format!("l{}r{}c{}", c.z, c.y, c.x)
    }
}

/// Every translation of `lattice` by which `shape` fits on open cells (`is_open`, in
/// the board's frame order), as placements of piece `piece`.
fn place_everywhere(
    board: &Board,
    is_open: &[bool],
    lattice: &dyn Lattice,
    shape: &Shape,
    piece: usize,
    out: &mut Vec<Placement>,
) {
    // A normal form's smallest column may be 1 (where shifts keep a parity).
    let left = shape.cells().iter().map(|c| c.x).min().unwrap_or(0);
    let open = |c: Cell| board.index(c).is_some_and(|k| is_open[k]);
    for dz in 0..=board.depth - shape.depth() {
        for dy in 0..=board.height - shape.height() {
            for dx in -left..=board.width - shape.width() {
                let d = Cell::at(dx, dy, dz);
                if !lattice.is_translation(d) || !shape.cells().iter().all(|&c| open(c + d)) {
                    continue;
                }
                out.push(Placement {
                    piece,
                    cells: shape.cells().iter().map(|&c| c + d).collect(),
                    fixed: false,
                });
            }
        }
    }
}

/// The pre-placed pieces of `board`, checked against `set`.
fn preplaced(board: &Board, set: &PieceSet) -> Result<Vec<Placement>, InputError> {
    let mut by_label: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
    for c in board.cells() {
        if let Square::Preplaced(label) = board.square(c) {
            by_label.entry(label).or_default().push(c);
        }
    }
    let mut fixed = Vec::new();
    for (label, cells) in by_label {
        let at = |c: Cell, msg: String| match board.cell_location(c) {
            Some(loc) => InputError::at(loc, msg),
            None => board_error(board, msg),
        };
        let Some(k) = set.by_label(label) else {
            let labels: String = set.pieces.iter().map(|p| p.label).collect();
            return Err(at(
                cells[0],
                format!("`{label}` names no piece of the set `{}`", set.name),
            )
            .with_hint(format!(
                "pre-placed cells use the labels of the pieces ({labels}); `.` is an open cell, `#` a blocked one"
            )));
        };
        let piece = &set.pieces[k];
        let lattice = board.lattice();
        let shape = lattice.shape(&cells).expect("at least one cell");
        if !piece.orientations(lattice).iter().any(|(s, _)| *s == shape) {
            return Err(at(
                cells[0],
                format!(
                    "the cells labelled `{label}` ({}) do not form piece {} ({}{})",
                    cells_word(cells.len() as u64),
                    piece.name,
                    cells_word(piece.shape.len() as u64),
                    if piece.mirror {
                        ""
                    } else {
                        ", not turned over"
                    }
                ),
            )
            .with_hint(format!(
                "piece {} looks like this:\n{}",
                piece.name,
                piece.shape.picture(lattice, '#').join("\n")
            )));
        }
        fixed.push(Placement {
            piece: k,
            cells,
            fixed: true,
        });
    }
    Ok(fixed)
}

/// "1 cell", "5 cells".
fn cells_word(n: u64) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}

fn board_error(board: &Board, msg: impl Into<String>) -> InputError {
    match board.location() {
        Some(loc) => InputError::at(loc, msg),
        None => InputError::new(msg),
    }
}
