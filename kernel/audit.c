/*
 * Where the monitor's audit lines go: the console, as the kernel log.
 *
 * An avc line is most of a denied call's cost, and a call runs with
 * interrupts masked.  So the check only queues what it saw (struct
 * mac_avc, a copy of some 40 bytes and the path), and the audit task
 * writes the lines: it runs as soon as the call that queued them ends,
 * above every other task (sched_audit_wake), with interrupts on.  The
 * line still comes out before anything the task that made the call
 * writes next.  Before the scheduler runs, at power-off, and when one
 * call queues more than the queue holds, lines are written at once.
 *
 * Other lines (a refused context, the models' own) are written at once,
 * straight to the console's ring: no printf, and no line break in them
 * (the monitor writes untrusted strings in hex when they hold one).
 */
#include <stddef.h>
#include <string.h>
#include "kernel.h"
#include "arch_syscall.h"

#define AUDIT_QUEUE 4	/* a power of two */

uint32_t audit_lines;

static struct mac_avc audit_queue[AUDIT_QUEUE];
static uint32_t audit_head, audit_tail;	/* running freely */
/* The denials, kept as they are written, not as they are queued: the
 * copy is the audit task's, out of the call that made the record.  An
 * audited grant is not kept: the console's `denials` lists what was
 * refused (or would have been, in permissive mode). */
static struct mac_avc audit_kept[AUDIT_RECENT];
static uint32_t audit_nkept;	/* running freely */

/* A record's numbers and as much of its string as it holds. */
static void avc_copy(struct mac_avc *dst, const struct mac_avc *src)
{
	memcpy(dst, src, offsetof(struct mac_avc, str));
	strcpy(dst->str, src->str);
}

static void audit_keep(const struct mac_avc *a)
{
	uint32_t irq = arch_irq_save();

	avc_copy(&audit_kept[audit_nkept % AUDIT_RECENT], a);
	audit_nkept++;
	arch_irq_restore(irq);
}

static int audit_recent(uint32_t i, struct mac_avc *out)
{
	uint32_t irq = arch_irq_save();
	uint32_t n = audit_nkept < AUDIT_RECENT ? audit_nkept : AUDIT_RECENT;
	int ok = i < n;

	if (ok)
		*out = audit_kept[(audit_nkept - n + i) % AUDIT_RECENT];
	arch_irq_restore(irq);
	return ok;
}

void mac_log_line(const char *line)
{
	audit_lines++;
	console_write_line(line, strlen(line));
}

/* Interrupts on: the console masks only while it copies a piece. */
static void avc_write_line(const struct mac_avc *a)
{
	struct mac_buf b;

	mac_avc_format(a, &b);
	b.text[b.len++] = '\n';
	console_write(b.text, b.len);
}

static void audit_write(const struct mac_avc *a)
{
	avc_write_line(a);
	if (a->denied)
		audit_keep(a);
}

/* The kept denials, oldest first, written again; how many there were. */
uint32_t audit_print_recent(void)
{
	static struct mac_avc a;	/* the caller's stack may be small */
	uint32_t i;

	for (i = 0; audit_recent(i, &a); i++)
		avc_write_line(&a);
	return i;
}

/* Masked: what is queued, written in order, then the queue empty. */
void audit_flush(void)
{
	while (audit_tail != audit_head)
		audit_write(&audit_queue[audit_tail++ % AUDIT_QUEUE]);
}

void mac_log_avc(const struct mac_avc *a)
{
	audit_lines++;
	if (unlikely(!sched_current)) {
		audit_write(a);
		return;
	}
	if (unlikely(audit_head - audit_tail == AUDIT_QUEUE))
		audit_flush();
	avc_copy(&audit_queue[audit_head++ % AUDIT_QUEUE], a);
	sched_audit_wake();
}

/* The audit task: a line at a time, each left in the queue until it is
 * written (no other task runs meanwhile to queue more), then asleep
 * until the next call that queues one. */
void audit_main(uintptr_t unused)
{
	(void)unused;
	for (;;) {
		uint32_t irq = arch_irq_save();
		int empty = audit_tail == audit_head;

		if (empty)
			sched_audit_sleep();
		arch_irq_restore(irq);
		if (empty) {
			arch_syscall(SYS_YIELD, 0, 0, 0, 0);
			continue;
		}
		audit_write(&audit_queue[audit_tail % AUDIT_QUEUE]);
		irq = arch_irq_save();
		audit_tail++;
		arch_irq_restore(irq);
	}
}
