/* Known answers through every entry of the ABI: each case of every
 * tests/kat/<curve>.kat file must give the same bytes through
 * gpukit_pippenger_msm (auto and explicit window), the per-curve wrapper,
 * the blinded entry, gpukit_msm_ex on each backend (the GPU only when one
 * is visible), and the resident-bases calls. Usage: test_kat <kat dir> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kat.h"

#define MAX_POINT_BYTES 192

static void identity(const kat_file *f, uint8_t *out) {
    memset(out, 0, f->point_bytes);
    /* Edwards identity (0, 1): y = 1, little-endian. */
    if (f->curve->edwards) out[f->point_bytes / 2] = 1;
}

static void check_entries(tally *t, const kat_file *f, size_t i) {
    const kat_case *c = &f->cases[i];
    const uint8_t id = f->curve->id;
    uint8_t out[MAX_POINT_BYTES];
    char what[256];
    /* Windows 1..16 over the cases: the explicit-window path, small and large. */
    const uint32_t window = 1 + (uint32_t)(i % 16);

    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_pippenger_msm", f->curve->name, i, c->n);
    check_result(t, gpukit_pippenger_msm(id, c->points, c->scalars, out, c->n, 0), out, c->result,
                 f->point_bytes, what);
    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_pippenger_msm window %u",
             f->curve->name, i, c->n, window);
    check_result(t, gpukit_pippenger_msm(id, c->points, c->scalars, out, c->n, window), out,
                 c->result, f->point_bytes, what);
    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_%s_msm", f->curve->name, i, c->n,
             f->curve->name);
    check_result(t, f->curve->wrapper(c->points, c->scalars, out, c->n, 0), out, c->result,
                 f->point_bytes, what);
    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_pippenger_msm_blinded",
             f->curve->name, i, c->n);
    check_result(t, gpukit_pippenger_msm_blinded(id, c->points, c->scalars, out, c->n, 0), out,
                 c->result, f->point_bytes, what);

    static const char *const backend_names[] = {"auto", "serial", "cpu", "gpu"};
    const uint32_t last_backend = gpukit_gpu_count() > 0 ? GPUKIT_BACKEND_GPU : GPUKIT_BACKEND_CPU;
    for (uint32_t backend = GPUKIT_BACKEND_AUTO; backend <= last_backend; backend++) {
        for (uint32_t blinded = 0; blinded <= 1; blinded++) {
            gpukit_config cfg = gpukit_config_default();
            cfg.backend = backend;
            cfg.blinded = blinded;
            snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_msm_ex backend %s%s",
                     f->curve->name, i, c->n, backend_names[backend], blinded ? " blinded" : "");
            check_result(t, gpukit_msm_ex(id, c->points, c->scalars, out, c->n, &cfg), out,
                         c->result, f->point_bytes, what);
        }
    }
}

/* Resident bases built from the case's points, with config (NULL = defaults):
 * one MSM; a batch of three, [k, 0, k] -> [result, identity, result] (the
 * zero row catches a batch that repeats or misplaces results); and an MSM
 * over the first n-1 bases, which must equal the one-shot MSM of that prefix. */
static void check_bases(tally *t, const kat_file *f, size_t i, const gpukit_config *cfg,
                        const char *cfg_name) {
    const kat_case *c = &f->cases[i];
    const size_t pb = f->point_bytes, sb = (size_t)c->n * CTEST_SCALAR_BYTES;
    char what[256];
    gpukit_bases *bases = NULL;

    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_bases_new %s", f->curve->name, i,
             c->n, cfg_name);
    int rc = gpukit_bases_new(f->curve->id, c->points, c->n, cfg, &bases);
    check_status(t, rc, GPUKIT_OK, what);
    if (rc != GPUKIT_OK) return;

    uint8_t out[3 * MAX_POINT_BYTES], want[3 * MAX_POINT_BYTES];
    snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_bases_msm %s", f->curve->name, i,
             c->n, cfg_name);
    check_result(t, gpukit_bases_msm(bases, c->scalars, c->n, out), out, c->result, pb, what);

    uint8_t *batch = calloc(3, sb);
    check(t, batch != NULL, "allocating the batch scalars");
    if (batch != NULL) {
        memcpy(batch, c->scalars, sb);
        memcpy(batch + 2 * sb, c->scalars, sb);
        memcpy(want, c->result, pb);
        identity(f, want + pb);
        memcpy(want + 2 * pb, c->result, pb);
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_bases_msm_batch %s [k, 0, k]",
                 f->curve->name, i, c->n, cfg_name);
        check_result(t, gpukit_bases_msm_batch(bases, batch, c->n, 3, out), out, want, 3 * pb, what);
        free(batch);
    }

    if (c->n >= 2) {
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_pippenger_msm of %u points",
                 f->curve->name, i, c->n, c->n - 1);
        rc = gpukit_pippenger_msm(f->curve->id, c->points, c->scalars, want, c->n - 1, 0);
        check_status(t, rc, GPUKIT_OK, what);
        snprintf(what, sizeof what, "%s case %zu (n=%u): gpukit_bases_msm %s over %u bases",
                 f->curve->name, i, c->n, cfg_name, c->n - 1);
        check_result(t, gpukit_bases_msm(bases, c->scalars, c->n - 1, out), out, want, pb, what);
    }
    gpukit_bases_free(bases);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <directory of the .kat files>\n", argv[0]);
        return 2;
    }
    tally t = {0, 0};
    printf("test_kat: %u GPU(s) visible\n", gpukit_gpu_count());
    for (size_t k = 0; k < CTEST_CURVE_COUNT; k++) {
        kat_file f;
        int loaded = kat_load(argv[1], &CTEST_CURVE_LIST[k], &f) == 0;
        check(&t, loaded, CTEST_CURVE_LIST[k].name);
        if (!loaded) continue;
        for (size_t i = 0; i < f.count; i++) {
            check_entries(&t, &f, i);
            /* Resident bases of zero points are not a meaningful handle: the
             * n = 0 cases are covered by the one-shot entries above. */
            if (f.cases[i].n == 0) continue;
            check_bases(&t, &f, i, NULL, "default config");
            gpukit_config cfg = gpukit_config_default();
            cfg.backend = GPUKIT_BACKEND_CPU;
            check_bases(&t, &f, i, &cfg, "cpu");
            if (gpukit_gpu_count() > 0) {
                cfg.backend = GPUKIT_BACKEND_GPU;
                check_bases(&t, &f, i, &cfg, "gpu");
            }
        }
        printf("test_kat: %s: %zu cases\n", f.curve->name, f.count);
        kat_free(&f);
    }
    return report(&t, "test_kat");
}
