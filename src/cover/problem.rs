//! An exact-cover problem as built: items with their bounds (primary, secondary, or
//! covered between `min` and `max` times), and options that are sets of items, checked
//! as they are added. An option may give a secondary item a colour (Knuth's XCC, TAOCP
//! 7.2.2.1 "Color controls"): options that give one item different colours exclude each
//! other, options that give it the same colour may all be chosen, and an option that
//! names it without a colour excludes every other option naming it.

use std::collections::HashMap;
use std::fmt;

/// An item (a column of the matrix), numbered from 0 in the order items were added.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(
    /// The item's number.
    pub u32,
);

/// An option (a row of the matrix), numbered from 0 in the order options were added.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(
    /// The option's number.
    pub u32,
);

impl ItemId {
    /// The item's number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl OptionId {
    /// The option's number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How often an item must be covered: between `min` and `max` times. A plain primary item
/// is `1..=1`, a plain secondary one `0..=1`; whether an item is primary (the search
/// branches on it) is [`Problem::is_primary`], not its bounds: Knuth's MCC allows primary
/// items with minimum 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The fewest chosen options that may cover the item.
    pub min: u32,
    /// The most chosen options that may cover the item.
    pub max: u32,
}

impl Bounds {
    /// A primary item: covered exactly once.
    pub const PRIMARY: Bounds = Bounds { min: 1, max: 1 };
    /// A secondary item: covered at most once.
    pub const SECONDARY: Bounds = Bounds { min: 0, max: 1 };

    /// True for items that take part in more than one chosen option.
    pub fn is_multiple(self) -> bool {
        self.max > 1
    }
}

/// Why a problem cannot be built as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProblemError {
    /// An option names an item that was not added.
    #[error("option {option} names item {item}, but there are only {items} items")]
    UnknownItem {
        /// The option's number.
        option: u32,
        /// The item it names.
        item: u32,
        /// The number of items.
        items: u32,
    },
    /// An option names the same item twice.
    #[error("option {option} names item `{name}` twice")]
    RepeatedItem {
        /// The option's number.
        option: u32,
        /// The item's name.
        name: String,
    },
    /// An option names no item.
    #[error("option {option} is empty")]
    EmptyOption {
        /// The option's number.
        option: u32,
    },
    /// An item's bounds admit no count.
    #[error("item bounds {min}..={max} are invalid (need 1 <= max and min <= max)")]
    BadBounds {
        /// The given minimum.
        min: u32,
        /// The given maximum.
        max: u32,
    },
    /// An option gives a colour to an item that is not secondary (covered at most once).
    #[error(
        "option {option} gives item `{name}` a colour, but only secondary items (covered at most once) take colours"
    )]
    ColorOnItem {
        /// The option's number.
        option: u32,
        /// The item's name.
        name: String,
    },
    /// A colour's name is empty.
    #[error("option {option} gives item `{name}` an empty colour")]
    EmptyColor {
        /// The option's number.
        option: u32,
        /// The item's name.
        name: String,
    },
    /// The node table would exceed [`MAX_NODES`].
    #[error("the matrix is too large: {what} (the limit is {limit})")]
    TooLarge {
        /// What is too large.
        what: String,
        /// The limit it exceeds.
        limit: u64,
    },
}

/// The largest node table the engine builds: node indices are `u32`.
pub const MAX_NODES: u64 = (i32::MAX as u64) - 1;

