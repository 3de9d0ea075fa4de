/*
 * The boot benchmarks (DESIGN.md, "Measurement and the report").  They
 * run as two privileged tasks, because neither CPU lets user mode read
 * its cycle counter; they take the same trap as user tasks do.  Each
 * figure is taken per strategy by switching the task's system-call
 * table, and printed as a BENCH line and in a table.
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "syscalls.h"
#include "object.h"
#include "arch_syscall.h"
#include "mac_policy.h"
#include "models.h"
#include "latency.h"
#include "console.h"
#include "report.h"
#include "mac_kernel_checks.h"
#include "summary.h"
#include "bench.h"
#include "bench_sites.h"
#include "smack_app_labels.h"

#define BENCH_N 201
#define BENCH_MAX 400	/* rows of the tables: every BENCH line fits */
#define BENCH_AVC_MAX (2 * 2 * BENCH_STATN_SIZES)
#ifndef STATN_N
#error "STATN_N: the number of statn files the Makefile generated"
#endif

const uint32_t bench_statn_sizes[BENCH_STATN_SIZES] = { BENCH_STATN_SIZE_LIST };
const char *const bench_strategy_names[] = {
	"none", "flat", "selinux07", "selinux07tuned", "smack", "smack-worst", "smackhash",
	"smackfix", NULL
};

static uint32_t samples[STATN_ROUNDS * STATN_N];
static struct bench_result results[BENCH_MAX];
static int nresults;
static struct bench_avc avcs[BENCH_AVC_MAX];
static int navcs;
static uint32_t label_tries[BENCH_LABEL_SIZES], label_app_n, label_app_tries;
static uint32_t overhead;
static mac_col_t bench_domain, bounded_domain;	/* bench_t, statn_bounded_t */
static volatile uint32_t switch_stamp;
static volatile int switch_go, switch_n, switch_by, switch_judged, switch_self, switch_over;
/* What the boot measures: everything, or (BENCH_PLAN_SHORT, written by
 * QEMU's loader as the console's shell_mode is) the calibration and
 * the seed-000 calls only, for a quick run under a timing model. */
uint32_t bench_plan __attribute__((section(".noinit")));

const struct bench_result *bench_find(const char *name, const char *strategy, uint32_t arg)
{
	for (int i = 0; i < nresults; i++)
		if (results[i].arg == arg && strcmp(results[i].name, name) == 0 &&
		    strcmp(results[i].strategy, strategy) == 0)
			return &results[i];
	return NULL;
}

const struct bench_result *bench_result_at(int i)
{
	return i < nresults ? &results[i] : NULL;
}

/* A figure taken again (the console's bench command) replaces the old. */
static struct bench_result *bench_slot(const char *name, const char *strategy, uint32_t arg)
{
	struct bench_result *r = (struct bench_result *)bench_find(name, strategy, arg);

	if (r)
		return r;
	r = &results[nresults];
	if (nresults == BENCH_MAX - 1)
		printf("bench: the table is full, later figures are in the BENCH lines only\n");
	else
		nresults++;
	return r;
}

static void bench_record_arg(const char *name, const char *strategy, uint32_t arg, uint32_t n)
{
	struct bench_result *r = bench_slot(name, strategy, arg);

	r->name = name;
	r->strategy = strategy;
	r->arg = arg;
	bench_stats_of(samples, n, &r->s);
	bench_report(name, strategy, arg, &r->s);
	bench_causes_report(name, strategy, arg);
	console_wait_idle();	/* no transmit interrupt in the next loop */
}

static void bench_record(const char *name, const char *strategy, uint32_t n)
{
	bench_record_arg(name, strategy, 0, n);
}

/* A raw counter difference in units, the counter's own cost taken off. */
static uint32_t between(uint32_t t0, uint32_t t1)
{
	uint32_t d = arch_counter_to_units(t1 - t0);

	bench_causes_note();
	return d > overhead ? d - overhead : 0;
}

static uint32_t since(uint32_t t0)
{
	return between(t0, arch_counter_read());
}

static void bench_counter(void)
{
	for (int i = 0; i < BENCH_N; i++) {
		uint32_t t0 = arch_counter_read();
		samples[i] = arch_counter_to_units(arch_counter_read() - t0);
		bench_causes_note();	/* the loop's own causes, every figure's base */
	}
	bench_record("counter", "none", BENCH_N);
}

