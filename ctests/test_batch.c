/* gpukit_msm_batch against the known answers: every non-empty case of every
 * tests/kat/<curve>.kat file as a batch over one shared point set and over
 * one set per MSM, on each backend (the GPU only when one is visible); then
 * the edge cases (n = 0, batch = 0) and each bad argument with its status.
 * Usage: test_batch <kat dir> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kat.h"

#define MAX_POINT_BYTES 192
#define BATCH 3

static void identity(const kat_file *f, uint8_t *out) {
    memset(out, 0, f->point_bytes);
    /* Edwards identity (0, 1): y = 1, little-endian. */
    if (f->curve->edwards) out[f->point_bytes / 2] = 1;
}

/* The items of size bytes of src, last first. */
static void reverse_items(uint8_t *dst, const uint8_t *src, size_t count, size_t size) {
    for (size_t i = 0; i < count; i++) memcpy(dst + i * size, src + (count - 1 - i) * size, size);
}

/* Scalars [k, reversed k, 0]. Shared points P give [result, Σ k_rev·P, identity]
 * (the middle one computed with gpukit_msm_ex); point sets [P, reversed P, P]
 * give [result, result, identity], since reversing both sides keeps the sum. */
static void check_case(tally *t, const kat_file *f, size_t i) {
    const kat_case *c = &f->cases[i];
    const size_t pb = f->point_bytes, sb = (size_t)c->n * CTEST_SCALAR_BYTES;
    const size_t set = (size_t)c->n * pb;
    uint8_t *scalars = calloc(BATCH, sb), *points = malloc(BATCH * set);
    uint8_t out[BATCH * MAX_POINT_BYTES], want[BATCH * MAX_POINT_BYTES];
    char what[256];
    check(t, scalars != NULL && points != NULL, "allocating the batch");
    if (scalars == NULL || points == NULL) goto done;
    memcpy(scalars, c->scalars, sb);
    reverse_items(scalars + sb, c->scalars, c->n, CTEST_SCALAR_BYTES);
    memcpy(points, c->points, set);
    reverse_items(points + set, c->points, c->n, pb);
    memcpy(points + 2 * set, c->points, set);

    static const char *const backend_names[] = {"auto", "serial", "cpu", "gpu"};
    const uint32_t last_backend = gpukit_gpu_count() > 0 ? GPUKIT_BACKEND_GPU : GPUKIT_BACKEND_CPU;
    for (uint32_t backend = GPUKIT_BACKEND_AUTO; backend <= last_backend; backend++) {
        gpukit_config cfg = gpukit_config_default();
        cfg.backend = backend;
        memcpy(want, c->result, pb);
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_msm_ex of reversed scalars",
                 f->curve->name, i, c->n);
        check_status(t, gpukit_msm_ex(f->curve->id, c->points, scalars + sb, want + pb, c->n, &cfg),
                     GPUKIT_OK, what);
        identity(f, want + 2 * pb);
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_msm_batch shared, %s",
                 f->curve->name, i, c->n, backend_names[backend]);
        check_result(t, gpukit_msm_batch(f->curve->id, c->points, 1, scalars, c->n, BATCH, &cfg, out),
                     out, want, BATCH * pb, what);
        memcpy(want + pb, c->result, pb);
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_msm_batch per-MSM sets, %s",
                 f->curve->name, i, c->n, backend_names[backend]);
        check_result(t,
                     gpukit_msm_batch(f->curve->id, points, BATCH, scalars, c->n, BATCH, &cfg, out),
                     out, want, BATCH * pb, what);
    }
done:
    free(scalars);
    free(points);
}

