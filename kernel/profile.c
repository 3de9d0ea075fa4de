/*
 * The profiling strategy: the flat handlers compiled once more with each
 * check timed where it is made (profile_sites.h), and a table of
 * wrappers that time each whole call.  The tasks an image puts on it
 * (image_task_syscalls: the firmware's application) pay for the
 * profiling; the flat table and the benchmarks do not.
 *
 * What a call costs is its handler's time, from the dispatch's call to
 * its return; the trap's entry and exit around it are the same for
 * every call (the null call's figure) and are not in it.  Every figure
 * has the counter's own reading taken off, and the system calls' time
 * the profiler's own instructions: each note's span, measured up to its
 * last reading, and the few instructions around that no reading can
 * bracket, measured once on an empty check (profile_calibrate).
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "syscalls.h"
#include "profile_sites.h"

#define PROFILE_SITES 48
#define PROFILE_NAME_MAX 64

/* A site: the function that checks, the class and permissions it asks
 * for; raw is the checks' time with the counter's reading in it; slow
 * and denied count its checks that took the audit path, and were denied
 * there. */
struct profile_site {
	const char *fn;
	mac_vec_t perms;
	uint8_t tclass;
	uint32_t checks, raw;
	uint32_t slow, denied;
};

/* A system call: its handler's time (raw) and, inside it, the checks'
 * (check_raw) and the notes' spans, each up to the note's last reading. */
struct profile_call {
	uint32_t calls, raw;
	uint32_t checks, check_raw, span;
};

static struct profile_site sites[PROFILE_SITES];
static unsigned nsites, sites_lost;
static struct profile_call calls[SYS_COUNT];
static struct profile_call *call_now;

static struct profile_site *profile_site_of(const char *fn, unsigned int tclass, mac_vec_t perms)
{
	for (unsigned i = 0; i < nsites; i++)
		if (sites[i].fn == fn && sites[i].tclass == tclass && sites[i].perms == perms)
			return &sites[i];
	if (nsites == PROFILE_SITES)
		return NULL;
	sites[nsites] = (struct profile_site){ fn, perms, (uint8_t)tclass, 0, 0, 0, 0 };
	return &sites[nsites++];
}

int profile_site_check(unsigned i, unsigned int *tclass, mac_vec_t *perms)
{
	if (i >= nsites)
		return 0;
	*tclass = sites[i].tclass;
	*perms = sites[i].perms;
	return 1;
}

void profile_note(const char *fn, unsigned int tclass, mac_vec_t perms, uint32_t t0, uint32_t t1,
		  const struct profile_path *before)
{
	struct profile_site *s = profile_site_of(fn, tclass, perms);
	uint32_t raw = arch_counter_to_units(t1 - t0);
	struct profile_path now = profile_path_now();

	if (s) {
		s->checks++;
		s->raw += raw;
		s->slow += now.slow != before->slow;
		s->denied += now.denied != before->denied;
	} else {
		sites_lost++;
	}
	call_now->checks++;
	call_now->check_raw += raw;
	call_now->span += arch_counter_to_units(arch_counter_read() - t0);
}

/* A handle's class is its object's; an O_APPEND handle's write is an
 * append (handle_real_perms), which the site is named for. */
void profile_note_handle(const char *fn, const struct handle *h, mac_vec_t perms, uint32_t t0,
			 uint32_t t1, const struct profile_path *before)
{
	unsigned int tclass = h->kind == H_CHAN ? MAC_CLASS_CHANNEL : obj_node(h->obj)->tclass;

	profile_note(fn, tclass, handle_real_perms(h, perms), t0, t1, before);
}

/* The wrappers: the call's number is known here, not in the handler.
 * call_now is set before the first reading, outside the time taken. */
static void profile_call_done(uint32_t t0, uint32_t t1)
{
	call_now->calls++;
	call_now->raw += arch_counter_to_units(t1 - t0);
}

#define PROFILE_WRAP(nr, fn, obj, chk)						\
	static intptr_t fn##_timed(SYSCALL_ARGS)				\
	{									\
		call_now = &calls[nr];						\
		__asm__ volatile("" : : : "memory");				\
		uint32_t t0 = arch_counter_read();				\
		intptr_t r = fn##_profile(a0, a1, a2, a3);			\
		uint32_t t1 = arch_counter_read();				\
		profile_call_done(t0, t1);					\
		return r;							\
	}
