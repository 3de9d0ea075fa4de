/*
 * The report's tables: the seeds' figures beside ours, printed at boot
 * after the BENCH lines and again on request (report_print), and the
 * boot's closing summary (report/summary.c).  Medians per call, but for
 * statn's means per stat, in the counter's unit, two decimals from
 * integer arithmetic rounded half away from zero; each table opens with
 * "-- table NAME: TITLE (UNIT) --".
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "syscalls.h"
#include "report.h"
#include "summary.h"
#include "bench.h"

const char *const report_table_names[] = {
	"bench", "rw", "statn", "walk", "label", "checks", "profile", "summary", NULL
};

static const char *const seed_rw_strategies[] = {
	"flat", "selinux07", "selinux07tuned", "smack", "smack-worst", "smackhash", "smackfix",
	NULL
};

static void table_header(const char *name, const char *title)
{
	printf("\n-- table %s: %s (%s) --\n", name, title, arch_counter_unit());
}

/* v / 100 with two decimals, right-aligned in width; "-" for none. */
static void put_fix2(int64_t v, int width, int has)
{
	char buf[24];

	printf(" %*s", width, has ? summary_fix2(buf, sizeof(buf), v) : "-");
}

static void put_int(int64_t v, int width, int has)
{
	if (has)
		printf(" %*ld", width, (long)v);
	else
		printf(" %*s", width, "-");
}

/* The mean of a figure times 100, or -1 when it was not taken. */
static int64_t mean100(const char *bench, const char *strategy, uint32_t arg)
{
	const struct bench_result *r = bench_find(bench, strategy, arg);
	return r ? (int64_t)r->s.mean100 : -1;
}

/* The median per call of a figure, or -1 when it was not taken. */
static int64_t median(const char *bench, const char *strategy, uint32_t arg)
{
	const struct bench_result *r = bench_find(bench, strategy, arg);
	return r ? (int64_t)r->s.median : -1;
}

/* a against b in percent, times 100: (a - b) / b, or / a as share. */
static int64_t percent100(int64_t a, int64_t b, int64_t of)
{
	return of > 0 ? summary_percent100(a, b, of) : 0;
}

static void table_bench(void)
{
	const struct bench_result *r;

	table_header("bench", "every figure per call: min, median, mean, max");
	printf("%-22s %4s %-14s %8s %8s %11s %8s\n", "benchmark", "arg", "strategy", "min",
	       "median", "mean", "max");
	for (int i = 0; (r = bench_result_at(i)) != NULL; i++) {
		printf("%-22s %4lu %-14s %8lu %8lu", r->name, (unsigned long)r->arg, r->strategy,
		       (unsigned long)r->s.min, (unsigned long)r->s.median);
		put_fix2(r->s.mean100, 11, 1);
		printf(" %8lu\n", (unsigned long)r->s.max);
	}
}

static void rw_row(const char *bench)
{
	int64_t base = median(bench, "none", 0);

	printf("%-6s", bench);
	put_int(base, 9, base >= 0);
	for (int i = 0; seed_rw_strategies[i]; i++) {
		int64_t m = median(bench, seed_rw_strategies[i], 0);
		put_int(m, 10, m >= 0);
		put_fix2(percent100(m, base, base), 8, m >= 0 && base > 0);
		printf("%%");
	}
	printf("\n");
}

/* Seed 000's lmbench overheads in percent, SELinux before / after its
 * tuning, as the seed writes them; the SH-4's first. */
struct seed_rw {
	const char *cpu;
	const char *read[2], *write[2];
};
static const struct seed_rw seed_rw[2] = {
	{ "SH-4 SH7751R, Linux 2.6.22", { "141.5", "36.43" }, { "155.9", "59.80" } },
	{ "XScale PXA270, Linux 2.6.17", { "74.3", "53.6" }, { "98.7", "72.4" } },
};

static const struct seed_rw *seed_rw_here(void)
{
	return &seed_rw[strcmp(board_name(), "r2dplus") == 0 ? 0 : 1];
}

static void table_rw(void)
{
	table_header("rw", "seed 000: simple read and write, median per call and overhead against "
		     "none");
	printf("%-6s %9s", "", "none");
	for (int i = 0; seed_rw_strategies[i]; i++)
		printf(" %19s", seed_rw_strategies[i]);
	printf("\n");
	rw_row("read");
	rw_row("write");
	printf("seed 000 (lmbench, 2007): SELinux's overhead against no SELinux, before / after "
	       "the tuning\n");
	for (int i = 0; i < 2; i++)
		printf("  %-28s read %5s%% / %5s%%  write %5s%% / %5s%%%s\n", seed_rw[i].cpu,
		       seed_rw[i].read[0], seed_rw[i].read[1], seed_rw[i].write[0],
		       seed_rw[i].write[1], &seed_rw[i] == seed_rw_here() ? "  <- this CPU" : "");
}

