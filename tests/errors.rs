//! Issue 7, "every bad input gets a clear error", through the binary: for each kind of bad
//! input, exit code 2, stderr starting with `error:` and naming the file, line and column
//! where there is one, a hint where one helps, nothing on stdout, and never a panic.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;

fn polyx() -> Command {
    let mut cmd = Command::cargo_bin("polyx").unwrap();
    cmd.timeout(Duration::from_secs(60));
    cmd
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("polyx-errors-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `polyx ARGS` in `dir` with `stdin`; expects exit 2 and an `error:` message that
/// contains every one of `needles`. Returns stderr.
fn fails(dir: &Path, args: &[&str], stdin: &[u8], needles: &[&str]) -> String {
    let out = polyx()
        .current_dir(dir)
        .args(args)
        .write_stdin(stdin.to_vec())
        .assert()
        .code(2);
    let output = out.get_output();
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(stderr.starts_with("error:"), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{args:?}: {needle:?} not in\n{stderr}"
        );
    }
    assert!(output.stdout.is_empty(), "{args:?}: stdout not empty");
    stderr
}

/// A board file `b.toml` with `text`, solved: must fail with `needles`.
fn bad_board(test: &str, text: &str, needles: &[&str]) -> String {
    let dir = scratch(test);
    write(&dir, "b.toml", text);
    fails(&dir, &["solve", "b.toml"], b"", needles)
}

/// A piece-set file `set.toml` with `text`, used for the 6x10 board.
fn bad_set(test: &str, text: &str, needles: &[&str]) -> String {
    let dir = scratch(test);
    write(&dir, "set.toml", text);
    fails(
        &dir,
        &["solve", "6x10", "--pieces", "set.toml"],
        b"",
        needles,
    )
}

const PENT: &str = "pieces = \"pentominoes\"\n";

#[test]
fn toml_syntax_errors_point_at_the_place() {
    let e = bad_board(
        "syntax",
        "name = \"x\"\nsize = [10, 6\n",
        &["b.toml:2:14: unclosed array"],
    );
    assert!(e.contains(" | "), "a caret display: {e}");
    bad_board(
        "unquoted",
        "name = x\nsize = [10, 6]\n",
        &["b.toml:1:8:", "hint:"],
    );
    bad_set("set-syntax", "[[piece]\nname = \"A\"\n", &["set.toml:1:"]);
}

#[test]
fn unknown_keys_get_a_suggestion() {
    let text = format!("{PENT}size = [10, 6]\nuse_all_piece = true\n");
    bad_board(
        "unknown",
        &text,
        &[
            "b.toml:3:1: unknown key `use_all_piece`",
            "hint: did you mean `use_all_pieces`?",
        ],
    );
    bad_set(
        "unknown-piece-key",
        "[[piece]]\nname = \"A\"\nshap = \"#\"\n",
        &["set.toml:3:1: unknown key `shap`", "did you mean `shape`?"],
    );
}

#[test]
fn wrong_types_name_the_key_and_the_type() {
    bad_board(
        "size-type",
        &format!("{PENT}size = \"10x6\"\n"),
        &["b.toml:2:8:", "`size` must be [width, height]", "hint:"],
    );
    bad_board(
        "size-float",
        &format!("{PENT}size = [10, 6.5]\n"),
        &["b.toml:2:8:"],
    );
    bad_board(
        "name-type",
        &format!("{PENT}size = [10, 6]\nname = 3\n"),
        &["b.toml:3:8: `name` must be a string, not an integer"],
    );
    bad_set(
        "mirror-type",
        "[[piece]]\nname = \"A\"\nshape = \"#\"\nmirror = \"yes\"\n",
        &["set.toml:4:10: `mirror` must be true or false, not a string"],
    );
    bad_set("piece-type", "piece = 3\n", &["set.toml:1:9:", "[[piece]]"]);
}

#[test]
fn empty_or_missing_required_fields() {
    bad_board(
        "no-size",
        &format!("{PENT}name = \"x\"\n"),
        &["b.toml:1:1:", "neither `size` nor `shape`"],
    );
    bad_board(
        "no-pieces",
        "size = [2, 2]\n",
        &["b.toml:1:1:", "does not name its piece set"],
    );
    bad_board(
        "empty-shape",
        &format!("{PENT}shape = \"\"\n"),
        &["b.toml:2:9:", "picture is empty"],
    );
    bad_set(
        "no-name",
        "[[piece]]\nshape = \"#\"\n",
        &["set.toml:1:1:", "no `name`"],
    );
    bad_set(
        "empty-name",
        "[[piece]]\nname = \"\"\nshape = \"#\"\n",
        &["set.toml:2:8:", "must not be empty"],
    );
    bad_set(
        "no-shape",
        "[[piece]]\nname = \"A\"\n",
        &["set.toml:2:8:", "has no `shape`"],
    );
    bad_set(
        "no-pieces",
        "name = \"x\"\n",
        &["set.toml:1:1:", "no pieces"],
    );
}

#[test]
fn out_of_range_sizes_and_counts() {
    for (size, needle) in [
        ("[-10, 6]", "must be positive, not -10×6"),
        ("[0, 6]", "must be positive, not 0×6"),
        ("[99999999999, 6]", "too large"),
        ("[1001, 2]", "at most 1000 cells a side"),
    ] {
        let text = format!("{PENT}size = {size}\n");
        bad_board("size-range", &text, &["b.toml:2:8:", needle]);
    }
    for count in ["0", "-3", "99999999999999"] {
        let text = format!("[[piece]]\nname = \"A\"\nshape = \"#\"\ncount = {count}\n");
        bad_set(
            "count",
            &text,
            &["set.toml:4:9:", "`count` must be from 1 to 10000"],
        );
    }
}

#[test]
fn size_with_shape_is_refused() {
    let text = format!("{PENT}size = [10, 6]\nshape = \"\"\"\n...\n\"\"\"\n");
    bad_board(
        "both",
        &text,
        &["b.toml:3:9:", "either `size` or `shape`, not both", "hint:"],
    );
}

#[test]
fn a_piece_set_given_as_a_board_and_the_reverse() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch("swapped");
    let set = root.join("pieces/pentominoes.toml");
    let board = root.join("boards/6x10.toml");
    fails(
        &dir,
        &["solve", set.to_str().unwrap()],
        b"",
        &[
            "pentominoes.toml:",
            "this is a piece set, not a board",
            "--pieces",
        ],
    );
    let b = board.to_str().unwrap();
    fails(
        &dir,
        &["solve", "6x10", "--pieces", b],
        b"",
        &["6x10.toml:4:1:", "this is a board, not a piece set"],
    );
    fails(
        &dir,
        &["solve", "6x10", "--pieces", "6x10"],
        b"",
        &["`6x10` is a built-in board, not a piece set"],
    );
    fails(
        &dir,
        &["solve", "pentominoes"],
        b"",
        &["a built-in piece set, not a board"],
    );
}