static void bench_syscall_arg(const char *name, const char *strategy, uint32_t arg,
			      uint32_t nr, uintptr_t a0, uintptr_t a1, uintptr_t a2)
{
	for (int i = 0; i < BENCH_N; i++) {
		uint32_t t0 = arch_counter_read();
		arch_syscall(nr, a0, a1, a2, 0);
		samples[i] = since(t0);
	}
	bench_record_arg(name, strategy, arg, BENCH_N);
}

/* A 1-byte call with the instruction cache cold, as after the rest of a
 * bigger system ran (a Linux kernel's read path and lmbench's loop do
 * not fit the SH7751R's 16 KiB): what calls cost in lines fetched. */
static void bench_cold(const char *name, const char *strategy, uint32_t nr, uintptr_t h,
		       uintptr_t buf)
{
	for (int i = 0; i < BENCH_N; i++) {
		arch_icache_evict();
		uint32_t t0 = arch_counter_read();
		arch_syscall(nr, h, buf, 1, 0);
		samples[i] = since(t0);
	}
	bench_record(name, strategy, BENCH_N);
}

static void bench_syscall(const char *name, const char *strategy, uint32_t nr,
			  uintptr_t a0, uintptr_t a1, uintptr_t a2)
{
	bench_syscall_arg(name, strategy, 0, nr, a0, a1, a2);
}

/* One check out of line, to be read in the disassembly (make check-disasm):
 * the task's copy of its domain's rows, the object's column. */
__attribute__((noinline)) int bench_check_probe(const struct task *t, const struct node *n)
{
	return mac_check_obj(&t->mac, MAC_CLASS_FILE, n->ccol, n->label, MAC_PERM_FILE__READ, NULL);
}

/* A domain's column by its type's name. */
static mac_col_t bench_domain_named(const char *name)
{
	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		if (strcmp(mac_type_name[d], name) == 0)
			return d;
	printf("bench: no domain %s in the tables\n", name);
	return sched_current->domain;
}

/*
 * The statn series' Smack figures with the subject's label one third
 * down the whole known list (its N labels and the rest); as loaded, the
 * benchmarks' domains are imported first and sit behind every other
 * label but the six built-in ones: that is smack-worst.
 */
static unsigned smack_third(mac_col_t d)
{
	return smack_place_subject(d, smack_known_count() / 3);
}

/*
 * The other Smack figures at seed 004's setting: "the size of the list
 * can reach even 600" and "circa 200 tries to find an entry on average":
 * the subject's label 200 tries down, the list cut to its first 600
 * labels (smackhash's slots then hold those 600).  smack_seed_undo puts
 * the list back as it was.
 */
#define SMACK_SEED_LABELS 600
#define SMACK_SEED_TRIES 200

static unsigned smack_seed_setting(mac_col_t d)
{
	unsigned was = smack_place_subject(d, SMACK_SEED_TRIES - 1);

	smack_known_limit(SMACK_SEED_LABELS);
	return was;
}

static void smack_seed_undo(mac_col_t d, unsigned was)
{
	smack_known_limit(0);
	smack_place_subject(d, was);
}

static int strategy_is_smack(const char *strategy)
{
	return strcmp(strategy, "smack") == 0 || strcmp(strategy, "smackhash") == 0 ||
	       strcmp(strategy, "smackfix") == 0;
}

/* One check of each strategy, called as the kernel's call sites call it
 * (the tables' inline test, a model's hook), the caches warm. */
#define CHECK_LOOP(name, strategy, expr) do {				\
	for (int i = 0; i < BENCH_N; i++) {				\
		uint32_t t0 = arch_counter_read();			\
		int r = (expr);						\
		__asm__ volatile("" : : "r"(r) : "memory");		\
		samples[i] = since(t0);					\
	}								\
	bench_record(name, strategy, BENCH_N);				\
} while (0)

/* The flat tables' figure: the check as its kernel site makes it
 * (kernel/bench_sites.h). */
BENCH_SITE_TIMER(bench_site_time, BENCH_N)

/* One pair's check as the kernel makes it, domain d on type tcol: the
 * flat tables at the pair's own site (a handle's vector, the walk's row,
 * or the whole check), the permission a constant; the models through
 * their inode hook. */
