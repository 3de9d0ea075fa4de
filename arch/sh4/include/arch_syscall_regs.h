/*
 * For the on-target tests: a system call with every register loaded
 * from a known pattern, and what each held afterwards.  The ABI
 * (arch_cpu.h) returns the result in r0, clobbers pr, clears mach and
 * macl and keeps everything else.
 */
#ifndef ARCH_SYSCALL_REGS_H
#define ARCH_SYSCALL_REGS_H

#include <stdint.h>
#include "arch_cpu.h"

/* Slot 0 is r0, then r1..r14, pr, mach, macl, gbr (r15 holds the stack:
 * every call already needs it back). */
#define ARCH_SYSCALL_REGS 19
#define ARCH_SYSCALL_REG_NAMES \
	"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", \
	"r12", "r13", "r14", "pr", "mach", "macl", "gbr"

/* The slots of the number and of the first of the four arguments. */
#define ARCH_SYSCALL_REG_NR	3
#define ARCH_SYSCALL_REG_ARG0	4

/* What the ABI does not keep (arch_cpu.h), as masks of slots: pr comes
 * back a kernel address, mach and macl cleared (never the kernel's). */
#define ARCH_SYSCALL_REGS_CLOBBERED	(1u << 15)
#define ARCH_SYSCALL_REGS_CLEARED	(1u << 16 | 1u << 17)

/* Loads regs[0] (but r0, which holds the pointer), traps, stores every
 * register into regs[1]; returns the result.  Saves and restores what
 * the compiler keeps in r8..r14, pr and gbr itself. */
static inline intptr_t arch_syscall_regs(uint32_t regs[2][ARCH_SYSCALL_REGS])
{
	register uintptr_t r0 __asm__("r0") = (uintptr_t)regs;

	__asm__ volatile(
		"mov.l	r8, @-r15\n\tmov.l	r9, @-r15\n\tmov.l	r10, @-r15\n\t"
		"mov.l	r11, @-r15\n\tmov.l	r12, @-r15\n\tmov.l	r13, @-r15\n\t"
		"mov.l	r14, @-r15\n\tsts.l	pr, @-r15\n\tstc.l	gbr, @-r15\n\t"
		"mov.l	r0, @-r15\n\t"
		"add	#4, r0\n\t"
		"mov.l	@r0+, r1\n\tmov.l	@r0+, r2\n\tmov.l	@r0+, r3\n\t"
		"mov.l	@r0+, r4\n\tmov.l	@r0+, r5\n\tmov.l	@r0+, r6\n\t"
		"mov.l	@r0+, r7\n\tmov.l	@r0+, r8\n\tmov.l	@r0+, r9\n\t"
		"mov.l	@r0+, r10\n\tmov.l	@r0+, r11\n\tmov.l	@r0+, r12\n\t"
		"mov.l	@r0+, r13\n\tmov.l	@r0+, r14\n\t"
		"lds.l	@r0+, pr\n\tlds.l	@r0+, mach\n\tlds.l	@r0+, macl\n\t"
		"ldc.l	@r0+, gbr\n\t"
		ARCH_SYSCALL_TRAPA "\n\t"
		"mov.l	r1, @-r15\n\t"
		"mov.l	@(4, r15), r1\n\t"
		"add	#76, r1\n\t"
		"add	#76, r1\n\t"		/* the end of regs[1] */
		"stc.l	gbr, @-r1\n\tsts.l	macl, @-r1\n\tsts.l	mach, @-r1\n\t"
		"sts.l	pr, @-r1\n\t"
		"mov.l	r14, @-r1\n\tmov.l	r13, @-r1\n\tmov.l	r12, @-r1\n\t"
		"mov.l	r11, @-r1\n\tmov.l	r10, @-r1\n\tmov.l	r9, @-r1\n\t"
		"mov.l	r8, @-r1\n\tmov.l	r7, @-r1\n\tmov.l	r6, @-r1\n\t"
		"mov.l	r5, @-r1\n\tmov.l	r4, @-r1\n\tmov.l	r3, @-r1\n\t"
		"mov.l	r2, @-r1\n\t"
		"mov.l	@r15+, r2\n\tmov.l	r2, @-r1\n\t"
		"mov.l	r0, @-r1\n\t"
		"add	#4, r15\n\t"
		"ldc.l	@r15+, gbr\n\tlds.l	@r15+, pr\n\t"
		"mov.l	@r15+, r14\n\tmov.l	@r15+, r13\n\tmov.l	@r15+, r12\n\t"
		"mov.l	@r15+, r11\n\tmov.l	@r15+, r10\n\tmov.l	@r15+, r9\n\t"
		"mov.l	@r15+, r8"
		: "+r"(r0)
		:
		: "r1", "r2", "r3", "r4", "r5", "r6", "r7", "mach", "macl", "memory");
	return (intptr_t)r0;
}

#endif
