//! Puzzles without a solution: `solve` says so on stderr and exits 1, with the reason
//! when an argument (area, colourings) proved it before any search (0 nodes); `count`
//! prints 0 and exits 0, adding that reason on stderr.

use assert_cmd::Command;
use predicates::prelude::*;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

/// The 12 pentominoes on 8×8, each optional: 64 is not a multiple of 5.
const EIGHT_BY_EIGHT_OPTIONAL: &str = "\
name = \"8x8-optional\"
pieces = \"pentominoes\"
size = [8, 8]
use_all_pieces = false
";

const AREA_REASON: &str =
    "polyx: no solution: 64 cells are not a sum of the piece areas 5 (12 pieces, each optional)\n";

#[test]
fn optional_pentominoes_on_8x8_are_refuted_by_area_before_any_search() {
    polyx()
        .args(["count", "-", "--stats", "-j", "1"])
        .write_stdin(EIGHT_BY_EIGHT_OPTIONAL)
        .assert()
        .success()
        .stdout("0\n")
        .stderr(predicate::str::contains(" 0 nodes, "))
        .stderr(predicate::str::contains(", settled before the search\n"))
        .stderr(predicate::str::ends_with(AREA_REASON));
    polyx()
        .args(["solve", "-"])
        .write_stdin(EIGHT_BY_EIGHT_OPTIONAL)
        .assert()
        .code(1)
        .stdout("")
        .stderr(AREA_REASON);
}

#[test]
fn the_five_tetrominoes_on_4x5_are_refuted_by_the_checkerboard() {
    let reason = "polyx: no solution: with the cells coloured like a checkerboard, the cells to \
                  cover are 10 dark and 10 light, which no choice of placements of the pieces \
                  covers\n";
    polyx()
        .args(["solve", "tetrominoes-4x5", "--all"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(reason);
    polyx()
        .args(["count", "tetrominoes-4x5", "-f", "json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"solutions\":0"))
        .stderr(reason);
}

/// Two dominoes, each optional, for three cells in a row and one far away at a place
/// that every colouring tried gives the colour of the row's middle cell: the area and
/// every colour count add up, yet the lone cell cannot be covered.
fn lone_cell_board() -> String {
    let mut rows: Vec<String> = (0..13).map(|_| "#".repeat(14)).collect();
    rows[0].replace_range(0..3, "...");
    rows[12].replace_range(13..14, ".");
    format!(
        "name = \"lone-cell\"\npieces = \"dominoes\"\nuse_all_pieces = false\nshape = \"\"\"\n{}\n\"\"\"\n",
        rows.join("\n")
    )
}

#[test]
fn a_search_that_finds_nothing_says_no_solution() {
    let board = lone_cell_board();
    polyx()
        .args(["solve", "-", "--stats"])
        .write_stdin(board.as_str())
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("settled before the search").not())
        .stderr(predicate::str::ends_with("\npolyx: no solution\n"));
    polyx()
        .args(["count", "-"])
        .write_stdin(board.as_str())
        .assert()
        .success()
        .stdout("0\n")
        .stderr("");
}

#[test]
fn a_solvable_puzzle_says_nothing_on_stderr() {
    polyx()
        .args(["solve", "3x20"])
        .assert()
        .success()
        .stderr("");
}
