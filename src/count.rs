//! Exact counts of any size. A [`Count`] is a machine word while the number fits one
//! and a big integer (`num_bigint::BigUint`) past it, so that the counts of the classics
//! cost what a `u128` costs and a count past 2^64 or 2^128 is still exact: no sum or
//! product of counts wraps, saturates or rounds (SPEC §11).
//!
//! In JSON a count is a number up to 2^53 − 1 (every reader, JavaScript's included,
//! reads those exactly) and a string of decimal digits past it; a reader takes either
//! ([`Count`]'s `Deserialize`), and refuses a fraction or a number that was rounded.

use std::fmt;
use std::str::FromStr;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The largest count JSON writes as a number: 2^53 − 1, JavaScript's
/// `Number.MAX_SAFE_INTEGER`.
pub const MAX_JSON_NUMBER: u64 = (1 << 53) - 1;

/// An exact non-negative count of any size.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Count(Repr);

/// A `u128` while the number fits one (always, for a number that fits), else a big
/// integer; so two equal counts have equal representations.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(u128),
    Big(BigUint),
}

impl Count {
    /// Zero.
    pub const ZERO: Count = Count(Repr::Small(0));

    /// One.
    pub const ONE: Count = Count(Repr::Small(1));

    /// The count `n`.
    pub const fn new(n: u128) -> Count {
        Count(Repr::Small(n))
    }

    /// The count `n`, a big integer (kept as a word if it fits one).
    pub fn from_big(n: BigUint) -> Count {
        match n.to_u128() {
            Some(small) => Count(Repr::Small(small)),
            None => Count(Repr::Big(n)),
        }
    }

    /// The count as a big integer.
    pub fn to_big(&self) -> BigUint {
        match &self.0 {
            Repr::Small(n) => BigUint::from(*n),
            Repr::Big(n) => n.clone(),
        }
    }

    /// Whether the count is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// The count as a `u64`, if it fits one.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|n| u64::try_from(n).ok())
    }

    /// The count as a `u128`, if it fits one.
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(n) => Some(n),
            Repr::Big(_) => None,
        }
    }

    /// The count as the nearest `f64` (for ratios and progress, never for results).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small(n) => *n as f64,
            Repr::Big(n) => n.to_f64().unwrap_or(f64::INFINITY),
        }
    }

    /// Adds `n`.
    #[inline]
    pub fn add_u128(&mut self, n: u128) {
        if let Repr::Small(a) = &mut self.0 {
            if let Some(sum) = a.checked_add(n) {
                *a = sum;
                return;
            }
        }
        self.add_big(n);
    }

    /// Adds `n` past a word (out of line: the counts of a search rarely go there).
    #[cold]
    #[inline(never)]
    fn add_big(&mut self, n: u128) {
        *self = Count::from_big(self.to_big() + n);
    }

    /// `self × n`.
    pub fn times(&self, n: u128) -> Count {
        if let Repr::Small(a) = self.0 {
            if let Some(p) = a.checked_mul(n) {
                return Count::new(p);
            }
        }
        Count::from_big(self.to_big() * n)
    }

    /// `self × other`.
    pub fn product(&self, other: &Count) -> Count {
        match (&self.0, &other.0) {
            (_, Repr::Small(b)) => self.times(*b),
            (Repr::Small(a), _) => other.times(*a),
            (Repr::Big(a), Repr::Big(b)) => Count::from_big(a * b),
        }
    }

    /// `self − other`, or `None` if `other` is larger.
    pub fn checked_sub(&self, other: &Count) -> Option<Count> {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.checked_sub(*b).map(Count::new),
            _ => {
                let (a, b) = (self.to_big(), other.to_big());
                (a >= b).then(|| Count::from_big(a - b))
            }
        }
    }

    /// The quotient and remainder of `self / d` (`d` > 0).
    pub fn div_rem(&self, d: u128) -> (Count, u128) {
        assert!(d > 0, "a count divided by 0");
        match &self.0 {
            Repr::Small(a) => (Count::new(a / d), a % d),
            Repr::Big(a) => {
                let d = BigUint::from(d);
                let r = (a % &d).to_u128().expect("a remainder below a u128");
                (Count::from_big(a / d), r)
            }
        }
    }

    /// The number of decimal digits.
    pub fn digits(&self) -> usize {
        self.to_string().len()
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ZERO
    }
}

impl From<u64> for Count {
    fn from(n: u64) -> Count {
        Count::new(u128::from(n))
    }
}

impl From<u128> for Count {
    fn from(n: u128) -> Count {
        Count::new(n)
    }
}

impl From<u32> for Count {
    fn from(n: u32) -> Count {
        Count::new(u128::from(n))
    }
}

impl From<BigUint> for Count {
    fn from(n: BigUint) -> Count {
        Count::from_big(n)
    }
}

impl PartialEq<u64> for Count {
    fn eq(&self, other: &u64) -> bool {
        self.to_u128() == Some(u128::from(*other))
    }
}

