//! The binary: `polyx dlx`, `polyx queens`, `polyx sudoku`. Exit codes 0 (found, or a
//! count), 1 (nothing found), 2 (bad input: `error:` on stderr, with line and column where
//! there is one, never a panic). And the habits of a command-line tool: `--version`, shell
//! completions, man pages, and a README whose examples are what the binary prints.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn polyx() -> Command {
    Command::cargo_bin("polyx").unwrap()
}

fn instance(name: &str) -> std::path::PathBuf {
    crate::data().join(format!("instances/{name}.dlx"))
}

/// Runs with `stdin`, expects exit 2 and an `error:` message containing `needle`.
fn bad_input(args: &[&str], stdin: &str, needle: &str) {
    let out = polyx().args(args).write_stdin(stdin).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.starts_with("error:"), "{stderr}");
    assert_eq!(stderr.matches("error").count(), 1, "said twice: {stderr}");
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.get_output().stdout.is_empty());
}

#[test]
fn dlx_count_on_pent_3x20() {
    // The file's header: "expected 8 solutions".
    polyx()
        .args(["dlx", "--count"])
        .arg(instance("pent_3x20"))
        .assert()
        .success()
        .stdout("8\n");
}

#[test]
fn dlx_stats_go_to_stderr() {
    polyx()
        .args(["dlx", "--count", "--stats"])
        .arg(instance("queens_8"))
        .assert()
        .success()
        .stdout("92\n")
        .stderr(predicate::str::contains("1199 nodes"))
        // Queens' diagonals are secondary items: DLX, not the bitsets.
        .stderr(predicate::str::starts_with("dlx (dlx):"));
    polyx()
        .args(["dlx", "--count", "--stats"])
        .arg(instance("pent_3x20"))
        .assert()
        .success()
        .stdout("8\n")
        .stderr(predicate::str::starts_with(
            "dlx (bits, orbits of up to 4 options):",
        ))
        .stderr(predicate::str::contains("32978 nodes").not());
    // Without the rectangle's symmetries, the count visits dlx1's tree.
    polyx()
        .args(["dlx", "--count", "--no-symmetry", "--stats"])
        .arg(instance("pent_3x20"))
        .assert()
        .success()
        .stdout("8\n")
        .stderr(predicate::str::starts_with("dlx (bits):"))
        .stderr(predicate::str::contains("32978 nodes"));
}

#[test]
fn dlx_prints_options_and_exits_1_on_none() {
    polyx()
        .arg("dlx")
        .write_stdin("a b\na\nb\n")
        .assert()
        .success()
        .stdout("a\nb\n");
    polyx()
        .arg("dlx")
        .write_stdin("a b\na\n")
        .assert()
        .code(1)
        .stdout("");
}

#[test]
fn dlx_bad_input_exits_2_with_a_location() {
    bad_input(&["dlx"], "a b\na zz\n", "<stdin>:2:3: unknown item `zz`");
    bad_input(&["dlx"], "", "no items");
    bad_input(&["dlx"], "| just a comment\n", "no items");
    bad_input(&["dlx"], "a b\na a\n", "<stdin>:2:");
}

#[test]
fn dlx_missing_file_exits_2() {
    polyx()
        .args(["dlx", "/nonexistent/x.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error:"))
        .stderr(predicate::str::contains("x.dlx: No such file"))
        .stderr(predicate::function(|e: &str| {
            e.matches("No such file").count() == 1
        }));
}

#[test]
fn queens_board_count_and_none() {
    polyx()
        .args(["queens", "4"])
        .assert()
        .success()
        .stdout(predicate::str::is_match("^([.Q]{4}\n){4}$").unwrap());
    polyx()
        .args(["queens", "10", "--count"])
        .assert()
        .success()
        .stdout("724\n");
    polyx()
        .args(["queens", "3", "--count"])
        .assert()
        .success()
        .stdout("0\n");
    polyx()
        .args(["queens", "2"])
        .assert()
        .code(1)
        .stdout("No solution\n");
    polyx()
        .args(["queens", "6", "--count", "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::contains("queens: 34 items, 36 options"));
}

#[test]
fn queens_bad_n_exits_2() {
    for n in ["0", "x", "-3", "1.5", ""] {
        bad_input(&["queens", n], "", "error:");
    }
}

const HARD: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n\
8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n";

#[test]
fn sudoku_lines_in_lines_out() {
    let out = polyx().arg("sudoku").write_stdin(HARD).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.len() == 81 && !l.contains('.')));
    assert!(lines[0].starts_with('1') && lines[1].starts_with('8'));
    polyx()
        .args(["sudoku", "--count"])
        .write_stdin(HARD)
        .assert()
        .success()
        .stdout("1\n1\n");
}

#[test]
fn sudoku_grids_out_as_grids() {
    let input = "1 . . .\n. . 2 .\n. 3 . .\n. . . 4\n\n0000\n0000\n0000\n0000\n";
    let out = polyx().arg("sudoku").write_stdin(input).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let blocks: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{stdout}");
    assert!(blocks[0].lines().all(|l| l.len() == 7));
    assert!(blocks[1].lines().all(|l| l.len() == 4));
    polyx()
        .args(["sudoku", "--count"])
        .write_stdin("....\n....\n....\n....\n")
        .assert()
        .success()
        .stdout("288\n");
}

