//! `polyx generate`: challenges with exactly one completion, written as board files (or
//! the NOI2005 judge's format) to stdout or one file each into a folder, and optionally
//! drawn as a printable book.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::design::{board_toml, book, generate, is_noi2005, noi2005_text, BookOptions};
use crate::design::{Challenge, GenerateOptions, Level, Title};
use crate::error::InputError;
use crate::model::{library, Board, Puzzle};
use crate::render::Format;

use super::args::{ChallengeFormatArg, GenerateArgs, LevelArg};
use super::{output, Status};

pub fn run(args: &GenerateArgs) -> anyhow::Result<Status> {
    let (board, set) = super::solve::load(&args.name, args.pieces.as_deref())?;
    let pieces = pieces_value(&board, args.pieces.as_deref());
    let puzzle = Puzzle::new(board, set)?;
    if args.format == ChallengeFormatArg::Noi2005 && !is_noi2005(&puzzle.board) {
        return Err(InputError::new(format!(
            "the board `{}` is not the NOI2005 staircase, which the judge's format holds",
            puzzle.board.name
        ))
        .with_hint("use `--format toml`, or generate from the `noi2005` board")
        .into());
    }
    let book_format = book_format(args.book.as_deref())?;
    let stop = Arc::new(AtomicBool::new(false));
    on_interrupt(Arc::clone(&stop));
    let opts = GenerateOptions {
        count: args.count as usize,
        seed: args.seed,
        minimize: args.min,
        swaps: args.swaps,
        level: args.level.map(level_of),
        stop,
        ..GenerateOptions::default()
    };
    let start = Instant::now();
    let made = generate(&puzzle, &opts)?;
    let elapsed = start.elapsed();
    let files: Vec<(String, String)> = (made.challenges.iter().enumerate())
        .map(|(i, c)| challenge_file(args, &puzzle.board, &pieces, c, i + 1))
        .collect();
    match &args.out {
        Some(dir) => write_files(dir, &files)?,
        None => print(args, &files)?,
    }
    if let (Some(path), Some(format)) = (&args.book, book_format) {
        if !made.challenges.is_empty() {
            let opts = BookOptions {
                title: format!(
                    "{} — polyx generate --seed {}",
                    puzzle.board.name, args.seed
                ),
                ..BookOptions::default()
            };
            let bytes = book(&puzzle.set, &made.challenges, format, &opts)?;
            crate::output::write_atomically(path, &bytes, &[])?;
        }
    }
    if args.stats {
        for (i, c) in made.challenges.iter().enumerate() {
            eprintln!(
                "challenge {}: {} of {} pieces pre-placed, {} guesses, {} forced moves, level {}",
                i + 1,
                c.preplaced,
                c.pieces,
                c.difficulty.guesses,
                c.difficulty.forced,
                c.level
            );
        }
        eprintln!(
            "generate: {} challenges, {} uniqueness searches, {} nodes, {:.3} s",
            made.challenges.len(),
            made.searches,
            made.nodes,
            elapsed.as_secs_f64()
        );
    }
    if made.missed > 0 {
        eprintln!(
            "polyx: {} of {} challenges reached no state of the level asked for",
            made.missed, args.count
        );
    }
    Ok(if made.interrupted {
        Status::Interrupted
    } else if made.challenges.is_empty() {
        Status::NotFound
    } else {
        Status::Success
    })
}