/* n = 0, batch = 0 and every bad argument, on the curve's first non-empty case. */
static void check_edges(tally *t, const kat_file *f) {
    const kat_case *c = NULL;
    for (size_t i = 0; i < f->count && c == NULL; i++)
        if (f->cases[i].n > 0) c = &f->cases[i];
    check(t, c != NULL, "a non-empty case");
    if (c == NULL) return;
    const uint8_t id = f->curve->id;
    const size_t pb = f->point_bytes, sb = (size_t)c->n * CTEST_SCALAR_BYTES;
    uint8_t out[BATCH * MAX_POINT_BYTES], want[BATCH * MAX_POINT_BYTES];
    char what[256];
#define LABEL(text) (snprintf(what, sizeof what, "%s: gpukit_msm_batch %s", f->curve->name, text), what)

    memset(out, 0xaa, sizeof out);
    for (int j = 0; j < BATCH; j++) identity(f, want + j * pb);
    check_result(t, gpukit_msm_batch(id, NULL, 1, NULL, 0, BATCH, NULL, out), out, want, BATCH * pb,
                 LABEL("n = 0 gives identities"));
    check_status(t, gpukit_msm_batch(id, NULL, 0, NULL, 7, 0, NULL, NULL), GPUKIT_OK,
                 LABEL("batch = 0 reads and writes nothing"));

    check_status(t, gpukit_msm_batch(0, c->points, 1, c->scalars, c->n, 1, NULL, out),
                 GPUKIT_ERR_UNKNOWN_CURVE, LABEL("curve 0"));
    check_status(t, gpukit_msm_batch(id, NULL, 1, c->scalars, c->n, 1, NULL, out),
                 GPUKIT_ERR_NULL_POINTER, LABEL("NULL points"));
    check_status(t, gpukit_msm_batch(id, c->points, 1, NULL, c->n, 1, NULL, out),
                 GPUKIT_ERR_NULL_POINTER, LABEL("NULL scalars"));
    check_status(t, gpukit_msm_batch(id, c->points, 1, c->scalars, c->n, 1, NULL, NULL),
                 GPUKIT_ERR_NULL_POINTER, LABEL("NULL out"));
    check_status(t, gpukit_msm_batch(id, c->points, 2, c->scalars, c->n, 3, NULL, out),
                 GPUKIT_ERR_SIZE_MISMATCH, LABEL("2 point sets for 3 MSMs"));
    /* The byte counts overflow: rejected before the buffers are read. */
    check_status(t, gpukit_msm_batch(id, c->points, 1, c->scalars, UINT32_MAX, UINT32_MAX, NULL, out),
                 GPUKIT_ERR_SIZE_MISMATCH, LABEL("n·batch·32 overflows"));
    gpukit_config cfg = gpukit_config_default();
    cfg.validation = 99;
    check_status(t, gpukit_msm_batch(id, c->points, 1, c->scalars, c->n, 1, &cfg, out),
                 GPUKIT_ERR_BAD_CONFIG, LABEL("validation 99"));
    cfg = gpukit_config_default();
    cfg.window_c = gpukit_max_window(id) + 1;
    check_status(t, gpukit_msm_batch(id, c->points, 1, c->scalars, c->n, 1, &cfg, out),
                 GPUKIT_ERR_BAD_WINDOW, LABEL("window too wide"));

    uint8_t *scalars = malloc(2 * sb), *points = malloc(2 * c->n * pb);
    check(t, scalars != NULL && points != NULL, "allocating the bad inputs");
    if (scalars != NULL && points != NULL) {
        memcpy(scalars, c->scalars, sb);
        memcpy(scalars + sb, c->scalars, sb);
        memset(scalars + 2 * sb - CTEST_SCALAR_BYTES, 0xff, CTEST_SCALAR_BYTES);
        check_status(t, gpukit_msm_batch(id, c->points, 1, scalars, c->n, 2, NULL, out),
                     GPUKIT_ERR_SCALAR_OUT_OF_RANGE, LABEL("a scalar >= r"));
        memcpy(points, c->points, c->n * pb);
        memcpy(points + c->n * pb, c->points, c->n * pb);
        points[(2 * (size_t)c->n - 1) * pb] ^= 1; /* bit 0 of the last x: off the curve */
        check_status(t, gpukit_msm_batch(id, points, 2, scalars, c->n, 2, NULL, out),
                     GPUKIT_ERR_SCALAR_OUT_OF_RANGE, LABEL("scalars are checked before points"));
        memcpy(scalars + 2 * sb - CTEST_SCALAR_BYTES, c->scalars + sb - CTEST_SCALAR_BYTES,
               CTEST_SCALAR_BYTES);
        int rc = gpukit_msm_batch(id, points, 2, scalars, c->n, 2, NULL, out);
        check_status(t, rc, GPUKIT_ERR_POINT_NOT_ON_CURVE, LABEL("a point off the curve"));
        char want_msg[64];
        snprintf(want_msg, sizeof want_msg, "MSM 1: point %u ", c->n - 1);
        check(t, strncmp(gpukit_last_error(), want_msg, strlen(want_msg)) == 0,
              LABEL("the message names the set and the point"));
    }
    free(scalars);
    free(points);
#undef LABEL
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <directory of the .kat files>\n", argv[0]);
        return 2;
    }
    tally t = {0, 0};
    for (size_t k = 0; k < CTEST_CURVE_COUNT; k++) {
        kat_file f;
        int loaded = kat_load(argv[1], &CTEST_CURVE_LIST[k], &f) == 0;
        check(&t, loaded, CTEST_CURVE_LIST[k].name);
        if (!loaded) continue;
        for (size_t i = 0; i < f.count; i++)
            if (f.cases[i].n > 0) check_case(&t, &f, i);
        check_edges(&t, &f);
        kat_free(&f);
    }
    return report(&t, "test_batch");
}
