//! README.md, region `curves`: the table of curves.

use crate::registry::{Form, Registry};

pub fn readme_curves(reg: &Registry) -> Result<String, String> {
    let mut s = String::from(
        "| id | name | group | form | point_bytes | scalar bits | cofactor (subgroup check with `FULL`) | arkworks type |\n\
         |---:|---|---|---|---:|---:|---|---|\n",
    );
    for c in &reg.curve {
        let form = match (c.form, reg.coord_field(c)?.fp2.is_some()) {
            (Form::ShortWeierstrass, false) => "short Weierstrass",
            (Form::ShortWeierstrass, true) => "short Weierstrass over Fp2 (`c0‖c1`)",
            (Form::TwistedEdwards, _) => "twisted Edwards",
        };
        s += &format!(
            "| {} | `{}` | {} | {form} | {} | {} | {} | `{}` |\n",
            c.id,
            c.name,
            c.display,
            c.point_bytes,
            c.scalar_bits,
            c.cofactor,
            c.ark(&c.ark_affine)
        );
    }
    Ok(s)
}
