/* Benchmark statistics and the machine-readable BENCH lines (DESIGN.md). */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "counter_model.h"
#include "models.h"
#include "bench_sites.h"

/* A timing model's counters (counter_model.h), in .bss: zero, no magic,
 * unless a model runs. */
volatile struct counter_model counter_model __attribute__((aligned(32)));

/* Shell sort (Ciura's gaps): statn sorts 3,200 samples, which an
 * insertion sort takes millions of instructions and hundreds of ticks
 * over. */
static void sort_u32(uint32_t *a, uint32_t n)
{
	static const uint32_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };

	for (unsigned g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
		uint32_t gap = gaps[g];
		for (uint32_t i = gap; i < n; i++) {
			uint32_t v = a[i], j = i;
			for (; j >= gap && a[j - gap] > v; j -= gap)
				a[j] = a[j - gap];
			a[j] = v;
		}
	}
}

void bench_stats_of(uint32_t *samples, uint32_t n, struct bench_stats *out)
{
	uint64_t sum = 0;

	for (uint32_t i = 0; i < n; i++)
		sum += samples[i];
	sort_u32(samples, n);
	out->n = n;
	out->mean100 = (uint32_t)((sum * 100 + n / 2) / n);
	out->min = samples[0];
	out->median = samples[n / 2];
	out->max = samples[n - 1];
}

/* Cost, in counter units, of the two reads that bracket a measurement. */
uint32_t bench_counter_overhead(void)
{
	uint32_t best = UINT32_MAX;
	for (int i = 0; i < 16; i++) {
		uint32_t t0 = arch_counter_read();
		uint32_t t1 = arch_counter_read();
		uint32_t d = arch_counter_to_units(t1 - t0);
		if (d < best)
			best = d;
	}
	return best;
}

void bench_report(const char *bench, const char *strategy, uint32_t arg,
		  const struct bench_stats *s)
{
	printf("BENCH board=%s bench=%s strategy=%s arg=%lu unit=%s n=%lu min=%lu median=%lu "
	       "mean=%lu.%02lu max=%lu\n", board_name(), bench, strategy, (unsigned long)arg,
	       arch_counter_unit(), (unsigned long)s->n, (unsigned long)s->min,
	       (unsigned long)s->median, (unsigned long)(s->mean100 / 100),
	       (unsigned long)(s->mean100 % 100), (unsigned long)s->max);
}

void bench_model_time(int on)
{
	if (on)
		counter_model.run = 1;
	else
		counter_model.idle = 1;
}

/*
 * Causes, between one sample's end and the next's: the loop around a
 * benchmark is in them, the same for every strategy, so that one
 * strategy's causes less another's say where its extra cycles go.  The
 * first note of a figure only sets the base.
 */
static uint64_t cause_sum[COUNTER_MODEL_CAUSES];
static uint32_t cause_last[COUNTER_MODEL_CAUSES];
static int cause_n = -1;

void bench_causes_note(void)
{
	if (strcmp(arch_counter_unit(), "est-cycles") != 0)
		return;
	counter_model.request = 1;
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++) {
		uint32_t now = counter_model.cause[i];
		if (cause_n >= 0)
			cause_sum[i] += now - cause_last[i];
		cause_last[i] = now;
	}
	cause_n++;
}

void bench_causes_report(const char *bench, const char *strategy, uint32_t arg)
{
	static const char *const name[] = { COUNTER_MODEL_CAUSE_NAMES };

	if (cause_n > 0) {
		printf("CAUSES board=%s bench=%s strategy=%s arg=%lu unit=est-cycles n=%d", board_name(),
		       bench, strategy, (unsigned long)arg, cause_n);
		for (int i = 0; i < COUNTER_MODEL_CAUSES; i++) {
			uint64_t v100 = (cause_sum[i] * 100 + (uint64_t)cause_n / 2) / (uint64_t)cause_n;
			printf(" %s=%lu.%02lu", name[i], (unsigned long)(v100 / 100),
			       (unsigned long)(v100 % 100));
		}
		printf("\n");
	}
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		cause_sum[i] = 0;
	cause_n = -1;
}

/* Allowed, and audited by no strategy built: the tables' fast vector
 * (allowed, auditallow off), the AVC model's decision where the policy
 * feeds it, Smack's; a denied or audited pair would time the audit. */
int bench_pair_allowed(mac_col_t d, unsigned int tclass, mac_col_t t, mac_vec_t perm)
{
	mac_fast_t fast = mac_fast_vector(&mac_subjects[d], mac_ccol(tclass, t));

	if ((fast & perm) != perm || !smack_allows(d, t, tclass, perm))
		return 0;
	return !MAC_SEL07_MODEL || (sel07_allowed(d, t, tclass) & perm) == perm;
}

int bench_find_pair(mac_col_t first, unsigned int tclass, mac_vec_t perm, mac_col_t *d,
		    mac_col_t *t)
{
	for (mac_col_t k = 0; k <= MAC_NDOMAINS; k++) {
		*d = k == 0 ? first : k - 1;
		for (*t = 0; *t < MAC_NTYPES; (*t)++)
			if (bench_pair_allowed(*d, tclass, *t, perm))
				return 1;
	}
	return 0;
}

/* The calling (privileged) task runs as domain d: its row pointers and
 * its name to the models; its quota stays the kernel's. */
void bench_as_domain(mac_col_t d)
{
	sched_current->domain = d;
	sched_current->mac = mac_subjects[d];
}

/* The report's monitor lines: the checks made (MAC_STATS builds), the
 * slow paths and their verdicts. */
void bench_monitor_stats(void)
{
	if (MAC_STATS)
		printf("monitor: %lu checks\n", (unsigned long)mac_stats.lookups);
	printf("monitor: %lu slow-path checks, %lu denials, %lu permissive, %lu granted, %lu audited\n",
	       (unsigned long)mac_stats.slow, (unsigned long)mac_stats.denials,
	       (unsigned long)mac_stats.permissive, (unsigned long)mac_stats.granted,
	       (unsigned long)mac_stats.audited);
}

/* Where the kernel makes each check (kernel/sys_*.c, handle.c): through
 * a handle (read, write, readdir, send, recv: the vector read at open),
 * in the walk's row (dir:search), or whole (every other check, a
 * directory's write too: with add_name or remove_name, never through a
 * handle). */
enum bench_site bench_site_of(const char *cls, const char *perm)
{
	static const char *const handle_uses[] = { "read", "write", "send", "recv" };

	if (strcmp(cls, "dir") == 0 && strcmp(perm, "search") == 0)
		return BENCH_SITE_ROW;
	if (strcmp(cls, "dir") == 0 && strcmp(perm, "write") == 0)
		return BENCH_SITE_NODE;
	for (unsigned i = 0; i < sizeof(handle_uses) / sizeof(handle_uses[0]); i++)
		if (strcmp(perm, handle_uses[i]) == 0)
			return BENCH_SITE_HANDLE;
	return BENCH_SITE_NODE;
}

const char *bench_site_name(enum bench_site site)
{
	return site == BENCH_SITE_HANDLE ? "handle" : site == BENCH_SITE_ROW ? "row" : "node";
}
