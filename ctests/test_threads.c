/* Thread safety: 8 threads call gpukit_pippenger_msm at once, each on its
 * own share of the KAT cases of every curve, several rounds, and check every
 * result. Each thread also provokes an error and reads gpukit_last_error(),
 * which is thread-local. Usage: test_threads <kat dir> */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kat.h"

#define THREADS 8
#define ROUNDS 3

typedef struct {
    const kat_file *files;
    size_t file_count;
    size_t index;          /* this thread takes the cases whose global number is index mod THREADS */
    pthread_barrier_t *start;
    unsigned calls, wrong, errors_without_message;
} worker;

static void *run(void *arg) {
    worker *w = arg;
    uint8_t out[192];
    pthread_barrier_wait(w->start);
    for (int round = 0; round < ROUNDS; round++) {
        size_t global = 0;
        for (size_t k = 0; k < w->file_count; k++) {
            const kat_file *f = &w->files[k];
            for (size_t i = 0; i < f->count; i++, global++) {
                /* Shift the split each round so that threads trade cases. */
                if ((global + (size_t)round) % THREADS != w->index) continue;
                const kat_case *c = &f->cases[i];
                int rc = gpukit_pippenger_msm(f->curve->id, c->points, c->scalars, out, c->n, 0);
                w->calls++;
                if (rc != GPUKIT_OK || memcmp(out, c->result, f->point_bytes) != 0) {
                    w->wrong++;
                    printf("thread %zu: %s case %zu: status %d (%s)\n", w->index, f->curve->name, i,
                           rc, gpukit_last_error());
                }
            }
        }
        if (gpukit_pippenger_msm(0, NULL, NULL, out, 0, 0) != GPUKIT_ERR_UNKNOWN_CURVE ||
            gpukit_last_error()[0] == '\0')
            w->errors_without_message++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <directory of the .kat files>\n", argv[0]);
        return 2;
    }
    tally t = {0, 0};
    kat_file files[CTEST_CURVE_COUNT];
    size_t loaded = 0;
    for (size_t k = 0; k < CTEST_CURVE_COUNT; k++) {
        int ok = kat_load(argv[1], &CTEST_CURVE_LIST[k], &files[loaded]) == 0;
        check(&t, ok, CTEST_CURVE_LIST[k].name);
        loaded += ok;
    }

    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    worker workers[THREADS];
    pthread_t threads[THREADS];
    for (size_t i = 0; i < THREADS; i++) {
        workers[i] = (worker){files, loaded, i, &start, 0, 0, 0};
        if (pthread_create(&threads[i], NULL, run, &workers[i]) != 0) {
            fprintf(stderr, "test_threads: pthread_create failed\n");
            return 1;
        }
    }
    unsigned calls = 0;
    char what[128];
    for (size_t i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        calls += workers[i].calls;
        snprintf(what, sizeof what, "thread %zu: %u of %u results wrong", i, workers[i].wrong,
                 workers[i].calls);
        check(&t, workers[i].calls > 0 && workers[i].wrong == 0, what);
        snprintf(what, sizeof what, "thread %zu: error without its own gpukit_last_error()", i);
        check(&t, workers[i].errors_without_message == 0, what);
    }
    pthread_barrier_destroy(&start);
    printf("test_threads: %u concurrent MSMs on %d threads\n", calls, THREADS);
    for (size_t k = 0; k < loaded; k++) kat_free(&files[k]);
    return report(&t, "test_threads");
}
