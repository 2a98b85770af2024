//! The C++/CUDA outputs: curves/fields.cuh, curves/<curve>.cuh,
//! curves/all.cuh and cuda/runtime/status_codes.cuh.

use crate::glv::{Split, G_WORDS, N_WORDS, SHIFT};
use crate::num::Big;
use crate::registry::{CoordField, Curve, EdwardsModel, Form, Glv, Registry};
use crate::text::{c_words, macro_lines, notice, wrap};

const WIDTH: usize = 92;

/// A big number's comment lines: `what`, then its decimal and hex forms.
fn number_comment(indent: &str, what: &str, decimal: &str, value: &Big) -> String {
    format!(
        "{indent}// {what}\n{indent}//   = {decimal}\n{indent}//   = {}\n",
        value.hex()
    )
}

fn array(indent: &str, name: &str, words: &[u32]) -> String {
    format!(
        "{indent}static constexpr uint32_t {name}[{}] = {{\n{}{indent}}};\n",
        words.len(),
        c_words(&format!("{indent}    "), words)
    )
}

pub fn fields(reg: &Registry) -> Result<String, String> {
    let mut s = format!(
        "// {}\n\
         // The base fields of every curve (registry.toml's [[field]] tables): each\n\
         // modulus p as little-endian u32 words, from which mont_field derives R, R²\n\
         // and -p^-1 at compile time; and the quadratic extensions over them.\n\
         // The test crate (cuda/tests, test `constants`) checks each against arkworks.\n\
         #pragma once\n#include <cstdint>\n\n\
         #include \"../cuda/ff/mont_field.cuh\"\n#include \"../cuda/ff/fp2.cuh\"\n\n\
         namespace gpukit {{\n",
        notice()
    );
    for field in &reg.field {
        let p = Big::parse(&field.p)?;
        let words = p
            .words(p.bits().div_ceil(32) as usize)
            .expect("sized to fit");
        s += &format!("\n// From {}.\n", field.source);
        if let Some(note) = &field.note {
            s += &wrap("// ", note, WIDTH);
        }
        s += &format!("struct {} {{\n", field.name);
        s += &number_comment("    ", &field.what, &field.p, &p);
        s += &array("    ", "MODULUS", &words);
        s += "};\n";
        if let Some(fp2) = &field.fp2 {
            s += &format!("\n{}", wrap("// ", &fp2.note, WIDTH));
            s += &format!(
                "struct {} {{\n    static constexpr int NONRESIDUE = {};\n}};\n",
                fp2.name, fp2.nonresidue
            );
        }
    }
    s += "\n}  // namespace gpukit\n";
    Ok(s)
}

pub fn curve(reg: &Registry, c: &Curve) -> Result<String, String> {
    let field = reg.coord_field(c)?;
    let (ec_header, affine, bucket) = match c.form {
        Form::ShortWeierstrass => ("sw.cuh", "sw_affine", "xyzz"),
        Form::TwistedEdwards => ("edwards.cuh", "te_affine", "te_extended"),
    };
    let coeffs = format!("{}_coeffs", c.name);
    let model_header = if c.edwards_model.is_some() {
        "#include \"../cuda/ec/edwards.cuh\"\n"
    } else {
        ""
    };
    let mut s = format!("// {}\n", notice());
    s += &wrap("// ", &c.summary, WIDTH);
    s += &wrap(
        "// ",
        &format!("Constants only, from {}.", field.prime.source),
        WIDTH,
    );
    s += &format!(
        "// The test crate (cuda/tests, test `constants`) checks each against arkworks.\n\
         #pragma once\n#include <cstdint>\n\n\
         #include \"../cuda/curve_traits.cuh\"\n#include \"../cuda/ec/{ec_header}\"\n{model_header}#include \"fields.cuh\"\n\n\
         namespace gpukit {{\n\n\
         // The curve's tag, the template argument of the generic MSM.\n\
         struct {} {{}};\n\n\
         struct {coeffs} {{\n",
        c.name
    );
    for (name, coeff) in c.coefficients() {
        let value = reg.coefficient(c, coeff)?;
        let lower = name.to_ascii_lowercase();
        let words: Vec<u32> = value
            .parts
            .iter()
            .flat_map(|part| part.words(field.words).expect("below p"))
            .collect();
        s += &match (value.small, value.parts.len()) {
            (Some(k), _) if k < 0 => format!("    // {lower} = {k} = p - {}\n", -i64::from(k)),
            (Some(k), _) => format!("    // {lower} = {k}\n"),
            (None, 1) => number_comment("    ", &lower, &value.written, &value.parts[0]),
            (None, _) => format!(
                "    // {lower} = {}: c0 words, then c1 words\n",
                value.written
            ),
        };
        s += &array("    ", name, &words);
        if let (Some(k), Form::TwistedEdwards) = (value.small, c.form) {
            s += &format!(
                "    // The same {lower} as a small integer: {lower}·v becomes additions (cuda/ec/edwards.cuh\n\
                 \x20   // checks at compile time that it equals {name}).\n\
                 \x20   static constexpr int {name}_SMALL = {k};\n"
            );
        }
    }
    s += "};\n";
    let glv_tag = format!("{}_glv", c.name);
    if let Some(glv) = &c.glv {
        s += &glv_constants(c, &field, glv, &glv_tag)?;
    }
    let model_tag = format!("{}_edwards", c.name);
    if c.edwards_model.is_some() {
        s += &format!(
            "\n// The tag of the curve's twisted Edwards model (below).\nstruct {model_tag};\n"
        );
    }
    s += &traits(
        c,
        &Traits {
            tag: &c.name,
            field_t: &field.cuda_type(),
            affine: &format!("{affine}<field_t, {coeffs}>"),
            bucket: &format!("{bucket}<field_t, {coeffs}>"),
            registers: c.accumulate_registers,
            registers_why: &c.accumulate_registers_why,
            model: c.edwards_model.as_ref().map(|_| model_tag.as_str()),
            glv: c.glv.as_ref().map(|_| glv_tag.as_str()),
        },
    )?;
    if let Some(model) = &c.edwards_model {
        s += &edwards_model(c, &field, model, &model_tag)?;
    }
    s += "\n}  // namespace gpukit\n";
    Ok(s)
}

