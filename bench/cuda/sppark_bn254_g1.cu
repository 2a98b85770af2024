// sppark's GPU MSM for bn254_g1: the bench's peer entry points (see sppark_peer.cuh).
#define FEATURE_BN254
#include <ff/alt_bn128.hpp>
#define SPPARK_PEER(f) bench_sppark_bn254_g1_##f
#define SPPARK_SORT sppark_sort_bn254_g1
#include "sppark_peer.cuh"