static void bench_check(const char *name, const char *cls, const char *pname, mac_col_t d,
			unsigned tclass, mac_col_t tcol, mac_vec_t perm)
{
	static struct node probe;
	static struct handle probe_h;
	const struct node *n = &probe;
	struct task *t = sched_current;
	mac_col_t home = t->domain;
	enum bench_site site = bench_site_of(cls, pname);
	unsigned was;
	int refused;

	probe.label = tcol;
	probe.tclass = (uint8_t)tclass;
	probe.ccol = mac_ccol(tclass, tcol);
	__asm__("" : "+r"(n));	/* a node the compiler knows nothing of */
	bench_as_domain(d);
	/* the handle an open would have made: the vector the tables give */
	probe_h = (struct handle){ H_NODE, O_READ | O_WRITE, 0, 0,
				   mac_fast_vector(&t->mac, probe.ccol) };
	refused = bench_site_time(site, &probe_h, n, tclass, perm);
	if (refused < 0)
		printf("bench: %s: not one bit a site tests\n", name);
	else if (refused)
		printf("bench: %s: %d of %d refused at its %s site\n", name, refused, BENCH_N,
		       bench_site_name(site));
	else
		bench_record(name, "flat", BENCH_N);
	CHECK_LOOP(name, "selinux07", sel07_inode_perm(d, tcol, tclass, perm, &t->audit));
	CHECK_LOOP(name, "selinux07tuned", sel07tuned_inode_perm(d, tcol, tclass, perm, &t->audit));
	was = smack_seed_setting(d);
	CHECK_LOOP(name, "smack", smack_inode_perm(d, tcol, tclass, perm, &t->audit));
	CHECK_LOOP(name, "smackhash", smackhash_inode_perm(d, tcol, tclass, perm, &t->audit));
	CHECK_LOOP(name, "smackfix", smackfix_inode_perm(d, tcol, tclass, perm, &t->audit));
	smack_seed_undo(d, was);
	bench_as_domain(home);
}

#define CHECK_PAIR(c, p) { #c, #p, "", 0 },
static struct bench_check_pair check_pairs[] = {
	MAC_KERNEL_CHECKS(CHECK_PAIR) MAC_KERNEL_OBJECT_CHECKS(CHECK_PAIR)
};
#define NCHECK_PAIRS (sizeof(check_pairs) / sizeof(check_pairs[0]))
_Static_assert(NCHECK_PAIRS <= BENCH_CHECKS_MAX, "bench.h: BENCH_CHECKS_MAX");

const struct bench_check_pair *bench_check_find(const char *cls, const char *perm)
{
	for (unsigned i = 0; i < NCHECK_PAIRS; i++)
		if (strcmp(check_pairs[i].cls, cls) == 0 && strcmp(check_pairs[i].perm, perm) == 0)
			return &check_pairs[i];
	return NULL;
}

/* The class's index and the permission's bit by name; 0 if none. */
static mac_vec_t bench_perm_named(const char *cls, const char *perm, unsigned *tclass)
{
	for (unsigned c = 0; c < MAC_NCLASSES; c++) {
		if (strcmp(mac_class_name[c], cls) != 0)
			continue;
		*tclass = c;
		for (unsigned bit = 0; bit < 32; bit++)
			if (mac_perm_name[c][bit] && strcmp(mac_perm_name[c][bit], perm) == 0)
				return (mac_vec_t)1 << bit;
	}
	return 0;
}

/* Every pair the kernel checks, on an allowed (domain, type): a denied
 * pair would measure the audit path instead. */
static void bench_checks(void)
{
	for (unsigned i = 0; i < NCHECK_PAIRS; i++) {
		struct bench_check_pair *p = &check_pairs[i];
		unsigned tclass = 0;
		mac_vec_t perm = bench_perm_named(p->cls, p->perm, &tclass);
		mac_col_t d, t;

		snprintf(p->name, sizeof(p->name), "check-%s-%s", p->cls, p->perm);
		if (!perm) {
			printf("bench: %s skipped: no %s:%s in this policy\n", p->name, p->cls, p->perm);
			continue;
		}
		if (!bench_find_pair(bench_domain, tclass, perm, &d, &t)) {
			printf("bench: %s skipped: no domain is allowed it unaudited\n", p->name);
			continue;
		}
		printf("bench: %s as %s on %s, at a %s site\n", p->name, mac_type_name[d],
		       mac_type_name[t], bench_site_name(bench_site_of(p->cls, p->perm)));
		bench_check(p->name, p->cls, p->perm, d, tclass, t, perm);
		p->measured = 1;
	}
}

