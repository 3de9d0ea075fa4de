/* Device nodes: /dev/null, /dev/zero, /dev/console and a sensor. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "console.h"

static const char *const dev_names[DEV_COUNT] = {
	[DEV_NULL] = "null", [DEV_ZERO] = "zero", [DEV_CONSOLE] = "console",
	[DEV_SENSOR] = "sensor0",
};

int dev_by_name(const char *name)
{
	for (int i = 0; i < DEV_COUNT; i++)
		if (strcmp(dev_names[i], name) == 0)
			return i;
	return -1;
}

/* A reading that changes with time, like a temperature in milli-degrees. */
static intptr_t sensor_read(uint8_t *buf, size_t len)
{
	uint32_t v = 21000 + (sched_ticks * 37u) % 2000u;
	if (len < sizeof(v))
		return -E_INVAL;
	memcpy(buf, &v, sizeof(v));
	return sizeof(v);
}

/* A few bytes stored one at a time cost less than memset's call and
 * its set-up (a 1-byte read's whole handler is a few dozen insns). */
#define DEV_ZERO_SHORT 8

static void dev_zero_fill(uint8_t *buf, size_t len)
{
	if (len > DEV_ZERO_SHORT) {
		memset(buf, 0, len);
		return;
	}
	for (size_t i = 0; i < len; i++) {
		buf[i] = 0;
		__asm__("" : : "r"(buf) : "memory");	/* not turned into memset */
	}
}

intptr_t dev_read(struct node *n, uint8_t *buf, size_t len)
{
	switch (n->dev) {
	case DEV_NULL:
		return 0;
	case DEV_ZERO:
		dev_zero_fill(buf, len);
		return (intptr_t)len;
	case DEV_CONSOLE: {
		size_t i = 0;
		int c;
		while (i < len && (c = console_getc()) >= 0)
			buf[i++] = (uint8_t)c;	/* a gap's mark is not a byte */
		return (intptr_t)i;
	}
	case DEV_SENSOR:
		return sensor_read(buf, len);
	}
	return -E_INVAL;
}

/* Whose text the console's last line holds (pid 0: the kernel's), and
 * whether it is still open: lines are never shared, so that every line
 * is wholly the kernel's or wholly one task's. */
static int console_pid;
static int console_open;

static void console_putc(char c)
{
	if (c == '\n')
		console_put('\r');
	console_put(c);
	console_open = c != '\n';
}

static void console_claim(int pid)
{
	if (console_open && console_pid != pid)
		console_putc('\n');
	console_pid = pid;
}

/* The kernel's bytes, trusted: copied a line at a time, each '\n' as
 * "\r\n". */
static void console_put_kernel(const char *buf, size_t len)
{
	while (len > 0) {
		const char *nl = memchr(buf, '\n', len);
		size_t n = nl ? (size_t)(nl - buf) : len;

		console_put_bytes(buf, n);
		if (nl) {
			console_put_bytes("\r\n", 2);
			n++;
		}
		console_open = !nl;
		buf += n;
		len -= n;
	}
}

/* Privileged tasks print too, interrupts on: they queue masked, a piece
 * at a time, so that their prints hold the tick off no longer than a
 * piece's copy. */
#define CONSOLE_WRITE_PIECE 64

/* The kernel's own lines, unprefixed: only they may start with avc:,
 * BENCH, PANIC and the other markers the host tools read. */
void console_write(const char *buf, size_t len)
{
	while (len > 0) {
		size_t n = len < CONSOLE_WRITE_PIECE ? len : CONSOLE_WRITE_PIECE;
		uint32_t irq = arch_irq_save();

		console_claim(0);
		console_put_kernel(buf, n);
		console_kick();
		arch_irq_restore(irq);
		buf += n;
		len -= n;
	}
}

/* One whole line of the kernel's with no line break in it, written
 * inside a call (a kill, a refused context, the models' lines): one
 * copy, and its end. */
void console_write_line(const char *line, size_t len)
{
	uint32_t irq = arch_irq_save();

	console_claim(0);
	console_put_bytes(line, len);
	console_put_bytes("\r\n", 2);
	console_open = 0;
	console_kick();
	arch_irq_restore(irq);
}

/* A byte that a terminal or a line-splitting tool could take for a line
 * break or a control sequence ('\r', '\f', ESC, UTF-8 line separators)
 * would let a task start a line of its own: it prints as '?'. */
static char console_task_char(uint8_t c)
{
	return c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f) ? (char)c : '?';
}

static void console_put_task_str(const char *s)
{
	while (*s)
		console_putc(console_task_char((uint8_t)*s++));
}

/* Not by snprintf: it is written masked, once per line a task starts. */
static void console_prefix(const struct task *t)
{
	char digits[12];
	char *p = digits + sizeof(digits) - 1;
	uint32_t pid = (uint32_t)t->pid;

	*p = '\0';
	do
		*--p = (char)('0' + pid % 10);
	while (pid /= 10);
	console_put_task_str("[pid ");
	console_put_task_str(p);
	console_put_task_str(" ");
	console_put_task_str(t->name);
	console_put_task_str("] ");
}

/* The most one byte of a task's write queues: a line break ending the
 * kernel's or another task's line, the prefix, the byte and its '\r'. */
#define CONSOLE_TASK_BYTE_MAX (1 + TASK_NAME_MAX + 24 + 2)

/* The most of a task's bytes one write takes: the copy runs masked. */
#define CONSOLE_TASK_WRITE_MAX 64

/* Every line the calling task starts, in one write or over several,
 * opens with "[pid N name] ": no task line can pass for the kernel's.
 * A write stops short past CONSOLE_TASK_WRITE_MAX bytes, or where the
 * ring has no room left, but takes its first byte always (newlib takes
 * a 0 for an error): room for that one is made polled, at most
 * CONSOLE_TASK_BYTE_MAX bytes' time.  Out of line, so that /dev/null's
 * writes pay nothing for it. */
static __attribute__((noinline)) intptr_t console_write_task(const uint8_t *buf, size_t len)
{
	const struct task *t = sched_current;
	size_t i;

	if (len == 0)
		return 0;
	if (len > CONSOLE_TASK_WRITE_MAX)
		len = CONSOLE_TASK_WRITE_MAX;
	console_make_room(CONSOLE_TASK_BYTE_MAX);
	console_claim(t->pid);
	for (i = 0; i < len; i++) {
		if (unlikely(i > 0 && console_room() < CONSOLE_TASK_BYTE_MAX))
			break;
		if (!console_open)
			console_prefix(t);
		console_putc(console_task_char(buf[i]));
	}
	console_kick();
	return (intptr_t)i;
}

intptr_t dev_write(struct node *n, const uint8_t *buf, size_t len)
{
	switch (n->dev) {
	case DEV_NULL:
	case DEV_ZERO:
		return (intptr_t)len;
	case DEV_CONSOLE:
		return console_write_task(buf, len);
	}
	return -E_INVAL;
}
