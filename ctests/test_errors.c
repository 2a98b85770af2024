/* Every status the ABI can return for bad input, through every entry that
 * can return it; after each error gpukit_last_error() must be non-empty.
 * Valid points and scalars come from the KAT files, the invalid ones from
 * invalid_inputs.h (generated with arkworks). Usage: test_errors <kat dir> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "invalid_inputs.h"
#include "kat.h"

#define MAX_POINT_BYTES 192
/* Invalid inputs are placed last among a few valid ones, so that a check
 * that looks only at the first element is caught. */
#define FIXTURE_POINTS 4

typedef struct {
    const ctest_curve *curve;
    uint32_t pb;       /* point bytes */
    uint32_t n;        /* points and scalars below */
    uint8_t *points;   /* n valid points */
    uint8_t *scalars;  /* n valid scalars */
} fixture;

/* The one-shot entries that take a curve and a window. */
typedef enum { ENTRY_PIPPENGER, ENTRY_WRAPPER, ENTRY_BLINDED, ENTRY_EX, ENTRY_COUNT } entry;
static const char *const ENTRY_NAMES[ENTRY_COUNT] = {"gpukit_pippenger_msm", "per-curve wrapper",
                                                     "gpukit_pippenger_msm_blinded", "gpukit_msm_ex"};

static int call(entry e, const fixture *f, const uint8_t *points, const uint8_t *scalars,
                uint8_t *out, uint32_t n, uint32_t window) {
    gpukit_config cfg = gpukit_config_default();
    cfg.window_c = window;
    switch (e) {
    case ENTRY_PIPPENGER: return gpukit_pippenger_msm(f->curve->id, points, scalars, out, n, window);
    case ENTRY_WRAPPER: return f->curve->wrapper(points, scalars, out, n, window);
    case ENTRY_BLINDED:
        return gpukit_pippenger_msm_blinded(f->curve->id, points, scalars, out, n, window);
    default: return gpukit_msm_ex(f->curve->id, points, scalars, out, n, &cfg);
    }
}

static void label(char *buf, size_t len, const fixture *f, const char *entry, const char *what) {
    snprintf(buf, len, "%s: %s: %s", f->curve->name, entry, what);
}

/* Every one-shot entry on (points, scalars, n) must return want. */
static void expect_all(tally *t, const fixture *f, const uint8_t *points, const uint8_t *scalars,
                       uint32_t n, uint32_t window, int want, const char *what) {
    uint8_t out[MAX_POINT_BYTES];
    char buf[256];
    for (int e = 0; e < ENTRY_COUNT; e++) {
        label(buf, sizeof buf, f, ENTRY_NAMES[e], what);
        check_status(t, call((entry)e, f, points, scalars, out, n, window), want, buf);
    }
}

static int msm_ex_with(const fixture *f, const uint8_t *points, const uint8_t *scalars,
                       uint32_t validation) {
    uint8_t out[MAX_POINT_BYTES];
    gpukit_config cfg = gpukit_config_default();
    cfg.validation = validation;
    return gpukit_msm_ex(f->curve->id, points, scalars, out, f->n, &cfg);
}

static int bases_new_with(const fixture *f, const uint8_t *points, const gpukit_config *cfg) {
    gpukit_bases *bases = NULL;
    int rc = gpukit_bases_new(f->curve->id, points, f->n, cfg, &bases);
    gpukit_bases_free(bases);
    return rc;
}

/* A copy of the fixture's points with the last one replaced. */
static uint8_t *points_with_last(const fixture *f, const uint8_t *last) {
    uint8_t *p = malloc((size_t)f->n * f->pb);
    if (p == NULL) return NULL;
    memcpy(p, f->points, (size_t)f->n * f->pb);
    memcpy(p + (size_t)(f->n - 1) * f->pb, last, f->pb);
    return p;
}

static uint8_t *scalars_with_last(const fixture *f, const uint8_t *last) {
    uint8_t *s = malloc((size_t)f->n * CTEST_SCALAR_BYTES);
    if (s == NULL) return NULL;
    memcpy(s, f->scalars, (size_t)f->n * CTEST_SCALAR_BYTES);
    memcpy(s + (size_t)(f->n - 1) * CTEST_SCALAR_BYTES, last, CTEST_SCALAR_BYTES);
    return s;
}

