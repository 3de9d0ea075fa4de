/*
 * SH-4 inline half of the arch contract.
 *
 * System-call ABI: `trapa #0x10` (ARCH_SYSCALL_TRAP), number in r3,
 * arguments r4..r7, result in r0 (as Linux on SH, minus the argument
 * count in the immediate); a number from SYS_COUNT up is -E_NOSYS.  Any
 * other trapa is a debug trap (GDB's #0xC3, a remote stub's #0x20,
 * kgdb's #0x3C): the task is killed with a breakpoint report.  pr, mach
 * and macl are call-clobbered, as across a call in GCC's SH ABI: they
 * come back with pr a kernel address and mach, macl 0.  Every other register comes back
 * unchanged.
 */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H

#include "sh4_regs.h"

/*
 * The frame (struct arch_frame), saved by arch/sh4/entry.S from the top
 * down: r15 first, then pr, mach, macl and the rest.  A system call's
 * fast path saves none of it (the handler runs in register bank 1, so
 * the task's r0..r7 stay in bank 0, the C ABI keeps r8..r14, r15 waits
 * in SGR and pr, mach, macl are the call's to clobber): the frame is
 * filled in only when the call must leave through the scheduler.  The
 * event is above them all: only an interrupt or a fault stores it, and
 * the exit loads from ssr up without stepping over it.  A task's frame is always
 * the top of its kernel stack, so the entry finds the stack from it.
 */
#define F_SSR		0
#define F_SPC		4
#define F_GBR		8
#define F_R0		12	/* r0..r14 */
#define F_MACL		72
#define F_MACH		76
#define F_PR		80
#define F_R15		84
#define F_EVENT		88
#define FRAME_SIZE	92

#define ARCH_SYSCALL_TRAP	0x10
#define ARCH_STR(x)		#x
#define ARCH_XSTR(x)		ARCH_STR(x)
#define ARCH_SYSCALL_TRAPA	"trapa #" ARCH_XSTR(ARCH_SYSCALL_TRAP)

#ifndef __ASSEMBLER__
#include <stdint.h>

struct arch_frame {
	uint32_t ssr, spc, gbr;
	uint32_t r[15];		/* r0..r7 of bank 0, r8..r14 */
	uint32_t macl, mach, pr;
	uint32_t sp;		/* r15 */
	uint32_t event;		/* EXPEVT, or INTEVT for an interrupt; not a system call's */
};

static inline uint32_t arch_syscall_nr(const struct arch_frame *f) { return f->r[3]; }
static inline uintptr_t arch_syscall_arg(const struct arch_frame *f, int i) { return f->r[4 + i]; }
static inline void arch_syscall_ret(struct arch_frame *f, intptr_t v) { f->r[0] = (uint32_t)v; }
/* The fast path leaves the return address in SPC, which either exit
 * takes it from: the rte, or the frame completed for the scheduler
 * (entry.S).  trapa is two bytes. */
static inline void arch_syscall_restart(struct arch_frame *f)
{
	uint32_t pc;

	(void)f;
	__asm__ volatile("stc spc, %0" : "=r"(pc));
	__asm__ volatile("ldc %0, spc" : : "r"(pc - 2));
}
static inline int arch_frame_from_user(const struct arch_frame *f) { return !(f->ssr & SR_MD); }

/* Task memory is mapped at its physical address in U0: its P1 alias is
 * untranslated and reaches it under any ASID. */
static inline void *arch_kernel_alias(uintptr_t user_addr)
{
	return (void *)(user_addr | 0x80000000u);
}

/* The SH-4 has no clz: a byte at a time through a table, whose entries
 * are signed so that mov.b's sign extension is already the value.  A
 * caller whose x is known to be below 2^16 loses a step. */
