//! Arithmetic modulo a prime below 2^63, for the exact counts that are put together from
//! their residues (Kasteleyn's determinant, the recurrences' Berlekamp–Massey): products,
//! differences, powers and inverses, Miller–Rabin, and the primes below 2^62.

/// `a · b mod p`.
pub(super) fn mul(a: u64, b: u64, p: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(p)) as u64
}

/// `a − b mod p`, for `a`, `b` already reduced.
pub(super) fn sub(a: u64, b: u64, p: u64) -> u64 {
    if a >= b {
        a - b
    } else {
        a + (p - b)
    }
}

/// `b^e mod p`.
pub(super) fn power(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1 % p;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, b, p);
        }
        b = mul(b, b, p);
        e >>= 1;
    }
    r
}

/// `a`'s inverse modulo the prime `p` (Fermat).
pub(super) fn inverse(a: u64, p: u64) -> u64 {
    power(a, p - 2, p)
}

/// Whether `n` is prime (Miller–Rabin with the first twelve primes as bases, exact for
/// every 64-bit number).
pub(super) fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let (mut d, mut r) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    'bases: for a in BASES {
        let mut x = power(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The primes below 2^62, largest first.
pub(super) fn primes() -> impl Iterator<Item = u64> {
    (1..(1u64 << 62)).rev().step_by(2).filter(|&n| is_prime(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_and_inverses() {
        assert!(is_prime((1 << 61) - 1));
        assert!(!is_prime((1 << 62) - 1));
        assert!(is_prime(2) && is_prime(37) && !is_prime(1) && !is_prime(91));
        let p = (1u64 << 61) - 1;
        assert_eq!(mul(inverse(12345, p), 12345, p), 1);
        assert_eq!(sub(3, 5, 7), 5);
        assert_eq!(power(3, 4, 1000), 81);
        let first: Vec<u64> = primes().take(2).collect();
        assert!(first[0] < 1 << 62 && first[1] < first[0] && first.iter().all(|&q| is_prime(q)));
    }
}
