//! The few operations on big integers that turning the registry's decimal
//! numbers into limbs needs: parse, subtract, count bits, print.

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
    fn subtracts_with_borrow() {
        let p = Big::parse("4294967296").unwrap(); // 2^32
        assert_eq!(
            p.sub(&Big::parse("5").unwrap()),
            Big::parse("4294967291").unwrap()
        );
        assert_eq!(p.sub(&p), Big::parse("0").unwrap());
    }
}