/* The system-call table's checks (kernel/syscalls.h), one line a pair. */
static void bench_syschecks(void)
{
#define SYSCHECK_LINE(call, c, p) \
	printf("SYSCHECK board=%s syscall=%s class=%s perm=%s\n", board_name(), #call, #c, #p);
	SYSCALL_CHECKS(SYSCHECK_LINE)
#undef SYSCHECK_LINE
	console_wait_idle();
}

/* What the benchmarks hand the kernel must pass its user-pointer checks. */
#define USER_DATA __attribute__((section(".user.kdata")))
static struct k_stat st USER_DATA;
static char path_zero[] USER_DATA = "/dev/zero";
static char path_null[] USER_DATA = "/dev/null";
static char path_hostname[] USER_DATA = "/etc/hostname";
static char path_walk[] USER_DATA = BENCH_WALK_PATH;

/* stat of a path of depth 1..8: each directory passed needs search */
static void bench_walk(const char *strategy, uint32_t only)
{
	static char path[sizeof(path_walk)] USER_DATA;
	size_t len = 0;

	for (uint32_t depth = 1; depth <= BENCH_WALK_DEPTH; depth++) {
		while (path_walk[len] && (len == 0 || path_walk[len] != '/'))
			len++;
		memcpy(path, path_walk, len);
		path[len] = 0;
		if (!only || only == depth)
			bench_syscall_arg("walk", strategy, depth, SYS_STAT, (uintptr_t)path,
					  (uintptr_t)&st, 0);
		if (path_walk[len])
			len++;
	}
}

static int bench_open(const char *path, int flags)
{
	int h = (int)arch_syscall(SYS_OPEN, (uintptr_t)path, (uintptr_t)flags, 0, 0);
	if (h < 0)
		printf("bench: cannot open %s: error %d\n", path, -h);
	return h;
}

/* "/statn/fNNNN": the name of file i, written where the kernel accepts it */
static char *statn_path(uint32_t i)
{
	static char path[] USER_DATA = BENCH_STATN_PATH;
	for (int d = 11; d >= 8; d--, i /= 10)
		path[d] = (char)('0' + i % 10);
	return path;
}

static int strategy_is_avc(const char *strategy)
{
	return strcmp(strategy, "selinux07") == 0 || strcmp(strategy, "selinux07tuned") == 0;
}

/* The AVC's counters over the rounds just timed, as avcstat prints them. */
static void statn_avcstat(const char *bench, const char *strategy, uint32_t n)
{
	struct bench_avc *a = (struct bench_avc *)bench_avc_find(bench, strategy, n);
	const struct sel07_stats *c = &sel07_stats;

	if (!a && navcs < BENCH_AVC_MAX)
		a = &avcs[navcs++];
	if (a)		/* else in the AVCSTAT line only */
		*a = (struct bench_avc){ bench, strategy, n, *c };
	printf("AVCSTAT board=%s bench=%s strategy=%s arg=%lu lookups=%lu hits=%lu misses=%lu "
	       "allocs=%lu reclaims=%lu frees=%lu\n", board_name(), bench, strategy,
	       (unsigned long)n, (unsigned long)c->lookups, (unsigned long)c->hits,
	       (unsigned long)c->misses, (unsigned long)c->allocations,
	       (unsigned long)c->reclaims, (unsigned long)c->frees);
}

const struct bench_avc *bench_avc_find(const char *bench, const char *strategy, uint32_t arg)
{
	for (int i = 0; i < navcs; i++)
		if (avcs[i].arg == arg && strcmp(avcs[i].bench, bench) == 0 &&
		    strcmp(avcs[i].strategy, strategy) == 0)
			return &avcs[i];
	return NULL;
}

/* N files of N labels stat'ed in turn, STATN_ROUNDS times, timed; a
 * first round fills the caches.  The working set of (domain, type)
 * pairs grows with N, past the 512 entries of the AVC. */
static void statn_one(const char *bench, const char *strategy, uint32_t n)
{
	uint32_t total = STATN_ROUNDS * n;

	for (uint32_t i = 0; i < n; i++)
		arch_syscall(SYS_STAT, (uintptr_t)statn_path(i), (uintptr_t)&st, 0, 0);
	memset(&sel07_stats, 0, sizeof(sel07_stats));
	for (uint32_t i = 0; i < total; i++) {
		char *path = statn_path(i % n);
		uint32_t t0 = arch_counter_read();
		arch_syscall(SYS_STAT, (uintptr_t)path, (uintptr_t)&st, 0, 0);
		samples[i] = since(t0);
	}
	if (strategy_is_avc(strategy))
		statn_avcstat(bench, strategy, n);
	bench_record_arg(bench, strategy, n, total);
}

/* statn, or statn-bounds in the domain bench_t bounds (seed 002's
 * "Bounds" column): there the security server's every computation
 * takes the typebounds step. */
static void bench_statn(const char *bench, const char *strategy, uint32_t only)
{
	int bounded = strcmp(bench, "statn-bounds") == 0;
	mac_col_t home = sched_current->domain;
	uint32_t steps = 0;

	if (bounded)
		bench_as_domain(bounded_domain);
	if (strategy_is_avc(strategy) && !only)
		sel07_avc_flush();	/* every series from the same cache */
	for (unsigned k = 0; k < BENCH_STATN_SIZES; k++) {
		if (bench_statn_sizes[k] > STATN_N || (only && only != bench_statn_sizes[k]))
			continue;
		statn_one(bench, strategy, bench_statn_sizes[k]);
		steps += sel07_stats.bounds;
	}
	bench_as_domain(home);
	if (strategy_is_avc(strategy))
		printf("bench: %s %s: %lu server computations took the typebounds step\n", bench,
		       strategy, (unsigned long)steps);
}

/* The system calls of seeds 000 and 003 (null, read, write, stat, the
 * walk), through the strategy's table.  The buffers on the task's
 * stack, where a task's buffers usually are (the kernel finds the stack
 * first among a task's regions). */
static void bench_calls(const char *strategy, const char *which, uint32_t arg)
{
	char b[4];
	struct k_stat s;
	int zero = bench_open(path_zero, O_READ);
	int null = bench_open(path_null, O_WRITE);
	int all = which == NULL;

	if (all || strcmp(which, "null") == 0)
		bench_syscall("null", strategy, SYS_NULL, 0, 0, 0);
	if (all || strcmp(which, "read") == 0)
		bench_syscall("read", strategy, SYS_READ, (uintptr_t)zero, (uintptr_t)b, 1);
	if (all || strcmp(which, "write") == 0)
		bench_syscall("write", strategy, SYS_WRITE, (uintptr_t)null, (uintptr_t)b, 1);
	if (all || strcmp(which, "read-cold") == 0)
		bench_cold("read-cold", strategy, SYS_READ, (uintptr_t)zero, (uintptr_t)b);
	if (all || strcmp(which, "write-cold") == 0)
		bench_cold("write-cold", strategy, SYS_WRITE, (uintptr_t)null, (uintptr_t)b);
	if (all || strcmp(which, "stat") == 0)
		bench_syscall("stat", strategy, SYS_STAT, (uintptr_t)path_hostname, (uintptr_t)&s, 0);
	if (all || strcmp(which, "walk") == 0)
		bench_walk(strategy, arg);
	arch_syscall(SYS_CLOSE, (uintptr_t)zero, 0, 0, 0);
	arch_syscall(SYS_CLOSE, (uintptr_t)null, 0, 0, 0);
}

/* smack-worst runs on Smack's table, its list left as loaded. */
static const syscall_fn *bench_table_of(const char *strategy)
{
	if (strcmp(strategy, "smack-worst") == 0)
		return syscall_table_smack;
	for (const struct strategy *s = strategies; s->name; s++)
		if (strcmp(s->name, strategy) == 0)
			return s->table;
	return syscall_table_flat;
}

/* One benchmark (NULL: every one the boot runs) through one strategy's
 * table, for smack and smackhash the calls at seed 004's setting and
 * statn with the subjects one third down the whole list; back on the
 * flat table after. */
static void bench_strategy(const char *strategy, const char *which, uint32_t arg)
{
	int smack = strategy_is_smack(strategy), worst = strcmp(strategy, "smack-worst") == 0;
	int all = which == NULL, statn = !all && strncmp(which, "statn", 5) == 0;
	unsigned was = 0, was_bounded = 0;

	sched_current->syscalls = bench_table_of(strategy);
	if (!statn && smack)
		was = smack_seed_setting(bench_domain);
	if (!statn)
		bench_calls(strategy, which, arg);
	if (!statn && smack)
		smack_seed_undo(bench_domain, was);
	if (smack)
		was = smack_third(bench_domain), was_bounded = smack_third(bounded_domain);
	if (!worst && (all || strcmp(which, "statn") == 0))
		bench_statn("statn", strategy, arg);
	/* Smack has no typebounds: its statn-bounds would be its statn again. */
	if (!worst && !smack && (all || strcmp(which, "statn-bounds") == 0))
		bench_statn("statn-bounds", strategy, arg);
	console_wait_idle();
	sched_current->syscalls = syscall_table_flat;
	if (smack)
		smack_place_subject(bounded_domain, was_bounded), smack_place_subject(bench_domain, was);
}

/* Where the benchmarks' labels sit in Smack's known list. */
static void bench_smack_depths(void)
{
	unsigned n = smack_known_count();
	unsigned at = smack_place_subject(bench_domain, 0);

	smack_place_subject(bench_domain, at);
	printf("bench: smack: %u labels; %s's as loaded at %u (smack-worst), one third down "
	       "at %u (statn); the other figures of smack, smackhash and smackfix at %u tries "
	       "among %u\n",
	       n, mac_type_name[bench_domain], at, n / 3, SMACK_SEED_TRIES, SMACK_SEED_LABELS);
	at = smack_seed_setting(bench_domain);
	printf("bench: smack: tries at that setting: smack %u, smackhash %u (in its slot)\n",
	       smack_label_tries(mac_type_name[bench_domain], SMACK_SEED_LABELS),
	       smackhash_label_tries(mac_type_name[bench_domain]));
	smack_seed_undo(bench_domain, at);
}

/* BENCH_N lookups of one expression, each timed. */
#define LABEL_LOOP(expr) do {						\
	for (int i = 0; i < BENCH_N; i++) {				\
		uint32_t t0 = arch_counter_read();			\
		const void *found = (expr);				\
		__asm__ volatile("" : : "r"(found) : "memory");	\
		samples[i] = since(t0);					\
	}								\
} while (0)

