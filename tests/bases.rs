//! Resident bases (typed and byte forms) against arkworks, on every
//! backend config, for prefixes of the bases and batches; per curve.

mod common;

use common::*;
use gpukit::encoding::{decode_point, encode_points_in, encode_scalars_in};
use gpukit::{Backend, Bases, BasesBytes, Config, Curve, InputForm};

fn typed_bases<C: Curve>() {
    let mut rng = SeededRng::new(0x6261_7365 + C::ID as u64);
    let len = 70;
    let points = random_points::<C>(&mut rng, len);
    let configs = host_configs(&[3])
        .into_iter()
        .chain(all_backends().into_iter().skip(3))
        .chain([Config {
            blinded: true,
            ..Config::default()
        }]);
    for config in configs {
        let bases = Bases::<C>::new(&points, &config).unwrap();
        assert_eq!((bases.len(), bases.is_empty()), (len, false));
        for n in [0, 1, 33, len] {
            let scalars = random_scalars::<C>(&mut rng, n);
            let got = bases
                .msm(&scalars)
                .unwrap_or_else(|e| panic!("n={n} {config:?}: {e}"));
            assert_eq!(
                got,
                reference::<C>(&points[..n], &scalars),
                "n={n} {config:?}"
            );
        }
        let batch: Vec<Vec<C::Scalar>> =
            (0..3).map(|_| random_scalars::<C>(&mut rng, 40)).collect();
        let got = bases.msm_batch(&batch).unwrap();
        for (s, q) in batch.iter().zip(&got) {
            assert_eq!(*q, reference::<C>(&points[..40], s), "{config:?}");
        }
        let ragged = vec![
            random_scalars::<C>(&mut rng, 5),
            random_scalars::<C>(&mut rng, 9),
        ];
        let got = bases.msm_batch(&ragged).unwrap();
        assert_eq!(got[1], reference::<C>(&points[..9], &ragged[1]));
    }
}

fn byte_bases<C: Curve>() {
    let mut rng = SeededRng::new(0x6279_7465 + C::ID as u64);
    let points = random_points::<C>(&mut rng, 50);
    let scalars = random_scalars::<C>(&mut rng, 2 * 30);
    for form in [InputForm::Canonical, InputForm::Montgomery] {
        let config = Config {
            input_form: form,
            backend: Backend::Cpu,
            ..Config::default()
        };
        let bases = BasesBytes::new(C::ID, &encode_points_in::<C>(&points, form), &config).unwrap();
        assert_eq!((bases.curve(), bases.len()), (C::ID, 50));
        let out = bases
            .msm_batch(&encode_scalars_in::<C>(&scalars, form), 30, 2)
            .unwrap();
        let pb = C::ID.point_bytes();
        for j in 0..2 {
            let want = reference::<C>(&points[..30], &scalars[30 * j..30 * (j + 1)]);
            assert_eq!(
                decode_point::<C>(&out[j * pb..(j + 1) * pb]).unwrap(),
                want,
                "{form:?} item {j}"
            );
        }
        let one = bases
            .msm(&encode_scalars_in::<C>(&scalars[..30], form))
            .unwrap();
        assert_eq!(one, out[..pb]);
    }
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn typed_bases() { super::typed_bases::<C>() }
            #[test]
            fn byte_bases() { super::byte_bases::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
