//! Self-checks that do not trust the engine: [`verify`] recounts a solution against the
//! problem's own option lists, and [`sanity`] walks every link of the node table (as
//! `sanity()` in Knuth's `dlx1.w`) to prove that the table is consistent.

#[cfg(test)]
use super::dlx::Dlx;
use super::problem::{OptionId, Problem};

/// Why a set of options is not a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// The solution names an option the problem does not have.
    #[error("option {0} does not exist")]
    UnknownOption(u32),
    /// The solution names an option twice.
    #[error("option {0} is chosen twice")]
    RepeatedOption(u32),
    /// Two chosen options give an item different colours, or one names it without a
    /// colour and another names it too.
    #[error("item `{name}` is given {first} by one chosen option and {second} by another")]
    ColorClash {
        /// The item's name.
        name: String,
        /// What the first option gives it (`colour A` or `no colour`).
        first: String,
        /// What a later option gives it.
        second: String,
    },
    /// An item is covered too few or too many times.
    #[error("item `{name}` is covered {times} times; it must be covered {min} to {max} times")]
    WrongCover {
        /// The item's name.
        name: String,
        /// How often the solution covers it.
        times: u32,
        /// The fewest times it must be covered.
        min: u32,
        /// The most times it may be covered.
        max: u32,
    },
}

/// Checks that `solution` covers every item of `problem` within its bounds (primary
/// items exactly once, secondary items at most once, unless they carry multiplicities),
/// and that the options naming a secondary item all give it one colour (then it counts
/// as covered once) or it is named by a single option.
///
/// # Errors
/// The first thing wrong with `solution`, as a [`VerifyError`].
pub fn verify(problem: &Problem, solution: &[OptionId]) -> Result<(), VerifyError> {
    let mut times = vec![0u32; problem.item_count()];
    let mut colors: Vec<Option<Option<&str>>> = vec![None; problem.item_count()];
    let mut chosen = vec![false; problem.option_count()];
    for &o in solution {
        if o.index() >= problem.option_count() {
            return Err(VerifyError::UnknownOption(o.0));
        }
        if std::mem::replace(&mut chosen[o.index()], true) {
            return Err(VerifyError::RepeatedOption(o.0));
        }
        for (item, color) in problem.colored_option(o) {
            let seen = &mut colors[item.index()];
            match (*seen, color) {
                (Some(Some(a)), Some(b)) if a == b => continue,
                (Some(first), _) if first.is_some() || color.is_some() => {
                    return Err(VerifyError::ColorClash {
                        name: problem.name(item).to_string(),
                        first: describe(first),
                        second: describe(color),
                    });
                }
                _ => *seen = Some(color),
            }
            times[item.index()] += 1;
        }
    }
    for item in problem.items() {
        let b = problem.bounds(item);
        let t = times[item.index()];
        if t < b.min || t > b.max {
            return Err(VerifyError::WrongCover {
                name: problem.name(item).to_string(),
                times: t,
                min: b.min,
                max: b.max,
            });
        }
    }
    Ok(())
}

/// A colour as an error message names it.
fn describe(color: Option<&str>) -> String {
    match color {
        Some(c) => format!("colour `{c}`"),
        None => "no colour".to_string(),
    }
}

/// Walks every item list and the primary ring; returns a description of the first
/// inconsistency found.
#[cfg(test)]
pub fn sanity(dlx: &Dlx) -> Result<(), String> {
    let n = dlx.items as usize;
    // The ring of primary items, both ways.
    let mut seen = 0;
    let mut i = dlx.rlink[0];
    let mut prev = 0;
    while i != 0 {
        if dlx.llink[i as usize] != prev {
            return Err(format!("llink of item {i} is not {prev}"));
        }
        prev = i;
        i = dlx.rlink[i as usize];
        seen += 1;
        if seen > n {
            return Err("the item ring does not close".into());
        }
    }
    if dlx.llink[0] != prev {
        return Err("llink of the root is wrong".into());
    }
    // Each item list, both ways, with its length.
    for h in 1..=n as u32 {
        let mut count = 0;
        let mut p = dlx.store.down(h);
        let mut prev = h;
        while p != h {
            let (up, down, top) = (dlx.store.up(p), dlx.store.down(p), dlx.store.top(p));
            if up != prev {
                return Err(format!("node {p} in item {h}: up is {up}, expected {prev}"));
            }
            if top != h {
                return Err(format!(
                    "node {p} is in the list of item {h} but has top {top}"
                ));
            }
            prev = p;
            p = down;
            count += 1;
            if count > dlx.store.capacity() {
                return Err(format!("the list of item {h} does not close"));
            }
        }
        if dlx.store.up(h) != prev {
            return Err(format!("up of item {h} is wrong"));
        }
        if dlx.len(h) as usize != count {
            return Err(format!("item {h} has len {} but {count} nodes", dlx.len(h)));
        }
    }
    // At rest no node is known (purified): every colour is back.
    if let Some(p) = dlx.color.iter().position(|&c| c < 0) {
        return Err(format!("node {p} still has the colour of a purified item"));
    }
    Ok(())
}
