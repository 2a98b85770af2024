//! Every point op of sw.cuh (XYZZ) and edwards.cuh (extended) against
//! arkworks: random points, bucket inputs with random Z, and the exceptional
//! cases P + P, P + (-P), the identity on either side (and, for Bandersnatch,
//! points of the coset by the 2-torsion point that Banderwagon allows); and
//! the prime-order subgroup check of the short Weierstrass curves; and, on
//! the device, the warp's sums whose additions spread over the lanes.

mod common;

use ark_ec::{AffineRepr, CurveConfig, CurveGroup};
use ark_ff::{One, PrimeField, UniformRand};
use common::*;
use gpukit_cuda_tests::{op, point_op, targets, Target};

const RANDOM: usize = 500;

fn points<C: TestCurve>(seed: u64) -> Vec<C::Affine> {
    let mut rng = rng(seed);
    let mut v: Vec<C::Affine> = (0..RANDOM).map(|_| C::random_point(&mut rng)).collect();
    if let Some(t) = C::order2_point() {
        // Every fourth point moved to the coset P + T, and T itself.
        for p in v.iter_mut().step_by(4) {
            *p = (*p + t).into_affine();
        }
        v.push(t);
    }
    v
}

/// (P, Q) operand pairs: random, P + P, P + (-P), identity on each side and both.
fn cases<C: TestCurve>(seed: u64) -> Vec<(C::Affine, C::Affine)> {
    let a = points::<C>(seed);
    let b = points::<C>(seed + 1);
    let o = C::Affine::zero();
    let mut v: Vec<_> = a.iter().zip(&b).map(|(p, q)| (*p, *q)).collect();
    for p in a.iter().take(50) {
        v.extend([(*p, *p), (*p, neg::<C>(p)), (o, *p), (*p, o)]);
    }
    v.push((o, o));
    v
}

fn neg<C: TestCurve>(p: &C::Affine) -> C::Affine {
    (-p.into_group()).into_affine()
}

fn lambdas<C: TestCurve>(n: usize, seed: u64) -> Vec<C::F> {
    let mut rng = rng(seed);
    let mut v: Vec<C::F> = (0..n).map(|_| nonzero::<C::F>(&mut rng)).collect();
    v[0] = C::F::one(); // Z = 1, as a bucket just loaded from an affine point
    v
}

fn decode<C: TestCurve>(out: &[u32]) -> Vec<C::Affine> {
    out.chunks(4 * C::F::WORDS)
        .map(affine_from_words::<C>)
        .collect()
}

fn flags<C: TestCurve>(out: &[u32]) -> Vec<bool> {
    out.chunks(4 * C::F::WORDS).map(|c| c[0] == 1).collect()
}

fn expect_points<C: TestCurve>(
    t: Target,
    what: &str,
    got: &[C::Affine],
    want: &[C::Affine],
    inputs: &[String],
) {
    assert_eq!(got.len(), want.len());
    for i in 0..got.len() {
        assert_eq!(
            got[i],
            want[i],
            "{} {t:?} {what} [#{i}] on {}",
            C::NAME,
            inputs[i]
        );
    }
}

