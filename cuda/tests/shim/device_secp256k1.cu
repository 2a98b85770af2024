// Device check kernels for secp256k1 (see device_runner.cuh).
#include "device_runner.cuh"

namespace gpukit {
namespace check {
GPUKIT_CHECK_DEVICE_CURVE(secp256k1)
}  // namespace check
}  // namespace gpukit
