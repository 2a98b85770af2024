// Code generated from registry.toml by `cargo run --release -p gpukit-gen`. DO NOT EDIT.

package gpukit

// twistedEdwards holds the curves whose identity is (0, 1), not zero bytes.
var twistedEdwards = map[Curve]bool{
	Banderwagon: true,
}
