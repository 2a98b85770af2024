/* Parser of the known-answer files written by the Rust test generator:
 * '#' comment lines; cases separated by blank lines; each case is the four
 * lines "n <decimal>", "points <hex>", "scalars <hex>", "result <hex>"
 * (for n = 0 the hex after "points"/"scalars" is empty and the space
 * optional). Lines can be hundreds of KB long, hence getline. */
#define _POSIX_C_SOURCE 200809L
#include "kat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CURVE_ENTRY(name, id, edwards) {#name, id, gpukit_##name##_msm, edwards},
const ctest_curve CTEST_CURVE_LIST[CTEST_CURVE_COUNT] = {CTEST_CURVES(CURVE_ENTRY)};
#undef CURVE_ENTRY

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int hex_decode(const char *hex, size_t hex_len, uint8_t *out, size_t len) {
    if (hex_len != 2 * len) return -1;
    for (size_t i = 0; i < len; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

uint8_t *hex_decode_alloc(const char *hex, size_t *len) {
    size_t hex_len = strlen(hex);
    if (hex_len % 2 != 0) return NULL;
    *len = hex_len / 2;
    /* malloc(0) may return NULL: keep at least one byte so NULL means failure. */
    uint8_t *out = malloc(*len > 0 ? *len : 1);
    if (out != NULL && hex_decode(hex, hex_len, out, *len) != 0) {
        free(out);
        out = NULL;
    }
    return out;
}

typedef struct {
    FILE *f;
    const char *path;
    char *line;
    size_t cap;
    size_t line_no;
} reader;

/* Next line without its line ending; NULL at end of file. */
static char *next_line(reader *r) {
    ssize_t got = getline(&r->line, &r->cap, r->f);
    if (got < 0) return NULL;
    r->line_no++;
    while (got > 0 && (r->line[got - 1] == '\n' || r->line[got - 1] == '\r')) r->line[--got] = '\0';
    return r->line;
}

static int fail(const reader *r, const char *why) {
    fprintf(stderr, "%s:%zu: %s\n", r->path, r->line_no, why);
    return -1;
}

/* Reads the line "<key> <hex of len bytes>" into a new buffer in *out. */
static int read_field(reader *r, const char *key, size_t len, uint8_t **out) {
    char *line = next_line(r);
    size_t key_len = strlen(key);
    if (line == NULL || strncmp(line, key, key_len) != 0 ||
        (line[key_len] != ' ' && line[key_len] != '\0'))
        return fail(r, key);
    const char *hex = line[key_len] == ' ' ? line + key_len + 1 : line + key_len;
    *out = malloc(len > 0 ? len : 1);
    if (*out == NULL) return fail(r, "out of memory");
    if (hex_decode(hex, strlen(hex), *out, len) != 0) return fail(r, "bad hex or wrong length");
    return 0;
}

static int read_case(reader *r, const char *n_line, uint32_t point_bytes, kat_case *c) {
    memset(c, 0, sizeof *c);
    if (strncmp(n_line, "n ", 2) != 0 || n_line[2] < '0' || n_line[2] > '9')
        return fail(r, "expected \"n <decimal>\"");
    char *end = NULL;
    errno = 0;
    unsigned long n = strtoul(n_line + 2, &end, 10);
    if (*end != '\0' || errno != 0 || n > UINT32_MAX) return fail(r, "bad n");
    c->n = (uint32_t)n;
    if (read_field(r, "points", (size_t)c->n * point_bytes, &c->points) != 0) return -1;
    if (read_field(r, "scalars", (size_t)c->n * CTEST_SCALAR_BYTES, &c->scalars) != 0) return -1;
    return read_field(r, "result", point_bytes, &c->result);
}

static void case_free(kat_case *c) {
    free(c->points);
    free(c->scalars);
    free(c->result);
}

int kat_load(const char *dir, const ctest_curve *curve, kat_file *out) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.kat", dir, curve->name);
    return kat_load_path(path, curve, gpukit_point_bytes(curve->id), out);
}

int kat_load_path(const char *path, const ctest_curve *curve, uint32_t point_bytes,
                  kat_file *out) {
    memset(out, 0, sizeof *out);
    out->curve = curve;
    out->point_bytes = point_bytes;
    reader r = {fopen(path, "r"), path, NULL, 0, 0};
    if (r.f == NULL) {
        fprintf(stderr, "%s: cannot open\n", path);
        return -1;
    }
    size_t cap = 0;
    int rc = 0;
    for (char *line; rc == 0 && (line = next_line(&r)) != NULL;) {
        if (line[0] == '\0' || line[0] == '#') continue;
        if (out->count == cap) {
            cap = cap ? 2 * cap : 16;
            kat_case *grown = realloc(out->cases, cap * sizeof *grown);
            if (grown == NULL) {
                rc = fail(&r, "out of memory");
                break;
            }
            out->cases = grown;
        }
        rc = read_case(&r, line, out->point_bytes, &out->cases[out->count]);
        /* Count a half-read case too, so that kat_free releases its buffers. */
        out->count++;
    }
    if (rc == 0 && out->count == 0) rc = fail(&r, "no cases");
    free(r.line);
    fclose(r.f);
    if (rc != 0) kat_free(out);
    return rc;
}

void kat_free(kat_file *file) {
    for (size_t i = 0; i < file->count; i++) case_free(&file->cases[i]);
    free(file->cases);
    file->cases = NULL;
    file->count = 0;
}
