//! The wire decoder: any bytes, any curve, both input forms, every check
//! level. Decoding never panics; what decodes re-encodes to the same bytes
//! (canonical form), and scalars that decode are exactly those below r.
#![no_main]

use gpukit::encoding::{
    check_scalars, decode_points, decode_scalars, encode_points_in, encode_scalars_in, PointCheck,
};
use gpukit::{Curve, InputForm, Status};
use libfuzzer_sys::fuzz_target;

fn run<C: Curve>(form: InputForm, check: PointCheck, bytes: &[u8]) {
    match decode_points::<C>(bytes, form, check) {
        Ok(points) => {
            let again = encode_points_in::<C>(&points, form);
            // The all-zero short-Weierstrass identity is the one encoding
            // that is not its point's x || y; every other one round-trips.
            let pb = C::ID.point_bytes();
            for (i, (a, b)) in again.chunks(pb).zip(bytes.chunks(pb)).enumerate() {
                assert!(
                    a == b || b.iter().all(|&x| x == 0),
                    "point {i} does not round-trip"
                );
            }
        }
        Err(e) => assert!(
            matches!(
                e.status(),
                Status::SizeMismatch
                    | Status::BadEncoding
                    | Status::PointNotOnCurve
                    | Status::PointNotInSubgroup
            ),
            "{e}"
        ),
    }
    match (decode_scalars::<C>(bytes, form), check_scalars::<C>(bytes)) {
        (Ok(s), Ok(())) => assert_eq!(encode_scalars_in::<C>(&s, form), bytes),
        (Err(a), Err(b)) => assert_eq!(a, b),
        (a, b) => panic!("decode {:?} but check {b:?}", a.map(|s| s.len())),
    }
}

macro_rules! by_curve {
    ($(($marker:ident, $snake:ident, $id:literal, $($rest:tt)*)),* $(,)?) => {
        fn dispatch(id: u8, form: InputForm, check: PointCheck, bytes: &[u8]) {
            match id {
                $($id => run::<gpukit::curves::$marker>(form, check, bytes),)*
                _ => {}
            }
        }
    };
}
gpukit::for_each_curve!(by_curve);

fuzz_target!(|data: &[u8]| {
    let Some((&head, bytes)) = data.split_first() else {
        return;
    };
    let form = if head & 0x10 != 0 {
        InputForm::Montgomery
    } else {
        InputForm::Canonical
    };
    let check =
        [PointCheck::None, PointCheck::OnCurve, PointCheck::Subgroup][(head as usize >> 5) % 3];
    dispatch(1 + head % 6, form, check, bytes);
});
