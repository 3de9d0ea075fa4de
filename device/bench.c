/*
 * What mandatory access control costs on a user's own device: once its
 * tasks have exited, their profile (each check site's count and cost,
 * kernel/profile.c), then the core calls for every strategy built from
 * the device's policy, each on an object of the device that one of its
 * domains may use, then one check of each class:permission its tasks
 * asked for.  The objects and domains are found in the tables, never by
 * trying (a denial would time the audit path).
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "syscalls.h"
#include "arch_syscall.h"
#include "mac_policy.h"
#include "models.h"
#include "latency.h"
#include "console.h"
#include "profile.h"
#include "report.h"
#include "shell.h"
#include "summary.h"
#include "device.h"
#include "bench_sites.h"

#define DEVICE_BENCH_N 201
#define DEVICE_ROWS 400	/* both passes of a device with many permissions */
/* What the benchmarks hand the kernel must pass its user-pointer checks. */
#define USER_DATA __attribute__((section(".user.kdata")))

struct device_row {
	const char *strategy;
	char name[40];
	uint32_t arg, median;
};

static uint32_t samples[DEVICE_BENCH_N];
static uint32_t overhead;
static struct device_row rows[DEVICE_ROWS];
static unsigned nrows;
static char path_buf[4][PATH_MAX_LEN] USER_DATA;
static struct k_stat st USER_DATA;

/* A (domain, node) pair a benchmark runs on: node NODE_NONE if none. */
struct device_target {
	const char *what;
	mac_col_t domain;
	uint16_t node;
	unsigned depth;
	char *path;
};

enum { T_READ, T_WRITE, T_STAT, T_WALK, T_COUNT };
static struct device_target targets[T_COUNT] = {
	{ "read", 0, NODE_NONE, 0, path_buf[T_READ] },
	{ "write", 0, NODE_NONE, 0, path_buf[T_WRITE] },
	{ "stat", 0, NODE_NONE, 0, path_buf[T_STAT] },
	{ "walk", 0, NODE_NONE, 0, path_buf[T_WALK] },
};

#ifndef MAC_SEL07_ABSENT_WHY
#define MAC_SEL07_ABSENT_WHY ""
#endif

static int strategy_built(const char *s)
{
	return MAC_SEL07_MODEL || strncmp(s, "selinux07", 9) != 0;
}

/* ---- the objects */

static int vector_has(mac_col_t d, const struct node *n, mac_vec_t perms)
{
	return (mac_fast_vector(&mac_subjects[d], n->ccol) & perms) == perms;
}

/* d may reach node id (search on every directory above it) and ask
 * perms of it, unaudited; its depth in *depth. */
static int device_may(mac_col_t d, uint16_t id, mac_vec_t perms, unsigned *depth)
{
	if (!vector_has(d, obj_node(id), perms))
		return 0;
	for (*depth = 0; id != NODE_ROOT; (*depth)++) {
		id = obj_node(id)->parent;
		if (!vector_has(d, obj_node(id), MAC_PERM_DIR__SEARCH))
			return 0;
	}
	return 1;
}

/* Node id's path, written where the kernel takes a task's strings. */
static void device_path(uint16_t id, char *out)
{
	uint16_t chain[PATH_MAX_LEN / 2];
	unsigned n = 0;

	for (; id != NODE_ROOT && n < PATH_MAX_LEN / 2; id = obj_node(id)->parent)
		chain[n++] = id;
	strcpy(out, n ? "" : "/");
	while (n--) {
		strcat(out, "/");
		strcat(out, obj_node(chain[n])->name);
	}
}

/* Whether node n, at depth, suits target k better than what k holds. */
static int target_better(int k, const struct node *n, unsigned depth)
{
	const struct device_target *t = &targets[k];
	int have = t->node != NODE_NONE;

	switch (k) {
	case T_READ:	/* /dev/zero, else a file with data */
		if (n->kind == NODE_DEV)
			return n->dev == DEV_ZERO && (!have || obj_node(t->node)->kind != NODE_DEV);
		return !have && n->kind == NODE_FILE && n->size > 0;
	case T_WRITE:	/* /dev/null only: a write elsewhere would keep data */
		return !have && n->kind == NODE_DEV && n->dev == DEV_NULL;
	case T_STAT:	/* the first file */
		return !have && n->kind == NODE_FILE;
	default:	/* the deepest path */
		return n->kind != NODE_DEV && (!have || depth > t->depth);
	}
}

/* What target k's call asks of its node, on the file class's bits,
 * which every node class shares (kernel/sys_fs.c). */