/* How the list's labels fill smackhash's 16 slots, at seed 004's size. */
static void bench_label_slots(const char *set, uint32_t n)
{
	unsigned counts[SMACK_HASH_SLOTS];

	smack_slot_counts(counts);
	printf("SLOTS board=%s set=%s arg=%lu slots=", board_name(), set, (unsigned long)n);
	for (unsigned i = 0; i < SMACK_HASH_SLOTS; i++)
		printf("%s%u", i ? "," : "", counts[i]);
	printf("\n");
}

/*
 * One label of the known list found as each Smack kernel finds it: 3.9's
 * smk_find_entry among the first n labels, smackhash's search of its
 * slot (the slots then over those n), and smackfix's, which searches
 * nothing: its check reads the subject's entry from the task blob, and
 * that load is what its figure measures.
 */
static void bench_label_kernels(const char *bench, const char *set, uint32_t n, const char *label)
{
	const void *const volatile *blob = (const void *const volatile *)smackfix_blob_of(label);

	LABEL_LOOP(smack_find_label(label, n));
	bench_record_arg(bench, "smack", n, BENCH_N);
	smack_known_limit(n);
	printf("bench: %s %lu: smackhash %u tries in its slot\n", bench, (unsigned long)n,
	       smackhash_label_tries(label));
	if (n == SMACK_SEED_LABELS)
		bench_label_slots(set, n);
	console_wait_idle();	/* no transmit interrupt in the next loop */
	LABEL_LOOP(smackhash_find_label(label));
	smack_known_limit(0);
	bench_record_arg(bench, "smackhash", n, BENCH_N);
	LABEL_LOOP(*blob);
	bench_record_arg(bench, "smackfix", n, BENCH_N);
}

