//! 3D puzzles built in code: the Soma cube, the solid pentominoes in 3×4×5 and 2×5×6,
//! the Bedlam cube (its pieces from `tests/data/solids/bedlam.txt`) and the 14-ball
//! pyramid of flat trominoes and dominoes. Counts, search-tree nodes and link updates on
//! each engine side by side, and the exact-cover matrices in Knuth's DLX format.
//! (`scripts/bench-solids.sh` times the built-in boards against the C yardstick.)
//!
//! `solids` prints every case but Bedlam on both engines (one thread, keep mode);
//! `solids CASE count [keep|reduce] [-jN] [dlx]` counts one case (bitboard unless
//! `dlx`; reduce and 1 thread by default) and prints the count, nodes, updates and the
//! time; `solids CASE matrix` writes its matrix to stdout (as `polyx show --dlx`).

use std::time::Instant;

use polyx::{
    run, Board, Cell, Engine, Grid, Piece, PieceSet, Puzzle, RunOptions, Shape, Solver, Square,
    SymmetryMode,
};

/// A box of `grid`, every position open.
fn solid_box(grid: Grid, [x, y, z]: [i32; 3]) -> Board {
    Board::layered(
        "box",
        grid,
        [x, y, z],
        vec![Square::Open; (x * y * z) as usize],
    )
}

/// The square pyramid of `n` layers on the sphere grid (layer `z`: the `(n - z)` square
/// at columns and rows `0..n - z`).
fn pyramid(n: i32) -> Board {
    let squares = (0..n)
        .flat_map(|z| (0..n).flat_map(move |y| (0..n).map(move |x| (x, y, z))))
        .map(|(x, y, z)| {
            if x < n - z && y < n - z {
                Square::Open
            } else {
                Square::Outside
            }
        })
        .collect();
    Board::layered("pyramid", Grid::Sphere, [n, n, n], squares)
}

fn set(grid: Grid, name: &str, pieces: Vec<Piece>) -> PieceSet {
    PieceSet {
        grid,
        name: name.into(),
        description: String::new(),
        pieces,
    }
}

fn piece(label: char, name: &str, cells: impl IntoIterator<Item = Cell>, mirror: bool) -> Piece {
    Piece {
        name: name.into(),
        label,
        shape: Shape::new(cells).expect("a shape"),
        count: 1,
        min: 1,
        mirror,
        color: None,
    }
}

/// The pieces of a file of lines `label name x,y,z x,y,z …` (`#` starts a comment).
fn read_pieces(grid: Grid, name: &str, text: &str) -> PieceSet {
    let pieces = (text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            let label = words
                .next()
                .and_then(|w| w.chars().next())
                .expect("a label");
            let name = words.next().expect("a name");
            let cells = words.map(|w| {
                let v: Vec<i32> = w.split(',').map(|n| n.parse().expect("a number")).collect();
                Cell::at(v[0], v[1], v[2])
            });
            piece(label, name, cells.collect::<Vec<_>>(), false)
        })
        .collect();
    set(grid, name, pieces)
}

/// The seven Soma pieces: the polycubes of 3 and 4 cubes that are not boxes.
fn soma() -> PieceSet {
    let is_box = |s: &Shape| (s.width() * s.height() * s.depth()) as usize == s.len();
    let lattice = Grid::Cube.lattice();
    let shapes = (polyx::polyforms(lattice, 3, true).into_iter())
        .chain(polyx::polyforms(lattice, 4, true))
        .filter(|s| !is_box(s));
    let pieces = (shapes.zip('A'..))
        .map(|(s, label)| piece(label, &label.to_string(), s.cells().to_vec(), false))
        .collect();
    set(Grid::Cube, "soma", pieces)
}

/// The 12 pentominoes as flat solid pieces, free.
fn solid_pentominoes() -> PieceSet {
    let flat = polyx::polyforms(Grid::Square.lattice(), 5, false);
    let pieces = (flat.into_iter().zip("FILNPTUVWXYZ".chars()))
        .map(|(s, label)| piece(label, &label.to_string(), s.cells().to_vec(), true))
        .collect();
    set(Grid::Cube, "solid-pentominoes", pieces)
}

