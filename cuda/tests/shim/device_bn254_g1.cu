// Device check kernels for bn254_g1 (see device_runner.cuh).
#include "device_runner.cuh"

namespace gpukit {
namespace check {
GPUKIT_CHECK_DEVICE_CURVE(bn254_g1)
}  // namespace check
}  // namespace gpukit
