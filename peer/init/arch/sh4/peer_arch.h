/* The Linux peer's init on the SH-4: Linux's system-call ABI (number in
 * r3, arguments in r4..r7, r0, r1; trapa #0x10 + the argument count;
 * the result in r0) and a loop of a known number of instructions. */
#ifndef PEER_ARCH_H
#define PEER_ARCH_H

#include "window_marks.h"

#define PEER_CPU "SH-4 (SH7751R)"

static inline long peer_syscall(long nr, long a, long b, long c, long d, long e)
{
	register long r3 __asm__("r3") = nr;
	register long r4 __asm__("r4") = a;
	register long r5 __asm__("r5") = b;
	register long r6 __asm__("r6") = c;
	register long r7 __asm__("r7") = d;
	register long r0 __asm__("r0") = e;

	__asm__ volatile("trapa #0x15"
			 : "+r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory", "t", "pr", "mach", "macl");
	return r0;
}

/* 2 * n instructions: dt and bf, n times (bf has no delay slot). */
static inline void peer_known_loop(unsigned long n)
{
	__asm__ volatile("1: dt %0\n\tbf 1b" : "+r"(n) : : "t");
}

/* This CPU's window marks (include/window_marks.h) */
#define PEER_MARK_START_ASM WINDOW_MARK_SH4_START_ASM
#define PEER_MARK_STOP_ASM WINDOW_MARK_SH4_STOP_ASM

/*
 * peer_icache_sweep: every line of the I-cache evicted from user mode,
 * as the firmware's arch_icache_evict does (read-cold, write-cold).  A
 * chain of 1024 links, one per 32-byte line: 32 KiB, twice the SH7751R's
 * 16 KiB 2-way I-cache, so that LRU leaves none of what ran before.
 * Each link jumps just to the next line: bra (with its delay slot)
 * reaches only 4 KiB.  It uses no register.
 */
#define PEER_ICACHE_SWEEP_CODE \
	__asm__(".text\n.global peer_icache_sweep\n.balign 32\npeer_icache_sweep:\n" \
		".rept 1024\n\tbra 1f\n\tnop\n\t.balign 32\n1:\n.endr\n\trts\n\tnop\n");

/* The kernel enters at _start with the stack pointer set. */
#define PEER_START_CODE \
	__asm__(".text\n.global _start\n_start:\n\tmov.l 1f, r0\n\tjsr @r0\n\tnop\n" \
		"\tbra .\n\tnop\n\t.align 2\n1:\t.long peer_main\n");

#endif
