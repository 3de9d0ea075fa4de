/* ARM half of a task's memory (include/mm.h): its coarse page table. */
#ifndef ARCH_MM_H
#define ARCH_MM_H

#include <stdint.h>
#include "arch.h"

/* task slots the MMU set-up has room for: one coarse table each, arch/arm/mmu.c */
#define ARCH_MM_SLOTS 16

struct arch_mm {
	uint32_t *l2;		/* the user section's 256 small pages */
	uint32_t l1;		/* the user section's L1 entry for them */
	uint8_t aliased;	/* another slot maps its data addresses (arch/arm/mmu.c) */
#ifdef ARM_MM_SWITCH_DOMAINS
	uint32_t dacr;		/* measurement only: a domain design's DACR */
#endif
};

/* XScale applies a CP15 change only after CPWAIT: read CP15 back, use
 * the value, then flush the pipeline with a branch to the next insn. */
static inline void arm_cpwait(void)
{
	uint32_t tmp;

	__asm__ volatile("mrc p15, 0, %0, c2, c0, 0\n\t"
			 "mov %0, %0\n\t"
			 "sub pc, pc, #4" : "=r"(tmp) : : "memory");
}

static inline void arm_tlb_flush(void)
{
	__asm__ volatile("mcr p15, 0, %0, c8, c7, 0" : : "r"(0) : "memory");
	arm_cpwait();
}

/* A switch's TLB flush: CPWAIT's read back and use, whose branch is the
 * exception return that ends every switch (entry.S): until then only
 * kernel code runs, whose mappings no switch changes. */
static inline void arm_tlb_flush_to_user(void)
{
	uint32_t tmp;

	__asm__ volatile("mcr p15, 0, %1, c8, c7, 0\n\t"
			 "mrc p15, 0, %0, c2, c0, 0\n\t"
			 "mov %0, %0" : "=r"(tmp) : "r"(0) : "memory");
}

/* arch/arm/mmu.c: the user section's L1 entry, in the uncached and
 * unbuffered page tables (a store to it has reached memory before the
 * next instruction, and needs no drain), at an address the linker script
 * computes; what of the view left must
 * leave the data cache first; the data cache's lines of [lo, hi) in the
 * current view, cleaned to memory and dropped, the write buffer drained. */
extern uint32_t arm_l1_user[];
void arm_mm_leave(const struct arch_mm *prev, enum arch_mm_left left);
void arm_dcache_flush(uintptr_t lo, uintptr_t hi);

/* A switch points the user section at the next view's table and drops
 * the TLBs; the data cache keeps what no other view can hit.  A blocked
 * task's view is left as a ready one's: what the kernel will write, it
 * handed over first (arch_mm_await_write). */
_Static_assert(ARCH_MM_KEPT == 0, "arch_mm_switch: left tested as a bit");
static inline void arch_mm_switch(const struct arch_mm *prev, enum arch_mm_left left,
				  const struct arch_mm *next, unsigned slot)
{
	(void)slot;
	if (prev && (left | prev->aliased))
		arm_mm_leave(prev, left);
	*arm_l1_user = next->l1;
	arm_tlb_flush_to_user();
#ifdef ARM_MM_SWITCH_DOMAINS
	{
		/* Measurement only (make ARM_MM_SWITCH=domains; mmu.c says
		 * why): the switch of a domain design, its DACR write and
		 * CPWAIT, made on top of the page tables the firmware needs. */
		uint32_t tmp;

		__asm__ volatile("mcr p15, 0, %1, c3, c0, 0\n\t"
				 "mrc p15, 0, %0, c2, c0, 0\n\t"
				 "mov %0, %0" : "=r"(tmp) : "r"(next->dacr) : "memory");
	}
#endif
}

/* The kernel writes the buffer through its uncached frame sections
 * (arch/arm/mmu.c): a line of the task's view left over it would hide
 * the message from the task, and a dirty one, written back later, would
 * overwrite it.  Its partial lines at either end are cleaned whole, with
 * the task's own bytes: the write buffer is drained before the kernel's
 * write can follow them. */
static inline void arch_mm_await_write(uintptr_t va, uint32_t len)
{
	arm_dcache_flush(va, va + len);
}

#endif