/* Smack's label list: a label one third down the first N labels, its
 * tries counted apart, untimed, then found by each kernel.  Beside them
 * what the flat tables do instead: the task holds its row pointer, and
 * loads it. */
static void bench_label_one(uint32_t n, unsigned k)
{
	const char *label = smack_label_at(n / 3);
	const mac_fast_t *const volatile *row =
		(const mac_fast_t *const volatile *)&sched_current->mac.fast;

	label_tries[k] = smack_label_tries(label, n);
	printf("LABELSTAT board=%s arg=%lu tries=%lu\n", board_name(), (unsigned long)n,
	       (unsigned long)label_tries[k]);
	bench_label_kernels("label", "statn", n, label);
	LABEL_LOOP(*row);
	bench_record_arg("label", "flat", n, BENCH_N);
}

/* The same among seed 004's kind of labels, package names (label-app):
 * the known list those alone, the label one third down. */
static void bench_label_app(void)
{
	uint32_t n = smack_label_set(smack_app_labels, SMACK_APP_LABELS);
	const char *label = smack_label_at(n / 3);

	label_app_n = n;
	label_app_tries = smack_label_tries(label, n);
	bench_label_kernels("label-app", "app", n, label);
	smack_label_set(NULL, 0);
}

static void bench_label(uint32_t only)
{
	for (unsigned k = 0; k < BENCH_LABEL_SIZES; k++)
		if (!only || only == 100 * (k + 1))
			bench_label_one(100 * (k + 1), k);
	if (!only || only == SMACK_APP_LABELS)
		bench_label_app();
}

