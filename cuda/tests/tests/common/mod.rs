//! arkworks models of the six curves, in the word layouts of the check shim,
//! and the one list of curves (`for_each_curve!`) that every test stamps out.
// Each test binary uses part of this module; curve types carry the snake
// names used in every layer (bn254_g1, as curves/bn254_g1.cuh).
#![allow(dead_code, non_camel_case_types)]

use ark_ec::{short_weierstrass as sw, twisted_edwards as te, AffineRepr, CurveGroup};
use ark_ff::{BigInteger, Field, One, PrimeField, UniformRand, Zero};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

/// Little-endian u32 words of a BigInt.
pub fn big_words<B: BigInteger>(b: &B) -> Vec<u32> {
    b.to_bytes_le()
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
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
}

macro_rules! prime_coord {
    ($f:ty, $words:expr) => {
        impl Coord for $f {
            const WORDS: usize = $words;
            fn to_words(&self) -> Vec<u32> {
                big_words(&self.into_bigint())
            }
            fn from_words(w: &[u32]) -> Self {
                let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
                <$f>::from_le_bytes_mod_order(&bytes)
            }
            fn mont_words(&self) -> Vec<u32> {
                big_words(&self.0)
            }
            fn prime_modulus_words() -> Vec<u32> {
                big_words(&<$f>::MODULUS)
            }
        }
    };
}
prime_coord!(ark_bn254::Fq, 8);
prime_coord!(ark_bls12_381::Fq, 12);
prime_coord!(ark_bls12_377::Fq, 12);
prime_coord!(ark_secp256k1::Fq, 8);
prime_coord!(ark_ed_on_bls12_381_bandersnatch::Fq, 8);

impl Coord for ark_bls12_381::Fq2 {
    const WORDS: usize = 24;
    fn to_words(&self) -> Vec<u32> {
        [self.c0.to_words(), self.c1.to_words()].concat()
    }
    fn from_words(w: &[u32]) -> Self {
        Self::new(
            ark_bls12_381::Fq::from_words(&w[..12]),
            ark_bls12_381::Fq::from_words(&w[12..]),
        )
    }
    fn mont_words(&self) -> Vec<u32> {
        [self.c0.mont_words(), self.c1.mont_words()].concat()
    }
    fn prime_modulus_words() -> Vec<u32> {
        ark_bls12_381::Fq::prime_modulus_words()
    }
}

/// A curve as the shim sees it: affine points x||y (2·WORDS), bucket points
/// in four coordinates (4·WORDS), both padded to 4·WORDS.
pub trait TestCurve {
    const ID: u8;
    const NAME: &'static str;
    const EDWARDS: bool;
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

macro_rules! sw_curve {
    ($name:ident, $id:expr, $cfg:ty, $scalar:ty) => {
        pub struct $name;
        impl TestCurve for $name {
            const ID: u8 = $id;
            const NAME: &'static str = stringify!($name);
            const EDWARDS: bool = false;
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
        }
    };
}

sw_curve!(bn254_g1, 1, ark_bn254::g1::Config, ark_bn254::Fr);
sw_curve!(
    bls12_381_g1,
    2,
    ark_bls12_381::g1::Config,
    ark_bls12_381::Fr
);
sw_curve!(
    bls12_381_g2,
    3,
    ark_bls12_381::g2::Config,
    ark_bls12_381::Fr
);
sw_curve!(
    bls12_377_g1,
    4,
    ark_bls12_377::g1::Config,
    ark_bls12_377::Fr
);
sw_curve!(secp256k1, 5, ark_secp256k1::Config, ark_secp256k1::Fr);

pub struct banderwagon;
impl TestCurve for banderwagon {
    const ID: u8 = 6;
    const NAME: &'static str = "banderwagon";
    const EDWARDS: bool = true;
    type F = ark_ed_on_bls12_381_bandersnatch::Fq;
    type Affine = te::Affine<ark_ed_on_bls12_381_bandersnatch::BandersnatchConfig>;
    type Scalar = ark_ed_on_bls12_381_bandersnatch::Fr;
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
    /// T = (0, -1): Banderwagon identifies P and P + T, so inputs may lie in
    /// the coset of the prime-order subgroup by T.
    fn order2_point() -> Option<Self::Affine> {
        Some(Self::Affine::new_unchecked(
            Self::F::zero(),
            -Self::F::one(),
        ))
    }
}

/// Calls `$body!(curve_type)` for every curve, in id order.
#[macro_export]
macro_rules! for_each_curve {
    ($m:ident) => {
        $m!(bn254_g1);
        $m!(bls12_381_g1);
        $m!(bls12_381_g2);
        $m!(bls12_377_g1);
        $m!(secp256k1);
        $m!(banderwagon);
    };
}

pub fn rng(seed: u64) -> ChaCha20Rng {
    use rand::SeedableRng;
    eprintln!("rng seed {seed}");
    ChaCha20Rng::seed_from_u64(seed)
}