/// An exact-cover problem: items with bounds, and options that are sets of items.
///
/// # Guarantees
/// Every option is non-empty and names each of its items once; every item id is in range.
///
/// ```
/// use polyx::cover::{Problem, Search};
///
/// // Cover a, b, c with the options {a, b}, {c}, {a}, {b, c}: two ways.
/// let mut problem = Problem::new();
/// let [a, b, c] = ["a", "b", "c"].map(|n| problem.add_primary(n));
/// for option in [&[a, b][..], &[c], &[a], &[b, c]] {
///     problem.add_option(option).unwrap();
/// }
/// let mut search = Search::new(&problem);
/// let first = search.first().unwrap();
/// let names: Vec<_> = first.iter().map(|&o| problem.option(o).len()).collect();
/// assert_eq!(names, [2, 1]); // {a, b} then {c}
/// assert_eq!(search.count(), 2);
/// ```
///
/// With colours (the toy XCC problem of TAOCP 7.2.2.1): primary items `p q r`,
/// secondary items `x y`, and five options, one of which gives `x` the colour `B`.
///
/// ```
/// use polyx::cover::{verify, Problem, Search};
///
/// let mut problem = Problem::new();
/// let [p, q, r] = ["p", "q", "r"].map(|n| problem.add_primary(n));
/// let [x, y] = ["x", "y"].map(|n| problem.add_secondary(n));
/// let (a, b) = (Some("A"), Some("B"));
/// for option in [
///     &[(p, None), (q, None), (x, None), (y, a)][..],
///     &[(p, None), (r, None), (x, a), (y, None)],
///     &[(p, None), (x, b)],
///     &[(q, None), (x, a)],
///     &[(r, None), (y, b)],
/// ] {
///     problem.add_colored_option(option).unwrap();
/// }
/// let solutions = Search::new(&problem).solutions(10);
/// // `p r x:A y` and `q x:A`: both give `x` the colour A.
/// assert_eq!(solutions.len(), 1);
/// let mut chosen: Vec<_> = solutions[0].iter().map(|o| o.0).collect();
/// chosen.sort();
/// assert_eq!(chosen, [1, 3]);
/// assert!(verify(&problem, &solutions[0]).is_ok());
/// let colors: Vec<_> = problem.colored_option(solutions[0][0]).collect();
/// assert!(colors.contains(&(x, Some("A"))));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Problem {
    names: Vec<String>,
    bounds: Vec<Bounds>,
    /// Per item, true if it is primary: the search branches on it and a solution covers
    /// it between its bounds; false for secondary items, which options only carry.
    primary: Vec<bool>,
    option_start: Vec<u32>,
    option_items: Vec<ItemId>,
    /// Per entry of `option_items`, its colour: 0 for none, `k` for `color_names[k - 1]`.
    /// Empty while no option has a colour.
    option_colors: Vec<u32>,
    color_names: Vec<String>,
    color_codes: HashMap<String, u32>,
    /// Per option, its cost (Knuth's DLX5); empty while no option has one.
    option_costs: Vec<u64>,
}

impl Problem {
    /// An empty problem: no items, no options.
    pub fn new() -> Problem {
        Problem {
            option_start: vec![0],
            ..Problem::default()
        }
    }

