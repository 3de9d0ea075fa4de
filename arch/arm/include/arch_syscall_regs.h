/*
 * For the on-target tests: a system call with every register loaded
 * from a known pattern, and what each held afterwards.  The ABI
 * (arch_cpu.h) returns the result in r0 and keeps everything else.
 */
#ifndef ARCH_SYSCALL_REGS_H
#define ARCH_SYSCALL_REGS_H

#include <stdint.h>

/* Slot 0 is r0, then r1..r12 and lr (sp holds the stack: every call
 * already needs it back). */
#define ARCH_SYSCALL_REGS 14
#define ARCH_SYSCALL_REG_NAMES \
	"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", \
	"r12", "lr"

/* The slots of the number and of the first of the four arguments. */
#define ARCH_SYSCALL_REG_NR	7
#define ARCH_SYSCALL_REG_ARG0	0

/* Loads regs[0], traps, stores every register into regs[1]; returns
 * the result.  Saves and restores what the compiler keeps in r4..r11
 * and lr itself. */
static inline intptr_t arch_syscall_regs(uint32_t regs[2][ARCH_SYSCALL_REGS])
{
	register uintptr_t r0 __asm__("r0") = (uintptr_t)regs;

	__asm__ volatile(
		"push	{r4-r11, lr}\n\t"
		"push	{r0}\n\t"
		"ldmia	r0, {r0-r12, lr}\n\t"
		"swi	#0\n\t"
		"push	{r1}\n\t"
		"ldr	r1, [sp, #4]\n\t"
		"add	r1, r1, #(4 * 14 + 8)\n\t"	/* regs[1][2] */
		"stmia	r1, {r2-r12, lr}\n\t"
		"pop	{r2}\n\t"
		"str	r2, [r1, #-4]\n\t"
		"str	r0, [r1, #-8]\n\t"
		"add	sp, sp, #4\n\t"
		"pop	{r4-r11, lr}"
		: "+r"(r0)
		:
		: "r1", "r2", "r3", "r12", "memory");
	return (intptr_t)r0;
}

#endif
