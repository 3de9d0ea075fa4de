/*
 * System calls: the table, and checking what tasks hand the kernel.
 *
 * Each entry names the object it touches and the monitor check it needs;
 * "-" where it touches no object, with the reason.  Path-based calls
 * also check dir:search on every directory they walk through.
 */
#include <string.h>
#include "kernel.h"
#include "syscalls.h"

struct syscall_entry {
	syscall_fn fn;
	const char *name;
	const char *object;	/* what it touches */
	const char *check;	/* class:permissions, or why none */
};

static const struct syscall_entry syscall_table[SYS_COUNT] = {
	[SYS_NULL]	= { sys_null,	   "null",	"-",	   "- touches nothing" },
	[SYS_EXIT]	= { sys_exit,	   "exit",	"self",	   "- ends the caller" },
	[SYS_YIELD]	= { sys_yield,	   "yield",	"self",	   "- own time slice" },
	[SYS_SLEEP]	= { sys_sleep,	   "sleep",	"self",	   "- own time slice" },
	[SYS_TICKS]	= { sys_ticks,	   "ticks",	"clock",   "- public, read-only" },
	[SYS_GETPID]	= { sys_getpid,	   "getpid",	"self",	   "- own identity" },
	[SYS_SPAWN]	= { sys_spawn,	   "spawn",	"program", "file:execute, process:transition, file:entrypoint" },
	[SYS_WAIT]	= { sys_wait,	   "wait",	"child",   "- own child only" },
	[SYS_OPEN]	= { sys_open,	   "open",	"node",	   "open+read/write; O_CREAT: dir:add_name+write, create" },
	[SYS_CLOSE]	= { sys_close,	   "close",	"handle",  "- own handle" },
	[SYS_READ]	= { sys_read,	   "read",	"node",	   "file|chr_file|dir:read" },
	[SYS_WRITE]	= { sys_write,	   "write",	"node",	   "file|chr_file:write (append with O_APPEND)" },
	[SYS_STAT]	= { sys_stat,	   "stat",	"node",	   "getattr" },
	[SYS_FSTAT]	= { sys_fstat,	   "fstat",	"node",	   "getattr" },
	[SYS_CREATE]	= { sys_create,	   "create",	"node",	   "dir:add_name+write, file:create" },
	[SYS_MKDIR]	= { sys_mkdir,	   "mkdir",	"node",	   "dir:add_name+write, dir:create" },
	[SYS_UNLINK]	= { sys_unlink,	   "unlink",	"node",	   "dir:remove_name+write, file:unlink | dir:rmdir" },
	[SYS_READDIR]	= { sys_readdir,   "readdir",	"dir",	   "dir:read" },
	[SYS_CHAN_OPEN]	= { sys_chan_open, "chan_open",	"channel", "- checked at each send/recv" },
	[SYS_SEND]	= { sys_send,	   "send",	"channel", "channel:send" },
	[SYS_RECV]	= { sys_recv,	   "recv",	"channel", "channel:recv" },
	[SYS_TEST_REPORT] = { sys_test_report, "test_report", "test log", "- test images only" },
	[SYS_TEST_AUDITS] = { sys_test_audits, "test_audits", "test log", "- test images only" },
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

const char *syscall_check_of(unsigned int nr)
{
	return nr < SYS_COUNT ? syscall_table[nr].check : NULL;
}

extern char __user_start[], __user_end[];

static int within(uintptr_t p, size_t len, uintptr_t lo, uintptr_t hi)
{
	return p >= lo && p <= hi && len <= hi - p;
}

/* The caller's memory: its own stack, or the shared task image (code
 * and data) but never another task's stack. */
int user_range_ok(uintptr_t p, size_t len)
{
	struct task *t = sched_current;

	if (within(p, len, t->ustack_lo, t->ustack_hi))
		return 1;
	if (unlikely(!within(p, len, (uintptr_t)__user_start, (uintptr_t)__user_end)))
		return 0;
	return p + len <= sched_stacks_lo || p >= sched_stacks_hi;
}

int user_ptr_ok(uintptr_t p, size_t len, size_t align)
{
	return (p & (align - 1)) == 0 && user_range_ok(p, len);
}

/* Copies a NUL-terminated string of at most max-1 bytes; returns its
 * length or a negative error. */
intptr_t user_copy_string(char *dst, uintptr_t src, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		if (unlikely(!user_range_ok(src + i, 1)))
			return -E_FAULT;
		dst[i] = ((const char *)src)[i];
		if (dst[i] == 0)
			return (intptr_t)i;
	}
	return -E_NAMETOOLONG;
}