static mac_vec_t target_perms(int k)
{
	if (k == T_READ)
		return MAC_PERM_FILE__OPEN | MAC_PERM_FILE__READ;
	return k == T_WRITE ? MAC_PERM_FILE__OPEN | MAC_PERM_FILE__WRITE : MAC_PERM_FILE__GETATTR;
}

static void targets_find_for(mac_col_t d)
{
	for (uint16_t id = 0; id < NODE_MAX; id++) {
		const struct node *n = obj_node(id);
		unsigned depth;

		if (n->kind == NODE_FREE)
			continue;
		for (int k = 0; k < T_COUNT; k++)
			if (device_may(d, id, target_perms(k), &depth) &&
			    target_better(k, n, depth))
				targets[k] = (struct device_target){ targets[k].what, d, id, depth,
								     targets[k].path };
	}
}

/* Each benchmark's object, in the first domain that may use one (the
 * manifest's tasks' and those their programs enter). */
static void targets_find(void)
{
	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		targets_find_for(d);
	for (int k = 0; k < T_COUNT; k++) {
		struct device_target *t = &targets[k];

		if (t->node == NODE_NONE) {
			printf("bench: %s: not measured: no domain of this device may %s\n", t->what,
			       k == T_WRITE ? "write /dev/null" : "reach such an object");
			continue;
		}
		device_path(t->node, t->path);
		printf("bench: %s as %s on %s\n", t->what, mac_type_name[t->domain], t->path);
	}
}

/* ---- the figures */

static uint32_t since(uint32_t t0)
{
	uint32_t d = arch_counter_to_units(arch_counter_read() - t0);

	bench_causes_note();
	return d > overhead ? d - overhead : 0;
}

static void device_record(const char *name, const char *strategy, uint32_t arg)
{
	struct bench_stats s;

	bench_stats_of(samples, DEVICE_BENCH_N, &s);
	bench_report(name, strategy, arg, &s);
	bench_causes_report(name, strategy, arg);
	if (nrows < DEVICE_ROWS) {
		struct device_row *r = &rows[nrows++];
		r->strategy = strategy;
		strncpy(r->name, name, sizeof(r->name) - 1);
		r->arg = arg;
		r->median = s.median;
	}
	console_wait_idle();	/* no transmit interrupt in the next loop */
}

static void device_call(const char *name, const char *strategy, uint32_t arg, uint32_t nr,
			uintptr_t a0, uintptr_t a1, uintptr_t a2)
{
	for (int i = 0; i < DEVICE_BENCH_N; i++) {
		uint32_t t0 = arch_counter_read();
		arch_syscall(nr, a0, a1, a2, 0);
		samples[i] = since(t0);
	}
	device_record(name, strategy, arg);
}

/* read or write of one byte through a handle opened in the target's domain */
static void device_rw(int k, const char *strategy, uint32_t nr, int flags)
{
	const struct device_target *t = &targets[k];
	char b[4];
	int h;

	if (t->node == NODE_NONE)
		return;
	bench_as_domain(t->domain);
	h = (int)arch_syscall(SYS_OPEN, (uintptr_t)t->path, (uintptr_t)flags, 0, 0);
	if (h < 0) {
		printf("bench: %s: cannot open %s: error %d\n", t->what, t->path, -h);
		return;
	}
	device_call(t->what, strategy, 0, nr, (uintptr_t)h, (uintptr_t)b, 1);
	arch_syscall(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
}

static void device_stat(int k, const char *strategy)
{
	const struct device_target *t = &targets[k];

	if (t->node == NODE_NONE)
		return;
	bench_as_domain(t->domain);
	device_call(t->what, strategy, k == T_WALK ? t->depth : 0, SYS_STAT, (uintptr_t)t->path,
		    (uintptr_t)&st, 0);
}

static int is(const char *which, const char *name)
{
	return !which || strcmp(which, name) == 0;
}

/* The calls (which: one of them, NULL: all) through one strategy's table. */
static void device_calls(const struct strategy *s, const char *which)
{
	sched_current->syscalls = s->table;
	if (is(which, "null"))
		device_call("null", s->name, 0, SYS_NULL, 0, 0, 0);
	if (is(which, "read"))
		device_rw(T_READ, s->name, SYS_READ, O_READ);
	if (is(which, "write"))
		device_rw(T_WRITE, s->name, SYS_WRITE, O_WRITE);
	if (is(which, "stat"))
		device_stat(T_STAT, s->name);
	if (is(which, "walk"))
		device_stat(T_WALK, s->name);
	sched_current->syscalls = syscall_table_flat;
}

/* ---- one check of each class:permission the tasks asked for */

#define DEVICE_CHECK_LOOP(name, strategy, expr) do {			\
	for (int i = 0; i < DEVICE_BENCH_N; i++) {			\
		uint32_t t0 = arch_counter_read();			\
		int r = (expr);						\
		__asm__ volatile("" : : "r"(r) : "memory");		\
		samples[i] = since(t0);					\
	}								\
	device_record(name, strategy, 0);				\
} while (0)

