/*
 * polc_limit.c - how big a compilation may get.
 *
 * Two limits, each on what it names. The work: a manifest's (domain,
 * column, class) triples, each a vector of the security server's, are
 * counted once the columns are known and refused over --max-triples
 * before the first is computed (a manifest that pulls in hundreds of
 * domains; Debian's whole policy as a dump is two thousand million).
 * The tables: the bytes mac-polc writes for the target, rows shared and
 * columns merged, refused over --max-table-bytes once they are laid out
 * and before either file is in place, so that a limit of 1 MiB means
 * what the image would carry, not what the rows would take unshared.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <time.h>

#include "polc.h"

/* The tables written: the device manifest's 1.8 KiB, the firmware's
 * with the statn benchmark's 1,600 labels 13 KiB, Debian's file types
 * (tests/host/mac_test_host.sh) 65 KiB. */
unsigned long long polc_max_table_bytes = 1024ull * 1024;
/* A dump's or a manifest's triples: the test policies need 12 thousand,
 * the statn benchmark's 10,000 labels 632 thousand; ten million take a
 * few minutes on a build host. */
unsigned long long polc_max_triples = 10000000ull;

/* Sizes on the 32-bit targets, as polc_emit.c lays the tables out. */
#define POLC_LIMIT_PTR 4

unsigned long long polc_table_estimate(uint32_t ndomains, uint32_t ncols,
				       uint32_t nclasses, uint32_t ncreate,
				       bool transitions)
{
	unsigned long long cells = (unsigned long long)ndomains * ncols;
	unsigned long long rows = cells * nclasses * (4 + 2);	/* fast, avi */
	unsigned long long subjects = (unsigned long long)ndomains *
		((nclasses * 2ull * POLC_LIMIT_PTR + 2 + 3) & ~3ull) +
		nclasses * POLC_LIMIT_PTR;
	unsigned long long trans = transitions ?
		cells * 2 * (1ull + ncreate) + nclasses * POLC_LIMIT_PTR : 0;

	return rows + subjects + trans;
}

/* "312.0 KiB", "57.3 MiB" */
void polc_bytes_text(unsigned long long n, char *buf, size_t len)
{
	if (n < 1024)
		snprintf(buf, len, "%llu bytes", n);
	else if (n < 1024ull * 1024)
		snprintf(buf, len, "%.1f KiB", n / 1024.0);
	else if (n < 1024ull * 1024 * 1024)
		snprintf(buf, len, "%.1f MiB", n / (1024.0 * 1024));
	else
		snprintf(buf, len, "%.1f GiB", n / (1024.0 * 1024 * 1024));
}

int polc_limit_columns(const char *what, uint32_t ncols)
{
	if (ncols <= POLC_MAX_COLUMNS)
		return 0;
	polc_error("%s: %u columns (distinct contexts), more than the %u that 16-bit "
		   "columns number (0xFFFE and 0xFFFF mark every domain and no label): "
		   "give the manifest fewer distinct contexts", what, ncols, POLC_MAX_COLUMNS);
	return -1;
}

int polc_limit_tables(const struct polc_model *mo)
{
	const char *what = mo->manifest ? mo->manifest->file : "all types";
	unsigned long long n = (unsigned long long)mo->ndomains * mo->ntypes * mo->nclasses;

	if (polc_limit_columns(what, mo->ntypes))
		return -1;
	if (n <= polc_max_triples)
		return 0;
	polc_error("%s: %u domains x %u columns x %u classes: %llu triples for the "
		   "security server, over the limit of %llu (--max-triples N): give the "
		   "manifest fewer domains, objects or classes, or raise the limit",
		   what, mo->ndomains, mo->ntypes, mo->nclasses, n, polc_max_triples);
	return -1;
}

int polc_limit_written(const char *what, unsigned long long bytes)
{
	char size[32], limit[32];

	if (bytes <= polc_max_table_bytes)
		return 0;
	polc_bytes_text(bytes, size, sizeof(size));
	polc_bytes_text(polc_max_table_bytes, limit, sizeof(limit));
	polc_error("%s: tables of %llu bytes (%s), over the limit of %llu (%s): give "
		   "the manifest fewer domains, objects or classes, or raise the limit "
		   "with --max-table-bytes N", what, bytes, size, polc_max_table_bytes, limit);
	return -1;
}

static double polc_seconds(const struct timespec *since)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - since->tv_sec) +
	       (double)(now.tv_nsec - since->tv_nsec) / 1e9;
}

/* Spread over the pairs, so that one cheap corner of the policy does
 * not stand for all of it; 50 ms at most. */
double polc_compute_rate(const uint32_t *ssids, uint32_t nssids,
			 const uint32_t *tsids, uint32_t ntsids,
			 const uint32_t *classes, uint32_t nclasses)
{
	struct timespec start;
	struct polc_av av;
	unsigned long calls = 0, k;
	double spent;

	if (!nssids || !ntsids || !nclasses)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		for (k = 0; k < 64; k++, calls++)
			polc_compute(ssids[(calls * 7919u) % nssids],
				     tsids[(calls * 104729u + 1) % ntsids],
				     classes[calls % nclasses], &av);
		spent = polc_seconds(&start);
	} while (spent < 0.05 && calls < 20000);
	return spent > 0 ? (double)calls / spent : 0;
}

void polc_duration(double seconds, char *buf, size_t len)
{
	if (seconds < 90)
		snprintf(buf, len, "%.0f s", seconds < 1 ? 1 : seconds);
	else if (seconds < 5400)
		snprintf(buf, len, "%.1f min", seconds / 60);
	else
		snprintf(buf, len, "%.1f hours", seconds / 3600);
}

/* The power of the unit a suffix stands for, or -1. */
static int polc_suffix(const char *end)
{
	if (!*end)
		return 0;
	if (end[1])
		return -1;
	switch (*end) {
	case 'k':
	case 'K':
		return 1;
	case 'M':
		return 2;
	case 'G':
		return 3;
	default:
		return -1;
	}
}

int polc_parse_count(const char *text, bool bytes, unsigned long long *out)
{
	unsigned long long unit = bytes ? 1024 : 1000, n;
	char *end;
	int power;

	if (!isdigit((unsigned char)text[0]))
		return -1;
	errno = 0;
	n = strtoull(text, &end, 10);
	power = polc_suffix(end);
	if (errno || power < 0)
		return -1;
	for (; power > 0; power--) {
		if (n > ULLONG_MAX / unit)
			return -1;
		n *= unit;
	}
	*out = n;
	return 0;
}
