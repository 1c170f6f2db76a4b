//! Knuth's DLX text format (the input of `dlx1`): lines starting with `|` are comments;
//! the first other line names the items, primary ones first, then optionally `|` and the
//! secondary ones; every further line is one option naming its items. A primary item may
//! be written `min:max|name` (as in Knuth's MCC) for multiplicities. As in Knuth's DLX2,
//! an option may give a secondary item a colour: `x:A` (XCC); as in his DLX5, an option
//! may end with costs, `|n` (several add up). Errors name the line and column.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use super::problem::{Bounds, ItemId, OptionId, Problem, ProblemError};
use crate::error::{InputError, Location};

/// Reads a problem from `text`, which came from `path` (for error messages).
pub fn read(path: &str, text: &str) -> Result<Problem, InputError> {
    let source = Source { path, text };
    let mut reader = Reader {
        problem: Problem::new(),
        index: HashMap::new(),
        row: Vec::new(),
    };
    let mut have_items = false;
    for (n, raw) in text.split('\n').enumerate() {
        let line_no = n + 1;
        let line = raw.trim_end_matches('\r');
        if line.starts_with('|') {
            continue;
        }
        let tokens = tokens(line);
        if tokens.is_empty() {
            continue;
        }
        if have_items {
            reader.option(&source, line_no, tokens)?;
        } else {
            have_items = true;
            reader.items(&source, line_no, tokens)?;
        }
    }
    if !have_items {
        return Err(InputError::in_file(path, "no items: the input is empty")
            .with_hint("the first line that is not a comment must name the items"));
    }
    Ok(reader.problem)
}

/// The text being read, for error messages.
struct Source<'a> {
    path: &'a str,
    text: &'a str,
}

impl Source<'_> {
    /// An error at 1-based `line` and `col`.
    fn err(&self, line: usize, col: usize, msg: String) -> InputError {
        InputError::at(Location::at_line(self.path, self.text, line, col), msg)
    }
}

/// The problem read so far, its items by name, and a scratch row.
struct Reader<'a> {
    problem: Problem,
    index: HashMap<&'a str, ItemId>,
    row: Vec<(ItemId, Option<&'a str>)>,
}

