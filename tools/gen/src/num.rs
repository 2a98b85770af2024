//! The few operations on big integers that turning the registry's decimal
//! numbers into limbs needs: parse, add, subtract, multiply, shift, divide,
//! count bits, print.

use std::cmp::Ordering;

/// A non-negative integer as little-endian u32 words, without high zero words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Big(Vec<u32>);

impl Big {
    /// Parses a decimal integer (digits only).
    pub fn parse(decimal: &str) -> Result<Big, String> {
        if decimal.is_empty() || !decimal.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{decimal}` is not a decimal integer"));
        }
        let mut words: Vec<u32> = Vec::new();
        for digit in decimal.bytes().map(|b| u64::from(b - b'0')) {
            // words = words·10 + digit
            let mut carry = digit;
            for w in &mut words {
                let v = u64::from(*w) * 10 + carry;
                *w = v as u32;
                carry = v >> 32;
            }
            if carry != 0 {
                words.push(carry as u32);
            }
        }
        Ok(Big(words).trimmed())
    }

    fn trimmed(mut self) -> Big {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    /// The lowest word.
    pub fn low(&self) -> u32 {
        self.0.first().copied().unwrap_or(0)
    }

    /// Bit length (0 for zero).
    pub fn bits(&self) -> u32 {
        match self.0.last() {
            Some(top) => 32 * (self.0.len() as u32 - 1) + (32 - top.leading_zeros()),
            None => 0,
        }
    }

    /// `self − other`; `other` must not be larger.
    pub fn sub(&self, other: &Big) -> Big {
        assert!(
            self.cmp(other) != Ordering::Less,
            "Big::sub would go negative"
        );
        let mut out = self.0.clone();
        let mut borrow = 0i64;
        for (i, w) in out.iter_mut().enumerate() {
            let v = i64::from(*w) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *w = (v + (borrow << 32)) as u32;
        }
        Big(out).trimmed()
    }

    /// `self + other`.
    pub fn add(&self, other: &Big) -> Big {
        let n = self.0.len().max(other.0.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let v = u64::from(self.0.get(i).copied().unwrap_or(0))
                + u64::from(other.0.get(i).copied().unwrap_or(0))
                + carry;
            out.push(v as u32);
            carry = v >> 32;
        }
        out.push(carry as u32);
        Big(out).trimmed()
    }

    /// `self · other`.
    pub fn mul(&self, other: &Big) -> Big {
        let mut out = vec![0u32; self.0.len() + other.0.len() + 1];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.0.iter().enumerate() {
                let v = u64::from(out[i + j]) + u64::from(a) * u64::from(b) + carry;
                out[i + j] = v as u32;
                carry = v >> 32;
            }
            out[i + other.0.len()] = carry as u32;
        }
        Big(out).trimmed()
    }

    /// `self · 2^bits`.
    pub fn shl(&self, bits: u32) -> Big {
        let (words, shift) = ((bits / 32) as usize, bits % 32);
        let mut out = vec![0u32; words];
        let mut carry = 0u32;
        for &w in &self.0 {
            out.push((w << shift) | carry);
            carry = if shift == 0 { 0 } else { w >> (32 - shift) };
        }
        out.push(carry);
        Big(out).trimmed()
    }

    /// `(⌊self / d⌋, self mod d)` by binary long division; `d` must not be 0.
    pub fn div_rem(&self, d: &Big) -> (Big, Big) {
        assert!(d.bits() > 0, "Big::div_rem by zero");
        let mut quotient = Big(Vec::new());
        let mut rest = Big(Vec::new());
        for bit in (0..self.bits()).rev() {
            rest = rest.shl(1);
            if (self.0[(bit / 32) as usize] >> (bit % 32)) & 1 == 1 {
                rest = rest.add(&Big(vec![1]));
            }
            quotient = quotient.shl(1);
            if rest >= *d {
                rest = rest.sub(d);
                quotient = quotient.add(&Big(vec![1]));
            }
        }
        (quotient, rest)
    }

    /// The value as exactly `n` little-endian words; `None` if it needs more.
    pub fn words(&self, n: usize) -> Option<Vec<u32>> {
        if self.0.len() > n {
            return None;
        }
        let mut w = self.0.clone();
        w.resize(n, 0);
        Some(w)
    }

    /// `0x…` in lowercase, without leading zeros.
    pub fn hex(&self) -> String {
        let mut s = String::from("0x");
        match self.0.split_last() {
            None => s.push('0'),
            Some((top, rest)) => {
                s += &format!("{top:x}");
                for w in rest.iter().rev() {
                    s += &format!("{w:08x}");
                }
            }
        }
        s
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let p = Big::parse(
            "21888242871839275222246405745257275088696311157297823662689037894645226208583",
        )
        .unwrap();
        assert_eq!(
            p.hex(),
            "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"
        );
        assert_eq!(p.bits(), 254);
        assert_eq!(p.words(8).unwrap()[0], 0xd87cfd47);
        assert_eq!(p.words(7), None);
        assert_eq!(Big::parse("0").unwrap().bits(), 0);
        assert!(Big::parse("-5").is_err());
    }

    #[test]
    fn multiplies_and_divides() {
        let a = Big::parse("340282366920938463463374607431768211457").unwrap(); // 2^128 + 1
        let b = Big::parse("18446744073709551629").unwrap(); // 2^64 + 13
        let product = a.mul(&b);
        assert_eq!(
            product,
            Big::parse("6277101735386680768259460193179866441144672085150730813453").unwrap()
        );
        assert_eq!(
            product.add(&Big::parse("5").unwrap()).div_rem(&b),
            (a.clone(), Big::parse("5").unwrap())
        );
        assert_eq!(
            Big::parse("3").unwrap().shl(100),
            Big::parse("3802951800684688204490109616128").unwrap()
        );
        assert_eq!(a.div_rem(&a.shl(1)), (Big::parse("0").unwrap(), a.clone()));
    }

    #[test]
    fn subtracts_with_borrow() {
        let p = Big::parse("4294967296").unwrap(); // 2^32
        assert_eq!(
            p.sub(&Big::parse("5").unwrap()),
            Big::parse("4294967291").unwrap()
        );
        assert_eq!(p.sub(&p), Big::parse("0").unwrap());
    }
}
