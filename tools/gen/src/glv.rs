//! What the device needs to split a scalar over P and φ(P) (cuda/ec/glv.cuh),
//! derived from the registry's lattice basis and checked against λ and r.
//!
//! With the basis v1 = (n11, n12), v2 = (n21, n22) of determinant r, the
//! exact split of k is (k, 0) = x1·v1 + x2·v2 with x1 = k·n22/r and
//! x2 = −k·n12/r. The device takes c1 = ±⌊k·G1 / 2^SHIFT⌋ and
//! c2 = ±⌊k·G2 / 2^SHIFT⌋ for G1 = ⌊|n22|·2^SHIFT / r⌋ and
//! G2 = ⌊|n12|·2^SHIFT / r⌋, each within 1 + 2^(256 − SHIFT) of x1 and x2,
//! and returns k1 = k − c1·n11 − c2·n21, k2 = −c1·n12 − c2·n22:
//! k1 + k2·λ ≡ k mod r, |k1| ≤ |n11| + |n21| and |k2| ≤ |n12| + |n22|
//! (the rounding's excess over 1 times the basis is below 1 here).

use crate::num::Big;
use crate::registry::Glv;

/// The rounding's shift: 2^(256 − SHIFT) times a basis entry below 2^130
/// stays far below 1.
pub const SHIFT: u32 = 400;
/// Words of G1 and G2 (⌊|n|·2^SHIFT / r⌋ < 2^(130 + SHIFT − 250)).
pub const G_WORDS: usize = 9;
/// Words of each basis entry's magnitude.
pub const N_WORDS: usize = 5;

/// A signed integer: its magnitude and whether it is negative.
#[derive(Debug, Clone)]
pub struct Signed {
    pub negative: bool,
    pub magnitude: Big,
}

impl Signed {
    fn parse(decimal: &str) -> Result<Signed, String> {
        let (negative, digits) = match decimal.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, decimal),
        };
        Ok(Signed {
            negative,
            magnitude: Big::parse(digits)?,
        })
    }

    /// The value mod m, in [0, m).
    fn modulo(&self, m: &Big) -> Big {
        let rest = self.magnitude.div_rem(m).1;
        if self.negative && rest.bits() > 0 {
            m.sub(&rest)
        } else {
            rest
        }
    }
}

/// The device's constants for one curve.
pub struct Split {
    /// n11, n12, n21, n22.
    pub n: [Signed; 4],
    pub g1: Big,
    pub g2: Big,
    /// c1's and c2's signs: those of n22 and −n12.
    pub c1_negative: bool,
    pub c2_negative: bool,
    /// Bits of |k1| and |k2|.
    pub split_bits: u32,
}

impl Split {
    pub fn derive(glv: &Glv, r: &Big) -> Result<Split, String> {
        let n = [&glv.n11, &glv.n12, &glv.n21, &glv.n22].map(|v| Signed::parse(v));
        let [n11, n12, n21, n22] = n;
        let n = [n11?, n12?, n21?, n22?];
        let lambda = Big::parse(&glv.lambda)?;
        // Each row (a, b) of the basis: a + b·λ ≡ 0 mod r.
        for (a, b) in [(&n[0], &n[1]), (&n[2], &n[3])] {
            let b_lambda = Signed {
                negative: b.negative,
                magnitude: b.magnitude.mul(&lambda),
            };
            if a.modulo(r).add(&b_lambda.modulo(r)).div_rem(r).1.bits() != 0 {
                return Err("a basis row (a, b) has a + b·λ ≢ 0 mod r".into());
            }
        }
        // n11·n22 − n12·n21 = r.
        let (plus, minus) = (
            n[0].magnitude.mul(&n[3].magnitude),
            n[1].magnitude.mul(&n[2].magnitude),
        );
        let (plus_negative, minus_negative) = (
            n[0].negative != n[3].negative,
            n[1].negative != n[2].negative,
        );
        let det_is_r = match (plus_negative, !minus_negative) {
            (false, false) => plus.add(&minus) == *r,
            (false, true) => plus >= minus && plus.sub(&minus) == *r,
            (true, false) => minus >= plus && minus.sub(&plus) == *r,
            (true, true) => false,
        };
        if !det_is_r {
            return Err("the basis's determinant n11·n22 − n12·n21 is not r".into());
        }
        let g1 = n[3].magnitude.shl(SHIFT).div_rem(r).0;
        let g2 = n[1].magnitude.shl(SHIFT).div_rem(r).0;
        let bound = std::cmp::max(
            n[0].magnitude.add(&n[2].magnitude),
            n[1].magnitude.add(&n[3].magnitude),
        );
        let split_bits = bound.add(&Big::parse("1")?).bits();
        if g1.words(G_WORDS).is_none()
            || g2.words(G_WORDS).is_none()
            || n.iter().any(|v| v.magnitude.words(N_WORDS).is_none())
            || split_bits > 130
        {
            return Err("the basis is not short: its entries must stay below 2^130".into());
        }
        Ok(Split {
            c1_negative: n[3].negative,
            c2_negative: !n[1].negative,
            n,
            g1,
            g2,
            split_bits,
        })
    }
}
