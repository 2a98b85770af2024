//! registry.toml read into types, checked, and the numbers the outputs
//! derive from it (limbs, sizes) computed once.

use crate::num::Big;
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registry {
    pub field: Vec<Field>,
    pub curve: Vec<Curve>,
    pub status: Vec<Status>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    pub name: String,
    /// What p is, as the header's comment says it.
    pub what: String,
    pub source: String,
    pub note: Option<String>,
    pub p: String,
    pub fp2: Option<Fp2>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fp2 {
    pub name: String,
    pub nonresidue: i32,
    pub note: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Form {
    ShortWeierstrass,
    TwistedEdwards,
}

/// A coefficient: one decimal integer (possibly negative, taken mod p), or
/// `[c0, c1]` over Fp2.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Coeff {
    Prime(String),
    Fp2([String; 2]),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Curve {
    pub id: u8,
    pub name: String,
    pub marker: String,
    pub go: String,
    pub display: String,
    pub summary: String,
    pub form: Form,
    pub field: String,
    pub b: Option<Coeff>,
    pub a: Option<Coeff>,
    pub d: Option<Coeff>,
    pub r_what: String,
    pub r: String,
    pub scalar_bits: u32,
    pub point_bytes: u32,
    pub max_window: u32,
    pub accumulate_registers: u32,
    pub accumulate_registers_why: String,
    pub cofactor: String,
    pub ark_crate: String,
    pub ark_affine: String,
    pub ark_projective: String,
    pub ark_scalar: String,
    pub ark_config: String,
    pub gpu_test_large_log_n: Vec<u32>,
    pub edwards_model: Option<EdwardsModel>,
    pub glv: Option<Glv>,
}

/// The endomorphism φ(x, y) = (β·x, y) = λ·P of a j = 0 curve and a reduced
/// basis (n11, n12; n21, n22) of the lattice {(a, b): a + b·λ ≡ 0 mod r}
/// (cuda/ec/glv.cuh). The basis entries are signed decimals.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Glv {
    pub beta: String,
    pub lambda: String,
    pub n11: String,
    pub n12: String,
    pub n21: String,
    pub n22: String,
    /// The group has prime order (cofactor 1): φ = λ on every curve point.
    pub prime_order: bool,
}

/// A short Weierstrass curve's twisted Edwards model with a = -1
/// (cuda/ec/edwards_model.cuh): -x² + y² = 1 + d·x²·y², reached by
/// (x, y) → (t·(x + 1)/y, (s·(x + 1) - 1)/(s·(x + 1) + 1)).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdwardsModel {
    pub summary: String,
    pub d: String,
    pub map_s: String,
    pub map_t: String,
    pub accumulate_registers: u32,
    pub accumulate_registers_why: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Status {
    pub code: i32,
    pub name: String,
    pub go: Option<String>,
    pub doc: String,
    pub text: String,
}

/// A coefficient's value as the generated code needs it.
pub struct CoeffValue {
    /// The source's spelling (`-5`, `3`, `4 + 4·u`).
    pub written: String,
    /// The canonical value of each prime-field component, c0 first.
    pub parts: Vec<Big>,
    /// The value as a small signed integer, where it is one (a prime-field
    /// coefficient written as an integer that fits an `int`).
    pub small: Option<i32>,
}

/// What the outputs need of a curve's coordinate field.
pub struct CoordField<'a> {
    pub prime: &'a Field,
    pub fp2: Option<&'a Fp2>,
    /// p.
    pub p: Big,
    /// u32 words of one prime-field element.
    pub words: usize,
}

impl CoordField<'_> {
    /// Prime-field components per coordinate (1, or 2 over Fp2).
    pub fn degree(&self) -> usize {
        if self.fp2.is_some() {
            2
        } else {
            1
        }
    }

    /// The C++ type of the coordinates.
    pub fn cuda_type(&self) -> String {
        match self.fp2 {
            None => format!("mont_field<{}>", self.prime.name),
            Some(fp2) => format!("fp2<mont_field<{}>, {}>", self.prime.name, fp2.name),
        }
    }
}

