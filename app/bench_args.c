/*
 * The arguments each boot benchmark takes, as the serial console says
 * them when one is refused (report/report.h): from the constants the
 * benchmarks are measured at (bench.h).
 */
#include <stdio.h>
#include <string.h>
#include "bench.h"
#include "report.h"

/* statn's N, those of STATN_N files at most: "100, 200, ..., 1600" */
static const char *statn_range(void)
{
	static char buf[BENCH_STATN_SIZES * 8];
	size_t n = 0;

	for (unsigned k = 0; k < BENCH_STATN_SIZES; k++)
		if (bench_statn_sizes[k] <= STATN_N)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%lu", n ? ", " : "",
					      (unsigned long)bench_statn_sizes[k]);
	return buf;
}

const char *bench_arg_range(const char *name)
{
	static char buf[40];

	if (strcmp(name, "walk") == 0)
		snprintf(buf, sizeof(buf), "1..%u", BENCH_WALK_DEPTH);
	else if (strcmp(name, "label") == 0)
		snprintf(buf, sizeof(buf), "100..%u in steps of 100", 100 * BENCH_LABEL_SIZES);
	else if (strncmp(name, "statn", 5) == 0)
		return statn_range();
	else
		return NULL;
	return buf;
}