#[test]
fn a_pieces_path_that_does_not_exist() {
    let text = "pieces = \"sets/nothere.toml\"\nsize = [10, 6]\n";
    bad_board(
        "missing-set",
        text,
        &[
            "b.toml:1:1:",
            "nothere.toml",
            "neither a built-in piece set nor a file",
            "hint:",
        ],
    );
    let dir = scratch("missing-board");
    fails(
        &dir,
        &["solve", "no-such-board.toml"],
        b"",
        &["no-such-board.toml", "hint:"],
    );
    fails(&dir, &["solve", "6x1O"], b"", &["did you mean `6x10`"]);
}

#[test]
fn non_utf8_empty_and_unreadable_files() {
    let dir = scratch("files");
    write(&dir, "latin1.toml", b"name = \"caf\xe9\"\nsize = [10, 6]\n");
    fails(
        &dir,
        &["solve", "latin1.toml"],
        b"",
        &["latin1.toml:1:12: the file is not UTF-8 text (bad byte at offset 11)"],
    );
    write(&dir, "empty.toml", "");
    fails(
        &dir,
        &["solve", "empty.toml"],
        b"",
        &["empty.toml:1:1: the file is empty"],
    );
    fails(
        &dir,
        &["solve", "6x10", "--pieces", "empty.toml"],
        b"",
        &["empty.toml:1:1: the file is empty"],
    );
    fails(
        &dir,
        &["solve", "-"],
        b"\xff\xfe",
        &["<stdin>:1:1: the file is not UTF-8"],
    );
    fails(&dir, &["solve", "."], b"", &[".: is a folder, not a file"]);
    fails(&dir, &["noi2005", "."], b"", &["is a folder"]);
    write(&dir, "bad.in", b"\xc3\x28\n");
    fails(
        &dir,
        &["noi2005", "bad.in"],
        b"",
        &["bad.in:1:1: the file is not UTF-8"],
    );
    fails(&dir, &["sudoku", "missing.txt"], b"", &["missing.txt"]);
}

