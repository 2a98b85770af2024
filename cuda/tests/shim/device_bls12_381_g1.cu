// Device check kernels for bls12_381_g1 (see device_runner.cuh).
#include "device_runner.cuh"

namespace gpukit {
namespace check {
GPUKIT_CHECK_DEVICE_CURVE(bls12_381_g1)
}  // namespace check
}  // namespace gpukit