/// What one curve_traits specialisation says.
struct Traits<'a> {
    tag: &'a str,
    field_t: &'a str,
    affine: &'a str,
    bucket: &'a str,
    registers: u32,
    registers_why: &'a str,
    /// The tag of the curve's twisted Edwards model, where it has one.
    model: Option<&'a str>,
    /// The struct of the curve's endomorphism constants, where it has one.
    glv: Option<&'a str>,
}

fn traits(c: &Curve, t: &Traits) -> Result<String, String> {
    let r = Big::parse(&c.r)?;
    let mut s = format!(
        "\n\
         template <>\n\
         struct curve_traits<{tag}> {{\n\
         \x20   using field_t = {field_t};\n\
         \x20   using affine_t = {affine};\n\
         \x20   using bucket_t = {bucket};\n",
        tag = t.tag,
        field_t = t.field_t,
        affine = t.affine,
        bucket = t.bucket,
    );
    if let Some(model) = t.model {
        s += &format!("    using edwards_model = {model};\n");
    }
    if let Some(glv) = t.glv {
        s += &format!("    using glv = {glv};\n");
    }
    s += &format!(
        "    static constexpr uint8_t ID = {id};\n\
         \x20   static constexpr uint32_t SCALAR_BITS = {bits};\n",
        id = c.id,
        bits = c.scalar_bits,
    );
    s += &number_comment("    ", &c.r_what, &c.r, &r);
    s += &array(
        "    ",
        "SCALAR_MODULUS",
        &r.words(8).expect("checked: at most 256 bits"),
    );
    s += &format!(
        "    static constexpr uint32_t POINT_BYTES = {};\n    static constexpr uint32_t MAX_WINDOW = {};\n",
        c.point_bytes, c.max_window
    );
    s +=
        "    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),\n";
    s += &wrap("    // ", t.registers_why, WIDTH);
    s += &format!(
        "    static constexpr int ACCUMULATE_REGISTERS = {};\n\
         \x20   static constexpr const char* NAME = \"{}\";\n\
         }};\n",
        t.registers, t.tag
    );
    Ok(s)
}

/// The twisted Edwards model's coefficients, map constants and traits: the
/// same curve, its group and scalars, with other points and buckets.
fn edwards_model(
    c: &Curve,
    field: &CoordField,
    model: &EdwardsModel,
    tag: &str,
) -> Result<String, String> {
    let coeffs = format!("{tag}_coeffs");
    let number = |what: &str, name: &str, decimal: &str| -> Result<String, String> {
        let v = Big::parse(decimal)?;
        Ok(number_comment("    ", what, decimal, &v)
            + &array(
                "    ",
                name,
                &v.words(field.words).expect("checked: below p"),
            ))
    };
    let minus_one = field.p.sub(&Big::parse("1")?);
    let mut s = format!("\n{}", wrap("// ", &model.summary, WIDTH));
    s += &format!(
        "struct {tag} {{}};\n\n\
         struct {coeffs} {{\n\
         \x20   // a = -1 = p - 1\n"
    );
    s += &array("    ", "A", &minus_one.words(field.words).expect("below p"));
    s += "    // The same a as a small integer (cuda/ec/edwards.cuh checks that it equals A).\n\
          \x20   static constexpr int A_SMALL = -1;\n";
    s += &number("d", "D", &model.d)?;
    s += &number(
        "s = 1/√3, the Montgomery form's B (cuda/ec/edwards_model.cuh)",
        "MAP_S",
        &model.map_s,
    )?;
    s += &number("t = √(-a₁), the scaling to a = -1", "MAP_T", &model.map_t)?;
    s += "};\n";
    s += &traits(
        c,
        &Traits {
            tag,
            field_t: &field.cuda_type(),
            affine: &format!("te_cached<field_t, {coeffs}>"),
            bucket: &format!("te_extended<field_t, {coeffs}>"),
            registers: model.accumulate_registers,
            registers_why: &model.accumulate_registers_why,
            model: None,
            glv: None,
        },
    )?;
    Ok(s)
}

