/*
 * ARM (XScale) inline half of the arch contract.
 *
 * System-call ABI: `swi #0`, number in r7, arguments r0..r3, result in
 * r0 (as Linux EABI).
 */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H

#include "arm_regs.h"

#ifndef __ASSEMBLER__
#include <stdint.h>

/* Saved by arch/arm/entry.S on the SVC stack, lowest address first.
 * sp and lr are those of the interrupted USR or SYS mode. */
struct arch_frame {
	uint32_t event;		/* ARM_EV_*: the vector taken */
	uint32_t spsr;		/* interrupted CPSR */
	uint32_t r[13];		/* r0..r12 */
	uint32_t sp, lr;
	uint32_t pc;		/* where to resume (the faulting insn for aborts) */
};

#define ARCH_SYSCALL_SWI 0

static inline uint32_t arch_syscall_nr(const struct arch_frame *f) { return f->r[7]; }
static inline uintptr_t arch_syscall_arg(const struct arch_frame *f, int i) { return f->r[i]; }
static inline void arch_syscall_ret(struct arch_frame *f, intptr_t v) { f->r[0] = (uint32_t)v; }
static inline int arch_frame_from_user(const struct arch_frame *f)
{
	return (f->spsr & PSR_MODE) == PSR_MODE_USR;
}

/* The user section's kernel alias, 256 MiB up, past SDRAM: the user
 * section itself shows the running task's view (arch/arm/mmu.c). */
#define ARM_USER_ALIAS_OFFSET 0x10000000u
static inline void *arch_kernel_alias(uintptr_t user_addr)
{
	return (void *)(user_addr + ARM_USER_ALIAS_OFFSET);
}

/* ARMv5TE's clz. */
static inline unsigned arch_bit_high(uint32_t x)
{
	return 31u - (unsigned)__builtin_clz(x);
}

static inline unsigned arch_bit_low(uint32_t x)
{
	return arch_bit_high(x & -x);
}

/*
 * The counter: CCNT, core cycles on a PXA270.  QEMU returns virtual time
 * in ns, which with -icount shift=0 is one per executed instruction.
 * Privileged: a task reading it takes an undefined-instruction trap.
 */
static inline uint32_t arch_counter_read(void)
{
	uint32_t v;
	__asm__ volatile("mrc p14, 0, %0, c1, c1, 0" : "=r"(v));
	return v;
}

/*
 * Counter self-check (counter.S): raw counter deltas across back-to-back
 * reads, and across a loop whose length is known from its disassembly:
 * `mov r1,#10` then ten times `subs r1,r1,#1; bne` = 21 instructions.
 */
#define ARCH_PROBE_SEQ_INSNS 21


#endif /* __ASSEMBLER__ */
#endif