impl<'a> Reader<'a> {
    /// The item line: primary items, then `|` and the secondary ones.
    fn items(
        &mut self,
        source: &Source<'_>,
        line_no: usize,
        tokens: Vec<(usize, &'a str)>,
    ) -> Result<(), InputError> {
        let err = |col: usize, msg: String| source.err(line_no, col, msg);
        let mut secondary = false;
        let mut primary_section = 0;
        for (col, tok) in tokens {
            if tok == "|" {
                if secondary {
                    return Err(err(col, "a second `|` in the item line".into()));
                }
                secondary = true;
                continue;
            }
            let (bounds, name) =
                split_bounds(tok).map_err(|m| err(col, format!("item `{tok}`: {m}")))?;
            if name.is_empty() || name.contains(':') || name.contains('|') {
                return Err(err(col, format!("`{tok}` is not a valid item name")));
            }
            if self.index.contains_key(name) {
                return Err(err(col, format!("item `{name}` is named twice")));
            }
            let id = match (secondary, bounds) {
                (false, None) => self.problem.add_primary(name),
                (true, None) => self.problem.add_secondary(name),
                (false, Some((lo, hi))) => {
                    (self.problem.add_item(name, lo, hi)).map_err(|e| err(col, e.to_string()))?
                }
                (true, Some(_)) => {
                    return Err(err(
                        col,
                        format!("secondary item `{tok}` cannot have multiplicities"),
                    ))
                }
            };
            self.index.insert(name, id);
            primary_section += usize::from(!secondary);
        }
        if primary_section == 0 {
            return Err(err(1, "no primary items are named".into())
                .with_hint("the first line that is not a comment names the items"));
        }
        Ok(())
    }

    /// An option line: the names of its items, a secondary one perhaps with `:colour`.
    fn option(
        &mut self,
        source: &Source<'_>,
        line_no: usize,
        tokens: Vec<(usize, &'a str)>,
    ) -> Result<(), InputError> {
        self.row.clear();
        let mut cost: Option<(usize, u64)> = None;
        for (col, tok) in tokens {
            if let Some(digits) = tok.strip_prefix('|') {
                let n: u64 = digits.parse().map_err(|_| {
                    source
                        .err(line_no, col, format!("`{tok}` is not a cost"))
                        .with_hint("a cost is `|` and a non-negative integer, as in `|3`")
                })?;
                let sum = cost.map_or(Some(n), |(_, c)| c.checked_add(n));
                let sum = sum.ok_or_else(|| {
                    source.err(
                        line_no,
                        col,
                        "the costs of this option add up past 2^64".into(),
                    )
                })?;
                cost = Some((cost.map_or(col, |(at, _)| at), sum));
                continue;
            }
            if let Some((at, _)) = cost {
                return Err(source
                    .err(line_no, col, format!("item `{tok}` comes after the cost"))
                    .with_hint(format!(
                        "write an option's costs after its items (the cost is at column {at})"
                    )));
            }
            let (name, color) = match tok.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (tok, None),
            };
            let Some(&id) = self.index.get(name) else {
                let (msg, hint) = if name.is_empty() {
                    (
                        format!("`{tok}` names no item before `:`"),
                        "write `item:colour`",
                    )
                } else {
                    (
                        format!("unknown item `{name}`"),
                        "every item of an option must be named in the first line",
                    )
                };
                return Err(source.err(line_no, col, msg).with_hint(hint));
            };
            if let Some(color) = color {
                let at = col + name.chars().count() + 1;
                if color.is_empty() {
                    return Err(source
                        .err(line_no, at, format!("item `{name}` has an empty colour"))
                        .with_hint("write `item:colour`, or the item alone for no colour"));
                }
                if !self.problem.is_plain_secondary(id) {
                    return Err(source
                        .err(
                            line_no,
                            at,
                            format!("item `{name}` is not secondary, so it cannot have a colour"),
                        )
                        .with_hint("only items named after `|` in the first line take colours"));
                }
            }
            self.row.push((id, color));
        }
        let option = (self.problem.add_colored_option(&self.row)).map_err(|e| match e {
            ProblemError::RepeatedItem { name, .. } => {
                source.err(line_no, 1, format!("this option names item `{name}` twice"))
            }
            ProblemError::EmptyOption { .. } => source
                .err(line_no, 1, "this option names no item, only a cost".into())
                .with_hint("an option names at least one item before its cost"),
            other => source.err(line_no, 1, other.to_string()),
        })?;
        if let Some((_, cost)) = cost {
            self.problem.set_cost(option, cost);
        }
        Ok(())
    }
}

fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = 0;
    let mut start = None;
    for (i, c) in line.char_indices() {
        col += 1;
        if c.is_whitespace() {
            if let Some((s, sc)) = start.take() {
                out.push((sc, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((s, sc)) = start {
        out.push((sc, &line[s..]));
    }
    out
}

/// An item token split into its optional `min:max` bounds and its name.
type Bounded<'a> = (Option<(u32, u32)>, &'a str);

fn split_bounds(tok: &str) -> Result<Bounded<'_>, String> {
    let Some((bounds, name)) = tok.split_once('|') else {
        return Ok((None, tok));
    };
    let (lo, hi) = bounds.split_once(':').unwrap_or((bounds, bounds));
    let lo: u32 = lo.parse().map_err(|_| format!("`{lo}` is not a number"))?;
    let hi: u32 = hi.parse().map_err(|_| format!("`{hi}` is not a number"))?;
    Ok((Some((lo, hi)), name))
}

/// Writes `problem` in the same format (primary items, `|`, secondary items; colours as
/// `item:colour`; a cost other than 0 as `|n` after the option's items). An item whose name is no token of the format (empty, or with a space,
/// `|` or `:`), or repeats an earlier one, is written under a name made from it that is.
pub fn write(problem: &Problem) -> String {
    let names = item_tokens(problem);
    let mut out = String::new();
    // Primary items go first, with their bounds unless 1:1. A secondary item that may be
    // covered more than once has no form of its own: it goes first as `0:k|name`, which
    // Knuth's programs read as a primary item with minimum 0 (the same solutions when
    // every option holds an item of minimum 1, as the options of a tiling do). All items
    // go first when none is primary (the format needs at least one item before `|`).
    let (mut primary, mut secondary): (Vec<_>, Vec<_>) = problem
        .items()
        .partition(|&i| problem.is_primary(i) || problem.bounds(i).is_multiple());
    if primary.is_empty() {
        std::mem::swap(&mut primary, &mut secondary);
    }
    let mut first = true;
    for &i in &primary {
        if !first {
            out.push(' ');
        }
        first = false;
        let b = problem.bounds(i);
        if b != Bounds::PRIMARY {
            let _ = write!(out, "{}:{}|", b.min, b.max);
        }
        out.push_str(&names[i.index()]);
    }
    if !secondary.is_empty() {
        out.push_str(" |");
        for &i in &secondary {
            out.push(' ');
            out.push_str(&names[i.index()]);
        }
    }
    out.push('\n');
    for o in problem.options() {
        out.push_str(&line_of(problem, o, |i| &names[i.index()]));
        if problem.cost(o) > 0 {
            let _ = write!(out, " |{}", problem.cost(o));
        }
        out.push('\n');
    }
    out
}

/// Per item, a name that is a token of the format and unique: its own where it is one.
fn item_tokens(problem: &Problem) -> Vec<String> {
    let mut taken: HashSet<String> = HashSet::new();
    let mut out = Vec::with_capacity(problem.item_count());
    for i in problem.items() {
        let name = problem.name(i);
        let clean: String = (name.chars())
            .map(|c| {
                if c.is_whitespace() || c == '|' || c == ':' {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        let base = if clean.is_empty() {
            "_".to_string()
        } else {
            clean
        };
        let (mut token, mut k) = (base.clone(), 1);
        while taken.contains(&token) {
            k += 1;
            token = format!("{base}_{k}");
        }
        taken.insert(token.clone());
        out.push(token);
    }
    out
}

/// One option as the names of its items, each with `:colour` if the option gives it one.
pub fn option_line(problem: &Problem, option: OptionId) -> String {
    line_of(problem, option, |i| problem.name(i))
}

/// One option, its items named by `name`.
fn line_of<'a>(problem: &'a Problem, option: OptionId, name: impl Fn(ItemId) -> &'a str) -> String {
    let mut line = String::new();
    for (item, color) in problem.colored_option(option) {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(name(item));
        if let Some(color) = color {
            line.push(':');
            line.push_str(color);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_are_no_tokens_are_written_as_tokens() {
        let mut p = Problem::new();
        let a = p.add_primary("a b");
        let b = p.add_primary("a_b");
        let c = p.add_primary("x:y");
        p.add_option(&[a, b]).unwrap();
        p.add_option(&[c]).unwrap();
        let text = write(&p);
        assert_eq!(text, "a_b a_b_2 x_y\na_b a_b_2\nx_y\n");
        let again = read("t", &text).unwrap();
        assert_eq!((again.item_count(), again.option_count()), (3, 2));
    }

    #[test]
    fn round_trip_keeps_the_problem() {
        let text = "| comment\na b c | x y\na x\nb c\na b y\nc\n";
        let p = read("t", text).unwrap();
        assert_eq!(p.item_count(), 5);
        assert_eq!(p.primary_count(), 3);
        assert_eq!(p.option_count(), 4);
        let again = read("t", &write(&p)).unwrap();
        assert_eq!(write(&again), write(&p));
        assert_eq!(write(&p), "a b c | x y\na x\nb c\na b y\nc\n");
    }

    #[test]
    fn unknown_item_names_line_and_column() {
        let e = read("f.dlx", "a b\na  zz\n").unwrap_err();
        let loc = e.location.unwrap();
        assert_eq!((loc.line, loc.column), (2, 4));
        assert!(e.message.contains("zz"));
    }

    #[test]
    fn bounds_other_than_primary_and_secondary_survive_a_round_trip() {
        // `0:3|a` is optional but may be used three times: it must not be written as a
        // plain secondary item. With no primary item at all, everything goes first.
        for text in ["0:3|a b | x\na x\na b\n", "0:1|p 0:1|q\np q\n"] {
            let p = read("t", text).unwrap();
            assert_eq!(write(&p), text);
            let again = read("t", &write(&p)).unwrap();
            let bounds = |p: &Problem| p.items().map(|i| p.bounds(i)).collect::<Vec<_>>();
            assert_eq!(bounds(&again), bounds(&p));
        }
    }

    #[test]
    fn costs_survive_a_round_trip() {
        // Several costs on one option add up; `write` gives their sum back.
        let p = read("t", "a b\na |2 |3\nb\na b |7\n").unwrap();
        let costs: Vec<u64> = p.options().map(|o| p.cost(o)).collect();
        assert_eq!(costs, [5, 0, 7]);
        assert_eq!(write(&p), "a b\na |5\nb\na b |7\n");
    }

    #[test]
    fn item_names_with_a_bar_are_refused() {
        // Found by the `knuth` fuzz target: `0:3||,` named an item `|,`, which `write`
        // could not give back.
        let e = read("f", "0:3||, a\n").unwrap_err();
        assert!(e.message.contains("not a valid item name"), "{}", e.message);
    }

    #[test]
    fn empty_input_is_an_error() {
        assert!(read("f", "").is_err());
        assert!(read("f", "| only a comment\n").is_err());
    }
}
