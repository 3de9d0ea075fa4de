/*
 * What user mode must not be able to do on the XScale, for the hostile
 * on-target tests: each of these kills the task that runs it.  The
 * ARCH_PROBE_*_ACCESS strings are how the kill report names it.
 */
#ifndef ARCH_PROBE_H
#define ARCH_PROBE_H

#include <stdint.h>
#include "arch_syscall.h"
#include "syscall_nr.h"

/* The CP15 control register (MMU, caches) is privileged: undefined. */
static inline void arch_probe_privileged(void)
{
	__asm__ volatile("mov r0, #0\n\tmcr p15, 0, r0, c1, c0, 0" : : : "r0", "memory");
}
#define ARCH_PROBE_PRIVILEGED_ACCESS "instruction"

/* CCNT, the cycle counter, is a CP14 register: undefined in user mode. */
#define ARCH_PROBE_COUNTER_REG 0
static inline uint32_t arch_probe_counter(void)
{
	uint32_t v;
	__asm__ volatile("mrc p14, 0, %0, c1, c1, 0" : "=r"(v));
	return v;
}
#define ARCH_PROBE_COUNTER_ACCESS "instruction"

/* Every swi is a system call, whatever its immediate (entry.S): the
 * trap of another number is one, with a number past the table, and must
 * come back -E_NOSYS; the task exits with what it got. */
#define ARCH_PROBE_BAD_TRAP_IS_CALL 1
static inline void arch_probe_bad_trap(void)
{
	register uint32_t r7 __asm__("r7") = SYS_COUNT;
	register intptr_t r0 __asm__("r0");

	__asm__ volatile("swi #1" : "=r"(r0) : "r"(r7) : "memory");
	arch_syscall(SYS_EXIT, (uintptr_t)r0, 0, 0, 0);
}

/* Breakpoints, each a function of its own, so that the kill report's
 * address can be held to its symbol: the permanently undefined
 * encodings GDB and Linux plant (arch/arm/arch.c), ARM and Thumb, and
 * bkpt, ARM and Thumb, which QEMU takes as a prefetch abort (the chip
 * only with debug on: else a nop, docs/abi.md). */
#define ARCH_BREAKPOINTS(X)					\
	X(probe_udf_linux, "Linux's 0xE7F001F0")		\
	X(probe_udf_gdb, "GDB's 0xE7FFDEFE")			\
	X(probe_udf_thumb, "Thumb 0xDE01")			\
	X(probe_bkpt_arm, "an ARM bkpt")			\
	X(probe_bkpt_thumb, "a Thumb bkpt")
__asm__(".text\n\t.arm\n\t.balign 4\n"
	".global probe_udf_linux\n.type probe_udf_linux, %function\n"
	"probe_udf_linux:\n\t.inst 0xe7f001f0\n"
	".global probe_udf_gdb\n.type probe_udf_gdb, %function\n"
	"probe_udf_gdb:\n\t.inst 0xe7ffdefe\n"
	".global probe_bkpt_arm\n.type probe_bkpt_arm, %function\n"
	"probe_bkpt_arm:\n\tbkpt #0\n"
	"\t.thumb\n"
	".global probe_udf_thumb\n.thumb_func\n.type probe_udf_thumb, %function\n"
	"probe_udf_thumb:\n\t.inst.n 0xde01\n"
	".global probe_bkpt_thumb\n.thumb_func\n.type probe_bkpt_thumb, %function\n"
	"probe_bkpt_thumb:\n\tbkpt #0\n"
	"\t.arm\n");

/* A system call made with the stack pointer at 0: the trap must not
 * care, nor the switch it may cause; the task dies at its next push. */
static inline void arch_probe_bad_sp_syscall(uint32_t nr)
{
	register uint32_t r7 __asm__("r7") = nr;
	__asm__ volatile("mov sp, #0\n\tswi #0" : : "r"(r7) : "memory");
}

