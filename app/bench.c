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

#define BENCH_N 201
#define BENCH_MAX 192	/* rows of the table: every BENCH line fits */
#define STATN_ROUNDS 2	/* each of the N files is stat'ed this many times */
#ifndef STATN_N
#error "STATN_N: the number of statn files the Makefile generated"
#endif
#define WALK_DEPTH 8	/* /bench/d1/.../d7 */

struct bench_result {
	const char *name, *strategy;
	uint32_t arg;
	struct bench_stats s;
};

static uint32_t samples[STATN_ROUNDS * STATN_N];
static struct bench_result results[BENCH_MAX];
static int nresults;
static uint32_t overhead;
static volatile uint32_t switch_stamp;
static volatile int switch_go, switch_n, switch_by, switch_judged, switch_self;

static void bench_record_arg(const char *name, const char *strategy, uint32_t arg, uint32_t n)
{
	struct bench_result *r = &results[nresults];

	if (nresults == BENCH_MAX - 1)
		printf("bench: the table is full, later figures are in the BENCH lines only\n");
	else
		nresults++;
	r->name = name;
	r->strategy = strategy;
	r->arg = arg;
	bench_stats_of(samples, n, &r->s);
	bench_report(name, strategy, arg, &r->s);
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

/* One check on its own: the inlined fast path, nothing around it. */
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

static void bench_check(const char *name, unsigned int tclass, const struct node *n,
			mac_vec_t perm)
{
	struct task *t = sched_current;
	mac_col_t d = t->domain, label = n->label;

	CHECK_LOOP(name, "flat", mac_check_obj(&t->mac, tclass, n->ccol, label, perm, &t->audit));
	CHECK_LOOP(name, "selinux07", sel07_inode_perm(d, label, tclass, perm, &t->audit));
	CHECK_LOOP(name, "selinux07tuned", sel07tuned_inode_perm(d, label, tclass, perm, &t->audit));
	CHECK_LOOP(name, "smack", smack_inode_perm(d, label, tclass, perm, &t->audit));
}

/* What the benchmarks hand the kernel must pass its user-pointer checks. */
#define USER_DATA __attribute__((section(".user.kdata")))
static struct k_stat st USER_DATA;
static char path_zero[] USER_DATA = "/dev/zero";
static char path_null[] USER_DATA = "/dev/null";
static char path_hostname[] USER_DATA = "/etc/hostname";
static char path_walk[] USER_DATA = "/bench/d1/d2/d3/d4/d5/d6/d7";

/* stat of a path of depth 1..8: each directory passed needs search */
static void bench_walk(const char *strategy)
{
	static char path[sizeof(path_walk)] USER_DATA;
	size_t len = 0;

	for (uint32_t depth = 1; depth <= WALK_DEPTH; depth++) {
		while (path_walk[len] && (len == 0 || path_walk[len] != '/'))
			len++;
		memcpy(path, path_walk, len);
		path[len] = 0;
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
	static char path[] USER_DATA = "/statn/f0000";
	for (int d = 11; d >= 8; d--, i /= 10)
		path[d] = (char)('0' + i % 10);
	return path;
}

/* stat over N files of N distinct labels, in turn: the working set of
 * (domain, type) pairs grows with N, past the 512 entries of the AVC. */
static void bench_statn(const char *strategy)
{
	static const uint32_t sizes[] = { 100, 200, 300, 400, 500, 600, 700, 800, 1000 };

	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint32_t n = sizes[k], total = STATN_ROUNDS * n;
		if (n > STATN_N)
			break;
		for (uint32_t i = 0; i < n; i++)	/* a first round fills the caches */
			arch_syscall(SYS_STAT, (uintptr_t)statn_path(i), (uintptr_t)&st, 0, 0);
		for (uint32_t i = 0; i < total; i++) {
			char *path = statn_path(i % n);
			uint32_t t0 = arch_counter_read();
			arch_syscall(SYS_STAT, (uintptr_t)path, (uintptr_t)&st, 0, 0);
			samples[i] = since(t0);
		}
		bench_record_arg("statn", strategy, n, total);
	}
}

/* The buffers on the task's stack, where a task's buffers usually are
 * (the kernel finds the stack first among a task's regions). */
static void bench_strategy(const char *strategy, const struct syscall_entry *table)
{
	char b[4];
	struct k_stat s;
	int zero = bench_open(path_zero, O_READ);
	int null = bench_open(path_null, O_WRITE);

	latency_start();
	sched_current->syscalls = table;
	bench_syscall("null", strategy, SYS_NULL, 0, 0, 0);
	bench_syscall("read", strategy, SYS_READ, (uintptr_t)zero, (uintptr_t)b, 1);
	bench_syscall("write", strategy, SYS_WRITE, (uintptr_t)null, (uintptr_t)b, 1);
	bench_syscall("stat", strategy, SYS_STAT, (uintptr_t)path_hostname, (uintptr_t)&s, 0);
	bench_walk(strategy);
	bench_statn(strategy);
	latency_report("bench", strategy);
	console_wait_idle();
	sched_current->syscalls = syscall_table_flat;
	arch_syscall(SYS_CLOSE, (uintptr_t)zero, 0, 0, 0);
	arch_syscall(SYS_CLOSE, (uintptr_t)null, 0, 0, 0);
}

/* Smack's label list: a search through N labels with strcmp (a label
 * that is not there, so exactly N comparisons), as smk_find_entry does. */
static void bench_label(void)
{
	static const uint32_t sizes[] = { 100, 200, 400, 600, 800, 1000 };

	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		for (int i = 0; i < BENCH_N; i++) {
			uint32_t t0 = arch_counter_read();
			const void *found = smack_find_label("unknown_t", sizes[k]);
			__asm__ volatile("" : : "r"(found) : "memory");
			samples[i] = since(t0);
		}
		bench_record_arg("label", "smack", sizes[k], BENCH_N);
	}
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
	while (switch_n < BENCH_N) {
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

/* Yields from the start, so that it is ready when the switches begin. */
void bench_partner(void)
{
	switch_side(SWITCH_PARTNER);
	arch_syscall(SYS_EXIT, 0, 0, 0, 0);
}

static void bench_table(void)
{
	printf("\n%-16s %4s %-8s %8s %8s %11s %8s  (%s)\n", "benchmark", "arg", "strategy", "min",
	       "median", "mean", "max", arch_counter_unit());
	for (int i = 0; i < nresults; i++) {
		const struct bench_stats *s = &results[i].s;
		printf("%-16s %4lu %-8s %8lu %8lu %8lu.%02lu %8lu\n", results[i].name,
		       (unsigned long)results[i].arg, results[i].strategy, (unsigned long)s->min,
		       (unsigned long)s->median, (unsigned long)(s->mean100 / 100),
		       (unsigned long)(s->mean100 % 100), (unsigned long)s->max);
	}
	printf("\n");
}

const char *const report_table_names[] = { "bench", NULL };
const char *const bench_names[] = { NULL };

int report_print(const char *table)
{
	if (table && strcmp(table, "bench") != 0)
		return -1;
	bench_table();
	return 0;
}

int bench_run(const char *name, uint32_t arg, int has_arg)
{
	(void)name, (void)arg, (void)has_arg;
	return -1;
}

void bench_main(void)
{
	uint16_t etc = obj_lookup(NODE_ROOT, "etc", 3);
	const struct node *etc_node = obj_node(etc);
	const struct node *hostname = obj_node(obj_lookup(etc, "hostname", 8));

	console_wait_idle();	/* the boot's lines out before the first loop */
	overhead = bench_counter_overhead();
	bench_counter();
	for (const struct strategy *st = strategies; st->name; st++)
		bench_strategy(st->name, st->table);
	bench_check("check-file-read", MAC_CLASS_FILE, hostname, MAC_PERM_FILE__READ);
	bench_check("check-dir-search", MAC_CLASS_DIR, etc_node, MAC_PERM_DIR__SEARCH);
	bench_label();
	if (bench_check_probe(sched_current, hostname))
		printf("bench: the bench domain may not read /etc/hostname\n");
	switch_go = 1;
	switch_side(SWITCH_MAIN);
	bench_record("switch", "none", BENCH_N);
	printf("bench: switch: %d samples, %d of them a task yielding to itself\n", BENCH_N,
	       switch_self);
	bench_table();
	latency_start();	/* the application's, until every task has exited */
	arch_syscall(SYS_EXIT, 0, 0, 0, 0);
}