#[test]
fn sudoku_without_solution_exits_1() {
    polyx()
        .arg("sudoku")
        .write_stdin("11..............\n")
        .assert()
        .code(1)
        .stdout("No solution\n");
    polyx()
        .args(["sudoku", "--count"])
        .write_stdin("11..............\n")
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn sudoku_bad_input_exits_2_with_a_location() {
    let short = &HARD[..80];
    bad_input(&["sudoku"], short, "<stdin>:1:81: a line of 80 cells");
    bad_input(
        &["sudoku"],
        "12.4\n..x.\n....\n....\n",
        "<stdin>:2:3: `x` is not a symbol",
    );
    bad_input(&["sudoku"], "12.4\n....\n....\n", "only 3 rows");
    bad_input(
        &["sudoku"],
        "12.4\n.....\n....\n....\n",
        "<stdin>:2:5: this row has 5 cells",
    );
    bad_input(&["sudoku"], "\n\n", "no puzzle");
    bad_input(
        &["sudoku"],
        "5...............\n",
        "<stdin>:1:1: `5` is not a symbol",
    );
}

#[test]
fn version_names_the_program_and_its_version() {
    let expected = format!("polyx {}\n", env!("CARGO_PKG_VERSION"));
    for flag in ["--version", "-V"] {
        polyx()
            .arg(flag)
            .assert()
            .success()
            .stdout(expected.clone());
    }
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = polyx().args(["completions", shell]).assert().success();
        let script = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        for word in ["solve", "count", "symmetry"] {
            assert!(script.contains(word), "{shell}: no {word} in\n{script}");
        }
    }
    bad_input(&["completions", "cmd.exe"], "", "invalid value");
}

#[test]
fn man_pages_of_polyx_and_of_each_command() {
    let page = |args: &[&str]| {
        let out = polyx().args(args).assert().success();
        String::from_utf8_lossy(&out.get_output().stdout).to_string()
    };
    let first_title = |text: &str| {
        (text.lines())
            .find(|l| !l.starts_with(".ie") && !l.starts_with(".el"))
            .unwrap_or_default()
            .to_string()
    };
    let polyx_page = page(&["manpage"]);
    assert!(
        first_title(&polyx_page).starts_with(".TH polyx 1"),
        "{polyx_page}"
    );
    assert!(polyx_page.contains("completions"), "{polyx_page}");
    assert_eq!(page(&["man"]), polyx_page);
    let solve_page = page(&["manpage", "solve"]);
    assert!(
        first_title(&solve_page).starts_with(".TH polyx-solve 1"),
        "{solve_page}"
    );
    assert!(solve_page.contains("symmetry"), "{solve_page}");
    bad_input(
        &["manpage", "solver"],
        "",
        "`solver` is not a polyx command",
    );
}

#[test]
fn readme_examples_print_what_they_show() {
    // Each ```console block of the README: `$ polyx ...`, then its exact output (stdout
    // and stderr), with `? CODE` for an exit code other than 0.
    trycmd::TestCases::new()
        .register_bin("polyx", Path::new(env!("CARGO_BIN_EXE_polyx")))
        .case(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .case(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/EXAMPLES.md"));
}

/// The README's commands that draw one of its pictures: `polyx ... -o docs/FILE`.
fn picture_commands(readme: &str) -> Vec<(Vec<String>, String)> {
    readme
        .lines()
        .filter_map(|line| {
            let command = line.trim_start_matches("$ ").split('#').next()?;
            let words: Vec<String> = command.split_whitespace().map(String::from).collect();
            let at = words.iter().position(|w| w == "-o")?;
            let file = words.get(at + 1)?.strip_prefix("docs/")?.to_string();
            (words.first()? == "polyx").then(|| (words[1..].to_vec(), file))
        })
        .collect()
}

#[test]
fn formats_text_pictures_are_what_polyx_prints() {
    // docs/FORMATS.md shows these commands' output as text pictures.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/FORMATS.md")).unwrap();
    for args in [
        &["solve", "soma-3x3x3"][..],
        &["solve", "noi2005-pyramid"],
        &["solve", "soma-3x3x3", "-f", "unicode"],
    ] {
        let out = polyx()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let picture = format!("```\n{}```", String::from_utf8(out).unwrap());
        assert!(
            doc.contains(&picture),
            "docs/FORMATS.md does not show what `polyx {}` prints:\n{picture}",
            args.join(" ")
        );
    }
}

#[test]
fn readme_pictures_are_what_their_commands_draw() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The README shows its pictures as `docs/FILE`, docs/EXAMPLES.md as `FILE`.
    let read = |file: &str| std::fs::read_to_string(root.join(file)).unwrap();
    let readme = read("README.md") + &read("docs/EXAMPLES.md").replace("](", "](docs/");
    let commands = picture_commands(&readme);
    let drawn: Vec<&str> = commands.iter().map(|(_, file)| file.as_str()).collect();
    for picture in [
        "docs/scott.png",
        "docs/6x10-gallery.svg",
        "docs/tetrahexes-coin.svg",
        "docs/hexiamonds-6x6.svg",
        "docs/soma.svg",
        "docs/pyramid.svg",
    ] {
        assert!(
            readme.contains(&format!("]({picture})")),
            "{picture} not shown"
        );
        assert!(
            drawn.contains(&&picture["docs/".len()..]),
            "nothing draws {picture}"
        );
    }
    let dir = std::env::temp_dir().join(format!("polyx-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (args, file) in &commands {
        let fresh = dir.join(file);
        let mut args = args.clone();
        let at = args.iter().position(|w| w == "-o").unwrap();
        args[at + 1] = fresh.display().to_string();
        polyx().args(&args).assert().success();
        let committed = std::fs::read(root.join("docs").join(file)).unwrap();
        assert!(
            std::fs::read(&fresh).unwrap() == committed,
            "docs/{file} is stale: run `cargo run -- {}`",
            args.join(" ")
                .replace(&fresh.display().to_string(), &format!("docs/{file}"))
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
