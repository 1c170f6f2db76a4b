//! The grids of segments against a brute force (SPEC §9): random small boards of sticks,
//! trigs and twigs (a bordered block less random holes) and random sets of up to four
//! pieces (free or one-sided, any of them may stay unused), crossing allowed or not.
//! The brute force places each piece by the lattice's transforms and translations
//! alone, tiles by plain backtracking over the segments, and checks the no-crossing rule
//! after the fact, by the angles of the segments at each point in the plane (from
//! Puzzler's coordinates, not from polyx's chords); `polyx count --symmetry keep` must
//! agree, and the reduced count must not exceed it.

use std::collections::{BTreeMap, HashSet};

use polyx::{parse_board, parse_piece_set, polyforms, Cell, Grid, Puzzle, Solver, SymmetryMode};
use proptest::prelude::*;

/// A random puzzle: the grid, the board's size and holes, random numbers that cut the
/// board into pieces (so that it has tilings) and make one extra piece, whether the
/// pieces may be turned over, whether crossing is allowed.
#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    size: (i32, i32),
    holes: Vec<usize>,
    cuts: Vec<usize>,
    mirror: bool,
    crossing: bool,
}

fn cases() -> impl Strategy<Value = Case> {
    (
        prop_oneof![Just(Grid::Sticks), Just(Grid::Trigs), Just(Grid::Twigs)],
        (1..=2i32, 1..=2i32),
        prop::collection::vec(0..64usize, 0..4),
        prop::collection::vec(0..1000usize, 64),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(grid, size, holes, cuts, mirror, crossing)| Case {
            grid,
            size,
            holes,
            cuts,
            mirror,
            crossing,
        })
}

/// The open segments cut into connected pieces of 2 to 4 segments (fewer where the
/// segments around run out), grown from the first
/// segment not yet taken through random neighbours; then one random extra piece.
fn cut(case: &Case, open: &[Cell]) -> Vec<Vec<Cell>> {
    let lattice = case.grid.lattice();
    let mut random = case.cuts.iter().cycle().copied();
    let mut next = move |n: usize| random.next().unwrap() % n;
    let mut taken: HashSet<Cell> = HashSet::new();
    let mut pieces = Vec::new();
    while let Some(&start) = open.iter().find(|c| !taken.contains(c)) {
        let size = 2 + next(3);
        let mut piece = vec![start];
        taken.insert(start);
        while piece.len() < size {
            let around: Vec<Cell> = (piece.iter())
                .flat_map(|&c| lattice.neighbours(c))
                .filter(|n| open.contains(n) && !taken.contains(n))
                .collect();
            if around.is_empty() {
                break;
            }
            let c = around[next(around.len())];
            taken.insert(c);
            piece.push(c);
        }
        pieces.push(piece);
    }
    let shapes = polyforms(lattice, 1 + next(4), false);
    pieces.push(shapes[next(shapes.len())].cells().to_vec());
    pieces
}

/// One label per piece.
const LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Puzzler's `[x, y, d]` of a cell.
fn xyd(grid: Grid, c: Cell) -> [i32; 3] {
    grid.lattice().segments().unwrap().to_puzzler(c).unwrap()
}

fn list(segments: &[[i32; 3]]) -> String {
    let items: Vec<String> = segments
        .iter()
        .map(|[x, y, d]| format!("[{x}, {y}, {d}]"))
        .collect();
    format!("[{}]", items.join(", "))
}

/// The case as a board and a piece set, or `None` if every segment is a hole.
fn puzzle(case: &Case) -> Option<Puzzle> {
    let grid = case.grid;
    let lattice = grid.lattice();
    let all = lattice.parallelogram(case.size.0, case.size.1);
    let holes: HashSet<Cell> = case.holes.iter().map(|&k| all[k % all.len()]).collect();
    if holes.len() == all.len() {
        return None;
    }
    let open: Vec<Cell> = all.iter().filter(|c| !holes.contains(c)).copied().collect();
    let mut set = format!("grid = \"{}\"\nmirror = {}\n", grid.name(), case.mirror);
    for (k, piece) in cut(case, &open).iter().enumerate() {
        let segments: Vec<[i32; 3]> = piece.iter().map(|&c| xyd(grid, c)).collect();
        set.push_str(&format!(
            "[[piece]]\nname = \"P{k}\"\nlabel = \"{}\"\nsegments = {}\n",
            LABELS.as_bytes()[k % LABELS.len()] as char,
            list(&segments)
        ));
    }
    let holes: Vec<[i32; 3]> = holes.iter().map(|&c| xyd(grid, c)).collect();
    let mut board = format!(
        "grid = \"{}\"\nsize = [{}, {}]\nuse_all_pieces = false\ncrossing = {}\n",
        grid.name(),
        case.size.0,
        case.size.1,
        case.crossing
    );
    if !holes.is_empty() {
        board.push_str(&format!("holes = {}\n", list(&holes)));
    }
    let set = parse_piece_set("set.toml", &set).unwrap();
    let board = parse_board("board.toml", &board).unwrap();
    Some(Puzzle::new(board, set).unwrap())
}

/// The end points of segment `[x, y, d]` in the lattice of points (integer coordinates
/// in a basis of the plane given by [`position`]).
fn ends(grid: Grid, [x, y, d]: [i32; 3]) -> [(i32, i32); 2] {
    match grid {
        Grid::Sticks => [(x, y), if d == 0 { (x + 1, y) } else { (x, y + 1) }],
        Grid::Trigs => {
            let step = [(1, 0), (0, 1), (-1, 1)][d as usize];
            [(x, y), (x + step.0, y + step.1)]
        }
        _ => {
            // The lower left corner of hexagon (x, y) in the triangular lattice.
            let p = (x - y, x + 2 * y - 1);
            let step = [(1, 0), (-1, 1), (0, -1)][d as usize];
            [p, (p.0 + step.0, p.1 + step.1)]
        }
    }
}