impl Status {
    /// `NullPointer`.
    pub fn camel(&self) -> String {
        camel(&self.name)
    }

    /// `NULL_POINTER`.
    pub fn upper(&self) -> String {
        self.name.to_ascii_uppercase()
    }

    /// The C ABI's name: `GPUKIT_OK`, `GPUKIT_ERR_NULL_POINTER`.
    pub fn c_name(&self) -> String {
        if self.code == 0 {
            format!("GPUKIT_{}", self.upper())
        } else {
            format!("GPUKIT_ERR_{}", self.upper())
        }
    }

    /// The Go name after `Status` / `Err`.
    pub fn go_name(&self) -> String {
        self.go.clone().unwrap_or_else(|| self.camel())
    }
}

impl Curve {
    /// `BN254_G1`: the suffix of `GPUKIT_CURVE_*`.
    pub fn upper(&self) -> String {
        self.name.to_ascii_uppercase()
    }

    /// The arkworks path of one of the crate's items (`ark_bn254::G1Affine`).
    pub fn ark(&self, item: &str) -> String {
        format!("{}::{item}", self.ark_crate)
    }

    pub fn edwards(&self) -> bool {
        self.form == Form::TwistedEdwards
    }

    /// The coefficients the curve's form has, by their names in the C++
    /// coefficient struct: `B` (short Weierstrass), `A` and `D` (Edwards).
    pub fn coefficients(&self) -> Vec<(&'static str, &Coeff)> {
        let named = [("A", &self.a), ("B", &self.b), ("D", &self.d)];
        named
            .into_iter()
            .filter_map(|(n, c)| c.as_ref().map(|c| (n, c)))
            .collect()
    }
}

