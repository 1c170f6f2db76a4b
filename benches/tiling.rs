//! Tiling benchmarks: the solver's `count` with each engine on the puzzles of the speed
//! issue, and the plain C DLX (`/work/shared/bench/refdlx.c`, built here with `cc -O2`)
//! on the same questions as the yardstick; prints polyx time / refdlx time per case.
//! The puzzles are the built-in boards with their piece sets.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use polyx::cover::{knuth, Problem};
use polyx::{load_puzzle, Engine, Puzzle, Solver, SymmetryMode};

const REFDLX_SRC: &str = "/work/shared/bench/refdlx.c";
const INSTANCES: &str = "/work/shared/instances";

/// The built-in board `name` with its piece set.
fn builtin(name: &str) -> Puzzle {
    let (board, pieces) = load_puzzle(name, None).expect("a built-in board");
    Puzzle::new(board, pieces).expect("a valid puzzle")
}

fn target_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join("bench-data");
    std::fs::create_dir_all(&dir).expect("target dir");
    dir
}

/// Builds refdlx; `None` if there is no C compiler or no source.
fn refdlx() -> Option<PathBuf> {
    let exe = target_dir().join("refdlx");
    let ok = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(REFDLX_SRC)
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(exe)
}

/// The best of `reps` runs of refdlx on `matrix`.
fn time_refdlx(exe: &Path, matrix: &Path, reps: usize) -> Duration {
    (0..reps)
        .map(|_| {
            let input = std::fs::File::open(matrix).expect("matrix");
            let start = Instant::now();
            let status = Command::new(exe)
                .stdin(input)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .expect("refdlx runs");
            assert!(status.success());
            start.elapsed()
        })
        .min()
        .expect("reps > 0")
}

/// The cells-only matrix of the domino tilings of `puzzle`.
fn domino_cells_matrix(puzzle: &Puzzle) -> Problem {
    let mut p = Problem::new();
    let items: Vec<_> = puzzle
        .open
        .iter()
        .map(|c| p.add_primary(format!("r{}c{}", c.y, c.x)))
        .collect();
    for pl in &puzzle.placements {
        let row: Vec<_> = pl
            .cells
            .iter()
            .map(|c| items[puzzle.open.iter().position(|o| o == c).expect("open")])
            .collect();
        p.add_option(&row).expect("valid option");
    }
    p
}

fn write_matrix(name: &str, problem: &Problem) -> PathBuf {
    let path = target_dir().join(name);
    std::fs::write(&path, knuth::write(problem)).expect("write matrix");
    path
}

struct Case {
    name: &'static str,
    puzzle: Puzzle,
    mode: SymmetryMode,
    expected: u64,
    /// Also time the DLX engine (too slow for some).
    dlx: bool,
    /// The refdlx matrix for the same question.
    matrix: PathBuf,
}

fn cases() -> Vec<Case> {
    let pent_6x10 = Path::new(INSTANCES).join("pent_6x10.dlx");
    let (scott, eight_by_eight_square) = (builtin("scott"), builtin("8x8-square"));
    let domino_8x8 = builtin("dominoes-8x8");
    let scott_m = write_matrix("pent_scott.dlx", &scott.problem());
    let square = write_matrix("pent_8x8_square.dlx", &eight_by_eight_square.problem());
    let dominoes = write_matrix("dominoes_8x8_cells.dlx", &domino_cells_matrix(&domino_8x8));
    vec![
        Case {
            name: "6x10 keep",
            puzzle: builtin("6x10"),
            mode: SymmetryMode::Keep,
            expected: 9356,
            dlx: true,
            matrix: pent_6x10.clone(),
        },
        Case {
            name: "6x10 reduce",
            puzzle: builtin("6x10"),
            mode: SymmetryMode::Reduce,
            expected: 2339,
            dlx: true,
            matrix: pent_6x10,
        },
        Case {
            name: "scott keep",
            puzzle: scott.clone(),
            mode: SymmetryMode::Keep,
            expected: 520,
            dlx: true,
            matrix: scott_m.clone(),
        },
        Case {
            name: "scott reduce",
            puzzle: scott,
            mode: SymmetryMode::Reduce,
            expected: 65,
            dlx: true,
            matrix: scott_m.clone(),
        },
        Case {
            name: "8x8+square keep",
            puzzle: eight_by_eight_square.clone(),
            mode: SymmetryMode::Keep,
            expected: 129_168,
            dlx: false,
            matrix: square.clone(),
        },
        Case {
            name: "8x8+square reduce",
            puzzle: eight_by_eight_square,
            mode: SymmetryMode::Reduce,
            expected: 16_146,
            dlx: false,
            matrix: square,
        },
        Case {
            name: "dominoes 8x8 keep",
            puzzle: domino_8x8,
            mode: SymmetryMode::Keep,
            expected: 12_988_816,
            dlx: false,
            matrix: dominoes,
        },
    ]
}

/// What `polyx count` does after loading: build the solver, count.
fn count(puzzle: &Puzzle, mode: SymmetryMode, engine: Engine) -> u64 {
    let mut solver = Solver::new(puzzle.clone(), mode);
    assert!(solver.use_engine(engine));
    solver
        .count()
        .solutions
        .to_u64()
        .expect("a benchmark's count fits a word")
}

fn best_of(reps: usize, f: impl Fn() -> u64) -> Duration {
    (0..reps)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .min()
        .expect("reps > 0")
}

fn tiling(c: &mut Criterion) {
    let cases = cases();
    let mut group = c.benchmark_group("tiling");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for case in &cases {
        let engines: &[Engine] = if case.dlx {
            &[Engine::Bitboard, Engine::Dlx]
        } else {
            &[Engine::Bitboard]
        };
        for &engine in engines {
            assert_eq!(count(&case.puzzle, case.mode, engine), case.expected);
            group.bench_function(format!("{} {engine:?}", case.name), |b| {
                b.iter(|| count(&case.puzzle, case.mode, engine))
            });
        }
    }
    group.finish();

    let Some(exe) = refdlx() else {
        eprintln!("no C compiler or {REFDLX_SRC}: no refdlx ratios");
        return;
    };
    println!(
        "\npolyx (bitboard, best of 5) / refdlx (best of 3, 1 for the slow ones), same question:"
    );
    for case in &cases {
        let ours = best_of(5, || count(&case.puzzle, case.mode, Engine::Bitboard));
        let reps = if case.dlx { 3 } else { 1 };
        let theirs = time_refdlx(&exe, &case.matrix, reps);
        let nodes = Solver::new(case.puzzle.clone(), case.mode)
            .count()
            .stats
            .nodes;
        println!(
            "  {:20} polyx {:9.4} s  refdlx {:8.3} s  ratio {:.4}  ({nodes} nodes)",
            case.name,
            ours.as_secs_f64(),
            theirs.as_secs_f64(),
            ours.as_secs_f64() / theirs.as_secs_f64()
        );
    }
}

criterion_group!(benches, tiling);
criterion_main!(benches);
