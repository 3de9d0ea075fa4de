/* System calls: the per-strategy tables, the dispatch, and checking what
 * tasks hand the kernel.  The table itself is SYSCALLS in syscalls.h. */
#include <string.h>
#include "kernel.h"
#include "syscalls.h"

#define ENTRY_none(nr, fn, obj, chk) [nr] = { fn##_none, #fn, obj, chk },
#define ENTRY_flat(nr, fn, obj, chk) [nr] = { fn##_flat, #fn, obj, chk },
#define ENTRY_selinux07(nr, fn, obj, chk) [nr] = { fn##_selinux07, #fn, obj, chk },
#define ENTRY_selinux07tuned(nr, fn, obj, chk) [nr] = { fn##_selinux07tuned, #fn, obj, chk },
#define ENTRY_smack(nr, fn, obj, chk) [nr] = { fn##_smack, #fn, obj, chk },
#define TABLE(s) const struct syscall_entry syscall_table_##s[SYS_COUNT] = { SYSCALLS(ENTRY_##s) };
STRATEGIES(TABLE)

#define STRATEGY_ENTRY(s) { #s, syscall_table_##s },
const struct strategy strategies[] = { STRATEGIES(STRATEGY_ENTRY) { NULL, NULL } };

void kernel_syscall(struct arch_frame *f)
{
	uint32_t nr = arch_syscall_nr(f);

	const struct syscall_entry *table = sched_current->syscalls;

	if (unlikely(nr >= SYS_COUNT)) {
		arch_syscall_ret(f, -E_NOSYS);
		return;
	}
	arch_syscall_ret(f, table[nr].fn(arch_syscall_arg(f, 0), arch_syscall_arg(f, 1),
					 arch_syscall_arg(f, 2), arch_syscall_arg(f, 3)));
}

/* Copies a NUL-terminated string of at most max-1 bytes; returns its
 * length or a negative error.  The region is looked up once, not per
 * byte. */
intptr_t user_copy_string(char *dst, uintptr_t src, size_t max)
{
	size_t avail = mm_user_span(&sched_current->mm, src, 0);

	for (size_t i = 0; i < max; i++) {
		if (unlikely(i >= avail))
			return -E_FAULT;
		dst[i] = ((const char *)src)[i];
		if (dst[i] == 0)
			return (intptr_t)i;
	}
	return -E_NAMETOOLONG;
}
