module github.com/gpukit/gpukit/bindings/go

go 1.21