    /// Adds a primary item that must be covered exactly once.
    pub fn add_primary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into(), Bounds::PRIMARY, true)
    }

    /// Adds a secondary item: options may carry it, at most one of them (or several that
    /// give it one colour) in a solution.
    pub fn add_secondary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into(), Bounds::SECONDARY, false)
    }

    /// Adds a primary item that must be covered between `min` and `max` times (Knuth's
    /// MCC, `min:max|name`). With `min = 0` it is still primary: the search branches on
    /// it, so an option made only of such items may be chosen or not, and each choice is
    /// a solution of its own.
    pub fn add_item(
        &mut self,
        name: impl Into<String>,
        min: u32,
        max: u32,
    ) -> Result<ItemId, ProblemError> {
        if max == 0 || min > max {
            return Err(ProblemError::BadBounds { min, max });
        }
        Ok(self.push_item(name.into(), Bounds { min, max }, true))
    }

    /// Adds a secondary item that may be covered up to `max` times: the search never
    /// branches on it, so it only limits the options that primary items bring in (the
    /// piece of a tiling that may be left out, with `max` copies).
    pub fn add_secondary_at_most(
        &mut self,
        name: impl Into<String>,
        max: u32,
    ) -> Result<ItemId, ProblemError> {
        if max == 0 {
            return Err(ProblemError::BadBounds { min: 0, max });
        }
        Ok(self.push_item(name.into(), Bounds { min: 0, max }, false))
    }

    fn push_item(&mut self, name: String, bounds: Bounds, primary: bool) -> ItemId {
        if self.option_start.is_empty() {
            self.option_start.push(0);
        }
        self.names.push(name);
        self.bounds.push(bounds);
        self.primary.push(primary);
        ItemId(self.names.len() as u32 - 1)
    }

    /// Adds an option covering `items`; the order of the items is kept.
    pub fn add_option(&mut self, items: &[ItemId]) -> Result<OptionId, ProblemError> {
        let option = self.check_option(items.iter().copied())?;
        self.option_items.extend_from_slice(items);
        if !self.option_colors.is_empty() {
            self.option_colors.resize(self.option_items.len(), 0);
        }
        self.option_start.push(self.option_items.len() as u32);
        Ok(option)
    }

    /// Adds an option covering `items`, each with its colour, if any; the order of the
    /// items is kept. Only secondary items (bounds `0..=1`) take a colour.
    pub fn add_colored_option(
        &mut self,
        items: &[(ItemId, Option<&str>)],
    ) -> Result<OptionId, ProblemError> {
        let option = self.check_option(items.iter().map(|&(i, _)| i))?;
        for &(item, color) in items {
            let Some(color) = color else { continue };
            let name = || self.names[item.index()].clone();
            if !self.is_plain_secondary(item) {
                return Err(ProblemError::ColorOnItem {
                    option: option.0,
                    name: name(),
                });
            }
            if color.is_empty() {
                return Err(ProblemError::EmptyColor {
                    option: option.0,
                    name: name(),
                });
            }
        }
        let colored = self.has_colors() || items.iter().any(|(_, c)| c.is_some());
        if colored {
            self.option_colors.resize(self.option_items.len(), 0);
        }
        for &(item, color) in items {
            self.option_items.push(item);
            if colored {
                let code = color.map_or(0, |c| self.color_code(c));
                self.option_colors.push(code);
            }
        }
        self.option_start.push(self.option_items.len() as u32);
        Ok(option)
    }

    /// The code of colour `name` (from 1), given it on first use.
    fn color_code(&mut self, name: &str) -> u32 {
        if let Some(&code) = self.color_codes.get(name) {
            return code;
        }
        self.color_names.push(name.to_string());
        let code = self.color_names.len() as u32;
        self.color_codes.insert(name.to_string(), code);
        code
    }

    /// Checks a new option's items (in range, none twice, some at all, room in the node
    /// table); returns the number it will have.
    fn check_option(
        &mut self,
        items: impl ExactSizeIterator<Item = ItemId> + Clone,
    ) -> Result<OptionId, ProblemError> {
        if self.option_start.is_empty() {
            self.option_start.push(0);
        }
        let option = self.option_count() as u32;
        if items.len() == 0 {
            return Err(ProblemError::EmptyOption { option });
        }
        for (k, item) in items.clone().enumerate() {
            if item.index() >= self.names.len() {
                return Err(ProblemError::UnknownItem {
                    option,
                    item: item.0,
                    items: self.names.len() as u32,
                });
            }
            if items.clone().take(k).any(|i| i == item) {
                return Err(ProblemError::RepeatedItem {
                    option,
                    name: self.names[item.index()].clone(),
                });
            }
        }
        let nodes = self.node_estimate() + items.len() as u64 + 1;
        if nodes > MAX_NODES {
            return Err(ProblemError::TooLarge {
                what: format!("{nodes} nodes"),
                limit: MAX_NODES,
            });
        }
        Ok(OptionId(option))
    }

    /// The number of entries of the node table: headers, option nodes and spacers.
    pub fn node_estimate(&self) -> u64 {
        (self.names.len() + self.option_items.len() + self.option_count() + 2) as u64
    }

    /// The number of items.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary.iter().filter(|&&p| p).count()
    }

    /// True if `item` is primary: the search branches on it (Knuth's items before `|`).
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.primary[item.index()]
    }

    /// True if `item` is secondary and covered at most once: the items that take colours.
    pub fn is_plain_secondary(&self, item: ItemId) -> bool {
        !self.is_primary(item) && self.bounds(item) == Bounds::SECONDARY
    }

    /// True if the search must count `item`'s uses rather than cover it at once (Knuth's
    /// Algorithm M): it may be covered more than once, or it is primary with minimum 0,
    /// so that "no further option" is one of its branches.
    pub fn is_counted(&self, item: ItemId) -> bool {
        let b = self.bounds(item);
        b.max > 1 || (self.is_primary(item) && b.min == 0)
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.option_start.len().saturating_sub(1)
    }

    /// Every item, in order.
    pub fn items(&self) -> impl Iterator<Item = ItemId> + '_ {
        (0..self.names.len() as u32).map(ItemId)
    }

    /// Every option, in order.
    pub fn options(&self) -> impl Iterator<Item = OptionId> + '_ {
        (0..self.option_count() as u32).map(OptionId)
    }

    /// The name `item` was added with.
    pub fn name(&self, item: ItemId) -> &str {
        &self.names[item.index()]
    }

    /// How often `item` must be covered.
    pub fn bounds(&self, item: ItemId) -> Bounds {
        self.bounds[item.index()]
    }

    /// The items of `option`, in the order they were given.
    pub fn option(&self, option: OptionId) -> &[ItemId] {
        let o = option.index();
        &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize]
    }

    /// The items of `option`, each with the colour the option gives it, if any.
    pub fn colored_option(
        &self,
        option: OptionId,
    ) -> impl Iterator<Item = (ItemId, Option<&str>)> + '_ {
        let codes = self.color_codes_of(option);
        (self.option(option).iter().enumerate()).map(move |(k, &item)| {
            let code = codes.map_or(0, |c| c[k]);
            (item, self.color_name(code))
        })
    }

    /// The colour codes of `option`'s items (0 for none, else from 1 in order of first
    /// use), or `None` when no option of the problem has a colour.
    pub(crate) fn color_codes_of(&self, option: OptionId) -> Option<&[u32]> {
        if self.option_colors.is_empty() {
            return None;
        }
        let o = option.index();
        let range = self.option_start[o] as usize..self.option_start[o + 1] as usize;
        // Options added after the last coloured one have no entries yet: no colours.
        self.option_colors.get(range)
    }

    /// The name of colour `code` (`None` for 0, no colour).
    fn color_name(&self, code: u32) -> Option<&str> {
        code.checked_sub(1)
            .map(|k| self.color_names[k as usize].as_str())
    }

    /// Gives `option` a cost (Knuth's DLX5, `|n` after its items): a solution costs the
    /// sum of its options' costs, and [`super::Best`] looks for the cheapest. Options
    /// without a cost cost 0.
    ///
    /// # Panics
    /// If `option` does not exist.
    pub fn set_cost(&mut self, option: OptionId, cost: u64) {
        assert!(option.index() < self.option_count(), "no option {option}");
        if self.option_costs.len() < self.option_count() {
            self.option_costs.resize(self.option_count(), 0);
        }
        self.option_costs[option.index()] = cost;
    }

    /// The cost of `option` (0 unless [`Problem::set_cost`] gave it one).
    pub fn cost(&self, option: OptionId) -> u64 {
        self.option_costs.get(option.index()).copied().unwrap_or(0)
    }

    /// True if some option has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        self.option_costs.iter().any(|&c| c > 0)
    }

    /// True if some option gives an item a colour.
    pub fn has_colors(&self) -> bool {
        !self.option_colors.is_empty()
    }

    /// True if some item's uses are counted ([`Problem::is_counted`]): it may be
    /// covered more than once, or it is primary with minimum 0.
    pub fn has_multiplicities(&self) -> bool {
        self.items().any(|i| self.is_counted(i))
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
