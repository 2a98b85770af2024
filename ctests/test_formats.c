/* The point formats through the C ABI (config.point_format): every case of
 * tests/kat/formats/<file>.kat, points and result in the format, through
 * gpukit_msm_ex on each backend (the GPU only when one is visible) and
 * through resident bases; then one point made a bad encoding, which must
 * give GPUKIT_ERR_BAD_ENCODING with its index in the message.
 *
 * The known answers are files written by examples/gen_format_kat.rs with
 * arkworks, rather than the wire-format KATs re-encoded here: encoding
 * needs field arithmetic (BLS12-381's sign flag compares y with (p-1)/2,
 * Banderwagon's 32 bytes negate x mod p) that this test would otherwise
 * carry by hand, with hand-typed moduli. Usage: test_formats <kat dir> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kat.h"

#define MAX_POINT_BYTES 96 /* BLS12-381 G2's compressed form */
/* The point made a bad encoding, in the cases of at least BAD_INDEX + 1
 * points: not the first or the last, so that a check that looks only at
 * either is caught. */
#define BAD_INDEX 20

typedef struct {
    const char *file; /* tests/kat/formats/<file>.kat */
    uint8_t curve;
    uint32_t format;
} format_file;

static const format_file FORMATS[] = {
    {"bls12_381_g1_compressed", GPUKIT_CURVE_BLS12_381_G1, GPUKIT_POINT_FORMAT_COMPRESSED},
    {"secp256k1_compressed", GPUKIT_CURVE_SECP256K1, GPUKIT_POINT_FORMAT_COMPRESSED},
    {"secp256k1_x_only", GPUKIT_CURVE_SECP256K1, GPUKIT_POINT_FORMAT_X_ONLY},
    {"banderwagon_compressed", GPUKIT_CURVE_BANDERWAGON, GPUKIT_POINT_FORMAT_COMPRESSED},
    {"bn254_g1_compressed", GPUKIT_CURVE_BN254_G1, GPUKIT_POINT_FORMAT_COMPRESSED},
    {"bls12_377_g1_compressed", GPUKIT_CURVE_BLS12_377_G1, GPUKIT_POINT_FORMAT_COMPRESSED},
    {"bls12_381_g2_compressed", GPUKIT_CURVE_BLS12_381_G2, GPUKIT_POINT_FORMAT_COMPRESSED},
};
#define FORMAT_COUNT (sizeof FORMATS / sizeof FORMATS[0])

static const ctest_curve *curve_of(uint8_t id) {
    for (size_t k = 0; k < CTEST_CURVE_COUNT; k++)
        if (CTEST_CURVE_LIST[k].id == id) return &CTEST_CURVE_LIST[k];
    return NULL;
}

static gpukit_config config_of(const format_file *ff, uint32_t backend) {
    gpukit_config cfg = gpukit_config_default();
    cfg.point_format = ff->format;
    cfg.backend = backend;
    return cfg;
}

static void check_case(tally *t, const format_file *ff, const kat_file *f, size_t i) {
    static const char *const backend_names[] = {"auto", "serial", "cpu", "gpu"};
    const kat_case *c = &f->cases[i];
    uint8_t out[MAX_POINT_BYTES];
    char what[256];
    const uint32_t last_backend = gpukit_gpu_count() > 0 ? GPUKIT_BACKEND_GPU : GPUKIT_BACKEND_CPU;
    for (uint32_t backend = GPUKIT_BACKEND_AUTO; backend <= last_backend; backend++) {
        gpukit_config cfg = config_of(ff, backend);
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_msm_ex backend %s", ff->file, i,
                 c->n, backend_names[backend]);
        check_result(t, gpukit_msm_ex(ff->curve, c->points, c->scalars, out, c->n, &cfg), out,
                     c->result, f->point_bytes, what);
    }
    /* Resident bases of zero points are not a meaningful handle. */
    if (c->n == 0) return;
    gpukit_config cfg = config_of(ff, GPUKIT_BACKEND_AUTO);
    gpukit_bases *bases = NULL;
    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_bases_new", ff->file, i, c->n);
    int rc = gpukit_bases_new(ff->curve, c->points, c->n, &cfg, &bases);
    check_status(t, rc, GPUKIT_OK, what);
    if (rc != GPUKIT_OK) return;
    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_bases_msm", ff->file, i, c->n);
    check_result(t, gpukit_bases_msm(bases, c->scalars, c->n, out), out, c->result,
                 f->point_bytes, what);
    gpukit_bases_free(bases);
}

