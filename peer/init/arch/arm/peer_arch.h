/* The Linux peer's init on the XScale: the EABI system-call ABI (number
 * in r7, arguments in r0..r5, swi 0, the result in r0) and a loop of a
 * known number of instructions. */
#ifndef PEER_ARCH_H
#define PEER_ARCH_H

#include "window_marks.h"

#define PEER_CPU "XScale (PXA270)"

static inline long peer_syscall(long nr, long a, long b, long c, long d, long e)
{
	register long r7 __asm__("r7") = nr;
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;
	register long r3 __asm__("r3") = d;
	register long r4 __asm__("r4") = e;

	__asm__ volatile("swi #0"
			 : "+r"(r0)
			 : "r"(r7), "r"(r1), "r"(r2), "r"(r3), "r"(r4)
			 : "memory");
	return r0;
}

/* 2 * n instructions: subs and bne, n times. */
static inline void peer_known_loop(unsigned long n)
{
	__asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(n) : : "cc");
}

/* This CPU's window marks (include/window_marks.h) */
#define PEER_MARK_START_ASM WINDOW_MARK_ARM_START_ASM
#define PEER_MARK_STOP_ASM WINDOW_MARK_ARM_STOP_ASM

/*
 * peer_icache_sweep: every line of the I-cache evicted from user mode
 * (the firmware's arch_icache_evict drops it by CP15, which user mode
 * cannot): a chain of 2048 branches, one per 32-byte line, 64 KiB, twice
 * the PXA270's 32 KiB 32-way I-cache, so that round-robin replacement
 * passes every way of every set twice.  It uses no register.
 */
#define PEER_ICACHE_SWEEP_CODE \
	__asm__(".text\n.global peer_icache_sweep\n.balign 32\npeer_icache_sweep:\n" \
		".rept 2048\n\tb 1f\n\t.balign 32\n1:\n.endr\n\tbx lr\n");

/* The kernel enters at _start with the stack pointer set. */
#define PEER_START_CODE \
	__asm__(".text\n.global _start\n_start:\n\tbl peer_main\n\tb .\n");

#endif