uint32_t bench_label_app_tries(uint32_t *n)
{
	*n = label_app_n;
	return label_app_tries;
}

uint32_t bench_label_tries(uint32_t n)
{
	return n >= 100 && n <= 100 * BENCH_LABEL_SIZES && n % 100 == 0 ? label_tries[n / 100 - 1] : 0;
}

/* Task to task: each side stamps and yields, and the other side, both
 * being ready, measures.  A stamp names its side: a side that finds its
 * own after its yield came back without a switch.  A tick may preempt
 * either side anywhere: between a stamp and its trap, after which one
 * sample comes back to its own stamp through the preempted side's late
 * yield, so a sample is judged only when no tick fell in it or in the
 * one before; or between a side's reading of the counter and of the
 * stamp, which the other side may have replaced meanwhile with a later
 * one, so that sample measures nothing and is dropped. */
enum { SWITCH_MAIN = 1, SWITCH_PARTNER = 2 };

static void switch_side(int me)
{
	while (me == SWITCH_MAIN ? switch_n < BENCH_N : !switch_over) {
		uint32_t ticks = sched_ticks, t1, stamp;
		int by, ticked;

		switch_by = me;
		switch_stamp = arch_counter_read();
		arch_syscall(SYS_YIELD, 0, 0, 0, 0);
		t1 = arch_counter_read();
		stamp = switch_stamp;
		by = switch_by;
		if (!switch_go || switch_n >= BENCH_N)
			continue;
		ticked = sched_ticks != ticks;
		if (ticked)
			switch_judged = 0;
		if (ticked && (int32_t)(t1 - stamp) < 0)
			continue;
		samples[switch_n++] = between(stamp, t1);
		if (ticked)
			continue;
		switch_self += switch_judged && by == me;
		switch_judged = 1;
	}
}

/* Yields from the start, so that it is ready when the switches begin,
 * and to the end of the boot's benchmarks, which may switch again. */
void bench_partner(void)
{
	switch_side(SWITCH_PARTNER);
	arch_syscall(SYS_EXIT, 0, 0, 0, 0);
}


const char *const bench_names[] = {
	"counter", "null", "read", "write", "read-cold", "write-cold", "stat", "walk", "statn",
	"statn-bounds", "label", "checks", NULL
};

static int bench_known(const char *name)
{
	for (int i = 0; bench_names[i]; i++)
		if (strcmp(bench_names[i], name) == 0)
			return 1;
	return 0;
}

/* Whether arg is one the boot measures the benchmark at. */
static int bench_arg_ok(const char *name, uint32_t arg)
{
	if (strcmp(name, "walk") == 0)
		return arg >= 1 && arg <= BENCH_WALK_DEPTH;
	if (strcmp(name, "label") == 0)
		return arg >= 100 && arg <= 100 * BENCH_LABEL_SIZES && arg % 100 == 0;
	if (strncmp(name, "statn", 5) == 0) {
		for (unsigned k = 0; k < BENCH_STATN_SIZES; k++)
			if (bench_statn_sizes[k] == arg && arg <= STATN_N)
				return 1;
		return 0;
	}
	return arg == 0;
}

static void bench_setup(void)
{
	if (!overhead)
		overhead = bench_counter_overhead();
	bench_domain = bench_domain_named("bench_t");
	bounded_domain = bench_domain_named("statn_bounded_t");
}