/// The endomorphism φ(x, y) = (β·x, y) = λ·P and the scalar split's
/// constants (cuda/ec/glv.cuh; tools/gen/src/glv.rs derives them).
fn glv_constants(c: &Curve, field: &CoordField, glv: &Glv, tag: &str) -> Result<String, String> {
    let r = Big::parse(&c.r)?;
    let split = Split::derive(glv, &r)?;
    let beta = Big::parse(&glv.beta)?;
    let mut s = format!(
        "\n// The endomorphism φ(x, y) = (β·x, y), which is λ·P on the prime-order subgroup,\n\
         // and the split k = k1 + k2·λ mod r by the basis (n11, n12; n21, n22) of\n\
         // {{(a, b): a + b·λ ≡ 0 mod r}} (cuda/ec/glv.cuh, tools/gen/src/glv.rs).\n\
         struct {tag} {{\n"
    );
    s += &number_comment("    ", "β", &glv.beta, &beta);
    s += &array(
        "    ",
        "BETA",
        &beta.words(field.words).expect("checked: below p"),
    );
    let lambda = Big::parse(&glv.lambda)?;
    s += &number_comment(
        "    ",
        "λ (the tests' check: φ(P) = λ·P)",
        &glv.lambda,
        &lambda,
    );
    s += &array(
        "    ",
        "LAMBDA",
        &lambda.words(8).expect("checked: below r"),
    );
    s += &format!(
        "    // |k1|, |k2| < 2^SPLIT_BITS: below |n11| + |n21| + 1 and |n12| + |n22| + 1.\n\
         \x20   static constexpr uint32_t SPLIT_BITS = {};\n\
         \x20   // c1 = ±⌊k·G1 / 2^SHIFT⌋ ≈ k·n22 / r, c2 = ±⌊k·G2 / 2^SHIFT⌋ ≈ −k·n12 / r.\n\
         \x20   static constexpr uint32_t SHIFT = {};\n\
         \x20   static constexpr bool C1_NEGATIVE = {}, C2_NEGATIVE = {};\n\
         \x20   // φ = λ on every curve point (the group has prime order), not only the subgroup.\n\
         \x20   static constexpr bool PRIME_ORDER = {};\n",
        split.split_bits, SHIFT, split.c1_negative, split.c2_negative, glv.prime_order
    );
    s += &array("    ", "G1", &split.g1.words(G_WORDS).expect("checked"));
    s += &array("    ", "G2", &split.g2.words(G_WORDS).expect("checked"));
    for (name, (v, written)) in ["N11", "N12", "N21", "N22"]
        .iter()
        .zip(split.n.iter().zip([&glv.n11, &glv.n12, &glv.n21, &glv.n22]))
    {
        s += &format!("    // {} = {written}\n", name.to_ascii_lowercase());
        s += &format!(
            "    static constexpr bool {name}_NEGATIVE = {};\n",
            v.negative
        );
        s += &array("    ", name, &v.magnitude.words(N_WORDS).expect("checked"));
    }
    s += "};\n";
    Ok(s)
}

pub fn all(reg: &Registry) -> String {
    let mut s = format!(
        "// {}\n\
         // Every curve, and the one list of them that drives instantiations and\n\
         // exports: X(tag, id) for each curve, ids as in the C ABI.\n\
         #pragma once\n\n",
        notice()
    );
    for c in &reg.curve {
        s += &format!("#include \"{}.cuh\"\n", c.name);
    }
    let mut lines = vec!["#define GPUKIT_CURVES(X)".to_string()];
    lines.extend(
        reg.curve
            .iter()
            .map(|c| format!("    X({}, {})", c.name, c.id)),
    );
    s + "\n" + &macro_lines(&lines)
}

pub fn status_codes(reg: &Registry) -> String {
    let mut s = format!(
        "// {}\n\
         // The status codes of the C ABI (include/gpukit.h's GPUKIT_OK and\n\
         // GPUKIT_ERR_*), as the CUDA backend returns them (cuda/runtime/status.cuh).\n\
         #pragma once\n\n\
         namespace gpukit {{\n\n\
         enum status_code : int {{\n",
        notice()
    );
    for st in &reg.status {
        s += &wrap("    // ", &st.doc, WIDTH);
        s += &format!("    STATUS_{} = {},\n", st.upper(), st.code);
    }
    s + "};\n\n}  // namespace gpukit\n"
}
