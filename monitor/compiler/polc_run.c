/*
 * polc_run.c - one compilation, from a loaded policy and a parsed
 * manifest to the written tables, and the diagnostics every module uses.
 * Apart from main() so that the fuzz targets (tests/fuzz/) run the
 * same code as mac-polc.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "polc.h"

/* The temporary files polc_emit.c writes until it renames them are
 * removed if mac-polc stops in between (a signal, or exit on no
 * memory); after, a file of the same name is not ours. */
int polc_emit_tables(const struct polc_model *mo, const char *outdir, FILE *report)
{
	int keep = polc_clean_count(), rc;

	rc = polc_emit(mo, outdir, report);
	polc_clean_forget(keep);
	return rc;
}

int polc_tables(const struct polc_manifest *m, const char *outdir, FILE *report)
{
	struct polc_model mo;
	int rc = m ? polc_model_build(&mo, m) : polc_model_build_all(&mo);

	if (!rc)
		rc = polc_emit_tables(&mo, outdir, report);
	polc_model_free(&mo);
	return rc ? 1 : 0;
}

void polc_error_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Where an earlier statement is, seen from a message about one in file:
 * "line N" in the same manifest, else "FILE:N". */
const char *polc_where(const char *file, const char *first_file, int first_line)
{
	static char buf[1024];

	if (!strcmp(file, first_file))
		snprintf(buf, sizeof(buf), "line %d", first_line);
	else
		snprintf(buf, sizeof(buf), "%s:%d", first_file, first_line);
	return buf;
}

void polc_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mac-polc: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void *polc_alloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	polc_stats.allocations++;

	if (!p) {
		polc_error("out of memory");
		exit(2);
	}
	return p;
}

char *polc_strdup(const char *s)
{
	char *p = polc_alloc(strlen(s) + 1);

	return strcpy(p, s);
}
