//! How evenly `--shard I/N` cuts a count: every shard of N searched in one process,
//! each on a fresh tree as its own process would be, with its nodes and time. The
//! measurement is ignored in `cargo test`; `scripts/shard-balance.py` runs it and makes
//! the table of docs/CLUSTER.md. The test that runs always: the shards' counts add up to
//! the whole count.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::model::{load_puzzle, Puzzle};
use crate::run::plan::shard_split;
use crate::run::{Sink, Tree};
use crate::solve::{bit_tree::BitTree, dlx_tree::DlxTree, Engine, Solver, SymmetryMode};

/// The built-in board or board file `board` with its piece set, searched in `mode`.
fn solver(board: &str, mode: SymmetryMode) -> Solver {
    let (b, set) = load_puzzle(board, None).expect("a board");
    Solver::new(Puzzle::new(b, set).expect("a valid puzzle"), mode)
}

/// Fresh trees of the engine the solver chose, as each process of a shard makes.
enum Trees<'a> {
    Bit(BitTree<'a>),
    Dlx(&'a Solver),
}

impl<'a> Trees<'a> {
    fn new(s: &'a Solver) -> Trees<'a> {
        match s.engine {
            Engine::Bitboard => Trees::Bit(BitTree::new(s).expect("the solver chose it")),
            Engine::Dlx => Trees::Dlx(s),
        }
    }

    fn fresh(&self) -> Box<dyn Tree + 'a> {
        match self {
            Trees::Bit(proto) => Box::new(proto.fork()),
            Trees::Dlx(s) => Box::new(DlxTree::new(s)),
        }
    }
}

/// Counts what a tree sends.
#[derive(Default)]
struct Counter(u128);

impl Sink for Counter {
    fn wants_placements(&self) -> bool {
        false
    }
    fn solution(&mut self, _: &[usize]) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn solutions(&mut self, n: u128) -> ControlFlow<()> {
        self.0 += n;
        ControlFlow::Continue(())
    }
    fn tick(&mut self, _: f64, _: &[u32]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// One shard's search below its subproblems of the split.
struct Part {
    solutions: u128,
    nodes: u64,
    seconds: f64,
}

/// The split of `count` shards (its time in seconds and its subproblems' number), and
/// each shard's search below its share of it.
fn parts(trees: &Trees<'_>, count: u32) -> (f64, usize, Vec<Part>) {
    let start = Instant::now();
    let split = shard_split(&mut *trees.fresh(), count).expect("the split");
    let split_seconds = start.elapsed().as_secs_f64();
    let parts = (0..count as usize)
        .map(|i| {
            let mut tree = trees.fresh();
            let mut counter = Counter::default();
            let start = Instant::now();
            for sub in split.iter().skip(i).step_by(count as usize) {
                tree.run_below(sub, None, &mut counter)
                    .expect("a path of the split");
            }
            Part {
                solutions: counter.0,
                nodes: tree.stats().nodes,
                seconds: start.elapsed().as_secs_f64(),
            }
        })
        .collect();
    (split_seconds, split.len(), parts)
}

#[test]
fn shards_add_up_to_the_whole_count() {
    let s = solver("8x8-square", SymmetryMode::Keep);
    let whole = s.count().solutions.to_string();
    let trees = Trees::new(&s);
    for count in [1, 7, 64, 512] {
        let (_, _, parts) = parts(&trees, count);
        let sum: u128 = parts.iter().map(|p| p.solutions).sum();
        assert_eq!(sum.to_string(), whole, "{count} shards");
    }
}

/// Prints one JSON line per number of shards: the split's time and size, and every
/// shard's nodes and seconds. POLYX_BALANCE_PUZZLE names the puzzle (default
/// 8x8-square), POLYX_BALANCE_SYMMETRY the mode (keep), POLYX_BALANCE_SHARDS the numbers
/// of shards (64,1024,16384).
#[test]
#[ignore = "a measurement: scripts/shard-balance.py runs it"]
fn shard_balance() {
    let var = |name: &str, default: &str| std::env::var(name).unwrap_or(default.to_string());
    let puzzle = var("POLYX_BALANCE_PUZZLE", "8x8-square");
    let mode = match var("POLYX_BALANCE_SYMMETRY", "keep").as_str() {
        "reduce" => SymmetryMode::Reduce,
        _ => SymmetryMode::Keep,
    };
    let s = solver(&puzzle, mode);
    let trees = Trees::new(&s);
    for count in var("POLYX_BALANCE_SHARDS", "64,1024,16384").split(',') {
        let count: u32 = count.trim().parse().expect("a number of shards");
        let (split_seconds, subproblems, parts) = parts(&trees, count);
        let list = |f: &dyn Fn(&Part) -> String| parts.iter().map(f).collect::<Vec<_>>().join(",");
        let solutions: u128 = parts.iter().map(|p| p.solutions).sum();
        println!(
            "shard-balance: {{\"puzzle\":\"{puzzle}\",\"shards\":{count},\"subproblems\":{subproblems},\
             \"solutions\":{solutions},\"split_seconds\":{split_seconds},\"nodes\":[{}],\"seconds\":[{}]}}",
            list(&|p| p.nodes.to_string()),
            list(&|p| format!("{:.6}", p.seconds)),
        );
    }
}