/*
 * Attacks on the kernel's decoding of what a task ran, each named
 * X(what, access, at_target, result): killed for that access (at_target
 * when the kill report's address is the target the driver hands
 * arch_probe_run(), else any), or, where access is NULL, not killed: the
 * task exits with result (ARCH_PROBE_PID: its own pid).  The Thumb ones
 * write their code into the stack page (on a chip the instruction side
 * fetches it from memory, so the data cache would have to let it go
 * first; QEMU has no cache) and enter it in Thumb state.
 *   0  a Thumb swi at the stack page's first byte, r7 getpid: a system
 *      call as any swi (the entry reads nothing at lr - 4, here the
 *      guard page), back in Thumb state with the caller's pid
 *   1  a Thumb swi after a halfword of zeros (read as an ARM word, a
 *      swi #0), r7 past the table: -E_NOSYS
 *   2  a Thumb load from target, as the stack page's last halfword: the
 *      word at pc runs into the next slot's guard page
 *   3  an ARM ldrd from target: its L bit is 0, as a store's
 *   4  the XScale's accumulator acc0 (CP0), which no switch saves: the
 *      kernel shuts CP0 whatever a boot loader left (arch/arm/mmu.c)
 */
#define ARCH_PROBE_PID	0x7FFFFFFF
#define ARCH_PROBES(X)								\
	X("a Thumb swi at our stack page's first byte", NULL, 0, ARCH_PROBE_PID) \
	X("a Thumb swi of a number past the table", NULL, 0, -E_NOSYS)		\
	X("a Thumb load at our stack page's end", "read", 1, 0)			\
	X("an ldrd", "read", 1, 0)						\
	X("the XScale's accumulator acc0", "instruction", 0, 0)

#define ARM_PAGE	4096u
#define THUMB_SWI0	0xDF00u
#define THUMB_BX_LR	0x4770u
#define THUMB_MOVS_R0	0x0000u		/* lsls r0, r0, #0 */
#define THUMB_LDR_R0_R1	0x6808u		/* ldr r0, [r1] */

/* Enters code at entry in Thumb state with r1 = target and r7 = nr;
 * it returns by bx lr, if it returns, with r0. */
static inline intptr_t arm_probe_thumb(uintptr_t entry, uintptr_t target, uint32_t nr)
{
	register uintptr_t r0 __asm__("r0");
	register uintptr_t r1 __asm__("r1") = target;
	register uintptr_t r2 __asm__("r2") = entry | 1u;
	register uint32_t r7 __asm__("r7") = nr;

	__asm__ volatile("blx	r2"
			 : "=r"(r0), "+r"(r1), "+r"(r2)
			 : "r"(r7)
			 : "r3", "r12", "lr", "cc", "memory");
	return (intptr_t)r0;
}

/* A probe that comes back exits with what its system call returned. */
static inline void arm_probe_exit(intptr_t result)
{
	arch_syscall(SYS_EXIT, (uintptr_t)result, 0, 0, 0);
}

static inline void arch_probe_run(unsigned i, uintptr_t target)
{
	volatile uint16_t *page, here;

	page = (volatile uint16_t *)((uintptr_t)&here & ~(uintptr_t)(ARM_PAGE - 1));
	if (i == 0) {
		page[0] = THUMB_SWI0;
		page[1] = THUMB_BX_LR;
		arm_probe_exit(arm_probe_thumb((uintptr_t)&page[0], target, SYS_GETPID));
	} else if (i == 1) {
		page[128] = THUMB_MOVS_R0;	/* 4-byte aligned: the word lr - 4 */
		page[129] = THUMB_SWI0;
		page[130] = THUMB_BX_LR;
		arm_probe_exit(arm_probe_thumb((uintptr_t)&page[128], target, SYS_COUNT));
	} else if (i == 2) {
		page[ARM_PAGE / 2 - 1] = THUMB_LDR_R0_R1;
		arm_probe_thumb((uintptr_t)&page[ARM_PAGE / 2 - 1], target, SYS_NULL);
	} else if (i == 3) {
		register uintptr_t r1 __asm__("r1") = target & ~(uintptr_t)7;
		__asm__ volatile("ldrd	r2, [r1]" : : "r"(r1) : "r2", "r3", "memory");
	} else if (i == 4) {
		/* mra r2, r3, acc0: GCC tells the assembler plain ARMv5TE */
		__asm__ volatile(".inst	0xec532000" : : : "r2", "r3");
	}
}

#endif
