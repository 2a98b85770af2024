// The CUDA pipeline instantiated for bls12_381_g1 (see cuda/msm/curve_entries.cuh).
#include "../../curves/bls12_381_g1.cuh"
#include "../msm/curve_entries_impl.cuh"

template struct gpukit::curve_entries<gpukit::bls12_381_g1>;
