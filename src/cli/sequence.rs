//! `polyx sequence SET --width W --to N`: the tilings of the W × n rectangles as an OEIS
//! b-file (`n count` lines, `#` comments) or JSON Lines, from one transfer-matrix sweep
//! along the strip ([`crate::transfer::strip_counts`], SPEC §11); `--recurrence` adds the
//! shortest linear recurrence with integer coefficients that every term satisfies.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use serde_json::{json, Value};

use crate::count::{Count, MAX_JSON_NUMBER};
use crate::geom::Grid;
use crate::model::library;
use crate::transfer::{recurrence, strip_counts, Recurrence, StripError};

use super::args::{SequenceArgs, SequenceFormatArg};
use super::{output, Status};

pub fn run(args: &SequenceArgs) -> anyhow::Result<Status> {
    let set = library::load_piece_set(&args.set, None)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // The first Ctrl-C stops the sweep; the second ends the process at once.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let counts = match strip_counts(&set, args.width, args.from, args.to, &stop) {
        Ok(counts) => counts,
        Err(StripError::Stopped) => {
            eprintln!("polyx: stopped before the sweep finished; no counts");
            return Ok(Status::Interrupted);
        }
        Err(e) => return Err(e.into()),
    };
    let found = if args.recurrence {
        let terms: Vec<Count> = counts.iter().map(|(_, c)| c.clone()).collect();
        Some(recurrence(&terms))
    } else {
        None
    };
    let mut out = output::stdout();
    match args.format {
        SequenceFormatArg::Ascii => {
            let shape = match set.grid {
                Grid::Square => "rectangle",
                _ => "parallelogram",
            };
            writeln!(
                out,
                "# polyx sequence {} --width {}: tilings of the {} x n {shape}, n = {}..{}",
                args.set, args.width, args.width, args.from, args.to
            )?;
            for (n, c) in &counts {
                writeln!(out, "{n} {c}")?;
            }
            match found {
                Some(Some(r)) => writeln!(out, "# {r}")?,
                Some(None) => writeln!(
                    out,
                    "# no linear recurrence with constant integer coefficients is confirmed by these {} terms",
                    counts.len()
                )?,
                None => {}
            }
        }
        SequenceFormatArg::Json => {
            for (n, c) in &counts {
                writeln!(out, "{}", json!({ "n": n, "count": c }))?;
            }
            if let Some(r) = found {
                writeln!(
                    out,
                    "{}",
                    json!({ "recurrence": r.as_ref().map(recurrence_json) })
                )?;
            }
        }
    }
    output::finish(out)?;
    Ok(Status::Success)
}

/// `{"order":2,"coefficients":[1,1],"confirmed":98,"text":"a(n) = …"}`, a coefficient a
/// string past 2^53 − 1 in size, as counts are.
fn recurrence_json(r: &Recurrence) -> Value {
    let coefficient = |c: &BigInt| match c.to_i64() {
        Some(v) if v.unsigned_abs() <= MAX_JSON_NUMBER => json!(v),
        _ => json!(c.to_string()),
    };
    let text = r.to_string();
    json!({
        "order": r.order(),
        "coefficients": r.coefficients.iter().map(coefficient).collect::<Vec<_>>(),
        "confirmed": r.confirmed,
        "text": text.split(';').next().unwrap_or(&text),
    })
}
