// The CUDA pipeline instantiated for bn254_g1 (see cuda/msm/curve_entries.cuh).
#include "../../curves/bn254_g1.cuh"
#include "../msm/curve_entries_impl.cuh"

template struct gpukit::curve_entries<gpukit::bn254_g1>;
