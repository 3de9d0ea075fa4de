/*
 * What user mode must not be able to do on the SH-4, for the hostile
 * on-target tests: each of these kills the task that runs it.  The
 * ARCH_PROBE_*_ACCESS strings are how the kill report names it.
 */
#ifndef ARCH_PROBE_H
#define ARCH_PROBE_H

#include <stdint.h>
#include "arch_cpu.h"
#include "kernel_asm.h"

/* SR holds the mode bit: writing it is privileged (EXPEVT 0x180). */
static inline void arch_probe_privileged(void)
{
	__asm__ volatile("mov #0, r0\n\tldc r0, sr" : : : "r0", "memory");
}
#define ARCH_PROBE_PRIVILEGED_ACCESS "instruction"

/* The counter is a TMU register in P4, out of user mode's reach. */
#define ARCH_PROBE_COUNTER_REG 0xFFD80018u	/* TCNT1 */
static inline uint32_t arch_probe_counter(void)
{
	return *(volatile uint32_t *)ARCH_PROBE_COUNTER_REG;
}
#define ARCH_PROBE_COUNTER_ACCESS "read"

/* A trap that is no system call: the call's own trapa, in a branch's
 * delay slot, which the CPU refuses as a slot illegal instruction
 * (EXPEVT 0x1A0), on the same vector as the system call, which must take
 * it for the fault it is. */
static inline void arch_probe_bad_trap(void)
{
	__asm__ volatile("bra 1f\n\t" ARCH_SYSCALL_TRAPA "\n1:" : : : "memory");
}

/* A system call made with the stack pointer at 0: the trap must not
 * care, nor the switch it may cause; the task dies at its next push. */
static inline void arch_probe_bad_sp_syscall(uint32_t nr)
{
	register uint32_t r3 __asm__("r3") = nr;
	__asm__ volatile("mov #0, r15\n\t" ARCH_SYSCALL_TRAPA
			 : : "r"(r3) : "pr", "mach", "macl", "memory");
}

/* Breakpoints (arch_cpu.h: every trapa but the call's is one), each a
 * function of its own, so that the kill report's address can be held to
 * its symbol: the debuggers' (GDB's sh-tdep, a remote stub's, kgdb's),
 * the one whose TRA the entry leaves behind, and a Linux call's. */
#define ARCH_BREAKPOINTS(X)							\
	X(probe_bkpt_gdb, "GDB's trapa #0xC3")				\
	X(probe_bkpt_stub, "a stub's trapa #0x20")			\
	X(probe_bkpt_kgdb, "kgdb's trapa #0x3C")				\
	X(probe_bkpt_tra, "the entry's TRA as a trapa")		\
	X(probe_bkpt_linux, "Linux's trapa #0x11")
__asm__(".text\n\t.balign 2\n"
	".global probe_bkpt_gdb\nprobe_bkpt_gdb:\n\ttrapa #0xc3\n"
	".global probe_bkpt_stub\nprobe_bkpt_stub:\n\ttrapa #0x20\n"
	".global probe_bkpt_kgdb\nprobe_bkpt_kgdb:\n\ttrapa #0x3c\n"
	".global probe_bkpt_tra\nprobe_bkpt_tra:\n\ttrapa #(" ARCH_XSTR(SYSCALL_TABLE_SIZE) " >> 2)\n"
	".global probe_bkpt_linux\nprobe_bkpt_linux:\n\ttrapa #0x11\n");

/* Attacks on what only some CPUs decode (arch/arm/include/arch_probe.h):
 * the SH-4's trapa carries its immediate in TRA, and its faults their
 * direction in EXPEVT, so there is nothing of the task's to decode. */
#define ARCH_PROBES(X)

static inline void arch_probe_run(unsigned i, uintptr_t target)
{
	(void)i, (void)target;
}

#endif
