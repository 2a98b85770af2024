/* DRAFT CONTRACT — to be replaced by cbindgen output with the same names and values. */
#ifndef GPUKIT_H
#define GPUKIT_H
#include <stdint.h>
#include <stddef.h>

/* Curve ids (ABI: never renumber) */
#define GPUKIT_CURVE_BN254_G1      1
#define GPUKIT_CURVE_BLS12_381_G1  2
#define GPUKIT_CURVE_BLS12_381_G2  3
#define GPUKIT_CURVE_BLS12_377_G1  4
#define GPUKIT_CURVE_SECP256K1     5
#define GPUKIT_CURVE_BANDERWAGON   6

/* Status codes (ABI: never renumber) */
#define GPUKIT_OK                        0
#define GPUKIT_ERR_NULL_POINTER          1
#define GPUKIT_ERR_UNKNOWN_CURVE         2
#define GPUKIT_ERR_BAD_WINDOW            3
#define GPUKIT_ERR_POINT_NOT_ON_CURVE    4
#define GPUKIT_ERR_POINT_NOT_IN_SUBGROUP 5
#define GPUKIT_ERR_SCALAR_OUT_OF_RANGE   6
#define GPUKIT_ERR_NO_DEVICE             7
#define GPUKIT_ERR_DEVICE                8
#define GPUKIT_ERR_OUT_OF_MEMORY         9
#define GPUKIT_ERR_NOT_IMPLEMENTED      10
#define GPUKIT_ERR_INTERNAL             11
#define GPUKIT_ERR_BAD_CONFIG           12  /* unknown backend/validation/input form value */
#define GPUKIT_ERR_SIZE_MISMATCH        13  /* bases_msm: n larger than the resident bases */
#define GPUKIT_ERR_BAD_ENCODING         14  /* a coordinate >= p (non-canonical field element) */

/* config.backend */
#define GPUKIT_BACKEND_AUTO   0
#define GPUKIT_BACKEND_SERIAL 1
#define GPUKIT_BACKEND_CPU    2
#define GPUKIT_BACKEND_GPU    3
/* config.validation */
#define GPUKIT_VALIDATE_DEFAULT  0  /* on_curve for one-shot calls, full for gpukit_bases_new */
#define GPUKIT_VALIDATE_ON_CURVE 1
#define GPUKIT_VALIDATE_FULL     2
#define GPUKIT_VALIDATE_TRUSTED  3
/* config.input_form */
#define GPUKIT_FORM_CANONICAL   0
#define GPUKIT_FORM_MONTGOMERY  1

typedef struct gpukit_config {
  uint32_t backend;     /* GPUKIT_BACKEND_*, default AUTO */
  uint32_t window_c;    /* 0 = auto, else 1..=max window of the curve */
  uint32_t validation;  /* GPUKIT_VALIDATE_*, default DEFAULT */
  uint32_t input_form;  /* GPUKIT_FORM_*, default CANONICAL */
  uint32_t devices;     /* bit mask of GPU ordinals, 0 = all visible */
  uint32_t blinded;     /* 0/1: split scalars (see gpukit_pippenger_msm_blinded) */
} gpukit_config;

typedef struct gpukit_bases gpukit_bases;   /* opaque */

gpukit_config gpukit_config_default(void);
const char *gpukit_status_str(int status);   /* static string, never NULL */
const char *gpukit_last_error(void);         /* thread-local, valid until the next call on this thread */
uint32_t gpukit_point_bytes(uint8_t curve_id);  /* 0 for an unknown curve */
uint32_t gpukit_max_window(uint8_t curve_id);   /* 0 for an unknown curve */
uint32_t gpukit_gpu_count(void);             /* usable CUDA devices; 0 without driver/CUDA build */

int gpukit_pippenger_msm(uint8_t curve_id, const uint8_t *points, const uint8_t *scalars,
                         uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_pippenger_msm_blinded(uint8_t curve_id, const uint8_t *points, const uint8_t *scalars,
                                 uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_msm_ex(uint8_t curve_id, const uint8_t *points, const uint8_t *scalars,
                  uint8_t *out, uint32_t n, const gpukit_config *config /* NULL = defaults */);

int gpukit_bn254_g1_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_bls12_381_g1_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_bls12_381_g2_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_bls12_377_g1_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_secp256k1_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);
int gpukit_banderwagon_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);

/* Resident bases: validated (default FULL) and uploaded once. */
int gpukit_bases_new(uint8_t curve_id, const uint8_t *points, uint32_t n,
                     const gpukit_config *config /* NULL = defaults */, gpukit_bases **out_bases);
int gpukit_bases_msm(const gpukit_bases *bases, const uint8_t *scalars, uint32_t n, uint8_t *out);
/* batch MSMs against the first n bases: scalars is batch*n*32 bytes, out is batch*point_bytes */
int gpukit_bases_msm_batch(const gpukit_bases *bases, const uint8_t *scalars, uint32_t n,
                           uint32_t batch, uint8_t *out);
void gpukit_bases_free(gpukit_bases *bases);   /* NULL is a no-op */

#endif