/* Point BAD_INDEX of a case set to all ones: x >= p for x-only and
 * Banderwagon, no valid prefix for SEC1, all three flags for ZCash, both
 * flags for arkworks' form (BN254, BLS12-377). */
static void check_bad_encoding(tally *t, const format_file *ff, const kat_case *c,
                               uint32_t pb) {
    char what[256], index[32];
    uint8_t out[MAX_POINT_BYTES];
    uint8_t *bad = malloc((size_t)c->n * pb);
    check(t, bad != NULL, "allocating the bad points");
    if (bad == NULL) return;
    memcpy(bad, c->points, (size_t)c->n * pb);
    memset(bad + (size_t)BAD_INDEX * pb, 0xff, pb);
    /* The messages read "point <index>: ..." (src/formats/mod.rs). */
    snprintf(index, sizeof index, "point %d:", BAD_INDEX);

    gpukit_config cfg = config_of(ff, GPUKIT_BACKEND_AUTO);
    snprintf(what, sizeof what, "%s: gpukit_msm_ex, point %d a bad encoding", ff->file, BAD_INDEX);
    check_status(t, gpukit_msm_ex(ff->curve, bad, c->scalars, out, c->n, &cfg),
                 GPUKIT_ERR_BAD_ENCODING, what);
    snprintf(what, sizeof what, "%s: gpukit_msm_ex message names %s (got \"%s\")", ff->file,
             index, gpukit_last_error());
    check(t, strstr(gpukit_last_error(), index) != NULL, what);

    gpukit_bases *bases = NULL;
    snprintf(what, sizeof what, "%s: gpukit_bases_new, point %d a bad encoding", ff->file,
             BAD_INDEX);
    check_status(t, gpukit_bases_new(ff->curve, bad, c->n, &cfg, &bases), GPUKIT_ERR_BAD_ENCODING,
                 what);
    snprintf(what, sizeof what, "%s: gpukit_bases_new message names %s (got \"%s\")", ff->file,
             index, gpukit_last_error());
    check(t, strstr(gpukit_last_error(), index) != NULL, what);
    gpukit_bases_free(bases);
    free(bad);
}

static void check_format(tally *t, const char *dir, const format_file *ff) {
    char path[4096];
    snprintf(path, sizeof path, "%s/formats/%s.kat", dir, ff->file);
    const uint32_t pb = gpukit_format_point_bytes(ff->curve, ff->format);
    const int sized = pb > 0 && pb <= MAX_POINT_BYTES;
    char what[256];
    snprintf(what, sizeof what, "%s: gpukit_format_point_bytes = %u", ff->file, pb);
    check(t, sized, what);
    const ctest_curve *curve = curve_of(ff->curve);
    kat_file f;
    int loaded = sized && curve != NULL && kat_load_path(path, curve, pb, &f) == 0;
    check(t, loaded, path);
    if (!loaded) return;
    const kat_case *largest = &f.cases[0];
    for (size_t i = 0; i < f.count; i++) {
        check_case(t, ff, &f, i);
        if (f.cases[i].n > largest->n) largest = &f.cases[i];
    }
    check(t, largest->n > BAD_INDEX + 1, "a case with more than BAD_INDEX + 1 points");
    if (largest->n > BAD_INDEX + 1) check_bad_encoding(t, ff, largest, pb);
    printf("test_formats: %s: %zu cases\n", ff->file, f.count);
    kat_free(&f);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <directory of the .kat files>\n", argv[0]);
        return 2;
    }
    tally t = {0, 0};
    printf("test_formats: %u GPU(s) visible\n", gpukit_gpu_count());
    for (size_t k = 0; k < FORMAT_COUNT; k++) check_format(&t, argv[1], &FORMATS[k]);
    return report(&t, "test_formats");
}
