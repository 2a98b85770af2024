//! The Rust outputs (each formatted by rustfmt before it is compared or
//! written): gpukit's curve list, arkworks re-exports and status codes,
//! the build scripts' curve names, the curve lists of cuda/tests and of
//! ctests/tools/invalid_inputs.

use crate::registry::{Form, Registry};
use crate::text::notice;
use std::collections::BTreeSet;

/// src/curve_list.rs: `CurveId`, `MAX_WINDOW`, `for_each_curve!` and the
/// crate's map from arkworks configurations to curves.
pub fn curve_list(reg: &Registry) -> String {
    let max_window = reg.curve.iter().map(|c| c.max_window).max().unwrap_or(0);
    let mut s = format!(
        "//! {}\n\
         //! The curve list: [`CurveId`] and `for_each_curve!`, from which every\n\
         //! per-curve item of the crate (and of its tests) is stamped.\n\n\
         /// The largest Pippenger window (`window_c`) any backend accepts: 2^{max_window}\n\
         /// buckets of the largest point type is already gigabytes per window\n\
         /// ([`CurveId::max_window`] gives each curve's).\n\
         pub const MAX_WINDOW: u32 = {max_window};\n\n\
         /// A supported curve. The discriminants are the C ABI's `GPUKIT_CURVE_*` ids.\n\
         #[repr(u8)]\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum CurveId {{\n",
        notice()
    );
    for c in &reg.curve {
        s += &format!("    /// {}\n    {} = {},\n", c.display, c.marker, c.id);
    }
    let arms = |value: &dyn Fn(&crate::registry::Curve) -> String| -> String {
        reg.curve
            .iter()
            .map(|c| format!("CurveId::{} => {},\n", c.marker, value(c)))
            .collect()
    };
    s += &format!(
        "}}\n\n\
         impl CurveId {{\n\
         /// Every curve, in id order.\n\
         pub const ALL: &'static [CurveId] = &[{all}];\n\n\
         /// The curve with this ABI id.\n\
         pub fn from_u8(id: u8) -> Option<CurveId> {{\n\
         match id {{ {from_u8} _ => None, }}\n}}\n\n\
         /// The snake-case name used in every layer (`\"bn254_g1\"`).\n\
         pub fn name(self) -> &'static str {{ match self {{ {names} }} }}\n\n\
         /// A human-readable name (`\"BN254 G1\"`).\n\
         pub fn display_name(self) -> &'static str {{ match self {{ {displays} }} }}\n\n\
         /// The largest accepted `window_c`.\n\
         pub fn max_window(self) -> u32 {{ match self {{ {windows} }} }}\n\
         }}\n\n",
        all = reg
            .curve
            .iter()
            .map(|c| format!("CurveId::{}", c.marker))
            .collect::<Vec<_>>()
            .join(", "),
        from_u8 = reg
            .curve
            .iter()
            .map(|c| format!("{} => Some(CurveId::{}),", c.id, c.marker))
            .collect::<String>(),
        names = arms(&|c| format!("{:?}", c.name)),
        displays = arms(&|c| format!("{:?}", c.display)),
        windows = arms(&|c| c.max_window.to_string()),
    );
    s += "/// The list of supported curves. Calls `$callback!` with one tuple per curve:\n\
          /// `(Marker, snake_name, id, affine type, projective type, scalar type, \"display name\")`.\n\
          ///\n\
          /// The [`CurveId`] enum's companions, the marker types in [`crate::curves`],\n\
          /// the per-curve C entry points and the per-curve tests are all stamped from it.\n\
          #[macro_export]\n\
          macro_rules! for_each_curve {\n\
          \x20   ($callback:ident) => {\n\
          \x20       $callback! {\n";
    for c in &reg.curve {
        s += &format!(
            "            ({}, {}, {},\n             $crate::ark::{},\n             $crate::ark::{},\n             $crate::ark::{}, {:?}),\n",
            c.marker,
            c.name,
            c.id,
            c.ark(&c.ark_affine),
            c.ark(&c.ark_projective),
            c.ark(&c.ark_scalar),
            c.display
        );
    }
    s += "        }\n    };\n}\n\n\
          /// Runs `$body` with the type `$C` bound to the marker type (in\n\
          /// [`crate::curves`]) of the curve `$id`, a [`CurveId`] known at run time:\n\
          /// the typed API's generic code, called for any curve.\n\
          ///\n\
          /// ```\n\
          /// use gpukit::{Curve, CurveId};\n\
          ///\n\
          /// let id = CurveId::from_u8(3).unwrap();\n\
          /// let name = gpukit::with_curve!(id, C => <C as Curve>::ID.name());\n\
          /// assert_eq!(name, \"bls12_381_g2\");\n\
          /// ```\n\
          #[macro_export]\n\
          macro_rules! with_curve {\n\
          \x20   ($id:expr, $C:ident => $body:expr) => {\n\
          \x20       match $id {\n";
    for c in &reg.curve {
        s += &format!(
            "            $crate::CurveId::{0} => {{\n                type $C = $crate::curves::{0};\n                $body\n            }}\n",
            c.marker
        );
    }
    s += "        }\n    };\n}\n\n\
          /// Calls `$callback!` with `Marker => arkworks curve configuration` for\n\
          /// every curve (the `SWCurveConfig` or `TECurveConfig` of its group).\n\
          macro_rules! for_each_ark_config {\n\
          \x20   ($callback:ident) => {\n\
          \x20       $callback! {\n";
    for c in &reg.curve {
        s += &format!(
            "            {} => $crate::ark::{},\n",
            c.marker,
            c.ark(&c.ark_config)
        );
    }
    s + "        }\n    };\n}\npub(crate) use for_each_ark_config;\n"
}

