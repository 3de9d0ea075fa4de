/* System calls: the per-strategy tables, which the arch's entry
 * dispatches (include/arch.h), and checking what tasks hand the kernel.
 * The table itself is SYSCALLS in syscalls.h. */
#include <string.h>
#include "kernel.h"
#include "syscalls.h"
#include "kernel_asm.h"

#define ENTRY_S(s) \
	const syscall_fn syscall_table_##s[SYSCALL_TABLE_SIZE] = { SYSCALLS(ENTRY_##s) SYSCALL_PADDING };
#define ENTRY_none(nr, fn, obj, chk) [nr] = fn##_none,
#define ENTRY_flat(nr, fn, obj, chk) [nr] = fn##_flat,
#define ENTRY_selinux07(nr, fn, obj, chk) [nr] = fn##_selinux07,
#define ENTRY_selinux07tuned(nr, fn, obj, chk) [nr] = fn##_selinux07tuned,
#define ENTRY_smack(nr, fn, obj, chk) [nr] = fn##_smack,
#define ENTRY_smackhash(nr, fn, obj, chk) [nr] = fn##_smackhash,
#define ENTRY_smackfix(nr, fn, obj, chk) [nr] = fn##_smackfix,
STRATEGIES(ENTRY_S)

#define NAME(nr, fn, obj, chk) [nr] = #fn,
const char *const syscall_names[SYS_COUNT] = { SYSCALLS(NAME) };

#define STRATEGY_ENTRY(s) { #s, syscall_table_##s },
const struct strategy strategies[] = { STRATEGIES(STRATEGY_ENTRY) { NULL, NULL } };

/* The arch's entry dispatches in assembly (arch/<cpu>/entry.S) from
 * what include/kernel_asm.h says; hold it to the C definitions. */
_Static_assert(offsetof(struct task, frame) == TASK_OFF_FRAME, "kernel_asm.h: frame");
_Static_assert(offsetof(struct task, syscalls) == TASK_OFF_SYSCALLS, "kernel_asm.h: syscalls");
_Static_assert(sizeof(syscall_fn) == 1u << SYSCALL_ENTRY_SHIFT, "kernel_asm.h: entry");
_Static_assert(SYS_COUNT == SYSCALL_COUNT, "kernel_asm.h: SYS_COUNT");
_Static_assert(SYSCALL_TABLE_SIZE == ((SYS_COUNT + 3) & ~3), "kernel_asm.h: SYS_COUNT's multiple of 4");
_Static_assert(E_NOSYS == SYSCALL_E_NOSYS, "kernel_asm.h: E_NOSYS");

intptr_t syscall_nosys(SYSCALL_ARGS)
{
	(void)a0, (void)a1, (void)a2, (void)a3;
	return -E_NOSYS;
}

/* Copies a NUL-terminated string of at most max-1 bytes; returns its
 * length or a negative error.  The region is looked up once: the copy
 * stops at whichever ends first, the caller's buffer or its memory, and
 * tests that bound once per four bytes, the NUL at every byte. */
intptr_t user_copy_string(char *dst, uintptr_t src, size_t max)
{
	size_t avail = mm_user_span(&sched_current->mm, src, 0);
	size_t bound = avail < max ? avail : max;
	const char *s = (const char *)src;
	char *d = dst, *end = dst + bound;

	for (; end - d >= 4; d += 4, s += 4) {
		if ((d[0] = s[0]) == 0)
			return d - dst;
		if ((d[1] = s[1]) == 0)
			return d + 1 - dst;
		if ((d[2] = s[2]) == 0)
			return d + 2 - dst;
		if ((d[3] = s[3]) == 0)
			return d + 3 - dst;
	}
	for (; d != end; d++, s++)
		if ((*d = *s) == 0)
			return d - dst;
	return unlikely(bound < max) ? -E_FAULT : -E_NAMETOOLONG;
}
