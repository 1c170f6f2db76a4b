//! The DLX instances (`tests/data/instances/*.dlx`, from the shared folder): the count stated in each file's first
//! comment line, and the search-tree nodes that Knuth's dlx1 reports (instances/README.md).
//! Every solution found is checked with `verify`. Both tables run: DLX, and the option
//! bitsets where they apply, which must match DLX's nodes, updates and solution order.

use std::ops::ControlFlow;

use crate::cover::table::Table;
use crate::cover::{check, knuth, verify, OptionId, Problem, Search, Stats, Visit};

/// Nodes dlx1 visits, from `tests/data/instances/README.md`.
const DLX1_NODES: &[(&str, u64)] = &[
    ("pent_6x10", 3_637_261),
    ("pent_8x8_hole", 293_045),
    ("pent_3x20", 32_978),
    ("queens_8", 1_199),
    ("queens_12", 327_813),
];

/// The count in a first line such as `| name: ...; expected 8 solutions`.
fn expected(text: &str) -> u64 {
    let first = text.lines().next().unwrap_or("");
    let after = first
        .split("expected ")
        .nth(1)
        .expect("an `expected N` comment");
    let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().expect("a number after `expected`")
}

/// Runs `search` on `problem`: every solution verifies, and their number is `expected`.
/// Returns the counters and the first solutions found (in search order).
fn run<T: Table>(
    name: &str,
    problem: &Problem,
    search: &mut Search<T>,
    expected: u64,
) -> (Stats, Vec<Vec<OptionId>>) {
    let mut found = 0u64;
    let mut first = Vec::new();
    let mut bad = None;
    search.run(&mut |v: &Visit<'_>| {
        found += 1;
        let options = v.options();
        if let Err(e) = verify(problem, &options) {
            bad = Some(e);
            return ControlFlow::Break(());
        }
        if first.len() < 100 {
            first.push(options);
        }
        ControlFlow::Continue(())
    });
    assert_eq!(bad, None, "{name}: a solution does not verify");
    assert_eq!(found, expected, "{name}: solutions");
    (search.stats(), first)
}

fn check_instance(name: &str) {
    let path = super::data().join(format!("instances/{name}.dlx"));
    let text = std::fs::read_to_string(&path).unwrap();
    let problem = knuth::read(name, &text).unwrap();
    let mut search = Search::new(&problem);
    let (stats, first) = run(name, &problem, &mut search, expected(&text));
    check::sanity(search.dlx()).unwrap();
    if let Some(&(_, nodes)) = DLX1_NODES.iter().find(|(n, _)| *n == name) {
        assert_eq!(stats.nodes, nodes, "{name}: nodes as dlx1 counts them");
    }
    if let Some(mut bits) = Search::bits(&problem) {
        let (bits_stats, bits_first) = run(name, &problem, &mut bits, expected(&text));
        bits.table().sanity().unwrap();
        assert_eq!(bits_stats, stats, "{name}: bitsets and DLX count alike");
        assert_eq!(
            bits_first, first,
            "{name}: bitsets and DLX find in one order"
        );
    }
}

#[test]
fn queens_8() {
    check_instance("queens_8");
}

#[test]
fn queens_12() {
    check_instance("queens_12");
}

#[test]
fn pent_3x20() {
    check_instance("pent_3x20");
}

#[test]
fn pent_8x8_hole() {
    check_instance("pent_8x8_hole");
}

#[test]
fn sudoku_escargot() {
    check_instance("sudoku_escargot");
}

#[test]
fn sudoku_platinum_blonde() {
    check_instance("sudoku_platinum_blonde");
}

/// About 4.5 s in release; the one big instance run by default.
#[test]
fn pent_6x10() {
    check_instance("pent_6x10");
}

/// Longer; run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn pent_5x12() {
    check_instance("pent_5x12");
}

#[test]
#[ignore]
fn pent_4x15() {
    check_instance("pent_4x15");
}
