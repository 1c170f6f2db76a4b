//! Generic exact cover from Python: `exact_cover` (a lazy iterator of solutions, each the
//! sorted indices of its options) and `count_exact_covers` (on several threads when
//! asked: the search tree split into subtrees that the threads take in turn). Items are
//! strings; a primary item may carry a multiplicity, `(name, n)` or `(name, min, max)`,
//! and a secondary one a maximum, `(name, max)`; an option is a list of item names (or
//! one string of them separated by spaces), a secondary item with a colour written
//! `name:colour`, as in Knuth's DLX2 format. `best_exact_covers` gives options costs
//! (Knuth's DLX5) and returns the cheapest solutions. Counting is the library's
//! `cover::Tally`, which uses the problem's symmetries.

use num_bigint::BigUint;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use polyx::cover::{AnySearch, Best, ItemId, OptionId, Problem, Tally, Visit, Visitor};

use crate::args;
use crate::errors::value_error;
use crate::stream::{Feed, Stream};
use crate::wait::interruptible;

/// The exact covers of the problem: a lazy iterator of lists of option indices (sorted).
///
/// `items` are the primary items, each `name` (covered exactly once), `(name, n)`
/// (exactly n times) or `(name, min, max)`; `secondary` items are covered at most once
/// (`name`) or at most `max` times (`(name, max)`). Each option is a list of item names,
/// or one string of them separated by spaces; `name:colour` gives a secondary item a
/// colour (options that give it the same colour go together, an option with it
/// uncoloured excludes every other option with it). As in Knuth's algorithms, an option
/// without a primary item is never chosen. The search runs on its own thread, a few
/// solutions ahead of the reader, and stops once the iterator is closed or dropped, or
/// after `limit` solutions. Ctrl-C stops it with KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (items, options, secondary = None, limit = None))]
pub fn exact_cover(
    items: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    secondary: Option<&Bound<'_, PyAny>>,
    limit: Option<i64>,
) -> PyResult<Covers> {
    let problem = problem(items, options, secondary)?;
    let limit = args::limit(limit)?.unwrap_or(u64::MAX);
    let stream = Stream::new(Box::new(move |feed: Feed<Vec<usize>>| {
        let mut search = AnySearch::new(&problem);
        let mut found = 0u64;
        let mut visitor = Watch {
            stop: &feed.stop,
            on_solution: |v: &Visit<'_>| {
                found += 1;
                feed.send(sorted(v))?;
                if found >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        };
        search.run(&mut visitor);
        Ok(())
    }));
    Ok(Covers {
        stream: std::sync::Mutex::new(stream),
    })
}

/// The number of exact covers of the problem (the arguments as for `exact_cover`), on
/// `threads` threads (one unless asked; the search tree is split into subtrees that the
/// threads take in turn). Symmetries of the problem that fix an item are found and used:
/// one option of each orbit of that item's options is searched, its exact covers
/// counted as many times as the orbit has options. Releases the GIL; Ctrl-C stops it with
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (items, options, secondary = None, threads = None))]
pub fn count_exact_covers(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    secondary: Option<&Bound<'_, PyAny>>,
    threads: Option<i64>,
) -> PyResult<BigUint> {
    let problem = problem(items, options, secondary)?;
    let threads = args::threads(threads)?;
    let stop = AtomicBool::new(false);
    interruptible(py, &stop, || {
        Tally::new(&problem)
            .threads(threads)
            .stop_when(&stop)
            .run()
            .count
            .to_big()
    })
}

/// The `k` cheapest exact covers when option `j` costs `costs[j]` (non-negative
/// integers; Knuth's DLX5): a list of `(options, cost)`, cheapest first, each `options`
/// the sorted indices of its options. Other arguments as for `exact_cover`; `threads`
/// workers share the best cost found so far. Releases the GIL; Ctrl-C stops it with
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (items, options, costs, k = 1, secondary = None, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn best_exact_covers(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    costs: &Bound<'_, PyAny>,
    k: i64,
    secondary: Option<&Bound<'_, PyAny>>,
    threads: Option<i64>,
) -> PyResult<Vec<(Vec<usize>, u64)>> {
    let mut problem = problem(items, options, secondary)?;
    let costs: Vec<i64> = costs
        .extract()
        .map_err(|_| PyTypeError::new_err("costs must be a list of int, one per option"))?;
    if costs.len() != problem.option_count() {
        return Err(value_error(format!(
            "costs has {} entries for {} options",
            costs.len(),
            problem.option_count()
        )));
    }
    for (j, &c) in costs.iter().enumerate() {
        let c =
            u64::try_from(c).map_err(|_| value_error(format!("costs[{j}] is {c}, not >= 0")))?;
        problem.set_cost(OptionId(j as u32), c);
    }
    let k = usize::try_from(k)
        .ok()
        .filter(|&k| k >= 1)
        .ok_or_else(|| value_error(format!("k is {k}; it must be at least 1")))?;
    let threads = args::threads(threads)?;
    let stop = AtomicBool::new(false);
    let best = interruptible(py, &stop, || {
        Best::new(&problem, k)
            .threads(threads)
            .stop_when(&stop)
            .run()
    })?;
    Ok(best
        .solutions
        .into_iter()
        .map(|s| {
            let mut ids: Vec<usize> = s.options.iter().map(|o| o.index()).collect();
            ids.sort_unstable();
            (ids, s.cost)
        })
        .collect())
}

/// The lazy iterator of `exact_cover()`.
#[pyclass(module = "polyx")]
pub struct Covers {
    stream: std::sync::Mutex<Stream<Vec<usize>>>,
}

#[pymethods]
impl Covers {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        let stream = self.stream.get_mut().unwrap_or_else(|e| e.into_inner());
        stream.next(py)
    }

    /// Stops the search and waits for its thread; the iterator then ends.
    fn close(&mut self, py: Python<'_>) {
        let stream = self.stream.get_mut().unwrap_or_else(|e| e.into_inner());
        stream.close(py);
    }
}