/* Seed 002's seconds for 1,000 loops over N = 100..800 files, in ms. */
static const uint32_t seed_patched[8] = { 2338, 4742, 7275, 9685, 12509, 28532, 45554, 59908 };
static const uint32_t seed_bounds[8] = { 2372, 4739, 7116, 9616, 12187, 29736, 50631, 72730 };
static const uint32_t seed_vanilla[8] = { 2216, 4451, 6844, 9337, 12049, 26092, 40878, 54208 };

/* The seed's round at N against its round of 500, times 100 (its times
 * are the rounds' own); -1 past its table. */
static int64_t seed_round100(const uint32_t *ms, uint32_t n)
{
	if (n > 800 || n % 100 != 0)
		return -1;
	return summary_div((int64_t)ms[n / 100 - 1] * 100, ms[SUMMARY_STATN_BASE / 100 - 1]);
}

static void put_seed_ratio(const uint32_t *ms, uint32_t n)
{
	int64_t r = seed_round100(ms, n);

	put_fix2(r, 8, r >= 0);
}

static const char *const statn_strategies[] = {
	"none", "flat", "selinux07", "selinux07tuned", "smack", "smackhash", "smackfix", NULL
};

static void statn_rows(const char *bench)
{
	int bounded = strcmp(bench, "statn-bounds") == 0;

	printf("%s%s\n%5s", bench, bounded ? ": in statn_bounded_t, which bench_t bounds" :
	       ": in bench_t, no bounds", "N");
	for (int i = 0; statn_strategies[i]; i++)
		printf(" %14s %5s", statn_strategies[i], "round");
	printf("   seed: %s\n", bounded ? "bounds" : "patched vanilla");
	for (unsigned k = 0; k < BENCH_STATN_SIZES; k++) {
		uint32_t n = bench_statn_sizes[k];
		printf("%5lu", (unsigned long)n);
		for (int i = 0; statn_strategies[i]; i++) {
			int64_t m = mean100(bench, statn_strategies[i], n);
			int64_t base = mean100(bench, statn_strategies[i], SUMMARY_STATN_BASE);
			put_fix2(m, 14, m >= 0);
			put_fix2(base > 0 ? summary_round100(n, m, base) : 0, 5, m >= 0 && base > 0);
		}
		printf("      ");
		put_seed_ratio(bounded ? seed_bounds : seed_patched, n);
		if (!bounded)
			put_seed_ratio(seed_vanilla, n);
		printf("\n");
	}
}

static void statn_avc_rows(void)
{
	static const char *const benches[] = { "statn", "statn-bounds" };
	static const char *const avc[] = { "selinux07", "selinux07tuned" };

	printf("the AVC's counters over each N's timed rounds (avcstat):\n");
	printf("%-13s %-15s %5s %8s %8s %8s %8s %8s %8s\n", "bench", "strategy", "N", "lookups",
	       "hits", "misses", "allocs", "reclaims", "frees");
	for (int b = 0; b < 2; b++)
		for (int s = 0; s < 2; s++)
			for (unsigned k = 0; k < BENCH_STATN_SIZES; k++) {
				const struct bench_avc *a = bench_avc_find(benches[b], avc[s],
									   bench_statn_sizes[k]);
				if (!a)
					continue;
				printf("%-13s %-15s %5lu %8lu %8lu %8lu %8lu %8lu %8lu\n", a->bench,
				       a->strategy, (unsigned long)a->arg, (unsigned long)a->st.lookups,
				       (unsigned long)a->st.hits, (unsigned long)a->st.misses,
				       (unsigned long)a->st.allocations, (unsigned long)a->st.reclaims,
				       (unsigned long)a->st.frees);
			}
}

static void table_statn(void)
{
	table_header("statn", "seed 002: stat over N files of N labels, mean per stat and the round "
		     "of N against the round of 500");
	printf("(round: N * mean(N) / (500 * mean(500)); the seed's: seconds over all lstat() "
	       "calls of a round of N,\n against the round of 500; its table stops at 800; "
	       "each AVC strategy's series from N=100 up\n starts from an empty cache, as after "
	       "a policy load)\n");
	statn_rows("statn");
	statn_rows("statn-bounds");
	statn_avc_rows();
}

/* Seed 003's profile: the security functions' share of the kernel's time. */
static const char seed_walk_share[] = "6.53%";
static const char seed_walk_where[] = "perf of a stat-heavy make -j, the kernel's cycles";

static void table_walk(void)
{
	table_header("walk", "seed 003: stat of a path of depth 1..8, median per call and the "
		     "monitor's share of it");
	printf("%5s", "depth");
	for (int i = 0; bench_strategy_names[i]; i++)
		printf(" %19s", bench_strategy_names[i]);
	printf("\n");
	for (uint32_t d = 1; d <= BENCH_WALK_DEPTH; d++) {
		int64_t base = median("walk", "none", d);
		printf("%5lu", (unsigned long)d);
		for (int i = 0; bench_strategy_names[i]; i++) {
			int64_t m = median("walk", bench_strategy_names[i], d);
			put_int(m, 10, m >= 0);
			if (i == 0) {
				printf("%9s", "");
				continue;
			}
			put_fix2(percent100(m, base, m), 7, m > 0 && base >= 0);
			printf("%%");
		}
		printf("\n");
	}
	printf("share: (median(S) - median(none)) / median(S); seed 003 (%s): %s\n",
	       seed_walk_where, seed_walk_share);
}

