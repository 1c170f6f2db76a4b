//! Counting classes of tilings by Burnside's lemma, for `--symmetry reduce` when no piece
//! can be restricted (every piece has copies, as with 32 dominoes). The number of classes
//! is the mean, over the board's symmetries, of the number of tilings each one maps onto
//! itself: the identity fixes every tiling (the `keep` count), and a symmetry `g` fixes
//! exactly the tilings made of whole orbits of placements under the powers of `g`. Those
//! are counted by an exact cover of their own: one option per orbit whose placements do
//! not overlap, and, for each piece, one item per orbit size, covered as many times as
//! a split of the piece's copies into orbits of that size asks (one search per split).
//! Far fewer symmetric tilings exist than tilings, so this costs little next to the
//! `keep` count, and it replaces the search for the least tiling of each class.
//!
//! With one kind of piece (dominoes on a rectangle), whose copies every tiling uses, or
//! pieces given as often as needed ([`copies_are_free`]), the symmetric tilings are
//! counted by the transfer matrix instead
//! ([`fixed_by_transfer`]): a symmetric tiling is an exact cover of the orbits of cells
//! by the orbits of placements, which cover whole orbits of cells, and numbered from
//! the orbits' first cells along the board's short side those covers are local, so
//! their count costs what their profiles cost, however many tilings there are (the
//! 2 × 93 strip's tilings fixed by its half turn: F(47), about 3·10^9).

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::cover::search::Visitor;
use crate::cover::{AnySearch, Outcome, Problem, Visit};

use crate::count::Count;
use crate::model::puzzle::cell_item_name;
use crate::model::Puzzle;
use crate::transfer::{self, CountStopped};

use super::group::Group;

/// At most this many splits of the copies (searches) per symmetry.
const MAX_SPLITS: usize = 4096;

/// Whether the classes of `puzzle`'s tilings can be counted this way: every cell and
/// every copy must be used (no ranges), and every symmetry must map every piece to itself (not so
/// for one-sided sets whose reflections swap mirror pieces).
pub fn applies(puzzle: &Puzzle, group: &Group) -> bool {
    // The orbits' options would need the crossing items too.
    puzzle.board.cover_all_cells
        && !puzzle.has_crossing_rule()
        && (puzzle.board.use_all_pieces && !puzzle.has_ranges() || copies_are_free(puzzle))
        && (group.elements.iter())
            .all(|g| g.pieces.iter().enumerate().all(|(k, &image)| image == k))
}

/// Whether no tiling of `puzzle` can meet a limit of its copies: each piece may be left
/// out, and has copies enough to cover every open cell alone (a set given "as often as
/// needed"). Then a symmetric tiling is any exact cover of the orbits of cells by
/// orbits of placements, which only [`fixed_by_transfer`] counts.
pub fn copies_are_free(puzzle: &Puzzle) -> bool {
    let open = puzzle.open.len();
    (0..puzzle.set.pieces.len()).all(|k| {
        puzzle.least(k) == 0
            && puzzle.remaining[k] as usize * puzzle.set.pieces[k].shape.len() >= open
    })
}

/// The number of tilings of `puzzle` that symmetry `g` (an index into `group`) maps onto
/// themselves and the search nodes that took; `None` if the copies split into too many
/// ways to search each, or `stop` was set before the count was done.
pub fn fixed_tilings(
    puzzle: &Puzzle,
    group: &Group,
    g: usize,
    stop: &AtomicBool,
) -> Option<(u64, u64)> {
    let orbits = disjoint_orbits(puzzle, &group.images[g]);
    let splits = splits_of_the_copies(puzzle, &orbits)?;
    // The orbit classes in the order the splits list their counts.
    let classes: Vec<(usize, usize)> = (puzzle.remaining.iter().enumerate())
        .filter(|&(_, &copies)| copies > 0)
        .flat_map(|(piece, _)| orbits.keys().filter(move |&&(p, _)| p == piece).copied())
        .collect();
    let (mut total, mut nodes) = (0, 0);
    for counts in &splits {
        let (t, n) = count_one_split(puzzle, &orbits, &classes, counts, stop)?;
        total += t;
        nodes += n;
    }
    Some((total, nodes))
}

