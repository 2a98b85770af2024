// The CUDA pipeline instantiated for banderwagon (see cuda/msm/curve_entries.cuh).
#include "../../curves/banderwagon.cuh"
#include "../msm/curve_entries_impl.cuh"

template struct gpukit::curve_entries<gpukit::banderwagon>;