impl PartialEq<u128> for Count {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl PartialEq<i32> for Count {
    fn eq(&self, other: &i32) -> bool {
        u128::try_from(*other).is_ok_and(|n| self.to_u128() == Some(n))
    }
}

impl PartialOrd<u64> for Count {
    fn partial_cmp(&self, other: &u64) -> Option<std::cmp::Ordering> {
        Some(self.cmp(&Count::from(*other)))
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> std::cmp::Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            // A big count is past every small one.
            (Repr::Small(_), Repr::Big(_)) => std::cmp::Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => std::cmp::Ordering::Greater,
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::AddAssign<&Count> for Count {
    fn add_assign(&mut self, other: &Count) {
        match &other.0 {
            Repr::Small(n) => self.add_u128(*n),
            Repr::Big(n) => *self = Count::from_big(self.to_big() + n),
        }
    }
}

impl std::ops::AddAssign<Count> for Count {
    fn add_assign(&mut self, other: Count) {
        *self += &other;
    }
}

impl std::ops::AddAssign<u64> for Count {
    fn add_assign(&mut self, n: u64) {
        self.add_u128(u128::from(n));
    }
}

impl std::ops::AddAssign<u128> for Count {
    fn add_assign(&mut self, n: u128) {
        self.add_u128(n);
    }
}

impl std::ops::Add<&Count> for Count {
    type Output = Count;
    fn add(mut self, other: &Count) -> Count {
        self += other;
        self
    }
}

impl std::ops::Add for Count {
    type Output = Count;
    fn add(mut self, other: Count) -> Count {
        self += &other;
        self
    }
}

impl std::iter::Sum for Count {
    fn sum<I: Iterator<Item = Count>>(iter: I) -> Count {
        iter.fold(Count::ZERO, |a, b| a + b)
    }
}

impl<'a> std::iter::Sum<&'a Count> for Count {
    fn sum<I: Iterator<Item = &'a Count>>(iter: I) -> Count {
        iter.fold(Count::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n) => fmt::Display::fmt(n, f),
            Repr::Big(n) => fmt::Display::fmt(n, f),
        }
    }
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A count that is not a string of decimal digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a count: write a whole number of decimal digits, such as 42")]
pub struct NotACount(pub String);

impl FromStr for Count {
    type Err = NotACount;
    fn from_str(s: &str) -> Result<Count, NotACount> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotACount(s.to_string()));
        }
        match s.parse::<u128>() {
            Ok(n) => Ok(Count::new(n)),
            Err(_) => BigUint::from_str(s)
                .map(Count::from_big)
                .map_err(|_| NotACount(s.to_string())),
        }
    }
}

impl serde::Serialize for Count {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(n) if n <= MAX_JSON_NUMBER => s.serialize_u64(n),
            _ => s.collect_str(self),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a count: a whole number, or a string of decimal digits")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Count, E> {
                Ok(Count::from(n))
            }
            fn visit_u128<E: serde::de::Error>(self, n: u128) -> Result<Count, E> {
                Ok(Count::new(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Count, E> {
                u64::try_from(n)
                    .map(Count::from)
                    .map_err(|_| E::custom(format!("a count cannot be negative ({n})")))
            }
            fn visit_f64<E: serde::de::Error>(self, n: f64) -> Result<Count, E> {
                Err(E::custom(format!(
                    "{n} is not an exact count: a count past 2^64 is written as a string of digits"
                )))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Count, E> {
                s.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_products_pass_every_word_exactly() {
        // F(94), the tilings of the 2 × 93 strip by dominoes, is past 2^64.
        let (mut a, mut b) = (Count::ONE, Count::ONE);
        for _ in 0..92 {
            let next = a.clone() + &b;
            (a, b) = (b, next);
        }
        assert_eq!(b.to_string(), "19740274219868223167");
        assert_eq!(b.to_u64(), None);
        let big = Count::new(u128::MAX).times(u128::MAX);
        assert_eq!(
            big.to_string(),
            "115792089237316195423570985008687907852589419931798687112530834793049593217025"
        );
        assert_eq!(big.div_rem(u128::MAX), (Count::new(u128::MAX), 0));
        assert_eq!(big.checked_sub(&big), Some(Count::ZERO));
        assert!(Count::new(u128::MAX) < big);
        // A big result that comes back under a word is a word again.
        let mut c = Count::new(u128::MAX);
        c += 1u64;
        assert_eq!(c.checked_sub(&Count::ONE), Some(Count::new(u128::MAX)));
    }

    #[test]
    fn json_has_numbers_a_reader_reads_exactly_and_strings_past_them() {
        let small = Count::from(MAX_JSON_NUMBER);
        let past = Count::from(MAX_JSON_NUMBER + 1);
        assert_eq!(serde_json::to_string(&small).unwrap(), "9007199254740991");
        assert_eq!(
            serde_json::to_string(&past).unwrap(),
            "\"9007199254740992\""
        );
        for c in [small, past, Count::new(u128::MAX).times(7)] {
            let back: Count = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
            assert_eq!(back, c);
        }
        assert_eq!(
            serde_json::from_str::<Count>("18446744073709551615").unwrap(),
            u64::MAX
        );
        assert!(serde_json::from_str::<Count>("1e30").is_err());
        assert!(serde_json::from_str::<Count>("-1").is_err());
        assert!(serde_json::from_str::<Count>("\"12a\"").is_err());
        assert!(serde_json::from_str::<Count>("\"\"").is_err());
    }
}
