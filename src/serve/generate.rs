//! `POST /api/generate` and `POST /api/book`: challenges with exactly one completion
//! (`polyx generate`), as board files or drawn as a printable book; each a job under
//! the search budget.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::board_file::board_toml;
use super::body::{self, RawBody};
use super::error::ApiError;
use super::jobs::Job;
use super::request::{PuzzleFields, PIECES_FILE};
use super::search::{checkpoint, spawn};
use super::solution::placements;
use super::{limits, App};
use crate::design::{book as draw_book, BookOptions};
use crate::design::{generate as make, Challenge, GenerateOptions, Level};
use crate::model::Puzzle;
use crate::render::Format;
use crate::solve::DEFAULT_SEED;

/// The most challenges one request may ask for.
pub const MAX_CHALLENGES: usize = 50;

/// The request of `generate` (and `book`, with `format`).
#[derive(Deserialize)]
pub struct GenerateRequest {
    #[serde(flatten)]
    puzzle: PuzzleFields,
    count: Option<usize>,
    seed: Option<u64>,
    level: Option<String>,
    #[serde(default)]
    min: bool,
    format: Option<String>,
}

/// One challenge in the answer.
#[derive(Serialize)]
struct ChallengeOut {
    toml: String,
    preplaced: usize,
    pieces: usize,
    pieces_left: usize,
    guesses: u64,
    level: &'static str,
    solution: serde_json::Value,
}

/// What a generate or book job needs: the puzzle, the `pieces` key of the challenges'
/// files, the options and, for a book, its format.
struct Prepared {
    puzzle: Puzzle,
    pieces: String,
    opts: GenerateOptions,
    format: Option<(Format, &'static str)>,
}

/// `POST /api/generate`: a job slot is taken (or 429) before the body is parsed.
pub async fn generate(
    State(app): State<Arc<App>>,
    RawBody(bytes): RawBody,
) -> Result<Json<serde_json::Value>, ApiError> {
    let running = app.jobs.start("generate")?;
    let setup = move |job: &Job| prepare(&bytes, job, false);
    let started = spawn(&app.jobs, running, app.search_budget, setup, |p, job| {
        let opts = GenerateOptions {
            stop: Arc::clone(&job.stop),
            ..p.opts
        };
        let made = make(&p.puzzle, &opts)?;
        if made.interrupted {
            job.interrupted();
        }
        let seed = opts.seed;
        let challenges: Vec<ChallengeOut> = (made.challenges.iter().enumerate())
            .map(|(i, c)| challenge_out(&p.puzzle, c, &p.pieces, seed, i + 1))
            .collect();
        let body = serde_json::json!({ "challenges": challenges, "interrupted": made.interrupted });
        Ok(Json(body))
    });
    started.answer().await
}

/// `POST /api/book`: a job slot is taken (or 429) before the body is parsed; the
/// book's pixels are checked against the server's limit before the search.
pub async fn book(
    State(app): State<Arc<App>>,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let running = app.jobs.start("book")?;
    let setup = move |job: &Job| prepare(&bytes, job, true);
    let started = spawn(&app.jobs, running, app.search_budget, setup, |p, job| {
        let (format, kind) = p.format.unwrap_or((Format::Svg, "image/svg+xml"));
        let opts = GenerateOptions {
            stop: Arc::clone(&job.stop),
            ..p.opts
        };
        let made = make(&p.puzzle, &opts)?;
        if made.interrupted {
            job.interrupted();
        }
        let title = format!(
            "{} — polyx generate --seed {}",
            p.puzzle.board.name, opts.seed
        );
        let book_opts = BookOptions {
            title,
            ..BookOptions::default()
        };
        let bytes = draw_book(&p.puzzle.set, &made.challenges, format, &book_opts)?;
        Ok((kind, bytes))
    });
    let (kind, bytes) = started.answer().await?;
    Ok(([(header::CONTENT_TYPE, kind)], bytes).into_response())
}

/// The request parsed and checked, and its puzzle within the limits and built, with
/// the job's stop flag seen between the phases; a book's format and pixels too.
fn prepare(bytes: &[u8], job: &Job, book: bool) -> Result<Prepared, ApiError> {
    let req: GenerateRequest = body::parse(bytes)?;
    let format = match book {
        false => None,
        true => Some(match req.format.as_deref().unwrap_or("svg") {
            "svg" => (Format::Svg, "image/svg+xml"),
            "png" => (Format::Png, "image/png"),
            other => {
                return Err(ApiError::bad(format!(
                    "`format` is svg or png, not `{other}`"
                )))
            }
        }),
    };
    let count = req.count.unwrap_or(1);
    if !(1..=MAX_CHALLENGES).contains(&count) {
        return Err(ApiError::bad(format!(
            "`count` must be 1 to {MAX_CHALLENGES}, not {count}"
        )));
    }
    let level = match req.level.as_deref() {
        None => None,
        Some(name) => Some(level(name)?),
    };
    let opts = GenerateOptions {
        count,
        seed: req.seed.unwrap_or(DEFAULT_SEED),
        minimize: req.min,
        level,
        ..GenerateOptions::default()
    };
    let fields = req.puzzle;
    let puzzle = fields.puzzle_between(&mut || checkpoint(job))?;
    if let Some((Format::Png, _)) = format {
        // The challenges' pages and the solutions' pages: two galleries of `count`.
        limits::picture(
            &puzzle.board,
            BookOptions::default().cell_size,
            2 * count,
            true,
        )?;
    }
    checkpoint(job)?;
    let pieces = match (&fields.pieces, &fields.pieces_toml) {
        (Some(name), _) => name.clone(),
        (None, Some(_)) => PIECES_FILE.to_string(),
        (None, None) => puzzle.board.pieces.clone(),
    };
    Ok(Prepared {
        puzzle,
        pieces,
        opts,
        format,
    })
}

fn level(name: &str) -> Result<Level, ApiError> {
    [Level::Starter, Level::Junior, Level::Expert, Level::Master]
        .into_iter()
        .find(|l| l.name() == name)
        .ok_or_else(|| {
            ApiError::bad(format!(
                "`level` is starter, junior, expert or master, not `{name}`"
            ))
        })
}

fn challenge_out(
    puzzle: &Puzzle,
    c: &Challenge,
    pieces: &str,
    seed: u64,
    number: usize,
) -> ChallengeOut {
    let mut board = c.puzzle.board.clone();
    board.name = format!("{}-{seed}-{number}", puzzle.board.name);
    board.description = c.describe(number, &format!("polyx generate --seed {seed}"));
    ChallengeOut {
        toml: board_toml(&board, pieces),
        preplaced: c.preplaced,
        pieces: c.pieces,
        pieces_left: c.pieces - c.preplaced,
        guesses: c.difficulty.guesses,
        level: c.level.name(),
        solution: placements(&puzzle.set, &c.solution),
    }
}
