//! The Go outputs (each formatted by gofmt): bindings/go/curves.go,
//! status.go and the test-only curves_test.go.

use crate::registry::Registry;
use crate::text::COMMAND;

/// Go's form of the notice: `go generate`'s convention, which tools and
/// reviewers recognise as generated code.
fn notice() -> String {
    format!("// Code generated from registry.toml by `{COMMAND}`. DO NOT EDIT.\n\n")
}

const CGO: &str = "/*\n#include \"gpukit.h\"\n*/\nimport \"C\"\n\n";

pub fn curves(reg: &Registry) -> String {
    let mut s = notice() + "package gpukit\n\n" + CGO;
    s += "// The curves of the C ABI (GPUKIT_CURVE_*).\nconst (\n";
    for c in &reg.curve {
        s += &format!(
            "\t{} Curve = C.GPUKIT_CURVE_{} // {}\n",
            c.go,
            c.upper(),
            c.display
        );
    }
    s +=
        &format!(
        ")\n\n// Curves lists every supported curve, in id order.\nvar Curves = []Curve{{{}}}\n\n",
        reg.curve.iter().map(|c| c.go.as_str()).collect::<Vec<_>>().join(", ")
    );
    s += "var curveNames = map[Curve]string{\n";
    for c in &reg.curve {
        s += &format!("\t{}: {:?},\n", c.go, c.name);
    }
    s + "}\n"
}

pub fn status(reg: &Registry) -> String {
    let mut s = notice() + "package gpukit\n\n" + CGO;
    s += "// The status codes of the C ABI.\nconst (\n";
    for st in &reg.status {
        s += &format!(
            "\t// {}\n\tStatus{} Status = C.{}\n",
            st.doc,
            st.go_name(),
            st.c_name()
        );
    }
    s += ")\n\n// Sentinels for errors.Is, one per error status.\nvar (\n";
    for st in reg.status.iter().filter(|st| st.code != 0) {
        s += &format!("\tErr{0} = &Error{{Code: Status{0}}}\n", st.go_name());
    }
    s + ")\n"
}

/// curves_test.go: what the tests need to know of each curve's form.
pub fn curves_test(reg: &Registry) -> String {
    let mut s = notice() + "package gpukit\n\n";
    s += "// twistedEdwards holds the curves whose identity is (0, 1), not zero bytes.\n\
          var twistedEdwards = map[Curve]bool{\n";
    for c in reg.curve.iter().filter(|c| c.edwards()) {
        s += &format!("\t{}: true,\n", c.go);
    }
    s + "}\n"
}
