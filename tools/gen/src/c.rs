//! The C and C++ outputs: ctests/curves.h, and the lists inside
//! include/gpukit.hpp and ctests/consumer/main.cpp.

use crate::registry::Registry;
use crate::text::{macro_lines, notice};

/// ctests/curves.h: the C tests' curve list.
pub fn ctests_curves(reg: &Registry) -> String {
    let mut lines = vec!["#define CTEST_CURVES(X)".to_string()];
    lines.extend(reg.curve.iter().map(|c| {
        format!(
            "    X({}, GPUKIT_CURVE_{}, {})",
            c.name,
            c.upper(),
            u8::from(c.edwards())
        )
    }));
    format!(
        "/* {} */\n\
         /* The curves of the ABI, once: X(snake name, id, edwards), where edwards is 1\n   \
         for a twisted Edwards curve, whose identity is (0, 1) rather than zero bytes. */\n\
         #ifndef GPUKIT_CTESTS_CURVES_H\n#define GPUKIT_CTESTS_CURVES_H\n#include \"gpukit.h\"\n\n\
         {}\n#define CTEST_CURVE_COUNT {}\n#endif\n",
        notice(),
        macro_lines(&lines),
        reg.curve.len()
    )
}

/// include/gpukit.hpp, region `curves`: the body of `enum class Curve`.
pub fn hpp_curves(reg: &Registry) -> String {
    reg.curve
        .iter()
        .map(|c| format!("    {} = GPUKIT_CURVE_{},\n", c.name, c.upper()))
        .collect()
}

/// include/gpukit.hpp, region `statuses`: the body of `enum class Status`.
pub fn hpp_statuses(reg: &Registry) -> String {
    reg.status
        .iter()
        .map(|st| format!("    {} = {},\n", st.name, st.c_name()))
        .collect()
}

/// ctests/consumer/main.cpp, region `curves`: the curves and their names.
pub fn consumer_curves(reg: &Registry) -> String {
    reg.curve
        .iter()
        .map(|c| format!("    {{gpukit::Curve::{0}, \"{0}\"}},\n", c.name))
        .collect()
}