/* The flat tables' figure: the check as its kernel site makes it
 * (kernel/bench_sites.h). */
BENCH_SITE_TIMER(device_site_time, DEVICE_BENCH_N)

static void device_check(const char *name, mac_col_t d, unsigned c, mac_col_t tcol, mac_vec_t p,
			 enum bench_site site)
{
	static struct node probe;
	static struct handle probe_h;
	const struct node *n = &probe;
	struct task *t = sched_current;
	int refused;

	probe.label = tcol;
	probe.tclass = (uint8_t)c;
	probe.ccol = mac_ccol(c, tcol);
	__asm__("" : "+r"(n));	/* a node the compiler knows nothing of */
	bench_as_domain(d);
	/* the handle an open would have made: the vector the tables give */
	probe_h = (struct handle){ H_NODE, O_READ | O_WRITE, 0, 0,
				   mac_fast_vector(&t->mac, probe.ccol) };
	refused = device_site_time(site, &probe_h, n, c, p);
	if (refused)
		printf("bench: %s: not measured at its %s site (%d)\n", name,
		       bench_site_name(site), refused);
	else
		device_record(name, "flat", 0);
	if (MAC_SEL07_MODEL) {
		DEVICE_CHECK_LOOP(name, "selinux07", sel07_inode_perm(d, tcol, c, p, &t->audit));
		DEVICE_CHECK_LOOP(name, "selinux07tuned",
				  sel07tuned_inode_perm(d, tcol, c, p, &t->audit));
	}
	DEVICE_CHECK_LOOP(name, "smack", smack_inode_perm(d, tcol, c, p, &t->audit));
	DEVICE_CHECK_LOOP(name, "smackhash", smackhash_inode_perm(d, tcol, c, p, &t->audit));
	DEVICE_CHECK_LOOP(name, "smackfix", smackfix_inode_perm(d, tcol, c, p, &t->audit));
}

static void device_check_one(unsigned c, unsigned bit)
{
	char name[40];
	mac_col_t d, t;

	snprintf(name, sizeof(name), "check-%s-%s", mac_class_name[c], mac_perm_name[c][bit]);
	if (!bench_find_pair(0, c, (mac_vec_t)1 << bit, &d, &t)) {
		printf("bench: %s: not measured: no domain of this device is allowed it "
		       "unaudited\n", name);
		return;
	}
	enum bench_site site = bench_site_of(mac_class_name[c], mac_perm_name[c][bit]);

	printf("bench: %s as %s on %s, at a %s site\n", name, mac_type_name[d], mac_type_name[t],
	       bench_site_name(site));
	device_check(name, d, c, t, (mac_vec_t)1 << bit, site);
}

/* Every permission of every profiled site, once. */
static void device_checks(void)
{
	static mac_vec_t done[MAC_NCLASSES];
	unsigned c;
	mac_vec_t perms;

	memset(done, 0, sizeof(done));
	for (unsigned i = 0; profile_site_check(i, &c, &perms); i++)
		for (unsigned bit = 0; bit < 32; bit++)
			if ((perms >> bit & 1) && !(done[c] >> bit & 1)) {
				done[c] |= (mac_vec_t)1 << bit;
				device_check_one(c, bit);
			}
}

/* ---- the report */

/* the latest figure (the console's bench takes them again) */
static const struct device_row *row_find(const char *name, const char *strategy, unsigned from)
{
	for (unsigned i = nrows; i-- > from;)
		if (strcmp(rows[i].name, name) == 0 && strcmp(rows[i].strategy, strategy) == 0)
			return &rows[i];
	return NULL;
}

static int name_first(unsigned i, unsigned from)
{
	for (unsigned j = from; j < i; j++)
		if (strcmp(rows[j].name, rows[i].name) == 0 && rows[j].arg == rows[i].arg)
			return 0;
	return 1;
}

