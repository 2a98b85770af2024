//! arkworks models of the curves, in the word layouts of the check shim,
//! and the one list of curves (`for_each_curve!`, generated from
//! registry.toml into common/curves.rs) that every test stamps out.
// Each test binary uses part of this module; curve types carry the snake
// names used in every layer (bn254_g1, as curves/bn254_g1.cuh).
#![allow(dead_code, non_camel_case_types)]

use ark_ec::{short_weierstrass as sw, twisted_edwards as te, AffineRepr, CurveGroup};
use ark_ff::{
    BigInteger, Field, Fp, Fp2, Fp2Config, MontBackend, MontConfig, One, PrimeField, UniformRand,
    Zero,
};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

/// Little-endian u32 words of a BigInt.
pub fn big_words<B: BigInteger>(b: &B) -> Vec<u32> {
    b.to_bytes_le()
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// What arkworks says about the Montgomery form of a prime field.
pub struct Montgomery {
    pub modulus: Vec<u32>,
    /// R mod p, R = 2^(64·limbs).
    pub r: Vec<u32>,
    /// R² mod p.
    pub r2: Vec<u32>,
    /// -p^{-1} mod 2^32 (the low word of arkworks' -p^{-1} mod 2^64).
    pub inv: u32,
}

/// A coordinate field in the shim's canonical layout.
pub trait Coord: Field + UniformRand {
    /// u32 words of one element (c0 then c1 for Fp2).
    const WORDS: usize;
    fn to_words(&self) -> Vec<u32>;
    fn from_words(w: &[u32]) -> Self;
    /// arkworks' in-memory Montgomery limbs as u32 words.
    fn mont_words(&self) -> Vec<u32>;
    /// p - 1 in each component: the largest canonical element.
    fn max_element() -> Self {
        -Self::one()
    }
    /// p (of the prime field under it) as words, for the is_canonical checks.
    fn prime_modulus_words() -> Vec<u32>;
    /// The Montgomery constants of the prime field under it.
    fn montgomery() -> Montgomery;
    /// Fp2's non-residue β (u² = β) as an element of the prime field under
    /// it, as words; `None` for a prime field.
    fn nonresidue() -> Option<Vec<u32>>;
    /// The prime-field element of a small integer, as words.
    fn small_words(k: i32) -> Vec<u32>;
}

impl<P: MontConfig<N>, const N: usize> Coord for Fp<MontBackend<P, N>, N> {
    const WORDS: usize = 2 * N;
    fn to_words(&self) -> Vec<u32> {
        big_words(&self.into_bigint())
    }
    fn from_words(w: &[u32]) -> Self {
        let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
        Self::from_le_bytes_mod_order(&bytes)
    }
    fn mont_words(&self) -> Vec<u32> {
        big_words(&self.0)
    }
    fn prime_modulus_words() -> Vec<u32> {
        big_words(&P::MODULUS)
    }
    fn montgomery() -> Montgomery {
        Montgomery {
            modulus: big_words(&P::MODULUS),
            r: big_words(&P::R),
            r2: big_words(&P::R2),
            inv: P::INV as u32,
        }
    }
    fn nonresidue() -> Option<Vec<u32>> {
        None
    }
    fn small_words(k: i32) -> Vec<u32> {
        let magnitude = Self::from(k.unsigned_abs());
        if k < 0 { -magnitude } else { magnitude }.to_words()
    }
}

impl<P: Fp2Config> Coord for Fp2<P>
where
    P::Fp: Coord,
{
    const WORDS: usize = 2 * <P::Fp as Coord>::WORDS;
    fn to_words(&self) -> Vec<u32> {
        [self.c0.to_words(), self.c1.to_words()].concat()
    }
    fn from_words(w: &[u32]) -> Self {
        let n = <P::Fp as Coord>::WORDS;
        Self::new(P::Fp::from_words(&w[..n]), P::Fp::from_words(&w[n..]))
    }
    fn mont_words(&self) -> Vec<u32> {
        [self.c0.mont_words(), self.c1.mont_words()].concat()
    }
    fn prime_modulus_words() -> Vec<u32> {
        P::Fp::prime_modulus_words()
    }
    fn montgomery() -> Montgomery {
        P::Fp::montgomery()
    }
    fn nonresidue() -> Option<Vec<u32>> {
        Some(P::NONRESIDUE.to_words())
    }
    fn small_words(k: i32) -> Vec<u32> {
        P::Fp::small_words(k)
    }
}

/// A curve as the shim sees it: affine points x||y (2·WORDS), bucket points
/// in four coordinates (4·WORDS), both padded to 4·WORDS.
pub trait TestCurve {
    const ID: u8;
    const NAME: &'static str;
    const EDWARDS: bool;
    /// What registry.toml states of the curve.
    const SCALAR_BITS: u32;
    const POINT_BYTES: u32;
    const MAX_WINDOW: u32;
    type F: Coord;
    type Affine: AffineRepr<BaseField = Self::F>;
    type Scalar: PrimeField;
    fn xy(p: &Self::Affine) -> (Self::F, Self::F);
    fn from_xy(x: Self::F, y: Self::F) -> Self::Affine;
    /// A bucket representation of p scaled by lambda != 0.
    fn bucket(p: &Self::Affine, lambda: Self::F) -> [Self::F; 4];
    fn random_point(rng: &mut ChaCha20Rng) -> Self::Affine {
        <Self::Affine as AffineRepr>::Group::rand(rng).into_affine()
    }
    fn order2_point() -> Option<Self::Affine>;
    /// A point of the curve with this x, where there is one (short
    /// Weierstrass curves; `None` on Edwards curves).
    fn point_from_x(x: Self::F) -> Option<Self::Affine>;
    /// arkworks' prime-order subgroup check of a point on the curve.
    fn in_subgroup(p: &Self::Affine) -> bool;
    /// arkworks' coefficients of the curve equation, by the shim's constant
    /// ids (`constant::COEFF_*`), as canonical words.
    fn coefficients() -> Vec<(u32, Vec<u32>)>;
}

pub fn words_of<F: Coord>(parts: &[F]) -> Vec<u32> {
    let mut w: Vec<u32> = parts.iter().flat_map(|f| f.to_words()).collect();
    w.resize(4 * F::WORDS, 0);
    w
}

pub fn affine_words<C: TestCurve>(p: &C::Affine) -> Vec<u32> {
    let (x, y) = C::xy(p);
    words_of(&[x, y])
}

pub fn bucket_words<C: TestCurve>(p: &C::Affine, lambda: C::F) -> Vec<u32> {
    words_of(&C::bucket(p, lambda))
}

pub fn affine_from_words<C: TestCurve>(w: &[u32]) -> C::Affine {
    let n = C::F::WORDS;
    C::from_xy(C::F::from_words(&w[..n]), C::F::from_words(&w[n..2 * n]))
}

pub fn nonzero<F: Coord + UniformRand>(rng: &mut impl Rng) -> F {
    loop {
        let x = F::rand(rng);
        if !x.is_zero() {
            return x;
        }
    }
}

/// A short Weierstrass curve's `TestCurve`: (name, id, arkworks
/// configuration, scalar field, scalar bits, point bytes, maximum window).
macro_rules! sw_curve {
    ($name:ident, $id:expr, $cfg:ty, $scalar:ty, $bits:expr, $bytes:expr, $window:expr) => {
        pub struct $name;
        impl TestCurve for $name {
            const ID: u8 = $id;
            const NAME: &'static str = stringify!($name);
            const EDWARDS: bool = false;
            const SCALAR_BITS: u32 = $bits;
            const POINT_BYTES: u32 = $bytes;
            const MAX_WINDOW: u32 = $window;
            type F = <$cfg as ark_ec::CurveConfig>::BaseField;
            type Affine = sw::Affine<$cfg>;
            type Scalar = $scalar;
            fn xy(p: &Self::Affine) -> (Self::F, Self::F) {
                if p.infinity {
                    (Self::F::zero(), Self::F::zero())
                } else {
                    (p.x, p.y)
                }
            }
            fn from_xy(x: Self::F, y: Self::F) -> Self::Affine {
                if x.is_zero() && y.is_zero() {
                    Self::Affine::identity()
                } else {
                    Self::Affine::new_unchecked(x, y)
                }
            }
            // (λ²x, λ³y, λ², λ³); the identity as (λ², λ³, 0, 0): any ZZ = 0 is it.
            fn bucket(p: &Self::Affine, l: Self::F) -> [Self::F; 4] {
                let (l2, l3) = (l.square(), l.square() * l);
                if p.infinity {
                    [l2, l3, Self::F::zero(), Self::F::zero()]
                } else {
                    [p.x * l2, p.y * l3, l2, l3]
                }
            }
            fn order2_point() -> Option<Self::Affine> {
                None
            }
            fn point_from_x(x: Self::F) -> Option<Self::Affine> {
                Self::Affine::get_point_from_x_unchecked(x, false)
            }
            fn in_subgroup(p: &Self::Affine) -> bool {
                p.is_in_correct_subgroup_assuming_on_curve()
            }
            fn coefficients() -> Vec<(u32, Vec<u32>)> {
                use ark_ec::short_weierstrass::SWCurveConfig;
                use gpukit_cuda_tests::constant;
                vec![(constant::COEFF_B, <$cfg>::COEFF_B.to_words())]
            }
        }
    };
}

/// A twisted Edwards curve's `TestCurve`, as `sw_curve!`.
macro_rules! te_curve {
    ($name:ident, $id:expr, $cfg:ty, $scalar:ty, $bits:expr, $bytes:expr, $window:expr) => {
        pub struct $name;
        impl TestCurve for $name {
            const ID: u8 = $id;
            const NAME: &'static str = stringify!($name);
            const EDWARDS: bool = true;
            const SCALAR_BITS: u32 = $bits;
            const POINT_BYTES: u32 = $bytes;
            const MAX_WINDOW: u32 = $window;
            type F = <$cfg as ark_ec::CurveConfig>::BaseField;
            type Affine = te::Affine<$cfg>;
            type Scalar = $scalar;
            fn xy(p: &Self::Affine) -> (Self::F, Self::F) {
                (p.x, p.y)
            }
            fn from_xy(x: Self::F, y: Self::F) -> Self::Affine {
                Self::Affine::new_unchecked(x, y)
            }
            // (λx, λy, λxy, λ).
            fn bucket(p: &Self::Affine, l: Self::F) -> [Self::F; 4] {
                [p.x * l, p.y * l, p.x * p.y * l, l]
            }
            /// T = (0, -1), a point of order 2 on every twisted Edwards
            /// curve: Banderwagon identifies P and P + T, so inputs may lie
            /// in the coset of the prime-order subgroup by T.
            fn order2_point() -> Option<Self::Affine> {
                Some(Self::Affine::new_unchecked(
                    Self::F::zero(),
                    -Self::F::one(),
                ))
            }
            fn point_from_x(_x: Self::F) -> Option<Self::Affine> {
                None
            }
            fn in_subgroup(p: &Self::Affine) -> bool {
                p.is_in_correct_subgroup_assuming_on_curve()
            }
            fn coefficients() -> Vec<(u32, Vec<u32>)> {
                use ark_ec::twisted_edwards::TECurveConfig;
                use gpukit_cuda_tests::constant;
                vec![
                    (constant::COEFF_A, <$cfg>::COEFF_A.to_words()),
                    (constant::COEFF_D, <$cfg>::COEFF_D.to_words()),
                ]
            }
        }
    };
}

mod curves;
pub use curves::*;

/// Elements whose words carry the length of a chain: 0, 1, p − 1, 2, −2;
/// ±2^k for every k below the width of the words; and those whose
/// Montgomery words are 2^k and 2^k ± 1 (x = w·R^-1: a single bit, and
/// runs of ones through every word below it). The binary-GCD inversion
/// starts from such small words, and the PTX chains carry through them.
pub fn carry_edges<F: Coord>() -> Vec<F> {
    let two = F::one().double();
    let mut v = vec![F::zero(), F::one(), F::max_element(), two, -two];
    let bits = 32 * F::WORDS as u64;
    let r_inv = two.pow([bits]).inverse().expect("R is invertible");
    let mut pow = F::one();
    for _ in 0..bits {
        // pow = 2^k; 2^k for k >= len(p) only wraps to other elements.
        v.extend([
            pow,
            -pow,
            pow * r_inv,
            (pow + F::one()) * r_inv,
            (pow - F::one()) * r_inv,
        ]);
        pow.double_in_place();
    }
    v
}

pub fn rng(seed: u64) -> ChaCha20Rng {
    use rand::SeedableRng;
    eprintln!("rng seed {seed}");
    ChaCha20Rng::seed_from_u64(seed)
}
