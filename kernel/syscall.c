/*
 * System calls: one table, read in one screen.  Each entry names the
 * object it touches and the access check it needs ("none" with the
 * reason when it touches no object).
 */
#include <string.h>
#include "kernel.h"

typedef intptr_t (*syscall_fn)(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3);

struct syscall_entry {
	syscall_fn fn;
	const char *name;
	const char *object;	/* what it touches */
	const char *check;	/* the monitor check, or why none */
};

extern char __user_start[], __user_end[];

/* A user pointer must lie inside the user region, without wrapping. */
int user_range_ok(uintptr_t p, size_t len)
{
	uintptr_t lo = (uintptr_t)__user_start, hi = (uintptr_t)__user_end;

	if (unlikely(p < lo || p > hi))
		return 0;
	if (unlikely(len > hi - p))
		return 0;
	return 1;
}

static intptr_t sys_null(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)a0, (void)a1, (void)a2, (void)a3;
	return 0;
}

static intptr_t sys_exit(uintptr_t code, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)a1, (void)a2, (void)a3;
	sched_exit((int)code);
	return 0;
}

static intptr_t sys_yield(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)a0, (void)a1, (void)a2, (void)a3;
	sched_yield();
	return 0;
}

static intptr_t sys_sleep(uintptr_t ticks, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)a1, (void)a2, (void)a3;
	sched_sleep((uint32_t)ticks);
	return 0;
}

static intptr_t sys_ticks(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)a0, (void)a1, (void)a2, (void)a3;
	return (intptr_t)sched_ticks;
}

static intptr_t sys_getpid(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)a0, (void)a1, (void)a2, (void)a3;
	return sched_current->pid;
}

#define CONSOLE_WRITE_MAX 256

static intptr_t sys_console_write(uintptr_t buf, uintptr_t len, uintptr_t a2, uintptr_t a3)
{
	(void)a2, (void)a3;
	if (unlikely(len > CONSOLE_WRITE_MAX))
		return -E_INVAL;
	if (unlikely(!user_range_ok(buf, len)))
		return -E_FAULT;
	for (size_t i = 0; i < len; i++) {
		char c = ((const char *)buf)[i];
		if (c == '\n')
			board_console_putc('\r');
		board_console_putc(c);
	}
	return (intptr_t)len;
}

#define TEST_NAME_MAX 64

static intptr_t sys_test_report(uintptr_t passed, uintptr_t name, uintptr_t a2, uintptr_t a3)
{
	char buf[TEST_NAME_MAX];
	(void)a2, (void)a3;
	if (unlikely(!user_range_ok(name, 1)))
		return -E_FAULT;
	size_t i;
	for (i = 0; i + 1 < sizeof(buf) && user_range_ok(name + i, 1) &&
		    ((const char *)name)[i]; i++)
		buf[i] = ((const char *)name)[i];
	buf[i] = 0;
	ktest_result(passed != 0, buf);
	return 0;
}

static const struct syscall_entry syscall_table[SYS_COUNT] = {
	[SYS_NULL]	    = { sys_null,	   "null",	    "-",       "none: touches nothing" },
	[SYS_EXIT]	    = { sys_exit,	   "exit",	    "self",    "none: ends the caller" },
	[SYS_YIELD]	    = { sys_yield,	   "yield",	    "self",    "none: own time slice" },
	[SYS_SLEEP]	    = { sys_sleep,	   "sleep",	    "self",    "none: own time slice" },
	[SYS_TICKS]	    = { sys_ticks,	   "ticks",	    "clock",   "none: public counter" },
	[SYS_GETPID]	    = { sys_getpid,	   "getpid",	    "self",    "none: own identity" },
	[SYS_CONSOLE_WRITE] = { sys_console_write, "console_write", "console", "none: boot console, no label yet" },
	[SYS_TEST_REPORT]   = { sys_test_report,   "test_report",   "ktest",   "none: test images only" },
};

void kernel_syscall(struct arch_frame *f)
{
	uint32_t nr = arch_syscall_nr(f);

	if (unlikely(nr >= SYS_COUNT || !syscall_table[nr].fn)) {
		arch_syscall_ret(f, -E_NOSYS);
		return;
	}
	arch_syscall_ret(f, syscall_table[nr].fn(arch_syscall_arg(f, 0), arch_syscall_arg(f, 1),
						 arch_syscall_arg(f, 2), arch_syscall_arg(f, 3)));
}