/// A visitor that hands solutions to `on_solution` and stops at a tick once `stop` is set.
struct Watch<'a, F> {
    stop: &'a AtomicBool,
    on_solution: F,
}

impl<F: FnMut(&Visit<'_>) -> ControlFlow<()>> Visitor for Watch<'_, F> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        (self.on_solution)(visit)
    }

    fn tick(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        if self.stop.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// A solution's option indices, sorted.
fn sorted(v: &Visit<'_>) -> Vec<usize> {
    let mut options: Vec<usize> = v.options().iter().map(|o| o.index()).collect();
    options.sort_unstable();
    options
}

/// The problem the arguments describe.
fn problem(
    items: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    secondary: Option<&Bound<'_, PyAny>>,
) -> PyResult<Problem> {
    let mut problem = Problem::new();
    let mut ids: HashMap<String, ItemId> = HashMap::new();
    let mut add = |problem: &mut Problem,
                   name: String,
                   secondary: bool,
                   min: u32,
                   max: u32|
     -> PyResult<()> {
        if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c == ':') {
            return Err(value_error(format!(
                "item {name:?}: an item's name is not empty and has no space and no `:`"
            )));
        }
        if ids.contains_key(&name) {
            return Err(value_error(format!("item {name:?} is given twice")));
        }
        // Knuth's MCC: every item in `items` is primary, minimum 0 included; a secondary
        // item is covered at most `max` times and never branched on.
        let id = match (secondary, max) {
            (false, _) => problem.add_item(name.clone(), min, max),
            (true, 1) => Ok(problem.add_secondary(name.clone())),
            (true, _) => problem.add_secondary_at_most(name.clone(), max),
        }
        .map_err(|e| value_error(format!("item {name:?}: {e}")))?;
        ids.insert(name, id);
        Ok(())
    };
    for (n, item) in sequence(items, "items")?.iter().enumerate() {
        let (name, min, max) =
            item_spec(item, false).map_err(|e| e.unwrap_or_else(|| item_type_error("items", n)))?;
        add(&mut problem, name, false, min, max)?;
    }
    if let Some(secondary) = secondary {
        for (n, item) in sequence(secondary, "secondary")?.iter().enumerate() {
            let (name, min, max) = item_spec(item, true)
                .map_err(|e| e.unwrap_or_else(|| item_type_error("secondary", n)))?;
            add(&mut problem, name, true, min, max)?;
        }
    }
    for (n, option) in sequence(options, "options")?.iter().enumerate() {
        let names: Vec<String> = if let Ok(text) = option.cast::<PyString>() {
            text.to_cow()?
                .split_whitespace()
                .map(str::to_string)
                .collect()
        } else {
            option.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "options[{n}] must be a list of item names (str), or one str of them separated by spaces"
                ))
            })?
        };
        let mut entries: Vec<(ItemId, Option<&str>)> = Vec::with_capacity(names.len());
        for name in &names {
            let entry = match ids.get(name.as_str()) {
                Some(&id) => (id, None),
                None => match name.split_once(':') {
                    Some((item, colour)) if ids.contains_key(item) => (ids[item], Some(colour)),
                    _ => {
                        return Err(value_error(format!(
                            "options[{n}] names {name:?}, which is no item"
                        )))
                    }
                },
            };
            entries.push(entry);
        }
        problem
            .add_colored_option(&entries)
            .map_err(|e| value_error(format!("options[{n}]: {e}")))?;
    }
    Ok(problem)
}

/// The elements of a list (or any iterable but a string) of arguments.
fn sequence<'py>(arg: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if arg.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a list, not a str"
        )));
    }
    arg.try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a list")))?
        .collect()
}

/// `name`, `(name, n)` or `(name, min, max)` for a primary item; `name` or `(name, max)`
/// for a secondary one. `Err(None)` for a value of the wrong type.
fn item_spec(
    item: &Bound<'_, PyAny>,
    secondary: bool,
) -> Result<(String, u32, u32), Option<PyErr>> {
    if let Ok(name) = item.extract::<String>() {
        return Ok((name, u32::from(!secondary), 1));
    }
    if secondary {
        let (name, max): (String, i64) = item.extract().map_err(|_| None)?;
        return Ok((name, 0, bound(max)?));
    }
    if let Ok((name, n)) = item.extract::<(String, i64)>() {
        let n = bound(n)?;
        return Ok((name, n, n));
    }
    let (name, min, max): (String, i64, i64) = item.extract().map_err(|_| None)?;
    Ok((name, bound(min)?, bound(max)?))
}

fn bound(n: i64) -> Result<u32, Option<PyErr>> {
    u32::try_from(n).map_err(|_| {
        Some(value_error(format!(
            "a multiplicity of {n} is out of range"
        )))
    })
}

fn item_type_error(what: &str, n: usize) -> PyErr {
    let form = if what == "secondary" {
        "a name (str) or (name, max)"
    } else {
        "a name (str), (name, n) or (name, min, max)"
    };
    PyTypeError::new_err(format!("{what}[{n}] must be {form}"))
}