fn check_points<C: TestCurve>(t: Target)
where
    C::Affine: OnCurve,
{
    let w = C::F::WORDS;
    let seed = u64::from(C::ID) * 1000;
    let cases = cases::<C>(seed);
    let l1 = lambdas::<C>(cases.len(), seed + 2);
    let l2 = lambdas::<C>(cases.len(), seed + 3);
    let desc: Vec<String> = cases
        .iter()
        .map(|(p, q)| format!("P = {p}, Q = {q}"))
        .collect();
    let sums: Vec<C::Affine> = cases.iter().map(|(p, q)| (*p + *q).into_affine()).collect();
    let bucket_p: Vec<u32> = cases
        .iter()
        .zip(&l1)
        .flat_map(|((p, _), l)| bucket_words::<C>(p, *l))
        .collect();
    let bucket_q: Vec<u32> = cases
        .iter()
        .zip(&l2)
        .flat_map(|((_, q), l)| bucket_words::<C>(q, *l))
        .collect();
    let affine_p: Vec<u32> = cases
        .iter()
        .flat_map(|(p, _)| affine_words::<C>(p))
        .collect();
    let affine_q: Vec<u32> = cases
        .iter()
        .flat_map(|(_, q)| affine_words::<C>(q))
        .collect();

    let got = decode::<C>(&point_op(
        t,
        C::ID,
        op::PT_ADD_AFFINE,
        &bucket_p,
        &affine_q,
        w,
    ));
    expect_points::<C>(t, "add_affine", &got, &sums, &desc);
    let got = decode::<C>(&point_op(t, C::ID, op::PT_ADD, &bucket_p, &bucket_q, w));
    expect_points::<C>(t, "add", &got, &sums, &desc);

    let ps: Vec<C::Affine> = cases.iter().map(|(p, _)| *p).collect();
    let doubled: Vec<C::Affine> = ps.iter().map(|p| (*p + *p).into_affine()).collect();
    let got = decode::<C>(&point_op(t, C::ID, op::PT_DBL, &bucket_p, &bucket_p, w));
    expect_points::<C>(t, "dbl", &got, &doubled, &desc);
    let got = decode::<C>(&point_op(
        t,
        C::ID,
        op::PT_TO_AFFINE,
        &bucket_p,
        &bucket_p,
        w,
    ));
    expect_points::<C>(t, "to_affine", &got, &ps, &desc);
    let negated: Vec<C::Affine> = ps.iter().map(neg::<C>).collect();
    let got = decode::<C>(&point_op(t, C::ID, op::PT_NEG, &affine_p, &affine_p, w));
    expect_points::<C>(t, "neg", &got, &negated, &desc);
    let got = decode::<C>(&point_op(
        t,
        C::ID,
        op::PT_NEG_BUCKET,
        &bucket_p,
        &bucket_p,
        w,
    ));
    expect_points::<C>(t, "bucket neg", &got, &negated, &desc);

    let is_id = flags::<C>(&point_op(
        t,
        C::ID,
        op::PT_IS_IDENTITY,
        &affine_p,
        &affine_p,
        w,
    ));
    let bucket_is_id = flags::<C>(&point_op(
        t,
        C::ID,
        op::PT_BUCKET_IS_IDENTITY,
        &bucket_p,
        &bucket_p,
        w,
    ));
    for i in 0..ps.len() {
        assert_eq!(
            is_id[i],
            ps[i].is_zero(),
            "{} {t:?} is_identity [#{i}] {}",
            C::NAME,
            ps[i]
        );
        assert_eq!(
            bucket_is_id[i],
            ps[i].is_zero(),
            "{} {t:?} bucket is_identity [#{i}] {}",
            C::NAME,
            ps[i]
        );
    }

    // on_curve: every point (and the identity) is; moving y by 1 leaves the curve.
    let on = flags::<C>(&point_op(
        t,
        C::ID,
        op::PT_ON_CURVE,
        &affine_p,
        &affine_p,
        w,
    ));
    assert!(
        on.iter().all(|&f| f),
        "{} {t:?} on_curve of curve points",
        C::NAME
    );
    let off: Vec<u32> = ps
        .iter()
        .flat_map(|p| {
            let (x, y) = C::xy(p);
            words_of(&[x, y + C::F::one()])
        })
        .collect();
    let on = flags::<C>(&point_op(t, C::ID, op::PT_ON_CURVE, &off, &off, w));
    for (i, p) in ps.iter().enumerate() {
        let (x, y) = C::xy(p);
        let moved = C::from_xy(x, y + C::F::one());
        let really_on = moved.is_on_curve_checked();
        assert_eq!(
            on[i],
            really_on,
            "{} {t:?} on_curve of ({x}, {y} + 1)",
            C::NAME
        );
    }
}

/// The prime-order subgroup check (cuda/ec/subgroup.cuh) against arkworks'
/// on points of the subgroup, the identity, points of the whole curve
/// group (from random x: outside the subgroup, where there is a cofactor),
/// their cofactor parts r·Q (orders dividing the cofactor) and sums of a
/// subgroup point and such a part. Short Weierstrass curves only.
fn check_subgroup<C: TestCurve>(t: Target) {
    if C::EDWARDS {
        return;
    }
    let mut rng = rng(u64::from(C::ID) * 1000 + 7);
    let mut ps: Vec<C::Affine> = (0..40).map(|_| C::random_point(&mut rng)).collect();
    ps.push(C::Affine::zero());
    let mut whole = Vec::new();
    while whole.len() < 40 {
        if let Some(q) = C::point_from_x(C::F::rand(&mut rng)) {
            whole.push(q);
        }
    }
    let r = C::Scalar::MODULUS;
    let parts: Vec<C::Affine> = whole
        .iter()
        .map(|q| q.mul_bigint(r).into_affine())
        .collect();
    let sums: Vec<C::Affine> = ps
        .iter()
        .zip(&parts)
        .map(|(p, h)| (*p + *h).into_affine())
        .collect();
    ps.extend(whole);
    ps.extend(parts);
    ps.extend(sums);
    let words: Vec<u32> = ps.iter().flat_map(|p| affine_words::<C>(p)).collect();
    let got = flags::<C>(&point_op(
        t,
        C::ID,
        op::PT_IN_SUBGROUP,
        &words,
        &words,
        C::F::WORDS,
    ));
    for (i, p) in ps.iter().enumerate() {
        assert_eq!(
            got[i],
            C::in_subgroup(p),
            "{} {t:?} in_subgroup [#{i}] {p}",
            C::NAME
        );
    }
    let outside = ps.iter().filter(|p| !C::in_subgroup(p)).count();
    let cofactor_one = <C::Affine as AffineRepr>::Config::cofactor_is_one();
    assert_eq!(
        outside == 0,
        cofactor_one,
        "{}: {outside} points outside the subgroup",
        C::NAME
    );
}