/// Flat ball trominoes and dominoes (two L, two I, two pairs: 14 balls).
fn ball_pieces() -> PieceSet {
    let l = [(0, 0), (1, 0), (0, 1)].map(|(x, y)| Cell::new(x, y));
    let i = [(0, 0), (1, 0), (2, 0)].map(|(x, y)| Cell::new(x, y));
    let d = [(0, 0), (1, 0)].map(|(x, y)| Cell::new(x, y));
    let mut pieces = vec![piece('L', "L", l, true), piece('I', "I", i, true)];
    pieces.push(piece('D', "D", d, true));
    (pieces[0].count, pieces[0].min) = (2, 2);
    (pieces[1].count, pieces[1].min) = (2, 2);
    (pieces[2].count, pieces[2].min) = (1, 1);
    set(Grid::Sphere, "balls", pieces)
}

/// The cases: name, puzzle.
fn cases() -> Vec<(&'static str, Puzzle)> {
    let puzzle = |b: Board, s: PieceSet| Puzzle::new(b, s).expect("a valid puzzle");
    let bedlam = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/solids/bedlam.txt");
    let bedlam = std::fs::read_to_string(bedlam).expect("the Bedlam pieces");
    vec![
        ("soma", puzzle(solid_box(Grid::Cube, [3, 3, 3]), soma())),
        (
            "solid-pentominoes-3x4x5",
            puzzle(solid_box(Grid::Cube, [3, 4, 5]), solid_pentominoes()),
        ),
        (
            "solid-pentominoes-2x5x6",
            puzzle(solid_box(Grid::Cube, [2, 5, 6]), solid_pentominoes()),
        ),
        ("balls-pyramid-3", puzzle(pyramid(3), ball_pieces())),
        (
            "bedlam",
            puzzle(
                solid_box(Grid::Cube, [4, 4, 4]),
                read_pieces(Grid::Cube, "bedlam", &bedlam),
            ),
        ),
    ]
}

/// Counts `puzzle` on `engine` in `mode` with `threads`; the report and the seconds.
fn count(
    puzzle: &Puzzle,
    engine: Engine,
    mode: SymmetryMode,
    threads: usize,
) -> (polyx::RunReport, f64) {
    let t = Instant::now();
    let mut solver = Solver::new(puzzle.clone(), mode);
    assert!(solver.use_engine(engine), "{engine:?} applies");
    let opts = RunOptions {
        threads,
        ..RunOptions::default()
    };
    let r = run(&solver, &opts, &mut |_| std::ops::ControlFlow::Continue(())).expect("a run");
    (r, t.elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = cases();
    if let [name, what, rest @ ..] = &args[..] {
        let (_, puzzle) = (all.iter()).find(|(n, _)| n == name).expect("a case name");
        if what == "matrix" {
            print!("{}", polyx::cover::knuth::write(&puzzle.problem()));
            return;
        }
        let has = |w: &str| rest.iter().any(|a| a == w);
        let engine = if has("dlx") {
            Engine::Dlx
        } else {
            Engine::Bitboard
        };
        let mode = if has("keep") {
            SymmetryMode::Keep
        } else {
            SymmetryMode::Reduce
        };
        let threads = (rest.iter())
            .find_map(|a| a.strip_prefix("-j").and_then(|n| n.parse().ok()))
            .unwrap_or(1);
        let (r, secs) = count(puzzle, engine, mode, threads);
        println!(
            "{name} {engine:?} {mode:?} -j{threads}: {} solutions, {} nodes, {} updates, {secs:.3} s",
            r.solutions, r.stats.nodes, r.stats.updates
        );
        return;
    }
    for (name, puzzle) in all.iter().filter(|(n, _)| *n != "bedlam") {
        for engine in [Engine::Bitboard, Engine::Dlx] {
            let (r, secs) = count(puzzle, engine, SymmetryMode::Keep, 1);
            println!(
                "{name:26} {engine:?}: {} solutions, {} nodes, {} updates, {secs:.4} s",
                r.solutions, r.stats.nodes, r.stats.updates
            );
        }
    }
}