SYSCALLS(PROFILE_WRAP)

#define PROFILE_ENTRY(nr, fn, obj, chk) [nr] = fn##_timed,
const syscall_fn syscall_table_profile[SYSCALL_TABLE_SIZE] = {
	SYSCALLS(PROFILE_ENTRY) SYSCALL_PADDING
};

/* What a note costs outside its span: the first reading's instructions
 * before it samples, and the last's after, with the return.  An empty
 * check between two outer readings, less the span its note measured. */
static __attribute__((noinline)) uint32_t profile_calibrate(uint32_t overhead)
{
	struct profile_call scratch = { 0 }, *saved = call_now;
	unsigned saved_nsites = nsites, saved_lost = sites_lost;

	call_now = &scratch;
	__asm__ volatile("" : : : "memory");
	uint32_t w0 = arch_counter_read();
	int r = PROFILE_TIMED(0, profile_note(__func__, 0, 0, profile_t0_, profile_t1_,
					      &profile_path_));
	uint32_t w1 = arch_counter_read();
	__asm__ volatile("" : : "r"(r) : "memory");
	call_now = saved;
	nsites = saved_nsites;	/* the empty check is no site */
	sites_lost = saved_lost;
	uint32_t outer = arch_counter_to_units(w1 - w0);
	return outer > overhead + scratch.span ? outer - overhead - scratch.span : 0;
}

/* "fs_walk:dir:search": the function without the strategy's suffix, the
 * class, the permissions joined by '+'. */
static void profile_site_name(const struct profile_site *s, char *out, size_t size)
{
	const char *const *perm = mac_perm_name[s->tclass];
	size_t fn_len = strlen(s->fn), suffix = strlen("_profile");
	int len;

	if (fn_len > suffix && strcmp(s->fn + fn_len - suffix, "_profile") == 0)
		fn_len -= suffix;
	len = snprintf(out, size, "%.*s:%s", (int)fn_len, s->fn, mac_class_name[s->tclass]);
	for (unsigned bit = 0, sep = ':'; bit < 32 && len < (int)size; bit++) {
		if (!(s->perms >> bit & 1) || !perm[bit])
			continue;
		len += snprintf(out + len, size - (size_t)len, "%c%s", (int)sep, perm[bit]);
		sep = '+';
	}
}

/* The figures with the counter's and the profiler's own costs taken off. */
struct profile_costs {
	uint32_t overhead, note;	/* a reading; a note's instructions outside its span */
};

static uint32_t site_cost(const struct profile_site *s, const struct profile_costs *k)
{
	return s->raw - s->checks * k->overhead;
}

static uint32_t call_cost(const struct profile_call *c, const struct profile_costs *k)
{
	uint32_t checks = c->check_raw - c->checks * k->overhead;
	uint32_t own = c->span + c->checks * k->note - checks;

	return c->raw - c->calls * k->overhead - own;
}

static void profile_costs_of(struct profile_costs *k)
{
	k->overhead = bench_counter_overhead();
	profile_calibrate(k->overhead);
	k->note = profile_calibrate(k->overhead);	/* the second, warm, on a board */
}

static void totals_with(const struct profile_costs *k, struct profile_totals *out)
{
	*out = (struct profile_totals){ 0, 0, 0, 0 };
	for (unsigned i = 0; i < SYS_COUNT; i++) {
		out->calls += calls[i].calls;
		out->syscall_cost += call_cost(&calls[i], k);
	}
	for (unsigned i = 0; i < nsites; i++) {
		out->checks += sites[i].checks;
		out->check_cost += site_cost(&sites[i], k);
	}
}

void profile_totals(struct profile_totals *out)
{
	struct profile_costs k;

	profile_costs_of(&k);
	totals_with(&k, out);
}

/* A share in hundredths of a percent, rounded. */
static uint32_t share_of(uint32_t part, uint32_t whole)
{
	return whole ? (uint32_t)(((uint64_t)part * 10000 + whole / 2) / whole) : 0;
}

