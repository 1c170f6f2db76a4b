//! Speed-up from threads: `polyx count 6x10 --symmetry keep` (DLX engine) on 1 and 2
//! threads through [`polyx::run`]; the goal on a 2-core machine is at least 1.7×.

use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use polyx::{load_puzzle, Puzzle, RunOptions as Options, Solver, SymmetryMode};

fn threads(c: &mut Criterion) {
    let (board, set) = load_puzzle("6x10", None).expect("a shipped board");
    let solver = Solver::new(
        Puzzle::new(board, set).expect("a puzzle"),
        SymmetryMode::Keep,
    );
    let mut group = c.benchmark_group("count 6x10 keep");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for n in [1, 2] {
        group.bench_function(format!("-j {n}"), |b| {
            b.iter(|| {
                let opts = Options {
                    threads: n,
                    ..Options::default()
                };
                let r = polyx::run(&solver, &opts, &mut |_| ControlFlow::Continue(()))
                    .expect("no checkpoint");
                assert_eq!(r.solutions, 9356);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, threads);
criterion_main!(benches);