/* medians, one row per benchmark, one column per strategy built */
static void device_table(unsigned from)
{
	printf("\nwhat the checks cost on %s (%s, median per call, the counter's read of %lu taken "
	       "off):\n%-28s", DEVICE_NAME, arch_counter_unit(), (unsigned long)overhead,
	       "benchmark");
	for (const struct strategy *s = strategies; s->name; s++)
		if (strategy_built(s->name))
			printf(" %14s", s->name);
	printf("\n");
	for (unsigned i = from; i < nrows; i++) {
		if (!name_first(i, from) || strcmp(rows[i].name, "counter") == 0)
			continue;
		printf("%-28s", rows[i].name);
		for (const struct strategy *s = strategies; s->name; s++) {
			const struct device_row *r = row_find(rows[i].name, s->name, from);
			if (!strategy_built(s->name))
				continue;
			if (r)
				printf(" %14lu", (unsigned long)r->median);
			else
				printf(" %14s", "-");
		}
		printf("\n");
	}
	console_wait_idle();
}

static void device_counter(void)
{
	overhead = bench_counter_overhead();
	for (int i = 0; i < DEVICE_BENCH_N; i++) {
		uint32_t t0 = arch_counter_read();
		samples[i] = arch_counter_to_units(arch_counter_read() - t0);
		bench_causes_note();
	}
	device_record("counter", "none", 0);
}

/* One benchmark of bench_names (NULL: every one), every strategy built. */
static void device_run(const char *which)
{
	mac_col_t home = sched_current->domain;

	if (is(which, "counter"))	/* the overhead, in the counter's unit of now */
		device_counter();
	for (const struct strategy *s = strategies; s->name; s++)
		if (strategy_built(s->name))
			device_calls(s, which);
	if (is(which, "checks"))
		device_checks();
	bench_as_domain(home);
}

/* The summary's figures, of the pass that begins at row pass_from:
 * medians only (a device runs no statn). */
static unsigned pass_from;

static int device_figure(const char *name, const char *strategy, uint32_t arg, int mean,
			 int64_t *out)
{
	const struct device_row *r = mean ? NULL : row_find(name, strategy, pass_from);

	if (!r || r->arg != arg)
		return 0;
	*out = r->median;
	return 1;
}

static void device_pass(void)
{
	pass_from = nrows;
	device_run(NULL);
	device_table(pass_from);
	summary_take(device_figure);
}

/* ---- what the serial console asks again (report/report.h) */

const char *const report_table_names[] = { "device", "profile", "summary", NULL };
const char *const bench_names[] = { "counter", "null", "read", "write", "stat", "walk", "checks",
				    NULL };

int report_print(const char *table)
{
	if (table && strcmp(table, "device") != 0 && strcmp(table, "profile") != 0 &&
	    strcmp(table, "summary") != 0)
		return -1;
	if (is(table, "profile"))
		profile_print();
	if (is(table, "device"))
		device_table(0);
	if (is(table, "summary"))
		summary_print(NULL);	/* a device's own figures: no seed's */
	return 0;
}

int bench_run(const char *name, uint32_t arg, int has_arg)
{
	unsigned i;

	for (i = 0; bench_names[i] && strcmp(bench_names[i], name) != 0; i++)
		;
	if (!bench_names[i] || has_arg)
		return -1;
	(void)arg;
	console_wait_idle();
	device_run(name);
	return 0;
}

static void device_header(void)
{
	printf("TABLES board=%s device=%s bytes=%lu domains=%u types=%u classes=%u\n",
	       board_name(), DEVICE_NAME, (unsigned long)mac_table_bytes, (unsigned)MAC_NDOMAINS,
	       (unsigned)MAC_NTYPES, (unsigned)MAC_NCLASSES);
	if (!MAC_SEL07_MODEL)
		printf("bench: selinux07, selinux07tuned: not built for this policy: %s\n",
		       MAC_SEL07_ABSENT_WHY);
	printf("bench: smack: %u labels, as this device's policy has them\n", smack_known_count());
}

void device_report_main(uintptr_t unused)
{
	(void)unused;
	sched_set_last_waiter();
	arch_syscall(SYS_SLEEP, K_FOREVER, 0, 0, 0);
	latency_report("device", "profile");
	profile_print();
	bench_monitor_stats();
	device_header();
	targets_find();
	device_pass();
	if (arch_counter_use_model(1)) {
		printf("bench: a timing model runs: every figure again, in est-cycles\n");
		bench_model_time(1);
		device_pass();
		bench_model_time(0);
		arch_counter_use_model(0);
	}
	summary_print(NULL);	/* the report's last lines */
	printf("all tasks have exited\n");
	if (!shell_wanted())
		board_poweroff();
	shell_run(MAC_NO_LABEL);	/* the device's policy names no security server */
}