#[test]
fn an_endless_pieces_file_is_refused_not_read_forever() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    bad_board(
        "dev-zero",
        "pieces = \"/dev/zero\"\nsize = [10, 6]\n",
        &["b.toml:1:1:", "/dev/zero: the input is larger than 256 MiB"],
    );
}

#[test]
fn empty_and_disconnected_shapes() {
    bad_set(
        "empty-shape",
        "[[piece]]\nname = \"A\"\nshape = \"...\"\n",
        &["set.toml:3:9:", "has no cells", "hint:"],
    );
    bad_set(
        "disconnected",
        "[[piece]]\nname = \"A\"\nshape = \"\"\"\n#.\n.#\n\"\"\"\n",
        &["set.toml:5:2:", "not connected", "hint:"],
    );
}

#[test]
fn duplicate_names_and_labels() {
    bad_set(
        "dup-name",
        "[[piece]]\nname = \"A\"\nshape = \"#\"\n[[piece]]\nname = \"A\"\nshape = \"#\"\n",
        &["set.toml:5:8: a second piece named `A`", "line 2"],
    );
    bad_set(
        "dup-label",
        "[[piece]]\nname = \"A\"\nshape = \"#\"\n[[piece]]\nname = \"Ab\"\nshape = \"#\"\n",
        &[
            "set.toml:5:8: label `A` is already used by piece `A`",
            "hint:",
        ],
    );
}

#[test]
fn labels_must_be_one_letter_or_digit() {
    for label in ["AB", "-", "", "智"] {
        let text = format!("[[piece]]\nname = \"A\"\nlabel = \"{label}\"\nshape = \"#\"\n");
        bad_set(
            "label",
            &text,
            &["set.toml:3:9:", "is not one letter or digit", "hint:"],
        );
    }
    bad_set(
        "label-default",
        "[[piece]]\nname = \"-x\"\nshape = \"#\"\n",
        &["set.toml:2:8:", "needs a `label`"],
    );
}

#[test]
fn invalid_colours() {
    for colour in ["red", "#ééé", "#12345", "#1234567", "#gg0000"] {
        let text = format!("[[piece]]\nname = \"A\"\ncolor = \"{colour}\"\nshape = \"#\"\n");
        bad_set("colour", &text, &["set.toml:3:9:", "`#rrggbb`", "hint:"]);
    }
}

#[test]
fn preplaced_letters_must_name_and_form_a_piece() {
    let shape = |rows: &str| format!("{PENT}shape = \"\"\"\n{rows}\"\"\"\n");
    bad_board(
        "no-such-piece",
        &shape(".....\nQ....\n"),
        &[
            "b.toml:4:1:",
            "`Q` names no piece of the set `pentominoes`",
            "hint:",
        ],
    );
    bad_board(
        "wrong-shape",
        &shape("FF...\nFF...\n"),
        &[
            "b.toml:3:1:",
            "the cells labelled `F` (4 cells) do not form piece F (5 cells)",
            "hint: piece F looks like this",
        ],
    );
    bad_board(
        "bad-square",
        &shape("..@..\n"),
        &["b.toml:3:3: `@` is not a board square", "hint:"],
    );
}