/// A point of the lattice in the plane.
fn position(grid: Grid, (i, j): (i32, i32)) -> (f64, f64) {
    let (i, j) = (f64::from(i), f64::from(j));
    match grid {
        Grid::Sticks => (i, j),
        _ => (i + j / 2.0, j * 3f64.sqrt() / 2.0),
    }
}

/// Whether two pieces cross: at a point both use, a pair of directions of one
/// interleaves, by angle around the point, with a pair of the other.
fn cross(grid: Grid, a: &[[i32; 3]], b: &[[i32; 3]]) -> bool {
    let angles = |piece: &[[i32; 3]]| {
        let mut at: BTreeMap<(i32, i32), Vec<f64>> = BTreeMap::new();
        for &s in piece {
            let [p, q] = ends(grid, s);
            for (from, to) in [(p, q), (q, p)] {
                let (f, t) = (position(grid, from), position(grid, to));
                at.entry(from)
                    .or_default()
                    .push((t.1 - f.1).atan2(t.0 - f.0));
            }
        }
        at
    };
    let (ta, tb) = (angles(a), angles(b));
    ta.iter().any(|(p, da)| {
        let Some(db) = tb.get(p) else { return false };
        let pairs = |d: &Vec<f64>| {
            let mut out = Vec::new();
            for i in 0..d.len() {
                for j in i + 1..d.len() {
                    out.push((d[i].min(d[j]), d[i].max(d[j])));
                }
            }
            out
        };
        pairs(da).iter().any(|&(lo, hi)| {
            pairs(db).iter().any(|&(c, d)| {
                let inside = |v: f64| lo < v && v < hi;
                inside(c) != inside(d)
            })
        })
    })
}

/// The tilings of the case's board by plain backtracking, each piece used at most
/// once, every segment covered, no two pieces crossing unless allowed.
fn brute_force(puzzle: &Puzzle) -> u64 {
    let board = &puzzle.board;
    let grid = board.grid;
    let lattice = grid.lattice();
    let open: Vec<Cell> = board.open_cells().collect();
    let index = |c: Cell| open.iter().position(|&o| o == c);
    // Every placement of every piece as a bit set of open segments.
    let mut placements: Vec<Vec<u64>> = Vec::new();
    for piece in &puzzle.set.pieces {
        let mut seen = HashSet::new();
        for t in (0..lattice.order()).filter(|&t| piece.mirror || lattice.is_rotation(t)) {
            let image: Vec<Cell> = piece
                .shape
                .cells()
                .iter()
                .map(|&c| lattice.apply(t, c))
                .collect();
            for &target in &open {
                let d = target - image[0];
                if !lattice.is_translation(d) {
                    continue;
                }
                let bits: Option<u64> =
                    image.iter().map(|&c| index(c + d).map(|k| 1u64 << k)).sum();
                if let Some(bits) = bits {
                    seen.insert(bits);
                }
            }
        }
        placements.push(seen.into_iter().collect());
    }
    let segments = |bits: u64| -> Vec<[i32; 3]> {
        (0..open.len())
            .filter(|k| bits & (1 << k) != 0)
            .map(|k| xyd(grid, open[k]))
            .collect()
    };
    let full = if open.len() == 64 {
        u64::MAX
    } else {
        (1u64 << open.len()) - 1
    };
    let mut count = 0;
    let mut chosen: Vec<u64> = Vec::new();
    fn search(
        covered: u64,
        full: u64,
        used: u32,
        placements: &[Vec<u64>],
        chosen: &mut Vec<u64>,
        done: &mut dyn FnMut(&[u64]),
    ) {
        if covered == full {
            done(chosen);
            return;
        }
        let first = (!covered).trailing_zeros();
        for (k, list) in placements.iter().enumerate() {
            if used & (1 << k) != 0 {
                continue;
            }
            for &p in list {
                if p & (1 << first) != 0 && p & covered == 0 {
                    chosen.push(p);
                    search(covered | p, full, used | (1 << k), placements, chosen, done);
                    chosen.pop();
                }
            }
        }
    }
    let crossing = board.crossing;
    search(0, full, 0, &placements, &mut chosen, &mut |tiling| {
        let pieces: Vec<Vec<[i32; 3]>> = tiling.iter().map(|&p| segments(p)).collect();
        let ok = crossing
            || (0..pieces.len())
                .all(|i| (i + 1..pieces.len()).all(|j| !cross(grid, &pieces[i], &pieces[j])));
        if ok {
            count += 1;
        }
    });
    count
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn counts_on_random_stick_boards_match_a_brute_force(case in cases()) {
        let puzzle = puzzle(&case);
        prop_assume!(puzzle.is_some());
        let puzzle = puzzle.unwrap();
        let want = brute_force(&puzzle);
        let keep = Solver::new(puzzle.clone(), SymmetryMode::Keep).count().solutions.to_u64().unwrap();
        prop_assert_eq!(keep, want, "{:?}", case);
        let reduce = Solver::new(puzzle, SymmetryMode::Reduce).count().solutions.to_u64().unwrap();
        prop_assert!(reduce <= keep && (keep == 0) == (reduce == 0), "{:?}", case);
    }
}