/* Decodes a hex constant of invalid_inputs.h into out (zero-padded to len). */
static void from_hex(const char *hex, uint8_t *out, size_t len) {
    size_t got = 0;
    uint8_t *bytes = hex_decode_alloc(hex, &got);
    memset(out, 0, len);
    if (bytes != NULL && got <= len) memcpy(out, bytes, got);
    free(bytes);
}

static void test_null_pointers(tally *t, const fixture *f) {
    expect_all(t, f, NULL, f->scalars, f->n, 0, GPUKIT_ERR_NULL_POINTER, "points NULL");
    expect_all(t, f, f->points, NULL, f->n, 0, GPUKIT_ERR_NULL_POINTER, "scalars NULL");
    char buf[256];
    for (int e = 0; e < ENTRY_COUNT; e++) {
        label(buf, sizeof buf, f, ENTRY_NAMES[e], "out NULL");
        check_status(t, call((entry)e, f, f->points, f->scalars, NULL, f->n, 0),
                     GPUKIT_ERR_NULL_POINTER, buf);
        label(buf, sizeof buf, f, ENTRY_NAMES[e], "out NULL, n = 0");
        check_status(t, call((entry)e, f, NULL, NULL, NULL, 0, 0), GPUKIT_ERR_NULL_POINTER, buf);
    }

    gpukit_bases *bases = NULL;
    uint8_t out[MAX_POINT_BYTES * 2];
    label(buf, sizeof buf, f, "gpukit_bases_new", "points NULL");
    check_status(t, gpukit_bases_new(f->curve->id, NULL, f->n, NULL, &bases),
                 GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_bases_new", "out_bases NULL");
    check_status(t, gpukit_bases_new(f->curve->id, f->points, f->n, NULL, NULL),
                 GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_bases_msm", "bases NULL");
    check_status(t, gpukit_bases_msm(NULL, f->scalars, f->n, out), GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_bases_msm_batch", "bases NULL");
    check_status(t, gpukit_bases_msm_batch(NULL, f->scalars, f->n, 1, out),
                 GPUKIT_ERR_NULL_POINTER, buf);

    int rc = gpukit_bases_new(f->curve->id, f->points, f->n, NULL, &bases);
    label(buf, sizeof buf, f, "gpukit_bases_new", "valid points");
    check_status(t, rc, GPUKIT_OK, buf);
    if (rc != GPUKIT_OK) return;
    label(buf, sizeof buf, f, "gpukit_bases_msm", "scalars NULL");
    check_status(t, gpukit_bases_msm(bases, NULL, f->n, out), GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_bases_msm", "out NULL");
    check_status(t, gpukit_bases_msm(bases, f->scalars, f->n, NULL), GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_bases_msm_batch", "scalars NULL");
    check_status(t, gpukit_bases_msm_batch(bases, NULL, f->n, 1, out), GPUKIT_ERR_NULL_POINTER,
                 buf);
    label(buf, sizeof buf, f, "gpukit_bases_msm_batch", "out NULL");
    check_status(t, gpukit_bases_msm_batch(bases, f->scalars, f->n, 1, NULL),
                 GPUKIT_ERR_NULL_POINTER, buf);
    gpukit_bases_free(bases);
}

/* n = 0 is the identity, with NULL points and scalars allowed, on every entry and backend. */
static void test_empty(tally *t, const fixture *f) {
    uint8_t want[MAX_POINT_BYTES] = {0}, out[MAX_POINT_BYTES];
    if (f->curve->edwards) want[f->pb / 2] = 1; /* (0, 1) */
    char buf[256];
    for (int e = 0; e < ENTRY_COUNT; e++) {
        memset(out, 0xa5, sizeof out);
        label(buf, sizeof buf, f, ENTRY_NAMES[e], "n = 0 gives the identity");
        check_result(t, call((entry)e, f, NULL, NULL, out, 0, 0), out, want, f->pb, buf);
    }
    for (uint32_t backend = GPUKIT_BACKEND_SERIAL; backend <= GPUKIT_BACKEND_CPU; backend++) {
        gpukit_config cfg = gpukit_config_default();
        cfg.backend = backend;
        memset(out, 0xa5, sizeof out);
        label(buf, sizeof buf, f, "gpukit_msm_ex", backend == GPUKIT_BACKEND_SERIAL
                                                       ? "serial, n = 0 gives the identity"
                                                       : "cpu, n = 0 gives the identity");
        check_result(t, gpukit_msm_ex(f->curve->id, NULL, NULL, out, 0, &cfg), out, want, f->pb,
                     buf);
    }
}

static void test_window(tally *t, const fixture *f) {
    const uint32_t max = gpukit_max_window(f->curve->id);
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_max_window", "is 24");
    check(t, max == 24, buf);
    expect_all(t, f, f->points, f->scalars, f->n, max + 1, GPUKIT_ERR_BAD_WINDOW, "window max + 1");
    expect_all(t, f, f->points, f->scalars, f->n, UINT32_MAX, GPUKIT_ERR_BAD_WINDOW,
               "window UINT32_MAX");
    gpukit_config cfg = gpukit_config_default();
    cfg.window_c = max + 1;
    label(buf, sizeof buf, f, "gpukit_bases_new", "window max + 1");
    check_status(t, bases_new_with(f, f->points, &cfg), GPUKIT_ERR_BAD_WINDOW, buf);
}

/* A point whose coordinate bytes at offset hold p (or all ones): BAD_ENCODING. */
static void expect_bad_encoding(tally *t, const fixture *f, size_t offset, int all_ones,
                                const char *what) {
    uint8_t bad[MAX_POINT_BYTES];
    memcpy(bad, f->points, f->pb);
    const size_t coord = f->pb / 2;
    if (all_ones) {
        memset(bad + offset, 0xff, coord);
    } else {
        /* p is field_bytes long: a whole coordinate, or c0/c1 of an Fp2 one. */
        size_t len = 0;
        uint8_t *p = hex_decode_alloc(BASE_MODULUS_HEX[f->curve->id], &len);
        if (p != NULL) memcpy(bad + offset, p, len);
        free(p);
    }
    uint8_t *points = points_with_last(f, bad);
    check(t, points != NULL, "allocating points");
    if (points == NULL) return;
    expect_all(t, f, points, f->scalars, f->n, 0, GPUKIT_ERR_BAD_ENCODING, what);
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_bases_new", what);
    check_status(t, bases_new_with(f, points, NULL), GPUKIT_ERR_BAD_ENCODING, buf);
    free(points);
}

static void test_encoding(tally *t, const fixture *f) {
    const size_t coord = f->pb / 2;
    expect_bad_encoding(t, f, 0, 0, "x = p");
    expect_bad_encoding(t, f, coord, 0, "y = p");
    expect_bad_encoding(t, f, 0, 1, "x = 2^k - 1");
    if (f->curve->id == GPUKIT_CURVE_BLS12_381_G2) {
        expect_bad_encoding(t, f, coord / 2, 0, "x.c1 = p");
        expect_bad_encoding(t, f, coord + coord / 2, 0, "y.c1 = p");
    }
}

static void test_off_curve(tally *t, const fixture *f) {
    /* (1, 1) is on none of the six curves: y^2 = x^3 + b needs b = 0, and
     * a x^2 + y^2 = 1 + d x^2 y^2 needs a = d. For Fp2, 1 = (1, 0). */
    uint8_t bad[MAX_POINT_BYTES] = {0};
    bad[0] = 1;
    bad[f->pb / 2] = 1;
    uint8_t *points = points_with_last(f, bad);
    check(t, points != NULL, "allocating points");
    if (points == NULL) return;
    expect_all(t, f, points, f->scalars, f->n, 0, GPUKIT_ERR_POINT_NOT_ON_CURVE, "point (1, 1)");
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_msm_ex", "point (1, 1), validation on_curve");
    check_status(t, msm_ex_with(f, points, f->scalars, GPUKIT_VALIDATE_ON_CURVE),
                 GPUKIT_ERR_POINT_NOT_ON_CURVE, buf);
    label(buf, sizeof buf, f, "gpukit_msm_ex", "point (1, 1), validation full");
    check_status(t, msm_ex_with(f, points, f->scalars, GPUKIT_VALIDATE_FULL),
                 GPUKIT_ERR_POINT_NOT_ON_CURVE, buf);
    label(buf, sizeof buf, f, "gpukit_bases_new", "point (1, 1)");
    check_status(t, bases_new_with(f, points, NULL), GPUKIT_ERR_POINT_NOT_ON_CURVE, buf);
    free(points);
}

static void test_subgroup(tally *t, const fixture *f) {
    const char *hex = NOT_IN_SUBGROUP_HEX[f->curve->id];
    if (hex == NULL) return; /* cofactor 1: every point on the curve is in the group */
    uint8_t bad[MAX_POINT_BYTES];
    from_hex(hex, bad, f->pb);
    uint8_t *points = points_with_last(f, bad);
    check(t, points != NULL, "allocating points");
    if (points == NULL) return;
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_msm_ex", "point outside the subgroup, validation full");
    check_status(t, msm_ex_with(f, points, f->scalars, GPUKIT_VALIDATE_FULL),
                 GPUKIT_ERR_POINT_NOT_IN_SUBGROUP, buf);
    label(buf, sizeof buf, f, "gpukit_msm_ex", "point outside the subgroup, validation on_curve");
    check_status(t, msm_ex_with(f, points, f->scalars, GPUKIT_VALIDATE_ON_CURVE), GPUKIT_OK, buf);
    label(buf, sizeof buf, f, "gpukit_pippenger_msm", "point outside the subgroup (on_curve)");
    uint8_t out[MAX_POINT_BYTES];
    check_status(t, gpukit_pippenger_msm(f->curve->id, points, f->scalars, out, f->n, 0),
                 GPUKIT_OK, buf);
    label(buf, sizeof buf, f, "gpukit_bases_new", "point outside the subgroup (default full)");
    check_status(t, bases_new_with(f, points, NULL), GPUKIT_ERR_POINT_NOT_IN_SUBGROUP, buf);
    gpukit_config cfg = gpukit_config_default();
    cfg.validation = GPUKIT_VALIDATE_ON_CURVE;
    label(buf, sizeof buf, f, "gpukit_bases_new", "point outside the subgroup, validation on_curve");
    check_status(t, bases_new_with(f, points, &cfg), GPUKIT_OK, buf);
    free(points);
}

static void expect_bad_scalar(tally *t, const fixture *f, const uint8_t *scalar, const char *what) {
    uint8_t *scalars = scalars_with_last(f, scalar);
    check(t, scalars != NULL, "allocating scalars");
    if (scalars == NULL) return;
    expect_all(t, f, f->points, scalars, f->n, 0, GPUKIT_ERR_SCALAR_OUT_OF_RANGE, what);
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_msm_ex", what);
    check_status(t, msm_ex_with(f, f->points, scalars, GPUKIT_VALIDATE_TRUSTED),
                 GPUKIT_ERR_SCALAR_OUT_OF_RANGE, buf);
    gpukit_bases *bases = NULL;
    if (gpukit_bases_new(f->curve->id, f->points, f->n, NULL, &bases) == GPUKIT_OK) {
        uint8_t out[MAX_POINT_BYTES];
        label(buf, sizeof buf, f, "gpukit_bases_msm", what);
        check_status(t, gpukit_bases_msm(bases, scalars, f->n, out), GPUKIT_ERR_SCALAR_OUT_OF_RANGE,
                     buf);
    }
    gpukit_bases_free(bases);
    free(scalars);
}

static void test_scalars(tally *t, const fixture *f) {
    uint8_t r[CTEST_SCALAR_BYTES], ones[CTEST_SCALAR_BYTES];
    from_hex(SCALAR_MODULUS_HEX[f->curve->id], r, sizeof r);
    memset(ones, 0xff, sizeof ones);
    expect_bad_scalar(t, f, r, "scalar r (validation trusted for gpukit_msm_ex)");
    expect_bad_scalar(t, f, ones, "scalar 2^256 - 1 (validation trusted for gpukit_msm_ex)");

    /* r - 1, the largest valid scalar (r is odd: no borrow past byte 0). */
    r[0]--;
    uint8_t *scalars = scalars_with_last(f, r);
    check(t, scalars != NULL, "allocating scalars");
    if (scalars == NULL) return;
    uint8_t out[MAX_POINT_BYTES];
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_pippenger_msm", "scalar r - 1 is valid");
    check_status(t, gpukit_pippenger_msm(f->curve->id, f->points, scalars, out, f->n, 0), GPUKIT_OK,
                 buf);
    free(scalars);
}

static void test_config(tally *t, const fixture *f) {
    static const char *const field_names[] = {"backend 9", "validation 9", "input_form 9",
                                              "blinded 2 (0/1 only)"};
    uint8_t out[MAX_POINT_BYTES];
    char buf[256];
    for (int k = 0; k < 4; k++) {
        gpukit_config cfg = gpukit_config_default();
        uint32_t *fields[] = {&cfg.backend, &cfg.validation, &cfg.input_form, &cfg.blinded};
        *fields[k] = k == 3 ? 2 : 9;
        label(buf, sizeof buf, f, "gpukit_msm_ex", field_names[k]);
        check_status(t, gpukit_msm_ex(f->curve->id, f->points, f->scalars, out, f->n, &cfg),
                     GPUKIT_ERR_BAD_CONFIG, buf);
        label(buf, sizeof buf, f, "gpukit_bases_new", field_names[k]);
        check_status(t, bases_new_with(f, f->points, &cfg), GPUKIT_ERR_BAD_CONFIG, buf);
    }
}

static void test_no_device(tally *t, const fixture *f) {
    if (gpukit_gpu_count() > 0) return; /* NO_DEVICE is reachable only without a GPU */
    gpukit_config cfg = gpukit_config_default();
    cfg.backend = GPUKIT_BACKEND_GPU;
    uint8_t out[MAX_POINT_BYTES];
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_msm_ex", "backend gpu without a GPU");
    check_status(t, gpukit_msm_ex(f->curve->id, f->points, f->scalars, out, f->n, &cfg),
                 GPUKIT_ERR_NO_DEVICE, buf);
    label(buf, sizeof buf, f, "gpukit_bases_new", "backend gpu without a GPU");
    check_status(t, bases_new_with(f, f->points, &cfg), GPUKIT_ERR_NO_DEVICE, buf);
}

/* gpukit_host_register's errors, and with a GPU the same result from page-locked inputs. */
static void test_host_register(tally *t, const fixture *f) {
    char buf[256];
    label(buf, sizeof buf, f, "gpukit_host_register", "NULL with bytes");
    check_status(t, gpukit_host_register(NULL, 64), GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_host_unregister", "NULL");
    check_status(t, gpukit_host_unregister(NULL), GPUKIT_ERR_NULL_POINTER, buf);
    label(buf, sizeof buf, f, "gpukit_host_register", "0 bytes");
    check_status(t, gpukit_host_register(f->points, 0), GPUKIT_OK, buf);
    const size_t point_bytes = (size_t)f->n * f->pb, scalar_bytes = (size_t)f->n * CTEST_SCALAR_BYTES;
    if (gpukit_gpu_count() == 0) {
        label(buf, sizeof buf, f, "gpukit_host_register", "without a GPU");
        check_status(t, gpukit_host_register(f->points, point_bytes), GPUKIT_ERR_NO_DEVICE, buf);
        return;
    }
    gpukit_config cfg = gpukit_config_default();
    cfg.backend = GPUKIT_BACKEND_GPU;
    uint8_t want[MAX_POINT_BYTES], got[MAX_POINT_BYTES];
    label(buf, sizeof buf, f, "gpukit_msm_ex", "unlocked inputs");
    check_status(t, gpukit_msm_ex(f->curve->id, f->points, f->scalars, want, f->n, &cfg), GPUKIT_OK, buf);
    label(buf, sizeof buf, f, "gpukit_host_register", "points and scalars");
    check_status(t, gpukit_host_register(f->points, point_bytes), GPUKIT_OK, buf);
    check_status(t, gpukit_host_register(f->scalars, scalar_bytes), GPUKIT_OK, buf);
    label(buf, sizeof buf, f, "gpukit_msm_ex", "page-locked inputs");
    check_result(t, gpukit_msm_ex(f->curve->id, f->points, f->scalars, got, f->n, &cfg), got, want, f->pb, buf);
    label(buf, sizeof buf, f, "gpukit_host_register", "a range inside a registered one");
    check_status(t, gpukit_host_register(f->points + 1, 8), GPUKIT_ERR_HOST_REGISTRATION, buf);
    label(buf, sizeof buf, f, "gpukit_host_unregister", "a pointer inside a registered range");
    check_status(t, gpukit_host_unregister(f->points + 1), GPUKIT_ERR_HOST_REGISTRATION, buf);
    label(buf, sizeof buf, f, "gpukit_host_unregister", "points and scalars");
    check_status(t, gpukit_host_unregister(f->points), GPUKIT_OK, buf);
    check_status(t, gpukit_host_unregister(f->scalars), GPUKIT_OK, buf);
    label(buf, sizeof buf, f, "gpukit_host_unregister", "twice");
    check_status(t, gpukit_host_unregister(f->points), GPUKIT_ERR_HOST_REGISTRATION, buf);
}

static void test_size_mismatch(tally *t, const fixture *f) {
    gpukit_bases *bases = NULL;
    char buf[256];
    if (gpukit_bases_new(f->curve->id, f->points, f->n, NULL, &bases) != GPUKIT_OK) {
        label(buf, sizeof buf, f, "gpukit_bases_new", gpukit_last_error());
        check(t, 0, buf);
        return;
    }
    /* Two batches of n + 1 valid (zero) scalars: in bounds for the caller's buffer. */
    uint8_t *scalars = calloc(2 * ((size_t)f->n + 1), CTEST_SCALAR_BYTES);
    uint8_t out[2 * MAX_POINT_BYTES];
    check(t, scalars != NULL, "allocating scalars");
    if (scalars != NULL) {
        label(buf, sizeof buf, f, "gpukit_bases_msm", "n larger than the bases");
        check_status(t, gpukit_bases_msm(bases, scalars, f->n + 1, out), GPUKIT_ERR_SIZE_MISMATCH,
                     buf);
        label(buf, sizeof buf, f, "gpukit_bases_msm_batch", "n larger than the bases");
        check_status(t, gpukit_bases_msm_batch(bases, scalars, f->n + 1, 2, out),
                     GPUKIT_ERR_SIZE_MISMATCH, buf);
    }
    free(scalars);
    gpukit_bases_free(bases);
}

static void test_unknown_curves(tally *t) {
    /* 0, the id past the last curve, the largest. */
    static const uint8_t ids[] = {0, CTEST_CURVE_COUNT + 1, 255};
    /* Buffers as large as the largest curve needs, so that a library that
     * misreads the id still stays inside them. */
    uint8_t points[MAX_POINT_BYTES] = {0}, scalars[CTEST_SCALAR_BYTES] = {0}, out[MAX_POINT_BYTES];
    gpukit_config cfg = gpukit_config_default();
    char buf[256];
    for (size_t k = 0; k < sizeof ids; k++) {
        const uint8_t id = ids[k];
        snprintf(buf, sizeof buf, "curve %u: gpukit_point_bytes and gpukit_max_window are 0", id);
        check(t, gpukit_point_bytes(id) == 0 && gpukit_max_window(id) == 0, buf);
        snprintf(buf, sizeof buf, "curve %u: gpukit_pippenger_msm", id);
        check_status(t, gpukit_pippenger_msm(id, points, scalars, out, 1, 0),
                     GPUKIT_ERR_UNKNOWN_CURVE, buf);
        snprintf(buf, sizeof buf, "curve %u: gpukit_pippenger_msm, n = 0", id);
        check_status(t, gpukit_pippenger_msm(id, NULL, NULL, out, 0, 0), GPUKIT_ERR_UNKNOWN_CURVE,
                     buf);
        snprintf(buf, sizeof buf, "curve %u: gpukit_pippenger_msm_blinded", id);
        check_status(t, gpukit_pippenger_msm_blinded(id, points, scalars, out, 1, 0),
                     GPUKIT_ERR_UNKNOWN_CURVE, buf);
        snprintf(buf, sizeof buf, "curve %u: gpukit_msm_ex", id);
        check_status(t, gpukit_msm_ex(id, points, scalars, out, 1, &cfg), GPUKIT_ERR_UNKNOWN_CURVE,
                     buf);
        gpukit_bases *bases = NULL;
        snprintf(buf, sizeof buf, "curve %u: gpukit_bases_new", id);
        check_status(t, gpukit_bases_new(id, points, 1, NULL, &bases), GPUKIT_ERR_UNKNOWN_CURVE,
                     buf);
        gpukit_bases_free(bases);
    }
}

static void test_status_strings(tally *t) {
    char buf[256];
    for (int a = GPUKIT_OK; a <= GPUKIT_ERR_HOST_REGISTRATION; a++) {
        const char *s = gpukit_status_str(a);
        snprintf(buf, sizeof buf, "gpukit_status_str(%d) is a non-empty string", a);
        check(t, s != NULL && s[0] != '\0', buf);
        for (int b = GPUKIT_OK; s != NULL && b < a; b++) {
            const char *other = gpukit_status_str(b);
            snprintf(buf, sizeof buf, "gpukit_status_str(%d) differs from (%d): \"%s\"", a, b, s);
            check(t, other == NULL || strcmp(s, other) != 0, buf);
        }
    }
    check(t, gpukit_status_str(-1) != NULL && gpukit_status_str(99) != NULL,
          "gpukit_status_str of an unknown code is not NULL");
}

static void test_config_default(tally *t) {
    gpukit_config cfg = gpukit_config_default();
    check(t, cfg.backend == GPUKIT_BACKEND_AUTO && cfg.window_c == 0 &&
                 cfg.validation == GPUKIT_VALIDATE_DEFAULT && cfg.input_form == GPUKIT_FORM_CANONICAL &&
                 cfg.devices == 0 && cfg.blinded == 0,
          "gpukit_config_default: auto, window 0, validation default, canonical, all devices");
    gpukit_bases_free(NULL);
    check(t, 1, "gpukit_bases_free(NULL) returns");
}

/* The first FIXTURE_POINTS points and scalars of the first non-empty KAT case. */
static int fixture_load(const char *dir, const ctest_curve *curve, fixture *f) {
    kat_file file;
    if (kat_load(dir, curve, &file) != 0) return -1;
    int rc = -1;
    for (size_t i = 0; i < file.count && rc != 0; i++) {
        const kat_case *c = &file.cases[i];
        if (c->n == 0) continue;
        f->curve = curve;
        f->pb = file.point_bytes;
        f->n = c->n < FIXTURE_POINTS ? c->n : FIXTURE_POINTS;
        f->points = malloc((size_t)f->n * f->pb);
        f->scalars = malloc((size_t)f->n * CTEST_SCALAR_BYTES);
        if (f->points != NULL && f->scalars != NULL) {
            memcpy(f->points, c->points, (size_t)f->n * f->pb);
            memcpy(f->scalars, c->scalars, (size_t)f->n * CTEST_SCALAR_BYTES);
            rc = 0;
        }
    }
    kat_free(&file);
    return rc;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <directory of the .kat files>\n", argv[0]);
        return 2;
    }
    tally t = {0, 0};
    test_status_strings(&t);
    test_config_default(&t);
    test_unknown_curves(&t);
    for (size_t k = 0; k < CTEST_CURVE_COUNT; k++) {
        fixture f = {0};
        int loaded = fixture_load(argv[1], &CTEST_CURVE_LIST[k], &f) == 0;
        check(&t, loaded, CTEST_CURVE_LIST[k].name);
        if (loaded) {
            test_null_pointers(&t, &f);
            test_empty(&t, &f);
            test_window(&t, &f);
            test_encoding(&t, &f);
            test_off_curve(&t, &f);
            test_subgroup(&t, &f);
            test_scalars(&t, &f);
            test_config(&t, &f);
            test_no_device(&t, &f);
            test_host_register(&t, &f);
            test_size_mismatch(&t, &f);
        }
        free(f.points);
        free(f.scalars);
    }
    if (gpukit_gpu_count() > 0) printf("test_errors: a GPU is visible: NO_DEVICE not reachable\n");
    return report(&t, "test_errors");
}