#[test]
fn a_board_with_no_open_cell() {
    let text = format!("{PENT}shape = \"\"\"\n###\n###\n\"\"\"\n");
    bad_board("no-open", &text, &["b.toml:2:9:", "no open cell"]);
}

#[test]
fn area_mismatch_states_both_numbers() {
    bad_board(
        "area",
        &format!("{PENT}size = [8, 8]\n"),
        &[
            "b.toml:2:1:",
            "the pieces cover 60 cells but the board has 64 open cells",
            "use_all_pieces = false",
        ],
    );
}

#[test]
fn too_large_to_build_is_refused_quickly() {
    // 63 orientations at each of a million cells: refused before anything is built.
    let text = format!("{PENT}size = [1000, 1000]\nuse_all_pieces = false\n");
    bad_board(
        "huge",
        &text,
        &[
            "b.toml:2:1:",
            "too large to build",
            "63000000 placements",
            "1000000 open cells",
            "limit of 2000000",
        ],
    );
    // With every piece used, the area check refuses it first, with both numbers.
    bad_board(
        "huge-area",
        &format!("{PENT}size = [1000, 1000]\n"),
        &["60 cells", "1000000 open cells"],
    );
    let picture = ".".repeat(1001);
    bad_board(
        "wide",
        &format!("{PENT}shape = \"{picture}\"\n"),
        &["b.toml:2:9:", "too large"],
    );
}

#[test]
fn noi2005_lines_and_letters() {
    let dir = scratch("noi");
    let rows = |n: usize| (1..=n).map(|i| ".".repeat(i) + "\n").collect::<String>();
    fails(
        &dir,
        &["noi2005"],
        rows(3).as_bytes(),
        &["<stdin>:4:1: expected 10 lines, found 3", "hint:"],
    );
    fails(
        &dir,
        &["noi2005"],
        (rows(10) + ".\n").as_bytes(),
        &["<stdin>:11:1:", "line 11 is extra"],
    );
    fails(&dir, &["noi2005"], b"", &["expected 10 lines, found 0"]);
    let long = rows(10).replacen("...\n", "....\n", 1);
    fails(
        &dir,
        &["noi2005"],
        long.as_bytes(),
        &["<stdin>:3:4: line 3 must have 3 characters, it has 4"],
    );
    let foreign = rows(10).replacen("...\n", "..M\n", 1);
    fails(
        &dir,
        &["noi2005"],
        foreign.as_bytes(),
        &["<stdin>:3:3: `M` is not a cell", "hint:"],
    );
    let lower = rows(10).replacen("..\n", "a.\n", 1);
    fails(&dir, &["noi2005"], lower.as_bytes(), &["<stdin>:2:1:"]);
    let broken = rows(10).replacen(".\n", "J\n", 1);
    fails(
        &dir,
        &["noi2005"],
        broken.as_bytes(),
        &["<stdin>:1:1:", "labelled `J` (1 cell) do not form piece J"],
    );
}

#[test]
fn knuth_unknown_items_and_empty_input() {
    let dir = scratch("dlx");
    fails(
        &dir,
        &["dlx"],
        b"a b\na c\n",
        &["<stdin>:2:3: unknown item `c`", "hint:"],
    );
    fails(&dir, &["dlx"], b"", &["<stdin>: no items", "hint:"]);
    fails(&dir, &["dlx"], b"| comment only\n\n", &["no items"]);
    fails(
        &dir,
        &["dlx"],
        b"a | b | c\n",
        &["<stdin>:1:7: a second `|`"],
    );
    fails(
        &dir,
        &["dlx"],
        b"3:1|a\na\n",
        &["<stdin>:1:1:", "bounds 3..=1"],
    );
    fails(
        &dir,
        &["dlx"],
        b"99999999999:1|a\n",
        &["<stdin>:1:1:", "is not a number"],
    );
    fails(&dir, &["dlx"], b"a b\na a\n", &["<stdin>:2:1:", "twice"]);
    let regression =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions/knuth/bar-in-item-name.dlx");
    fails(
        &dir,
        &["dlx", regression.to_str().unwrap()],
        b"",
        &["bar-in-item-name.dlx:1:1:", "not a valid item name"],
    );
}

