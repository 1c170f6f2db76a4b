//! The shortest linear recurrence with constant integer coefficients that a list of
//! counts satisfies: Berlekamp–Massey (Massey 1969, "Shift-register synthesis and BCH
//! decoding") modulo several 62-bit primes gives its order and its coefficients modulo
//! each; the Chinese remainder theorem lifts them to integers (least absolute residues),
//! and the recurrence is then checked exactly, in big integers, against every term.
//! A transfer matrix's counts always satisfy one (Stanley, *Enumerative Combinatorics* I
//! §4.7), of order at most its number of states; the terms beyond its order that are not
//! needed to determine it are its confirmation.

use std::fmt;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::count::Count;

use super::modular::{mul, power, primes, sub};

/// Terms beyond twice the order that must confirm a recurrence before it is reported.
pub(crate) const CONFIRMING_TERMS: usize = 5;

/// The most primes tried: coefficients of up to about 62 × 64 bits.
const MAX_PRIMES: usize = 64;

/// a(n) = c1·a(n−1) + … + cd·a(n−d), for every given n past the first d.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recurrence {
    /// c1, …, cd.
    pub coefficients: Vec<BigInt>,
    /// The terms it was checked on beyond its order (all terms less d).
    pub confirmed: usize,
}

impl Recurrence {
    /// Its order d.
    pub fn order(&self) -> usize {
        self.coefficients.len()
    }
}

impl fmt::Display for Recurrence {
    /// `a(n) = a(n-1) + a(n-2); order 2, confirmed by 98 terms beyond its order`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a(n) =")?;
        let mut first = true;
        for (i, c) in self.coefficients.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            let sign = match (first, c.sign() == Sign::Minus) {
                (true, false) => " ",
                (true, true) => " -",
                (false, false) => " + ",
                (false, true) => " - ",
            };
            let size = c.abs();
            let times = if size.is_one() {
                String::new()
            } else {
                format!("{size}*")
            };
            write!(f, "{sign}{times}a(n-{})", i + 1)?;
            first = false;
        }
        if first {
            write!(f, " 0")?;
        }
        write!(
            f,
            "; order {}, confirmed by {} terms beyond its order",
            self.order(),
            self.confirmed
        )
    }
}

/// The shortest linear recurrence with constant integer coefficients that every one of
/// `terms` satisfies, or `None` when there is none with at least five
/// terms (`CONFIRMING_TERMS`) beyond twice its order (too few terms, or no integer recurrence).
pub fn recurrence(terms: &[Count]) -> Option<Recurrence> {
    let big: Vec<BigInt> = (terms.iter())
        .map(|t| BigInt::from_biguint(Sign::Plus, t.to_big()))
        .collect();
    let mut order = None;
    let mut modulus = BigUint::one();
    let mut residues: Vec<BigUint> = Vec::new();
    for p in primes().take(MAX_PRIMES) {
        let s: Vec<u64> = (terms.iter())
            .map(|t| (t.to_big() % p).to_u64().expect("below p"))
            .collect();
        let c = massey(&s, p);
        let d = c.len();
        if terms.len() < 2 * d + CONFIRMING_TERMS {
            return None;
        }
        match order {
            Some(o) if d < o => continue, // p divides something: a shorter one mod p
            Some(o) if d == o => {}
            _ => {
                // The first prime, or a longer recurrence than the primes so far saw.
                order = Some(d);
                modulus = BigUint::one();
                residues = vec![BigUint::zero(); d];
            }
        }
        // Chinese remainders: r' ≡ r (mod M), r' ≡ c (mod p).
        let m_mod_p = (&modulus % p).to_u64().expect("below p");
        let inverse = power(m_mod_p, p - 2, p);
        for (r, &x) in residues.iter_mut().zip(&c) {
            let r_mod_p = (&*r % p).to_u64().expect("below p");
            let step = mul(sub(x, r_mod_p, p), inverse, p);
            *r += &modulus * step;
        }
        modulus *= p;
        let half = &modulus >> 1u32;
        let coefficients: Vec<BigInt> = (residues.iter())
            .map(|r| {
                if r > &half {
                    BigInt::from_biguint(Sign::Plus, r.clone())
                        - BigInt::from_biguint(Sign::Plus, modulus.clone())
                } else {
                    BigInt::from_biguint(Sign::Plus, r.clone())
                }
            })
            .collect();
        if holds(&big, &coefficients) {
            return Some(Recurrence {
                confirmed: terms.len() - coefficients.len(),
                coefficients,
            });
        }
    }
    None
}

/// Whether a(n) = Σ c_i a(n − i) for every n ≥ d.
fn holds(terms: &[BigInt], c: &[BigInt]) -> bool {
    (c.len()..terms.len()).all(|n| {
        let sum: BigInt = c
            .iter()
            .enumerate()
            .map(|(i, ci)| ci * &terms[n - 1 - i])
            .sum();
        sum == terms[n]
    })
}

/// Berlekamp–Massey over the integers modulo the prime `p`: the shortest c1..cd with
/// s(n) = Σ c_i s(n − i) (mod p) for every n ≥ d.
fn massey(s: &[u64], p: u64) -> Vec<u64> {
    // The connection polynomial C (C[0] = 1; s(n) + Σ C[i] s(n−i) = 0), the one before
    // the last length change B, its discrepancy b, and the steps since then m.
    let (mut c, mut b) = (vec![1u64], vec![1u64]);
    let (mut len, mut m, mut last) = (0usize, 1usize, 1u64);
    for n in 0..s.len() {
        let mut d = s[n];
        for i in 1..=len.min(c.len() - 1) {
            d = (d + mul(c[i], s[n - i], p)) % p;
        }
        if d == 0 {
            m += 1;
            continue;
        }
        let coef = mul(d, power(last, p - 2, p), p);
        let before = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (i, &bi) in b.iter().enumerate() {
            c[i + m] = sub(c[i + m], mul(coef, bi, p), p);
        }
        if 2 * len <= n {
            len = n + 1 - len;
            b = before;
            last = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(len + 1, 0);
    c[1..].iter().map(|&x| (p - x) % p).collect()
}