fn camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn is_snake(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

impl Registry {
    pub fn parse(text: &str) -> Result<Registry, String> {
        let registry: Registry = toml::from_str(text).map_err(|e| e.to_string())?;
        registry.check()?;
        Ok(registry)
    }

    /// The field (and extension) a curve's coordinates live in.
    pub fn coord_field(&self, curve: &Curve) -> Result<CoordField<'_>, String> {
        for prime in &self.field {
            let fp2 = prime.fp2.as_ref().filter(|f| f.name == curve.field);
            if prime.name == curve.field || fp2.is_some() {
                let p = Big::parse(&prime.p).map_err(|e| format!("field {}: {e}", prime.name))?;
                let words = p.bits().div_ceil(32) as usize;
                return Ok(CoordField {
                    prime,
                    fp2,
                    p,
                    words,
                });
            }
        }
        Err(format!(
            "curve {}: no field named {}",
            curve.name, curve.field
        ))
    }

    /// A coefficient of `curve`, reduced into its field.
    pub fn coefficient(&self, curve: &Curve, coeff: &Coeff) -> Result<CoeffValue, String> {
        let field = self.coord_field(curve)?;
        let reduce = |s: &str| -> Result<Big, String> {
            let (negative, digits) = match s.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, s),
            };
            let v = Big::parse(digits).map_err(|e| format!("curve {}: {e}", curve.name))?;
            if v >= field.p {
                return Err(format!(
                    "curve {}: coefficient {s} is not below p",
                    curve.name
                ));
            }
            Ok(if negative && v.bits() > 0 {
                field.p.sub(&v)
            } else {
                v
            })
        };
        Ok(match coeff {
            Coeff::Prime(s) => {
                if field.fp2.is_some() {
                    return Err(format!(
                        "curve {}: a coefficient over Fp2 is [c0, c1]",
                        curve.name
                    ));
                }
                CoeffValue {
                    written: s.clone(),
                    parts: vec![reduce(s)?],
                    small: s.parse().ok(),
                }
            }
            Coeff::Fp2([c0, c1]) => {
                if field.fp2.is_none() {
                    return Err(format!("curve {}: [c0, c1] needs an Fp2 field", curve.name));
                }
                CoeffValue {
                    written: format!("{c0} + {c1}·u"),
                    parts: vec![reduce(c0)?, reduce(c1)?],
                    small: None,
                }
            }
        })
    }

    /// Everything the outputs take for granted: ids and codes in order,
    /// unique names, the sizes the registry states equal to the ones its
    /// numbers give, the coefficients of each curve's form.
    fn check(&self) -> Result<(), String> {
        let mut names = BTreeSet::new();
        for field in &self.field {
            let p = Big::parse(&field.p).map_err(|e| format!("field {}: {e}", field.name))?;
            if p.bits() < 2 || p.low() % 2 == 0 {
                return Err(format!("field {}: p must be an odd prime", field.name));
            }
            for name in [Some(&field.name), field.fp2.as_ref().map(|f| &f.name)]
                .into_iter()
                .flatten()
            {
                if !is_snake(name) || !names.insert(name.clone()) {
                    return Err(format!("field name {name}: not snake_case, or repeated"));
                }
            }
        }
        for (i, curve) in self.curve.iter().enumerate() {
            let c = &curve.name;
            if usize::from(curve.id) != i + 1 {
                return Err(format!(
                    "curve {c}: ids run 1, 2, … in file order (found {})",
                    curve.id
                ));
            }
            if !is_snake(c) || !names.insert(c.clone()) {
                return Err(format!("curve name {c}: not snake_case, or repeated"));
            }
            let field = self.coord_field(curve)?;
            let r = Big::parse(&curve.r).map_err(|e| format!("curve {c}: r: {e}"))?;
            if r.bits() != curve.scalar_bits {
                return Err(format!(
                    "curve {c}: scalar_bits is {}, r has {}",
                    curve.scalar_bits,
                    r.bits()
                ));
            }
            if r.bits() > 256 {
                return Err(format!(
                    "curve {c}: scalars are 32 bytes, r has {} bits",
                    r.bits()
                ));
            }
            let bytes = 2 * 4 * field.words * field.degree();
            if curve.point_bytes as usize != bytes {
                return Err(format!(
                    "curve {c}: point_bytes is {}, the field gives {bytes}",
                    curve.point_bytes
                ));
            }
            let wanted: &[&str] = match curve.form {
                Form::ShortWeierstrass => &["B"],
                Form::TwistedEdwards => &["A", "D"],
            };
            let given: Vec<&str> = curve.coefficients().iter().map(|(n, _)| *n).collect();
            if given != wanted {
                return Err(format!(
                    "curve {c}: a {:?} curve has coefficients {wanted:?}, not {given:?}",
                    curve.form
                ));
            }
            for (_, coeff) in curve.coefficients() {
                self.coefficient(curve, coeff)?;
            }
            // n is a uint32 in the ABI.
            if curve.gpu_test_large_log_n.iter().any(|&k| k > 31) {
                return Err(format!(
                    "curve {c}: gpu_test_large_log_n above 31 (n is a uint32)"
                ));
            }
            if !(1..=32).contains(&curve.max_window)
                || !(1..=255).contains(&curve.accumulate_registers)
            {
                return Err(format!(
                    "curve {c}: max_window 1..=32, accumulate_registers 1..=255"
                ));
            }
            if let Some(model) = &curve.edwards_model {
                let field = self.coord_field(curve)?;
                if curve.form != Form::ShortWeierstrass || field.fp2.is_some() {
                    return Err(format!(
                        "curve {c}: an edwards_model belongs to a short Weierstrass curve over a prime field"
                    ));
                }
                for (what, v) in [
                    ("d", &model.d),
                    ("map_s", &model.map_s),
                    ("map_t", &model.map_t),
                ] {
                    let value = Big::parse(v)
                        .map_err(|e| format!("curve {c}: edwards_model.{what}: {e}"))?;
                    if value >= field.p || value.bits() == 0 {
                        return Err(format!("curve {c}: edwards_model.{what} must lie in 1..p"));
                    }
                }
                if !(1..=255).contains(&model.accumulate_registers) {
                    return Err(format!(
                        "curve {c}: edwards_model.accumulate_registers 1..=255"
                    ));
                }
            }
            if let Some(glv) = &curve.glv {
                let field = self.coord_field(curve)?;
                if curve.form != Form::ShortWeierstrass || field.fp2.is_some() {
                    return Err(format!(
                        "curve {c}: glv belongs to a short Weierstrass curve over a prime field"
                    ));
                }
                let r = Big::parse(&curve.r)?;
                for (what, v, bound) in [("beta", &glv.beta, &field.p), ("lambda", &glv.lambda, &r)]
                {
                    let value = Big::parse(v).map_err(|e| format!("curve {c}: glv.{what}: {e}"))?;
                    if &value >= bound || value.bits() < 2 {
                        return Err(format!(
                            "curve {c}: glv.{what} must lie in 2..{}",
                            if what == "beta" { "p" } else { "r" }
                        ));
                    }
                }
                crate::glv::Split::derive(glv, &r).map_err(|e| format!("curve {c}: glv: {e}"))?;
                if glv.prime_order != curve.cofactor.starts_with("1 ") {
                    return Err(format!(
                        "curve {c}: glv.prime_order must say whether the cofactor is 1"
                    ));
                }
            }
        }
        for (i, status) in self.status.iter().enumerate() {
            if status.code as usize != i || !is_snake(&status.name) {
                return Err(format!(
                    "status {}: codes run 0, 1, … in file order; names are snake_case",
                    status.name
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry() -> Registry {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../registry.toml");
        Registry::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn reads_the_registry() {
        let r = registry();
        assert_eq!(r.curve.len(), 6);
        let with_model: Vec<&str> = r
            .curve
            .iter()
            .filter(|c| c.edwards_model.is_some())
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(with_model, ["bls12_377_g1"]);
        let bander = &r.curve[5];
        let a = r.coefficient(bander, bander.a.as_ref().unwrap()).unwrap();
        assert_eq!(a.small, Some(-5));
        assert_eq!(
            a.parts[0].hex(),
            "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfefffffffefffffffc"
        );
        let g2 = &r.curve[2];
        assert_eq!(
            r.coord_field(g2).unwrap().cuda_type(),
            "fp2<mont_field<bls12_381_fp>, bls12_381_fp2>"
        );
        assert_eq!(r.status[1].c_name(), "GPUKIT_ERR_NULL_POINTER");
        assert_eq!(r.status[0].go_name(), "OK");
    }

    #[test]
    fn rejects_inconsistent_entries() {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../registry.toml"))
                .unwrap();
        let wrong_bits = text.replacen("scalar_bits = 254", "scalar_bits = 255", 1);
        assert!(Registry::parse(&wrong_bits)
            .unwrap_err()
            .contains("scalar_bits"));
        let wrong_bytes = text.replacen("point_bytes = 64", "point_bytes = 32", 1);
        assert!(Registry::parse(&wrong_bytes)
            .unwrap_err()
            .contains("point_bytes"));
        let wrong_id = text.replacen("id = 2\n", "id = 3\n", 1);
        assert!(Registry::parse(&wrong_id).unwrap_err().contains("ids"));
        let unknown_key = text.replacen("b = \"3\"", "b = \"3\"\nc = \"1\"", 1);
        assert!(Registry::parse(&unknown_key).is_err());
        // A twisted Edwards model belongs to a short Weierstrass curve, with
        // its numbers below p.
        let model = text
            .split("[curve.edwards_model]")
            .nth(1)
            .and_then(|rest| rest.split("\n\n").next())
            .expect("BLS12-377 G1's model");
        let on_edwards = text.replacen(
            "gpu_test_large_log_n = [22]\n\n# ----",
            &format!("gpu_test_large_log_n = [22]\n\n[curve.edwards_model]{model}\n\n# ----"),
            1,
        );
        assert_ne!(on_edwards, text);
        assert!(Registry::parse(&on_edwards)
            .unwrap_err()
            .contains("short Weierstrass"));
        let big_d = text.replacen(
            "d = \"122268283598675559488486339158635529096981886914877139579534153582033676785385790730042363341236035746924960903179\"",
            "d = \"258664426012969094010652733694893533536393512754914660539884262666720468348340822774968888139573360124440321458177\"",
            1,
        );
        assert_ne!(big_d, text);
        assert!(Registry::parse(&big_d)
            .unwrap_err()
            .contains("edwards_model.d"));
    }
}
