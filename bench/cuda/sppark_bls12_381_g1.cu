// sppark's GPU MSM for bls12_381_g1: the bench's peer entry points (see sppark_peer.cuh).
#define FEATURE_BLS12_381
#include <ff/bls12-381.hpp>
#define SPPARK_PEER(f) bench_sppark_bls12_381_g1_##f
#define SPPARK_SORT sppark_sort_bls12_381_g1
#include "sppark_peer.cuh"
