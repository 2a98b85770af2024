#include "check.h"

#include <stdio.h>
#include <string.h>

#include "gpukit.h"

void check(tally *t, int ok, const char *what) {
    if (ok) {
        t->passed++;
    } else {
        t->failed++;
        printf("FAIL %s\n", what);
    }
}

static void print_hex(const char *label, const uint8_t *bytes, size_t len) {
    printf("  %s ", label);
    for (size_t i = 0; i < len; i++) printf("%02x", bytes[i]);
    printf("\n");
}

void check_result(tally *t, int status, const uint8_t *got, const uint8_t *want, size_t len,
                  const char *what) {
    if (status != GPUKIT_OK) {
        char line[512];
        snprintf(line, sizeof line, "%s: status %d (%s): %s", what, status,
                 gpukit_status_str(status), gpukit_last_error());
        check(t, 0, line);
        return;
    }
    int same = memcmp(got, want, len) == 0;
    check(t, same, what);
    if (!same) {
        print_hex("got ", got, len);
        print_hex("want", want, len);
    }
}

void check_status(tally *t, int status, int want, const char *what) {
    if (status != want) {
        char line[512];
        snprintf(line, sizeof line, "%s: status %d (%s), want %d (%s); last error: %s", what,
                 status, gpukit_status_str(status), want, gpukit_status_str(want),
                 gpukit_last_error());
        check(t, 0, line);
        return;
    }
    if (want != GPUKIT_OK) {
        const char *msg = gpukit_last_error();
        char line[512];
        snprintf(line, sizeof line, "%s: gpukit_last_error() is empty", what);
        check(t, msg != NULL && msg[0] != '\0', line);
    } else {
        t->passed++;
    }
}

int report(const tally *t, const char *name) {
    printf("%s: %u passed, %u failed\n", name, t->passed, t->failed);
    return t->failed == 0 ? 0 : 1;
}
