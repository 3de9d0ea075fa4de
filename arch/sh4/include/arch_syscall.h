/*
 * SH-4 system-call instruction, for task code.  The rule (arch_cpu.h,
 * docs/abi.md): `trapa #0x10` (ARCH_SYSCALL_TRAP) is the only system
 * call, number in r3, arguments r4..r7, result in r0; a number from
 * SYS_COUNT up is -E_NOSYS with every other register kept.  Any other
 * trapa is a debug trap (GDB's #0xC3, a remote stub's #0x20, kgdb's
 * #0x3C): the task is killed with a breakpoint report.  pr, mach and macl
 * are clobbered, as across a function call.
 */
#ifndef ARCH_SYSCALL_H
#define ARCH_SYSCALL_H

#include <stdint.h>
#include "arch_cpu.h"

static inline intptr_t arch_syscall(uint32_t nr, uintptr_t a0, uintptr_t a1,
				    uintptr_t a2, uintptr_t a3)
{
	register uint32_t r3 __asm__("r3") = nr;
	register uintptr_t r4 __asm__("r4") = a0;
	register uintptr_t r5 __asm__("r5") = a1;
	register uintptr_t r6 __asm__("r6") = a2;
	register uintptr_t r7 __asm__("r7") = a3;
	register intptr_t r0 __asm__("r0");

	__asm__ volatile(ARCH_SYSCALL_TRAPA
			 : "=r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "pr", "mach", "macl", "memory");
	return r0;
}

#endif