/// The first Ctrl-C sets `stop`; the second ends the process at once.
fn on_interrupt(stop: Arc<AtomicBool>) {
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

fn level_of(level: LevelArg) -> Level {
    match level {
        LevelArg::Starter => Level::Starter,
        LevelArg::Junior => Level::Junior,
        LevelArg::Expert => Level::Expert,
        LevelArg::Master => Level::Master,
    }
}

/// The `pieces` key of the challenges' files: a built-in set's name, or the set file's
/// absolute path (the files may be written anywhere).
fn pieces_value(board: &Board, pieces: Option<&str>) -> String {
    match library::pieces_path(board, pieces) {
        Some(path) => fs::canonicalize(&path)
            .unwrap_or(path)
            .display()
            .to_string(),
        None => pieces.unwrap_or(&board.pieces).to_string(),
    }
}

/// The book's format, from its name.
fn book_format(path: Option<&Path>) -> anyhow::Result<Option<Format>> {
    let Some(path) = path else { return Ok(None) };
    match Format::from_extension(path) {
        Some(f @ (Format::Svg | Format::Png)) => Ok(Some(f)),
        _ => Err(InputError::new(format!(
            "cannot tell the book's format from the name `{}`",
            path.display()
        ))
        .with_hint("name the book FILE.svg or FILE.png")
        .into()),
    }
}

/// Challenge `number`'s file name and text.
fn challenge_file(
    args: &GenerateArgs,
    board: &Board,
    pieces: &str,
    c: &Challenge,
    number: usize,
) -> (String, String) {
    let stem: String = (board.name.chars())
        .map(|ch| {
            if ch.is_ascii_alphanumeric() || "-_.".contains(ch) {
                ch
            } else {
                '_'
            }
        })
        .collect();
    let width = args.count.to_string().len();
    let name = format!("{stem}-{}-{number:0width$}", args.seed);
    match args.format {
        ChallengeFormatArg::Toml => {
            let title = Title {
                name: name.clone(),
                description: c.describe(number, &command(args)),
                pieces: pieces.to_string(),
            };
            (format!("{name}.toml"), board_toml(&c.puzzle.board, &title))
        }
        ChallengeFormatArg::Noi2005 => (
            format!("{name}.in"),
            noi2005_text(&c.puzzle.board).expect("the board was checked"),
        ),
    }
}

/// The command that makes the same challenges (what changes them, not where they go).
fn command(args: &GenerateArgs) -> String {
    let mut words = vec!["polyx generate".to_string(), args.name.clone()];
    if let Some(pieces) = &args.pieces {
        words.push(format!("--pieces {pieces}"));
    }
    if args.count > 1 {
        words.push(format!("-n {}", args.count));
    }
    if args.min {
        words.push("--min".into());
        if args.swaps != GenerateOptions::default().swaps {
            words.push(format!("--swaps {}", args.swaps));
        }
    }
    if let Some(level) = args.level {
        words.push(format!("--level {}", level_of(level)));
    }
    words.push(format!("--seed {}", args.seed));
    words.join(" ")
}

/// Each challenge on stdout: TOML files after a `# challenge N of M` comment line, judge
/// inputs separated by a blank line.
fn print(args: &GenerateArgs, files: &[(String, String)]) -> anyhow::Result<()> {
    let mut out = output::stdout();
    for (i, (_, text)) in files.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        if args.format == ChallengeFormatArg::Toml {
            writeln!(out, "# challenge {} of {}", i + 1, files.len())?;
        }
        out.write_all(text.as_bytes())?;
    }
    output::finish(out)
}

/// One file per challenge in `dir` (made if missing), refusing before writing anything
/// if any of them exists.
fn write_files(dir: &Path, files: &[(String, String)]) -> anyhow::Result<()> {
    fs::create_dir_all(dir).map_err(|e| crate::Error::io(dir.display().to_string(), e))?;
    let paths: Vec<PathBuf> = files.iter().map(|(name, _)| dir.join(name)).collect();
    if let Some(existing) = paths.iter().find(|p| p.exists()) {
        return Err(InputError::new(format!(
            "refusing to write over the existing file {}",
            existing.display()
        ))
        .with_hint("choose another --out folder or another --seed, or remove the file")
        .into());
    }
    for (path, (_, text)) in paths.iter().zip(files) {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| crate::Error::io(path.display().to_string(), e))?;
        file.write_all(text.as_bytes())
            .map_err(|e| crate::Error::io(path.display().to_string(), e))?;
    }
    Ok(())
}