static const char seed_label[] = "up to 600 labels, ~200 tries per lookup on average";

/* A row of the label table: BENCH's lookups among N labels by each
 * Smack kernel, and flat's where it has one. */
static void label_row(const char *bench, const char *name, uint32_t n, uint32_t tries)
{
	int64_t m = median(bench, "smack", n), f = median(bench, "flat", n);
	int64_t h = median(bench, "smackhash", n), x = median(bench, "smackfix", n);

	printf("%5s %6lu", name, (unsigned long)tries);
	put_int(m, 14, m >= 0);
	put_fix2(tries ? summary_div(m * 100, tries) : 0, 10, m >= 0 && tries);
	put_int(h, 14, h >= 0);
	put_int(x, 10, x >= 0);
	put_int(f, 12, f >= 0);
	printf("\n");
}

static void table_label(void)
{
	uint32_t app_n, app_tries = bench_label_app_tries(&app_n);
	char n_text[12];

	table_header("label", "seed 004: a label one third down Smack's list of N, found by "
		     "strcmp; smackfix's task blob and the flat tables' row pointer, loaded; "
		     "median per lookup");
	printf("%5s %6s %14s %10s %14s %10s %12s\n", "N", "tries", "smack/lookup", "per try",
	       "smackhash", "smackfix", "flat");
	for (uint32_t n = 100; n <= 100 * BENCH_LABEL_SIZES; n += 100) {
		snprintf(n_text, sizeof(n_text), "%lu", (unsigned long)n);
		label_row("label", n_text, n, bench_label_tries(n));
	}
	label_row("label-app", "app", app_n, app_tries);	/* the package names */
	printf("seed 004 (Tizen, Linux 3.9): %s\n", seed_label);
}

static const char *const check_strategies[] = {
	"flat", "selinux07", "selinux07tuned", "smack", "smackhash", "smackfix", NULL
};

static void syscheck_row(const char *call, const char *cls, const char *perm)
{
	const struct bench_check_pair *p = bench_check_find(cls, perm);
	char pair[32];

	snprintf(pair, sizeof(pair), "%s:%s", cls, perm);
	printf("%-8s %-22s", call, pair);
	if (!p || !p->measured) {
		printf(" %s\n", p ? "not measured (see the bench: lines)" :
		       "not on its own: the kernel checks it with another's bits");
		return;
	}
	for (int i = 0; check_strategies[i]; i++) {
		int64_t m = median(p->name, check_strategies[i], 0);
		put_int(m, 15, m >= 0);
	}
	printf("\n");
}

static void table_checks(void)
{
	table_header("checks", "each system call's checks, one check alone, median per call");
	printf("%-8s %-22s", "syscall", "class:perm");
	for (int i = 0; check_strategies[i]; i++)
		printf(" %15s", check_strategies[i]);
	printf("\n");
#define CHECK_ROW(call, c, p) syscheck_row(#call, #c, #p);
	SYSCALL_CHECKS(CHECK_ROW)
#undef CHECK_ROW
	printf("(each as the inode hook makes it; a read or write through a handle takes the\n"
	       " file hook, which Smack 3.x leaves unchecked)\n");
}

static void table_profile(void)
{
	if (profile_print)
		profile_print();
	else
		printf("\nreport: no profile in this image\n");
}

/* What each seed said, beside our answer to its question. */
static void table_summary(void)
{
	const struct seed_rw *rw = seed_rw_here();
	static char read[64], write[64], ratio[24], statn[48], walk[80], label[96];
	const char *seeds[SUMMARY_NQ] = { read, write, statn, walk, label };

	snprintf(read, sizeof(read), "%s%% / %s%% (%s)", rw->read[0], rw->read[1], rw->cpu);
	snprintf(write, sizeof(write), "%s%% / %s%% (%s)", rw->write[0], rw->write[1], rw->cpu);
	snprintf(statn, sizeof(statn), "%s (patched)",
		 summary_fix2(ratio, sizeof(ratio), seed_round100(seed_patched, 600)));
	snprintf(walk, sizeof(walk), "%s (%s)", seed_walk_share, seed_walk_where);
	snprintf(label, sizeof(label), "%s; ours %lu tries", seed_label,
		 (unsigned long)bench_label_tries(600));
	summary_print(seeds);
}

static void (*const report_tables[])(void) = {
	table_bench, table_rw, table_statn, table_walk, table_label, table_checks, table_profile,
	table_summary
};

int report_print(const char *table)
{
	for (int i = 0; report_table_names[i]; i++) {
		if (table && strcmp(table, report_table_names[i]) != 0)
			continue;
		report_tables[i]();
		if (table)
			return 0;
	}
	return table ? -1 : 0;
}
