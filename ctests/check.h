/* Pass/fail bookkeeping of the C tests: each check prints a line when it
 * fails, and a program ends with "<name>: N passed, N failed". */
#ifndef GPUKIT_CTESTS_CHECK_H
#define GPUKIT_CTESTS_CHECK_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    unsigned passed;
    unsigned failed;
} tally;

/* Counts one check; prints "FAIL <what>" when ok is 0. */
void check(tally *t, int ok, const char *what);
/* status == GPUKIT_OK and got == want (len bytes); prints both on failure. */
void check_result(tally *t, int status, const uint8_t *got, const uint8_t *want, size_t len,
                  const char *what);
/* status == want; for an error, also a non-empty gpukit_last_error(). */
void check_status(tally *t, int status, int want, const char *what);
/* Prints the summary line; returns the process exit code. */
int report(const tally *t, const char *name);
#endif
