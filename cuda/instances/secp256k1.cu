// The CUDA pipeline instantiated for secp256k1 (see cuda/msm/curve_entries.cuh).
#include "../../curves/secp256k1.cuh"
#include "../msm/curve_entries_impl.cuh"

template struct gpukit::curve_entries<gpukit::secp256k1>;