#[test]
fn sudoku_wrong_lengths_and_foreign_symbols() {
    let dir = scratch("sudoku");
    fails(
        &dir,
        &["sudoku"],
        b"1.3\n",
        &["<stdin>:1:4: a line of 3 cells", "hint:"],
    );
    let mut line = "0".repeat(81);
    line.replace_range(4..5, "Z");
    fails(
        &dir,
        &["sudoku"],
        format!("{line}\n").as_bytes(),
        &["<stdin>:1:5: `Z` is not a symbol of a 9×9 sudoku", "hint:"],
    );
    fails(
        &dir,
        &["sudoku"],
        b"1234\n3412\n",
        &["<stdin>:3:1:", "only 2 rows"],
    );
    fails(
        &dir,
        &["sudoku"],
        b"1234\n34x2\n2143\n4321\n",
        &["<stdin>:2:3:"],
    );
    fails(&dir, &["sudoku"], b"", &["no puzzle"]);
}

#[test]
fn queens_needs_a_positive_number() {
    let dir = scratch("queens");
    for n in ["0", "-3", "abc", "1.5", "1025", ""] {
        fails(&dir, &["queens", "--", n], b"", &["error:"]);
    }
    fails(&dir, &["queens"], b"", &["<N>"]);
}

#[test]
fn output_never_overwrites_an_input() {
    let dir = scratch("overwrite");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.join("boards")).unwrap();
    let original = std::fs::read(root.join("boards/6x10.toml")).unwrap();
    let board = write(&dir, "boards/x.toml", &original);
    fails(
        &dir,
        &["solve", "boards/x.toml", "-o", "boards/x.toml"],
        b"",
        &["refusing to write", "boards/x.toml", "hint:"],
    );
    fails(
        &dir,
        &["solve", "./boards/x.toml", "-o", "boards/../boards/x.toml"],
        b"",
        &["refusing to write"],
    );
    fails(
        &dir,
        &["solve", "boards/x.toml", "-o", "boards/x.toml", "-f", "svg"],
        b"",
        &["refusing to write"],
    );
    assert_eq!(std::fs::read(&board).unwrap(), original);
    // Nor the piece set: given with --pieces, or named by the board.
    let set = write(&dir, "one.toml", "[[piece]]\nname = \"A\"\nshape = \"#\"\n");
    write(
        &dir,
        "b.toml",
        "pieces = \"one.toml\"\nsize = [2, 1]\nuse_all_pieces = false\ncover_all_cells = false\n",
    );
    fails(
        &dir,
        &["solve", "b.toml", "-o", "one.toml"],
        b"",
        &["refusing to write", "one.toml"],
    );
    fails(
        &dir,
        &["solve", "6x10", "--pieces", "one.toml", "-o", "one.toml"],
        b"",
        &["refusing to write"],
    );
    assert_eq!(
        std::fs::read_to_string(&set).unwrap(),
        "[[piece]]\nname = \"A\"\nshape = \"#\"\n"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "no stray files"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `polyx solve 6x10 --all | head -1`: stdout is closed after the first line.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let bin = assert_cmd::cargo::cargo_bin("polyx");
    for args in [
        &["solve", "6x10", "--all"][..],
        &["solve", "6x10", "--all", "-f", "json"],
        &["queens", "8"],
    ] {
        let mut child = std::process::Command::new(&bin)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The reader is dropped here: the pipe is closed.
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!first.is_empty());
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {:?}",
            out.status
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch("usage");
    fails(&dir, &["solve", "6x10", "--limit", "-1"], b"", &["error:"]);
    fails(
        &dir,
        &["solve", "6x10", "--format", "gif"],
        b"",
        &["error:", "gif"],
    );
    fails(
        &dir,
        &["solve", "6x10", "-f", "png"],
        b"",
        &["PNG output cannot go to stdout", "hint:"],
    );
    fails(&dir, &["frobnicate"], b"", &["error:"]);
    polyx()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("solve"));
}

