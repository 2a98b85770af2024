/* Known-answer files (tests/kat/<curve>.kat) and the curve list of the C tests. */
#ifndef GPUKIT_CTESTS_KAT_H
#define GPUKIT_CTESTS_KAT_H
#include <stddef.h>
#include <stdint.h>
#include "gpukit.h"
/* CTEST_CURVES(X) and CTEST_CURVE_COUNT, generated from registry.toml. */
#include "curves.h"

#define CTEST_SCALAR_BYTES 32

typedef int (*curve_msm_fn)(const uint8_t *points, const uint8_t *scalars, uint8_t *out,
                            uint32_t n, uint32_t window_c);

typedef struct {
    const char *name;      /* "bn254_g1": the KAT file name without ".kat" */
    uint8_t id;
    curve_msm_fn wrapper;  /* gpukit_<name>_msm */
    int edwards;           /* twisted Edwards: the identity is (0, 1), not zero bytes */
} ctest_curve;

extern const ctest_curve CTEST_CURVE_LIST[CTEST_CURVE_COUNT];

typedef struct {
    uint32_t n;
    uint8_t *points;   /* n * point_bytes */
    uint8_t *scalars;  /* n * 32 */
    uint8_t *result;   /* point_bytes */
} kat_case;

typedef struct {
    const ctest_curve *curve;
    uint32_t point_bytes;
    kat_case *cases;
    size_t count;
} kat_file;

/* Reads <dir>/<curve name>.kat. Returns 0, or -1 after printing why to stderr. */
int kat_load(const char *dir, const ctest_curve *curve, kat_file *out);
/* Reads a file of that format at path whose points are point_bytes long
 * (another point format's files, tests/kat/formats/). */
int kat_load_path(const char *path, const ctest_curve *curve, uint32_t point_bytes,
                  kat_file *out);
void kat_free(kat_file *file);

/* Decodes hex (2*len characters) into out; returns 0, or -1 on a bad digit or length. */
int hex_decode(const char *hex, size_t hex_len, uint8_t *out, size_t len);
/* Allocates and decodes a whole string; NULL on error. *len gets the byte count. */
uint8_t *hex_decode_alloc(const char *hex, size_t *len);
#endif