#define SH4_BITS2(n) n, n
#define SH4_BITS4(n) SH4_BITS2(n), SH4_BITS2(n)
#define SH4_BITS8(n) SH4_BITS4(n), SH4_BITS4(n)
#define SH4_BITS16(n) SH4_BITS8(n), SH4_BITS8(n)
#define SH4_BITS32(n) SH4_BITS16(n), SH4_BITS16(n)
#define SH4_BITS64(n) SH4_BITS32(n), SH4_BITS32(n)
#define SH4_BITS128(n) SH4_BITS64(n), SH4_BITS64(n)
static const int8_t sh4_bit_high_byte[256] = {
	0, 0, SH4_BITS2(1), SH4_BITS4(2), SH4_BITS8(3), SH4_BITS16(4), SH4_BITS32(5),
	SH4_BITS64(6), SH4_BITS128(7),
};
/* the lowest set bit of each byte: of its low nibble, or 4 + of its high
 * one (SH4_LOW16's first entry) */
#define SH4_LOW16(z) z, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0
static const int8_t sh4_bit_low_byte[256] = {
	SH4_LOW16(0), SH4_LOW16(4), SH4_LOW16(5), SH4_LOW16(4),
	SH4_LOW16(6), SH4_LOW16(4), SH4_LOW16(5), SH4_LOW16(4),
	SH4_LOW16(7), SH4_LOW16(4), SH4_LOW16(5), SH4_LOW16(4),
	SH4_LOW16(6), SH4_LOW16(4), SH4_LOW16(5), SH4_LOW16(4),
};

static inline unsigned arch_bit_high(uint32_t x)
{
	unsigned n = 0;

	if (x >> 16) {
		x >>= 16;
		n = 16;
	}
	if (x >> 8) {
		x >>= 8;
		n += 8;
	}
	return n + (unsigned)sh4_bit_high_byte[x];
}

static inline unsigned arch_bit_low(uint32_t x)
{
	unsigned n = 0;

	if (!(x & 0xFFFFu)) {
		x >>= 16;
		n = 16;
	}
	if (!(x & 0xFFu)) {
		x >>= 8;
		n += 8;
	}
	return n + (unsigned)sh4_bit_low_byte[x & 0xFFu];
}

/* Interrupts masked (IMASK 15) around a short section that a privileged
 * task shares with interrupt handlers; the SR saved is given back whole. */
static inline uint32_t arch_irq_save(void)
{
	uint32_t sr, masked;

	__asm__ volatile("stc	sr, %0\n\t"
			 "mov	%0, %1\n\t"
			 "or	#0xF0, %1\n\t"
			 "ldc	%1, sr"
			 : "=&r"(sr), "=&z"(masked) : : "t", "memory");
	return sr;
}

static inline void arch_irq_restore(uint32_t sr)
{
	__asm__ volatile("ldc	%0, sr" : : "r"(sr) : "t", "memory");
}

/* The CPU's own reset, as Linux's native_machine_restart does it: an
 * exception taken with SR.BL set is a manual reset (a misaligned load:
 * an address error).  QEMU resets the machine for it; a board whose
 * reset logic does not follows with its own (sh7751r_reset). */
static inline void sh4_reset_by_exception(void)
{
	uint32_t sr;

	__asm__ volatile("stc	sr, %0\n\t"
			 "or	%1, %0\n\t"
			 "ldc	%0, sr\n\t"
			 "mov.l	@%2, %0"
			 : "=&r"(sr) : "r"(SR_BL | SR_IMASK), "r"(0x8C000001u) : "memory");
}

/*
 * The counter: TMU1 running down at Pphi/4, which under QEMU -icount
 * advances a fixed number of ticks per instruction, flipped to count
 * up.  Read through a word, because arch_counter_init() and
 * arch_counter_use_model() may choose another: PMCTR1 (core cycles, on
 * a board, built with ARCH_COUNTER_HW) or a timing model's est-cycles
 * (counter_model.h).
 */
extern uint32_t sh4_counter_reg, sh4_counter_flip;
static inline uint32_t arch_counter_read(void)
{
	return sh4_read32(sh4_counter_reg) ^ sh4_counter_flip;
}

/*
 * Counter self-check (counter.S): raw counter deltas across back-to-back
 * reads, and across a loop whose length is known from its disassembly:
 * `mov #10,r1` then ten times `dt r1; bf` = 21 instructions.
 */
#define ARCH_PROBE_SEQ_INSNS 21

#endif /* __ASSEMBLER__ */
#endif
