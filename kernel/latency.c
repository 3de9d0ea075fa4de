/*
 * Interrupt latency: how long each tick waited for the kernel.  The
 * kernel runs every system call with interrupts masked, so a tick that
 * expires during one is taken only when it ends: the latency is the rest
 * of the longest path the kernel was on.  The board reads it from the
 * tick's own timer in its handler (board_irq -> kernel_tick_latency),
 * which a CPU model that defers the tick runs from the kernel's exit
 * (board_tick.h).
 *
 * Samples go into a histogram, so that recording one costs a few
 * instructions in the handler and the median needs no sort: one bin per
 * value below LAT_EXACT (exact medians there), 64 bins per power of two
 * above (the median to within 1/64, as the bin's lower edge; min and max
 * stay exact).  Two histograms: the handler fills one while a task reads
 * and clears the other, and the switch is one store, which the handler
 * cannot interrupt.
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "latency.h"

#define LAT_EXACT_BITS	12
#define LAT_EXACT	(1u << LAT_EXACT_BITS)
#define LAT_SUB_BITS	6
#define LAT_SUB		(1u << LAT_SUB_BITS)
#define LAT_BINS	(LAT_EXACT + (32 - LAT_EXACT_BITS) * LAT_SUB)

struct lat_set {
	uint32_t n, min, max;
	uint32_t bin[LAT_BINS];
};

static struct lat_set sets[2] = { { .min = UINT32_MAX }, { .min = UINT32_MAX } };
static struct lat_set *volatile lat_cur = &sets[0];

/* No count-leading-zeros: the SH-4 would call a libgcc helper for it. */
static unsigned lat_bin(uint32_t v)
{
	unsigned k = LAT_EXACT_BITS;

	if (v < LAT_EXACT)
		return v;
	while (k < 31 && v >> (k + 1))
		k++;
	return LAT_EXACT + (k - LAT_EXACT_BITS) * LAT_SUB +
	       ((v >> (k - LAT_SUB_BITS)) & (LAT_SUB - 1));
}

static uint32_t lat_bin_low(unsigned b)
{
	if (b < LAT_EXACT)
		return b;
	b -= LAT_EXACT;
	return (LAT_SUB + b % LAT_SUB) << (b / LAT_SUB + LAT_EXACT_BITS - LAT_SUB_BITS);
}

static void lat_add(struct lat_set *s, uint32_t late)
{
	s->n++;
	if (late < s->min)
		s->min = late;
	if (late > s->max)
		s->max = late;
	s->bin[lat_bin(late)]++;
}

/* One domain's samples apart, over the whole run: those of its tasks'
 * own system calls and faults, and of ticks taken while they ran. */
static struct lat_set focus_set = { .min = UINT32_MAX };
static mac_col_t lat_focus = QUOTA_KERNEL;

/* The kernel runs on the kernel stack of the task that entered it: a
 * sample belongs to the current task only while that is its own, not
 * once the kernel has switched to another on the way out. */
static int lat_entered_by(const struct task *t)
{
	char here;

	return (uintptr_t)&here - (uintptr_t)t->kstack < TASK_KSTACK;
}

/* Per call: the worst only, a few instructions more in the handler. */
static struct { uint32_t n, max; } call_sets[LAT_END];
static int lat_call = -1, lat_call_pid;

static void lat_call_add(const struct task *t, uint32_t late)
{
	if (t->pid != lat_call_pid && t->parent != lat_call_pid)
		return;
	call_sets[lat_call].n++;
	if (late > call_sets[lat_call].max)
		call_sets[lat_call].max = late;
}

static void lat_record(uint32_t late)
{
	lat_add(lat_cur, late);
	if (sched_current && sched_current->domain == lat_focus && lat_entered_by(sched_current))
		lat_add(&focus_set, late);
	if (unlikely(lat_call >= 0) && sched_current)
		lat_call_add(sched_current, late);
}

/* The first task to name a call owns the sets: its children's samples
 * count, no other task's. */
void latency_call(int call)
{
	if (!lat_call_pid)
		lat_call_pid = sched_current->pid;
	if (sched_current->pid == lat_call_pid || sched_current->parent == lat_call_pid)
		lat_call = call < LAT_END ? call : -1;
}

void latency_call_take(int call, uint32_t *n, uint32_t *max)
{
	*n = call_sets[call].n;
	*max = call_sets[call].max;
}

void kernel_probe_latency(uint32_t late)
{
	lat_record(late);
}

void kernel_tick_latency(void)
{
	lat_record(board_tick_late());
}

/* The handler moves to a cleared histogram; the one it leaves is the caller's. */
static struct lat_set *lat_switch(void)
{
	struct lat_set *old = lat_cur, *next = old == &sets[0] ? &sets[1] : &sets[0];

	memset(next, 0, sizeof(*next));
	next->min = UINT32_MAX;
	lat_cur = next;
	return old;
}

void latency_start(void)
{
	lat_switch();
}

/* The median as bench_stats_of takes it: the sample of rank n/2. */
static void lat_stats(const struct lat_set *s, struct latency_stats *out)
{
	uint32_t seen = 0;
	unsigned b = 0;

	out->n = s->n;
	out->min = s->n ? s->min : 0;
	out->max = s->max;
	out->median = 0;
	if (!s->n)
		return;
	while (b < LAT_BINS - 1 && (seen += s->bin[b]) <= s->n / 2)
		b++;
	out->median = lat_bin_low(b);
	if (out->median < out->min)	/* the bin of the minimum itself */
		out->median = out->min;
}

void latency_take(struct latency_stats *out)
{
	lat_stats(lat_switch(), out);
}

void latency_focus(mac_col_t domain)
{
	lat_focus = domain;
}

void latency_take_focus(struct latency_stats *out)
{
	lat_focus = QUOTA_KERNEL;
	lat_stats(&focus_set, out);
}

void latency_print(const char *phase, const char *strategy, const struct latency_stats *st)
{
	printf("LATENCY board=%s phase=%s strategy=%s unit=%s n=%lu min=%lu median=%lu max=%lu\n",
	       board_name(), phase, strategy, board_tick_late_unit(), (unsigned long)st->n,
	       (unsigned long)st->min, (unsigned long)st->median, (unsigned long)st->max);
}

void latency_report(const char *phase, const char *strategy)
{
	struct latency_stats st;

	latency_take(&st);
	latency_print(phase, strategy, &st);
}