#[test]
fn output_formats_and_limits_that_make_no_sense() {
    let dir = scratch("formats");
    fails(
        &dir,
        &["solve", "3x20", "-o", "picture.gif"],
        b"",
        &["cannot tell the output format", "picture.gif", "hint:"],
    );
    assert!(!dir.join("picture.gif").exists());
    fails(&dir, &["solve", "3x20", "-n", "0"], b"", &["-n 0", "hint:"]);
    fails(&dir, &["solve", "3x20", "-f", "png"], b"", &["-o FILE.png"]);
}

#[test]
fn long_run_options_out_of_range() {
    let dir = scratch("long-options");
    fails(
        &dir,
        &[
            "solve",
            "3x20",
            "-a",
            "--checkpoint",
            "c.json",
            "-o",
            "all.txt",
        ],
        b"",
        &["--checkpoint with -o", "hint:"],
    );
    fails(
        &dir,
        &["count", "3x20", "--shard", "1/1000000"],
        b"",
        &["limit"],
    );
    fails(&dir, &["count", "3x20", "-j", "5000"], b"", &["limit"]);
    fails(&dir, &["count", "3x20", "-j", "0"], b"", &["--threads 0"]);
}

#[test]
fn a_board_on_stdin_without_its_piece_set_is_told_so() {
    let out = polyx()
        .args(["solve", "-"])
        .write_stdin("size = [4, 5]\n")
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.starts_with("error: <stdin>:1:1:"), "{stderr}");
    assert!(stderr.contains("does not name its piece set"), "{stderr}");
    assert!(stderr.contains("--pieces"), "{stderr}");
}

#[test]
fn show_on_a_broken_piece_set_reports_the_set_s_error() {
    let dir = scratch("show-broken-set");
    let text = "[[piece]]\nname = \"A\"\nlabel = \"AB\"\nshape = \"#\"\n";
    write(&dir, "set.toml", text);
    let stderr = fails(
        &dir,
        &["show", "set.toml"],
        b"",
        &["set.toml:3:9:", "is not one letter or digit"],
    );
    assert!(!stderr.contains("not a board"), "{stderr}");
}

#[test]
fn labels_may_be_letters_of_any_script_one_column_wide() {
    let dir = scratch("label-greek");
    write(
        &dir,
        "set.toml",
        "[[piece]]\nname = \"A\"\nlabel = \"é\"\nshape = \"##\"\n[[piece]]\nname = \"B\"\nlabel = \"Ж\"\nshape = \"##\"\n",
    );
    write(
        &dir,
        "b.toml",
        "pieces = \"set.toml\"\nshape = \"\"\"\néé\n..\n\"\"\"\n",
    );
    let out = polyx()
        .current_dir(&dir)
        .args(["solve", "b.toml"])
        .assert()
        .success();
    assert_eq!(out.get_output().stdout, "éé\nЖЖ\n".as_bytes());
}

#[test]
fn the_hint_of_a_wrong_pre_placed_piece_draws_it_on_its_grid() {
    // A hex domino pre-placed as two cells that do not touch: the hint draws the piece
    // as a honeycomb (cells two columns apart), not as squares.
    let dir = scratch("hint-hex");
    write(
        &dir,
        "set.toml",
        "grid = \"hex\"\n[[piece]]\nname = \"D\"\nshape = \"D D\"\n[[piece]]\nname = \"E\"\nshape = \"E E\"\n",
    );
    write(
        &dir,
        "b.toml",
        "pieces = \"set.toml\"\ngrid = \"hex\"\nshape = \"\"\"\nD . D .\n\"\"\"\n",
    );
    fails(
        &dir,
        &["solve", "b.toml"],
        b"",
        &["do not form piece D", "looks like this:\n# #"],
    );
}

