/* The README's C example: 2·G + 3·G on BN254 G1, computed three ways. */
#include <stdio.h>
#include <string.h>

#include "gpukit.h"

static int fail(const char *what, int status) {
    fprintf(stderr, "%s: %s: %s\n", what, gpukit_status_str(status), gpukit_last_error());
    return 1;
}

int main(void) {
    /* Points are affine x || y, each coordinate 32 bytes little-endian
     * (48 for the 381/377-bit curves); scalars are 32 bytes little-endian.
     * G = (1, 2) generates BN254 G1. */
    uint8_t points[2 * 64] = {0}, scalars[2 * 32] = {0};
    points[0] = 1, points[32] = 2;       /* P0 = G */
    points[64] = 1, points[96] = 2;      /* P1 = G */
    scalars[0] = 2, scalars[32] = 3;     /* 2·P0 + 3·P1 */

    uint8_t sum[64];
    int rc = gpukit_pippenger_msm(GPUKIT_CURVE_BN254_G1, points, scalars, sum, 2, 0);
    if (rc != GPUKIT_OK) return fail("gpukit_pippenger_msm", rc);

    /* The same on the multi-core CPU backend, through the extended call. */
    gpukit_config config = gpukit_config_default();
    config.backend = GPUKIT_BACKEND_CPU;
    uint8_t sum_cpu[64];
    rc = gpukit_msm_ex(GPUKIT_CURVE_BN254_G1, points, scalars, sum_cpu, 2, &config);
    if (rc != GPUKIT_OK) return fail("gpukit_msm_ex", rc);

    /* Resident bases: validate and upload the points once, then run many
     * MSMs against them; here 5·G over the first base alone. */
    gpukit_bases *bases = NULL;
    rc = gpukit_bases_new(GPUKIT_CURVE_BN254_G1, points, 2, NULL, &bases);
    if (rc != GPUKIT_OK) return fail("gpukit_bases_new", rc);
    uint8_t five[32] = {5}, five_g[64];
    rc = gpukit_bases_msm(bases, five, 1, five_g);
    gpukit_bases_free(bases);
    if (rc != GPUKIT_OK) return fail("gpukit_bases_msm", rc);

    int same = memcmp(sum, five_g, 64) == 0 && memcmp(sum_cpu, five_g, 64) == 0;
    printf("2·G + 3·G %s 5·G\n", same ? "==" : "!=");
    return same ? 0 : 1;
}