/// The number of tilings of `puzzle` that symmetry `g` maps onto themselves, by the
/// transfer matrix over the orbits of cells (see the module's header); `None` if that
/// does not apply (copies that bind, other than one kind's that every tiling uses all
/// of, or too many states: then [`fixed_tilings`]), an error if `stop` was set first.
pub fn fixed_by_transfer(
    puzzle: &Puzzle,
    group: &Group,
    g: usize,
    stop: &AtomicBool,
) -> Option<Result<Count, CountStopped>> {
    let exact = match &puzzle.set.pieces[..] {
        [piece] => puzzle.remaining[0] as usize * piece.shape.len() == puzzle.open.len(),
        _ => false,
    };
    if !exact && !copies_are_free(puzzle) {
        return None;
    }
    // The orbits of cells, numbered by their first cell in the scan order (of the axes
    // and the two diagonals) whose longest option is shortest.
    let board = &puzzle.board;
    let mut orbit_of = vec![usize::MAX; board.frame_len()];
    let mut members: Vec<Vec<crate::geom::Cell>> = Vec::new();
    for &c in &puzzle.open {
        if orbit_of[cell_index(puzzle, &c)] != usize::MAX {
            continue;
        }
        let mut orbit = vec![c];
        orbit_of[cell_index(puzzle, &c)] = members.len();
        let mut d = group.map(g, c);
        while d != c {
            orbit_of[board.index(d)?] = members.len();
            orbit.push(d);
            d = group.map(g, d);
        }
        members.push(orbit);
    }
    let orbits = disjoint_orbits(puzzle, &group.images[g]);
    type Key = fn(crate::geom::Cell) -> (i32, i32, i32);
    let keys: [Key; 4] = [
        |c| (c.z, c.x, c.y),
        |c| (c.z, c.y, c.x),
        |c| (c.z, c.x + c.y, c.x),
        |c| (c.z, c.x - c.y, c.x),
    ];
    let mut best: Option<(u32, Vec<Vec<u32>>)> = None;
    for key in keys {
        let first = |o: usize| members[o].iter().map(|&c| key(c)).min().expect("an orbit");
        let mut by_first: Vec<usize> = (0..members.len()).collect();
        by_first.sort_by_key(|&o| first(o));
        let mut position = vec![0u32; members.len()];
        for (p, &o) in by_first.iter().enumerate() {
            position[o] = p as u32;
        }
        let options: Vec<Vec<u32>> = (orbits.values().flatten())
            .map(|cells| {
                let mut o: Vec<u32> = cells.iter().map(|&i| position[orbit_of[i]]).collect();
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        let span = (options.iter())
            .map(|o| o[o.len() - 1] - o[0])
            .max()
            .unwrap_or(0);
        if best.as_ref().is_none_or(|(s, _)| span < *s) {
            best = Some((span, options));
        }
    }
    let (_, options) = best?;
    let positions = members.len();
    // Past the budget the search of `fixed_tilings` takes over, which no board this large
    // finishes either. (The Aztec diamond of order 23's tilings fixed by a reflection
    // take 2^22 states, 745 MB: docs/benchmarks/transfer.md.)
    match transfer::count_cover(positions, &options, stop, transfer::state_budget()) {
        Ok(Some(count)) => Some(Ok(count)),
        Ok(None) => None,
        Err(e) => Some(Err(e)),
    }
}

/// Orbit cells, by piece and orbit size.
type Orbits = BTreeMap<(usize, usize), Vec<Vec<usize>>>;

/// The orbits of placements under the powers of the symmetry that maps placement `k` to
/// `image[k]`, as the cells they cover, of those whose placements are disjoint.
fn disjoint_orbits(puzzle: &Puzzle, image: &[u32]) -> Orbits {
    let mut seen = vec![false; puzzle.placements.len()];
    let mut orbits = Orbits::new();
    for start in 0..puzzle.placements.len() {
        if seen[start] {
            continue;
        }
        let mut cycle = vec![start];
        seen[start] = true;
        let mut k = image[start] as usize;
        while k != start {
            seen[k] = true;
            cycle.push(k);
            k = image[k] as usize;
        }
        let mut cells: Vec<usize> = (cycle.iter())
            .flat_map(|&k| puzzle.placements[k].cells.iter())
            .map(|c| cell_index(puzzle, c))
            .collect();
        let all = cells.len();
        cells.sort_unstable();
        cells.dedup();
        if cells.len() == all {
            let piece = puzzle.placements[start].piece;
            orbits.entry((piece, cycle.len())).or_default().push(cells);
        }
    }
    orbits
}

/// Every way to split each piece's copies into orbits of the sizes it has (the counts
/// of each piece's orbit sizes, piece after piece); `None` if more than [`MAX_SPLITS`].
fn splits_of_the_copies(puzzle: &Puzzle, orbits: &Orbits) -> Option<Vec<Vec<u32>>> {
    let mut splits: Vec<Vec<u32>> = vec![Vec::new()];
    for (piece, &copies) in puzzle.remaining.iter().enumerate() {
        if copies == 0 {
            continue;
        }
        let sizes: Vec<usize> = (orbits.keys())
            .filter(|&&(p, _)| p == piece)
            .map(|&(_, s)| s)
            .collect();
        let mut ways = Vec::new();
        split(copies, &sizes, &mut Vec::new(), &mut ways);
        let mut next = Vec::with_capacity(splits.len() * ways.len());
        for s in &splits {
            for w in &ways {
                next.push(s.iter().chain(w).copied().collect());
            }
        }
        if next.len() > MAX_SPLITS {
            return None;
        }
        splits = next;
    }
    Some(splits)
}

/// The index of a cell in the board's frame.
fn cell_index(puzzle: &Puzzle, &c: &crate::geom::Cell) -> usize {
    puzzle.board.index(c).expect("open cells lie in the frame")
}

/// Every list of counts `n[i]` with `sum(n[i] * sizes[i]) == copies`, appended to `out`.
fn split(copies: u32, sizes: &[usize], prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    match sizes.split_first() {
        None => {
            if copies == 0 {
                out.push(prefix.clone());
            }
        }
        Some((&size, rest)) => {
            for n in 0..=copies / size as u32 {
                prefix.push(n);
                split(copies - n * size as u32, rest, prefix, out);
                prefix.pop();
            }
        }
    }
}

/// The symmetric tilings that use `counts[i]` orbits of class `classes[i]`, and the
/// nodes searched; `None` if `stop` was set first.
fn count_one_split(
    puzzle: &Puzzle,
    orbits: &Orbits,
    classes: &[(usize, usize)],
    counts: &[u32],
    stop: &AtomicBool,
) -> Option<(u64, u64)> {
    let mut problem = Problem::new();
    let mut cell_item = vec![None; puzzle.board.frame_len()];
    for c in &puzzle.open {
        cell_item[cell_index(puzzle, c)] = Some(problem.add_primary(cell_item_name(*c)));
    }
    let mut row = Vec::new();
    for (&(piece, size), &n) in classes.iter().zip(counts) {
        if n == 0 {
            continue;
        }
        let name = format!("{}x{size}", puzzle.set.pieces[piece].name);
        let item = problem
            .add_item(name, n, n)
            .expect("bounds n..=n with n >= 1");
        for cells in &orbits[&(piece, size)] {
            row.clear();
            row.push(item);
            row.extend(
                cells
                    .iter()
                    .map(|&i| cell_item[i].expect("placements cover open cells")),
            );
            problem
                .add_option(&row)
                .expect("an orbit names distinct, existing items");
        }
    }
    let mut search = AnySearch::new(&problem);
    let mut counter = Counter { stop, tilings: 0 };
    match search.run(&mut counter) {
        Outcome::Complete => Some((counter.tilings, search.stats().nodes)),
        Outcome::Stopped(_) => None,
    }
}

/// Counts solutions; stops at a tick once `stop` is set (Ctrl-C).
struct Counter<'a> {
    stop: &'a AtomicBool,
    tilings: u64,
}

impl Visitor for Counter<'_> {
    fn solution(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        self.tilings += 1;
        ControlFlow::Continue(())
    }

    fn tick(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        if self.stop.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_list_every_way_to_make_the_copies() {
        let mut out = Vec::new();
        split(4, &[1, 2], &mut Vec::new(), &mut out);
        assert_eq!(out, vec![vec![0, 2], vec![2, 1], vec![4, 0]]);
        out.clear();
        split(3, &[2], &mut Vec::new(), &mut out);
        assert!(out.is_empty());
    }

    /// The sweep over the orbits of cells counts what the search of the orbits counts,
    /// for every symmetry of rectangles, an Aztec diamond and a lozenge hexagon.
    #[test]
    fn swept_fixed_tilings_are_the_searched_ones() {
        let dominoes = |n: usize, grid: &str| {
            let text = format!(
                "name = \"d\"\ngrid = \"{grid}\"\n[[piece]]\nname = \"D\"\ncount = {n}\nshape = \"DD\"\n"
            );
            crate::model::parse_piece_set("d.toml", &text).unwrap()
        };
        let board = |text: &str| crate::model::parse_board("b.toml", text).unwrap();
        let boards = [
            board("name = \"r\"\nsize = [6, 6]\n"),
            board("name = \"r\"\nsize = [4, 7]\n"),
            board("name = \"r\"\nsize = [2, 9]\n"),
            board("name = \"aztec\"\nshape = \"\"\"\n  ..\n ....\n......\n......\n ....\n  ..\n\"\"\"\n"),
            board("name = \"hexagon\"\ngrid = \"triangle\"\nshape = \"\"\"\n ..... \n.......\n.......\n ..... \n\"\"\"\n"),
        ];
        let stop = AtomicBool::new(false);
        let mut checked = 0;
        for b in boards {
            let grid = if b.grid == crate::geom::Grid::Triangle {
                "triangle"
            } else {
                "square"
            };
            let set = dominoes(b.open_count() / 2, grid);
            let puzzle = Puzzle::new(b, set).unwrap();
            let group = Group::of(&puzzle);
            for g in 1..group.order() {
                let swept = fixed_by_transfer(&puzzle, &group, g, &stop)
                    .unwrap()
                    .unwrap();
                let (searched, _) = fixed_tilings(&puzzle, &group, g, &stop).unwrap();
                assert_eq!(swept, searched, "{} {}", puzzle.board.name, group.name(g));
                checked += 1;
            }
        }
        assert!(checked >= 12, "{checked}");
    }

    /// With pieces as often as needed, the classes by Burnside's lemma over swept fixed
    /// tilings are those the plain reduced search finds (memo off: no sweep).
    #[test]
    fn classes_of_free_copies_are_the_searched_ones() {
        use crate::solve::{Solver, SymmetryMode};
        let free = |shapes: &[&str]| {
            let mut text = String::from("name = \"free\"\n");
            for (i, s) in shapes.iter().enumerate() {
                text += &format!(
                    "[[piece]]\nname = \"{}\"\ncount = [0, 40]\nshape = \"\"\"\n{}\n\"\"\"\n",
                    (b'A' + i as u8) as char,
                    s.replace('/', "\n")
                );
            }
            crate::model::parse_piece_set("free.toml", &text).unwrap()
        };
        let sets = [
            free(&["###", "##/#."]),
            free(&["#", "##"]),
            free(&["##", "####"]),
        ];
        let mut burnsides = 0;
        for set in &sets {
            for (w, h) in [(4, 4), (3, 6), (5, 4), (2, 8)] {
                let text = format!("name = \"r\"\nsize = [{w}, {h}]\n");
                let board = crate::model::parse_board("r.toml", &text).unwrap();
                let Ok(puzzle) = Puzzle::new(board, set.clone()) else {
                    continue;
                };
                assert!(copies_are_free(&puzzle));
                burnsides += usize::from(applies(&puzzle, &Group::of(&puzzle)));
                let swept = Solver::new(puzzle.clone(), SymmetryMode::Reduce).count();
                let mut plain = Solver::new(puzzle, SymmetryMode::Reduce);
                plain.memo = false;
                let searched = plain.count();
                assert!(swept.complete && searched.complete);
                assert_eq!(swept.solutions, searched.solutions, "{w} x {h}");
            }
        }
        assert!(burnsides >= 8, "{burnsides}");
    }
}