/// Issue 25's bad 3D input: a cube set on a hex board (the error names both files),
/// `pyramid = 0`, a flat ball piece whose balls do not touch, `size` on the sphere grid,
/// `[x, y]` on the cube grid, `layers` on a 2D grid, an empty layer and a layer that is
/// not a string: exit 2, located, with a hint.
#[test]
fn bad_solids_are_located() {
    let dir = scratch("solids");
    write(
        &dir,
        "cubes.toml",
        "grid = \"cube\"\n[[piece]]\nname = \"A\"\nlayers = [\"AA\", \"A\"]\n",
    );
    write(
        &dir,
        "hex.toml",
        "pieces = \"cubes.toml\"\ngrid = \"hex\"\nshape = \"\"\"\n. .\n .\n\"\"\"\n",
    );
    fails(
        &dir,
        &["solve", "hex.toml"],
        b"",
        &[
            "hex.toml:1:1:",
            "on the hex grid",
            "cubes.toml",
            "on the cube grid",
            "hint:",
        ],
    );
    fails(
        &dir,
        &["solve", "soma-3x3x3", "--pieces", "tetrahexes"],
        b"",
        &["on the cube grid", "tetrahexes", "on the hex grid"],
    );
    let sphere = "pieces = \"noi2005-balls\"\ngrid = \"sphere\"\n";
    bad_board(
        "pyramid0",
        &format!("{sphere}pyramid = 0\n"),
        &[
            "b.toml:3:11:",
            "`pyramid` must be at least 1, not 0",
            "hint:",
            "55 balls",
        ],
    );
    bad_board(
        "sphere-size",
        &format!("{sphere}size = [5, 5, 5]\n"),
        &[
            "b.toml:3:8:",
            "`size` is not for the sphere grid",
            "hint:",
            "pyramid = 5",
        ],
    );
    bad_board(
        "cube-size",
        "pieces = \"soma\"\ngrid = \"cube\"\nsize = [3, 9]\n",
        &["b.toml:3:8:", "`size` is [x, y, z]", "hint:"],
    );
    bad_board(
        "flat-layers",
        "pieces = \"pentominoes\"\nlayers = [\"..\"]\n",
        &["b.toml:2:10:", "not the square grid", "hint:"],
    );
    bad_board(
        "empty-layer",
        "pieces = \"soma\"\ngrid = \"cube\"\nlayers = [\"...\", \"\"\"\n\n\"\"\"]\n",
        &[
            "b.toml:3:18:",
            "layer 2 (z = 1) of the board is empty",
            "hint:",
        ],
    );
    bad_board(
        "layer-number",
        "pieces = \"soma\"\ngrid = \"cube\"\nlayers = [\"...\", 7]\n",
        &["b.toml:3:18:", "must be a string", "hint:"],
    );
    let dir = scratch("solids-flat");
    write(
        &dir,
        "balls.toml",
        "grid = \"sphere\"\n[[piece]]\nname = \"A\"\nshape = \"\"\"\nAA.\n..A\n\"\"\"\n",
    );
    write(
        &dir,
        "b.toml",
        "pieces = \"balls.toml\"\ngrid = \"sphere\"\nshape = \"...\"\n",
    );
    fails(
        &dir,
        &["solve", "b.toml"],
        b"",
        &[
            "balls.toml:6:3:",
            "piece `A` is not connected",
            "hint:",
            "not the diagonal ones",
        ],
    );
}

/// Layers of different sizes are a board (SPEC §8: a shorter or narrower layer has
/// nothing beyond its end), not an error: a 2×2 square of balls under one ball.
#[test]
fn ragged_layers_are_a_board() {
    let dir = scratch("ragged");
    write(
        &dir,
        "b.toml",
        "pieces = \"set.toml\"\ngrid = \"sphere\"\nlayers = [\"\"\"\n..\n..\n\"\"\", \".\"]\n",
    );
    write(
        &dir,
        "set.toml",
        "grid = \"sphere\"\n[[piece]]\nname = \"A\"\nshape = \"AA\"\n[[piece]]\nname = \"B\"\nshape = \"BB\\nB.\"\n",
    );
    let out = polyx()
        .current_dir(&dir)
        .args(["count", "b.toml", "--symmetry", "keep"])
        .assert()
        .success();
    // The domino joins the top ball to one of the four under it; the corner of three
    // covers the rest: 4 ways.
    assert_eq!(String::from_utf8_lossy(&out.get_output().stdout), "4\n");
}