/* The sites in order of cost, the dearest first, as perf report lists. */
static void profile_order(uint8_t *order, const struct profile_costs *k)
{
	for (unsigned i = 0; i < nsites; i++) {
		unsigned j = i;
		for (; j > 0 && site_cost(&sites[order[j - 1]], k) < site_cost(&sites[i], k); j--)
			order[j] = order[j - 1];
		order[j] = (uint8_t)i;
	}
}

/* A site whose checks took the audit path: one denied at least, or
 * granted and audited; its cost is mostly the audit line's. */
static const char *site_mark(const struct profile_site *s)
{
	return s->denied ? " (denied)" : s->slow ? " (audited)" : "";
}

static void profile_site_lines(const struct profile_costs *k, uint32_t whole)
{
	uint8_t order[PROFILE_SITES];
	char name[PROFILE_NAME_MAX], row[PROFILE_NAME_MAX + 12];

	profile_order(order, k);
	for (unsigned i = 0; i < nsites; i++) {
		const struct profile_site *s = &sites[order[i]];
		uint32_t cost = site_cost(s, k), share = share_of(cost, whole);
		profile_site_name(s, name, sizeof(name));
		snprintf(row, sizeof(row), "%s%s", name, site_mark(s));
		printf("%-40s %7lu %9lu %4lu.%02lu %%\n", row, (unsigned long)s->checks,
		       (unsigned long)cost, (unsigned long)(share / 100), (unsigned long)(share % 100));
		printf("PROFILE board=%s site=%s checks=%lu cost=%lu unit=%s share=%lu.%02lu "
		       "path=%s\n", board_name(), name, (unsigned long)s->checks, (unsigned long)cost,
		       arch_counter_unit(), (unsigned long)(share / 100), (unsigned long)(share % 100),
		       s->slow ? "slow" : "fast");
	}
}

/* Each system call the tasks made: how often, its time, its checks'. */
static void profile_call_lines(const struct profile_costs *k)
{
	printf("\n%-40s %7s %9s %9s %7s\n", "system call", "calls", "time", "checks", "cost");
	for (unsigned i = 0; i < SYS_COUNT; i++) {
		const struct profile_call *c = &calls[i];
		if (!c->calls)
			continue;
		printf("%-40s %7lu %9lu %9lu %7lu\n", syscall_names[i],
		       (unsigned long)c->calls, (unsigned long)call_cost(c, k),
		       (unsigned long)c->checks, (unsigned long)(c->check_raw - c->checks * k->overhead));
	}
}

void profile_print(void)
{
	struct profile_costs k;
	struct profile_totals t;

	profile_costs_of(&k);
	totals_with(&k, &t);
	uint32_t share = share_of(t.check_cost, t.syscall_cost);
	printf("\n-- table profile: check sites of the tasks on the profiling table, "
	       "their share of their system calls' time (%s) --\n", arch_counter_unit());
	printf("%-40s %7s %9s %9s\n", "site", "checks", "cost", "share");
	profile_site_lines(&k, t.syscall_cost);
	printf("%-40s %7lu %9lu %4lu.%02lu %% of %lu %s in %lu calls\n", "total",
	       (unsigned long)t.checks, (unsigned long)t.check_cost, (unsigned long)(share / 100),
	       (unsigned long)(share % 100), (unsigned long)t.syscall_cost, arch_counter_unit(),
	       (unsigned long)t.calls);
	printf("PROFILE board=%s site=total checks=%lu cost=%lu syscall_cost=%lu unit=%s "
	       "share=%lu.%02lu\n", board_name(), (unsigned long)t.checks,
	       (unsigned long)t.check_cost, (unsigned long)t.syscall_cost, arch_counter_unit(),
	       (unsigned long)(share / 100), (unsigned long)(share % 100));
	if (sites_lost)
		printf("profile: %u checks at sites past the table's %u\n", sites_lost, PROFILE_SITES);
	profile_call_lines(&k);
	printf("(a site marked audited or denied: its checks took the monitor's audit path, "
	       "path=slow;\n a call's time is its handler's: the trap's entry and exit, the null "
	       "call's figure, come on top;\n the profiler's own instructions are taken off)\n\n");
}
