/*
 * ARM (XScale) inline half of the arch contract.
 *
 * System-call ABI: `swi #0`, number in r7, arguments r0..r3, result in
 * r0 (as Linux EABI); every other register comes back unchanged.  The
 * kernel reads the number from r7 alone: a swi of any immediate, in ARM
 * or Thumb state, is the same call, and a number from SYS_COUNT up is
 * -E_NOSYS.  bkpt and the undefined encodings debuggers plant kill the
 * task with a breakpoint report (arch.c).
 */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H

#include "arm_regs.h"

/*
 * The frame (struct arch_frame), on the SVC stack, lowest address first.
 * The five words under the pad are what a system call's fast path
 * saves, with one store: the caller-saved registers r1-r3 and r12 and
 * the return address (the C ABI keeps r4-r11, SVC mode leaves the
 * task's sp and lr alone, and r0 is the result).  The rest is filled in
 * only when the call must leave through the scheduler, and on every
 * interrupt and fault.  The pad is where SVC sp rests between traps
 * (entry.S): 4 below the kernel stack's 8-aligned top, so that the fast
 * path's five words leave it 8-aligned for the handler.
 */
#define F_EVENT		0
#define F_SPSR		4
#define F_R4		8	/* r4..r11 */
#define F_SP		40
#define F_LR		44
#define F_R0		48	/* r0..r3 */
#define F_R12		64
#define F_PC		68
#define F_PAD		72
#define FRAME_SIZE	76

#ifndef __ASSEMBLER__
#include <stdint.h>

/* sp and lr are those of the interrupted USR or SYS mode. */
struct arch_frame {
	uint32_t event;		/* ARM_EV_*: the vector taken */
	uint32_t spsr;		/* interrupted CPSR */
	uint32_t v[8];		/* r4..r11 */
	uint32_t sp, lr;
	uint32_t a[4];		/* r0..r3 */
	uint32_t ip;		/* r12 */
	uint32_t pc;		/* where to resume (the faulting insn for aborts) */
	uint32_t pad;		/* SVC sp between traps: never written */
};

static inline uint32_t arch_syscall_nr(const struct arch_frame *f) { return f->v[3]; }
static inline uintptr_t arch_syscall_arg(const struct arch_frame *f, int i) { return f->a[i]; }
static inline void arch_syscall_ret(struct arch_frame *f, intptr_t v) { f->a[0] = (uint32_t)v; }
/* The fast path's frame holds the return address too (entry.S), and
 * SPSR_svc the caller's state until the call is over (the kernel runs
 * masked and makes no system call): a Thumb swi is 2 bytes. */
static inline void arch_syscall_restart(struct arch_frame *f)
{
	uint32_t spsr;

	__asm__("mrs	%0, spsr" : "=r"(spsr));
	f->pc -= spsr & PSR_T ? 2u : 4u;
}
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

/* IRQs masked around a short section that a privileged task shares with
 * interrupt handlers; the CPSR's control byte is given back as it was. */
static inline uint32_t arch_irq_save(void)
{
	uint32_t psr, masked;

	__asm__ volatile("mrs	%0, cpsr\n\t"
			 "orr	%1, %0, #0x80\n\t"
			 "msr	cpsr_c, %1"
			 : "=&r"(psr), "=&r"(masked) : : "memory");
	return psr;
}

static inline void arch_irq_restore(uint32_t psr)
{
	__asm__ volatile("msr	cpsr_c, %0" : : "r"(psr) : "memory");
}

/*
 * The counter: CCNT, core cycles on a PXA270.  QEMU returns virtual time
 * in ns, which with -icount shift=0 is one per executed instruction.
 * Under a timing model (arch_counter_use_model), the model's est-cycles
 * word instead.  Privileged: a task reading CCNT takes an
 * undefined-instruction trap.
 */
extern volatile uint32_t *arm_counter_model_ptr;
/* One shape for both counters, without a branch, so that the reads
 * around a measurement cost what the two back-to-back reads of
 * bench_counter_overhead() cost, in either unit. */
static inline uint32_t arch_counter_read(void)
{
	uint32_t v, model;

	__asm__ volatile("ldr	%1, [%2]\n\t"
			 "cmp	%1, #0\n\t"
			 "ldrne	%0, [%1]\n\t"
			 "mrceq	p14, 0, %0, c1, c1, 0"
			 : "=&r"(v), "=&r"(model) : "r"(&arm_counter_model_ptr) : "cc", "memory");
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
