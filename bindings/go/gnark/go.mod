module github.com/gpukit/gpukit/bindings/go/gnark

go 1.23.0

require github.com/gpukit/gpukit/bindings/go v0.0.0

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/consensys/gnark-crypto v0.19.2
	golang.org/x/sys v0.30.0 // indirect
)

replace github.com/gpukit/gpukit/bindings/go => ../