/// src/ark.rs: the arkworks crates, re-exported.
pub fn ark(reg: &Registry) -> String {
    let crates: BTreeSet<&str> = reg
        .curve
        .iter()
        .map(|c| c.ark_crate.as_str())
        .chain(["ark_ec", "ark_ff"])
        .collect();
    let mut s = format!(
        "//! {}\n\
         //! The arkworks crates gpukit is built on, re-exported so that callers use\n\
         //! the same versions.\n\n",
        notice()
    );
    for krate in crates {
        s += &format!("pub use {krate};\n");
    }
    s
}

/// src/status.rs: the status codes, `Status` and its texts.
pub fn status(reg: &Registry) -> String {
    let mut s = format!(
        "//! {}\n\
         //! The status codes of the C ABI and [`Status`], their Rust face.\n\n\
         use std::ffi::CStr;\n\n\
         /// The C ABI's status codes (`GPUKIT_OK`, `GPUKIT_ERR_*`): the values of\n\
         /// [`Status`], exported to include/gpukit.h by cbindgen.\n\
         pub mod codes {{\n",
        notice()
    );
    for st in &reg.status {
        s += &format!(
            "    /// {}\n    pub const {}: i32 = {};\n",
            st.doc,
            st.c_name(),
            st.code
        );
    }
    s += "}\n\n\
          /// The outcome of a call: the numeric values are the C ABI's `GPUKIT_*`\n\
          /// status codes and never change.\n\
          #[repr(i32)]\n\
          #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]\n\
          pub enum Status {\n";
    for st in &reg.status {
        s += &format!(
            "    /// {}\n    {} = codes::{},\n",
            st.doc,
            st.camel(),
            st.c_name()
        );
    }
    s += &format!(
        "}}\n\n\
         impl Status {{\n\
         /// Every status, in code order (index = code).\n\
         pub const ALL: [Status; {}] = [{}];\n\n\
         /// [`Status::as_str`], NUL-terminated for the C ABI.\n\
         pub fn as_cstr(self) -> &'static CStr {{\n\
         match self {{\n",
        reg.status.len(),
        reg.status
            .iter()
            .map(|st| format!("Status::{}", st.camel()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for st in &reg.status {
        s += &format!("Status::{} => c{:?},\n", st.camel(), st.text);
    }
    s + "}\n}\n}\n"
}

/// build/curves.rs: the snake names, for the build scripts that generate
/// the per-curve CUDA units.
pub fn build_curves(reg: &Registry) -> String {
    format!(
        "// {}\n\
         // The curves' snake names in id order, for the build scripts (build.rs,\n\
         // cuda/tests/build.rs) that write one CUDA translation unit per curve.\n\n\
         pub const CURVES: &[&str] = &[{}];\n",
        notice(),
        reg.curve
            .iter()
            .map(|c| format!("{:?}", c.name))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// cuda/tests/tests/common/curves.rs: each curve's test model, and the
/// list the tests are stamped from.
pub fn cuda_tests(reg: &Registry) -> String {
    let mut s = format!(
        "// {}\n\
         // The curves as the check shims see them: `sw_curve!` / `te_curve!`\n\
         // (common/mod.rs) define each one's `TestCurve` from its arkworks\n\
         // configuration and scalar field, its scalar bits, point bytes and\n\
         // maximum window.\n\n\
         use super::*;\n\n",
        notice()
    );
    for c in &reg.curve {
        let form = match c.form {
            Form::ShortWeierstrass => "sw_curve",
            Form::TwistedEdwards => "te_curve",
        };
        s += &format!(
            "{form}!({}, {}, {}, {}, {}, {}, {});\n",
            c.name,
            c.id,
            c.ark(&c.ark_config),
            c.ark(&c.ark_scalar),
            c.scalar_bits,
            c.point_bytes,
            c.max_window
        );
    }
    s += "\n/// Calls `$m!(curve_type)` for every curve, in id order.\n\
          #[macro_export]\n\
          macro_rules! for_each_curve {\n\
          \x20   ($m:ident) => {\n";
    for c in &reg.curve {
        s += &format!("        $m!({});\n", c.name);
    }
    s + "    };\n}\n"
}

/// ctests/tools/invalid_inputs/src/curves.rs: the curves the tool writes
/// invalid inputs for.
pub fn invalid_inputs(reg: &Registry) -> String {
    let mut s = format!(
        "//! {}\n\
         //! The curves in id order: (snake name, Go constant, arkworks affine type).\n\n\
         macro_rules! curves {{\n\
         \x20   ($m:ident) => {{\n\
         \x20       $m! {{\n",
        notice()
    );
    for c in &reg.curve {
        s += &format!(
            "            ({:?}, {:?}, {}),\n",
            c.name,
            c.go,
            c.ark(&c.ark_affine)
        );
    }
    s + "        }\n    };\n}\npub(crate) use curves;\n"
}