static void bench_every_strategy(const char *name, uint32_t arg)
{
	for (int i = 0; bench_strategy_names[i]; i++)
		if (strcmp(bench_strategy_names[i], "smack-worst") != 0 || strncmp(name, "statn", 5) != 0)
			bench_strategy(bench_strategy_names[i], name, arg);
}

/* One benchmark, every strategy it has, from the calling task (a
 * privileged one), which runs as bench_t meanwhile. */
int bench_run(const char *name, uint32_t arg, int has_arg)
{
	mac_col_t home = sched_current->domain;
	const syscall_fn *table = sched_current->syscalls;

	if (!name || !bench_known(name) || (has_arg && !bench_arg_ok(name, arg)))
		return -1;
	bench_setup();
	console_wait_idle();
	bench_as_domain(bench_domain);
	if (strcmp(name, "counter") == 0)
		bench_counter();
	else if (strcmp(name, "label") == 0)
		bench_label(has_arg ? arg : 0);
	else if (strcmp(name, "checks") == 0)
		bench_checks();
	else
		bench_every_strategy(name, has_arg ? arg : 0);
	bench_as_domain(home);
	sched_current->syscalls = table;
	return 0;
}

/* The tables of the pass; the profile and the summary come at the end
 * of the boot, after the application's run. */
static void bench_boot_tables(void)
{
	for (int i = 0; report_table_names[i]; i++)
		if (strcmp(report_table_names[i], "profile") != 0 &&
		    strcmp(report_table_names[i], "summary") != 0)
			report_print(report_table_names[i]);
	printf("\n");
}

/* A figure for the summary: a BENCH line's median, or its mean. */
static int bench_figure(const char *name, const char *strategy, uint32_t arg, int mean,
			int64_t *out)
{
	const struct bench_result *r = bench_find(name, strategy, arg);

	if (r)
		*out = mean ? (int64_t)r->s.mean100 : (int64_t)r->s.median;
	return r != NULL;
}

static void bench_switch(void)
{
	switch_n = switch_self = switch_judged = 0;
	switch_go = 1;
	switch_side(SWITCH_MAIN);
	switch_go = 0;
	bench_record("switch", "none", BENCH_N);
	printf("bench: switch: %d samples, %d of them a task yielding to itself\n", BENCH_N,
	       switch_self);
}

/* Seed 000's calls for every strategy: the short plan. */
static void bench_short(void)
{
	static const char *const calls[] = { "null", "read", "write", "read-cold", "write-cold",
					     NULL };

	for (const struct strategy *st = strategies; st->name; st++)
		for (int i = 0; calls[i]; i++)
			bench_strategy(st->name, calls[i], 0);
}

static void bench_all(const struct node *hostname)
{
	bench_smack_depths();
	for (const struct strategy *st = strategies; st->name; st++) {
		latency_start();
		bench_strategy(st->name, NULL, 0);
		latency_report("bench", st->name);
	}
	bench_strategy("smack-worst", NULL, 0);
	bench_syschecks();
	bench_checks();
	bench_label(0);
	if (bench_check_probe(sched_current, hostname))
		printf("bench: the bench domain may not read /etc/hostname\n");
	bench_switch();
}

/* Every figure once, in the counter's unit. */
static void bench_pass(const struct node *hostname)
{
	overhead = 0;
	bench_setup();
	bench_counter();
	calib_run();
	if (bench_plan == BENCH_PLAN_SHORT)
		bench_short();
	else
		bench_all(hostname);
	bench_boot_tables();
	summary_take(bench_figure);
}

/* Under a timing model every figure twice: in insns as always, then in
 * the model's est-cycles, the model timing that pass alone (its caches
 * warm from the pass's own first iterations); the rest of the boot in
 * insns again. */
void bench_main(void)
{
	uint16_t etc = obj_lookup(NODE_ROOT, "etc", 3);
	const struct node *hostname = obj_node(obj_lookup(etc, "hostname", 8));

	console_wait_idle();	/* the boot's lines out before the first loop */
	bench_pass(hostname);
	if (arch_counter_use_model(1)) {
		printf("bench: a timing model runs: every figure again, in est-cycles\n");
		bench_model_time(1);
		bench_pass(hostname);
		bench_model_time(0);
		arch_counter_use_model(0);
	}
	switch_over = 1;
	latency_start();	/* the application's, until every task has exited */
	arch_syscall(SYS_EXIT, 0, 0, 0, 0);
}
