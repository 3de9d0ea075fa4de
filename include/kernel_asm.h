/*
 * What the arch's system-call entry (arch/<cpu>/entry.S) reads of the
 * kernel in assembly, where offsetof and enums do not reach.
 * kernel/syscall.c asserts every value against the C definitions, so a
 * change to struct task or the table breaks the build, not the entry.
 */
#ifndef KERNEL_ASM_H
#define KERNEL_ASM_H

#define TASK_OFF_FRAME		0	/* struct task: frame */
#define TASK_OFF_SYSCALLS	4	/* struct task: syscalls */
#define SYSCALL_ENTRY_SHIFT	2	/* sizeof(syscall_fn) == 1 << shift */
#define SYSCALL_COUNT		25	/* SYS_COUNT: the entry refuses a number from it up */
#define SYSCALL_E_NOSYS		38	/* E_NOSYS */

#endif
