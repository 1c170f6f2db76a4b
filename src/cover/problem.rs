//! An exact-cover problem as built: items with their bounds (primary, secondary, or
//! covered between `min` and `max` times), and options that are sets of items, checked
//! as they are added.

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

/// How often an item must be covered: between `min` and `max` times. Primary items have
/// `min >= 1`; secondary items have `min == 0`.
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

    /// True for items that must be covered (`min >= 1`).
    pub fn is_primary(self) -> bool {
        self.min >= 1
    }

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
#[derive(Clone, Debug, Default)]
pub struct Problem {
    names: Vec<String>,
    bounds: Vec<Bounds>,
    option_start: Vec<u32>,
    option_items: Vec<ItemId>,
}

impl Problem {
    /// An empty problem: no items, no options.
    pub fn new() -> Problem {
        Problem {
            option_start: vec![0],
            ..Problem::default()
        }
    }

    /// Adds an item that must be covered exactly once.
    pub fn add_primary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into(), Bounds::PRIMARY)
    }

    /// Adds an item that may be covered at most once.
    pub fn add_secondary(&mut self, name: impl Into<String>) -> ItemId {
        self.push_item(name.into(), Bounds::SECONDARY)
    }

    /// Adds an item that must be covered between `min` and `max` times (`min = 0` makes it
    /// secondary).
    pub fn add_item(
        &mut self,
        name: impl Into<String>,
        min: u32,
        max: u32,
    ) -> Result<ItemId, ProblemError> {
        if max == 0 || min > max {
            return Err(ProblemError::BadBounds { min, max });
        }
        Ok(self.push_item(name.into(), Bounds { min, max }))
    }

    fn push_item(&mut self, name: String, bounds: Bounds) -> ItemId {
        if self.option_start.is_empty() {
            self.option_start.push(0);
        }
        self.names.push(name);
        self.bounds.push(bounds);
        ItemId(self.names.len() as u32 - 1)
    }

    /// Adds an option covering `items`; the order of the items is kept.
    pub fn add_option(&mut self, items: &[ItemId]) -> Result<OptionId, ProblemError> {
        if self.option_start.is_empty() {
            self.option_start.push(0);
        }
        let option = self.option_count() as u32;
        if items.is_empty() {
            return Err(ProblemError::EmptyOption { option });
        }
        for (k, &item) in items.iter().enumerate() {
            if item.index() >= self.names.len() {
                return Err(ProblemError::UnknownItem {
                    option,
                    item: item.0,
                    items: self.names.len() as u32,
                });
            }
            if items[..k].contains(&item) {
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
        self.option_items.extend_from_slice(items);
        self.option_start.push(self.option_items.len() as u32);
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

    /// The number of primary items (they come first).
    pub fn primary_count(&self) -> usize {
        self.bounds.iter().filter(|b| b.is_primary()).count()
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

    /// True if some item may be covered more than once.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|b| b.is_multiple())
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
