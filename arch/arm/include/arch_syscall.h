/*
 * ARM system-call instruction, for task code.  The rule (arch_cpu.h,
 * docs/abi.md): every swi, ARM or Thumb, whatever its immediate, is a
 * system call (the EABI's: the number is r7's), arguments r0..r3, result
 * in r0; a number from SYS_COUNT up is -E_NOSYS with every other register
 * kept.  bkpt and the undefined encodings debuggers plant (0xE7F...F.,
 * Thumb 0xDExx) kill the task with a breakpoint report.
 */
#ifndef ARCH_SYSCALL_H
#define ARCH_SYSCALL_H

#include <stdint.h>

static inline intptr_t arch_syscall(uint32_t nr, uintptr_t a0, uintptr_t a1,
				    uintptr_t a2, uintptr_t a3)
{
	register uint32_t r7 __asm__("r7") = nr;
	register uintptr_t r0 __asm__("r0") = a0;
	register uintptr_t r1 __asm__("r1") = a1;
	register uintptr_t r2 __asm__("r2") = a2;
	register uintptr_t r3 __asm__("r3") = a3;

	__asm__ volatile("swi #0"
			 : "+r"(r0)
			 : "r"(r7), "r"(r1), "r"(r2), "r"(r3)
			 : "memory");
	return (intptr_t)r0;
}

#endif
