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
/* Every table's length: SYS_COUNT rounded up to a multiple of 4, the
 * entries past SYS_COUNT -E_NOSYS.  The SH-4 entry compares the number
 * with it and stores it into TRA, where it must read as a trapa's
 * immediate << 2 with the reserved bits 0 (arch/sh4/entry.S). */
#define SYSCALL_TABLE_SIZE	28
#define SYSCALL_E_NOSYS		38	/* E_NOSYS */

#endif
