/*
 * What user mode must not be able to do on the XScale, for the hostile
 * on-target tests: each of these kills the task that runs it.  The
 * ARCH_PROBE_*_ACCESS strings are how the kill report names it.
 */
#ifndef ARCH_PROBE_H
#define ARCH_PROBE_H

#include <stdint.h>

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

/* A software interrupt that is not the system call's. */
static inline void arch_probe_bad_trap(void)
{
	__asm__ volatile("swi #1" : : : "memory");
}

/* A system call made with the stack pointer at 0: the trap must not
 * care, nor the switch it may cause; the task dies at its next push. */
static inline void arch_probe_bad_sp_syscall(uint32_t nr)
{
	register uint32_t r7 __asm__("r7") = nr;
	__asm__ volatile("mov sp, #0\n\tswi #0" : : "r"(r7) : "memory");
}

#endif
