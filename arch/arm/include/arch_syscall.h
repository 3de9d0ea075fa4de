/* ARM system-call instruction, for task code (see arch_cpu.h for the ABI). */
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
