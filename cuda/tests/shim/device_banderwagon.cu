// Device check kernels for banderwagon (see device_runner.cuh).
#include "device_runner.cuh"

namespace gpukit {
namespace check {
GPUKIT_CHECK_DEVICE_CURVE(banderwagon)
}  // namespace check
}  // namespace gpukit
