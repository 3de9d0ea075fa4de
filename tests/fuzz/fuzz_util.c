/*
 * fuzz_util.c - scratch output and input streams for the fuzz targets.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"

/*
 * libsepol trusts a policy's counts and lengths: it allocates what they
 * ask for before reading that much (a 4 GiB string in a 4 KiB file), and
 * validate_policydb() spends time quadratic in a symbol count (a 4 KiB
 * policy held mac-polc for 90 s). Neither is mac-polc's code, and a
 * large request is refused or left untouched outside the fuzzer. While
 * an input runs, blocks over 1 MiB are refused here (linked with
 * --wrap=malloc,calloc,realloc), which bounds the counts libsepol can act
 * on; libFuzzer's own allocations, outside the input, are left alone.
 */
#define FUZZ_MAX_BLOCK ((size_t)1 << 20)

static int fuzz_capped;

void *__real_malloc(size_t n);
void *__real_calloc(size_t m, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t m, size_t n);
void *__wrap_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n)
{
	return fuzz_capped && n > FUZZ_MAX_BLOCK ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t m, size_t n)
{
	if (fuzz_capped && m && n > FUZZ_MAX_BLOCK / m)
		return NULL;
	return __real_calloc(m, n);
}

void *__wrap_realloc(void *p, size_t n)
{
	return fuzz_capped && n > FUZZ_MAX_BLOCK ? NULL : __real_realloc(p, n);
}

static const char *const fuzz_outputs[] = {
	"mac_policy.c", "mac_policy.h", ".mac_policy.c.tmp", ".mac_policy.h.tmp"
};
#define FUZZ_NOUTPUTS (sizeof(fuzz_outputs) / sizeof(fuzz_outputs[0]))

static char fuzz_dir[] = "/tmp/mac-polc-fuzz.XXXXXX";
static int fuzz_dir_made;

static void fuzz_path(char *buf, size_t len, size_t i)
{
	snprintf(buf, len, "%s/%s", fuzz_dir, fuzz_outputs[i]);
}

static void fuzz_empty_outdir(void)
{
	char path[128];
	size_t i;

	for (i = 0; i < FUZZ_NOUTPUTS; i++) {
		fuzz_path(path, sizeof(path), i);
		unlink(path);
	}
}

static void fuzz_remove_outdir(void)
{
	fuzz_empty_outdir();
	rmdir(fuzz_dir);
}

const char *fuzz_outdir(void)
{
	if (!fuzz_dir_made) {
		if (!mkdtemp(fuzz_dir)) {
			perror("fuzz: mkdtemp");
			abort();
		}
		fuzz_dir_made = 1;
		atexit(fuzz_remove_outdir);
	}
	return fuzz_dir;
}

/* fmemopen() refuses an empty buffer: an empty input is an empty file. */
FILE *fuzz_begin(const uint8_t *data, size_t size)
{
	FILE *fp = size ? fmemopen((void *)data, size, "r") : tmpfile();

	if (!fp) {
		perror("fuzz: fmemopen");
		abort();
	}
	fuzz_outdir();
	fuzz_capped = 1;
	return fp;
}

void fuzz_end(FILE *fp, int rc)
{
	char path[128];
	size_t i;

	fuzz_capped = 0;
	fclose(fp);
	for (i = 0; rc && i < FUZZ_NOUTPUTS; i++) {
		fuzz_path(path, sizeof(path), i);
		if (access(path, F_OK) == 0) {
			fprintf(stderr, "fuzz: input rejected but %s was left behind\n",
				path);
			abort();
		}
	}
	fuzz_empty_outdir();
}
