/*
 * fuzz_util.h - what the fuzz targets of mac-polc share (fuzz_util.c).
 */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Starts one input: the fuzzer's bytes as a read-only stream, large
 * allocations refused (fuzz_util.c says why). */
FILE *fuzz_begin(const uint8_t *data, size_t size);

/* A scratch directory for the tables, removed at exit. */
const char *fuzz_outdir(void);

/* Ends the input that polc_tables() or an earlier step answered with rc
 * (non-zero: rejected). Checks what mac-polc promises, that a rejected
 * input leaves no file behind, not even a temporary one: aborts
 * otherwise, so that the fuzzer reports it. Then empties the directory. */
void fuzz_end(FILE *fp, int rc);

#endif