/// The warp ops (cuda/ec/spread_sum.cuh, device only) against arkworks:
/// four warps of 32 buckets with random Z. Warp 0 is random. Warp 1 has
/// identities, and P + P and P + (-P) on the sum's first level (lanes 9 and
/// 25, 12 and 28). Warp 2 has them on the suffix sum's first level (lanes 2
/// and 3, 6 and 7) and in the lane-wise addition's operands. Warp 3 is one
/// point on every lane, so every level doubles.
fn check_warp_sums<C: TestCurve>(t: Target) {
    let w = C::F::WORDS;
    let seed = u64::from(C::ID) * 1000 + 500;
    let mut rng = rng(seed);
    let o = C::Affine::zero();
    let mut a: Vec<C::Affine> = (0..128).map(|_| C::random_point(&mut rng)).collect();
    let mut b: Vec<C::Affine> = (0..128).map(|_| C::random_point(&mut rng)).collect();
    let warp1 = 32;
    a[warp1 + 5] = o;
    a[warp1 + 17] = o;
    a[warp1 + 25] = a[warp1 + 9];
    a[warp1 + 28] = neg::<C>(&a[warp1 + 12]);
    let warp2 = 64;
    a[warp2 + 3] = a[warp2 + 2];
    a[warp2 + 7] = neg::<C>(&a[warp2 + 6]);
    a[warp2 + 10] = o;
    b[warp2 + 3] = a[warp2 + 3];
    b[warp2 + 5] = neg::<C>(&a[warp2 + 5]);
    b[warp2 + 8] = o;
    a[warp2 + 9] = o;
    for l in 97..128 {
        a[l] = a[96];
    }
    let la = lambdas::<C>(128, seed + 1);
    let lb = lambdas::<C>(128, seed + 2);
    let words = |pts: &[C::Affine], ls: &[C::F]| -> Vec<u32> {
        pts.iter()
            .zip(ls)
            .flat_map(|(p, l)| bucket_words::<C>(p, *l))
            .collect()
    };
    let (wa, wb) = (words(&a, &la), words(&b, &lb));
    let sum = |pts: &[C::Affine]| -> C::Affine {
        pts.iter()
            .fold(C::Affine::zero().into_group(), |s, p| s + p)
            .into_affine()
    };
    let mut warp_sum = a.clone();
    let mut suffix = a.clone();
    let mut lane_add = a.clone();
    for v in 0..4 {
        let lanes = &a[32 * v..32 * v + 32];
        warp_sum[32 * v] = sum(lanes);
        for j in 0..16 {
            suffix[32 * v + j] = sum(&lanes[j..16]);
        }
        for l in 1..16 {
            lane_add[32 * v + l] = (a[32 * v + l] + b[32 * v + l]).into_affine();
        }
    }
    let desc: Vec<String> = (0..128)
        .map(|i| format!("warp {}, lane {}", i / 32, i % 32))
        .collect();
    for (what, op, want) in [
        ("warp sum", op::PT_WARP_SUM, &warp_sum),
        ("suffix sum of 16 lanes", op::PT_WARP_SUFFIX_SUM, &suffix),
        (
            "lane-wise addition on lanes 1..15",
            op::PT_LANE_ADD,
            &lane_add,
        ),
    ] {
        let got = decode::<C>(&point_op(t, C::ID, op, &wa, &wb, w));
        expect_points::<C>(t, what, &got, want, &desc);
    }
}

/// is_on_curve for arkworks affine points of either model.
trait OnCurve {
    fn is_on_curve_checked(&self) -> bool;
}
impl<P: ark_ec::short_weierstrass::SWCurveConfig> OnCurve for ark_ec::short_weierstrass::Affine<P> {
    fn is_on_curve_checked(&self) -> bool {
        self.is_on_curve()
    }
}
impl<P: ark_ec::twisted_edwards::TECurveConfig> OnCurve for ark_ec::twisted_edwards::Affine<P> {
    fn is_on_curve_checked(&self) -> bool {
        self.is_on_curve()
    }
}

macro_rules! point_test {
    ($c:ident) => {
        #[test]
        #[allow(non_snake_case)]
        fn $c() {
            for t in targets() {
                check_points::<common::$c>(t);
                check_subgroup::<common::$c>(t);
                if t == Target::Device {
                    check_warp_sums::<common::$c>(t);
                }
            }
        }
    };
}
for_each_curve!(point_test);
