/* ARM half of a task's memory (include/mm.h): its coarse page table. */
#ifndef ARCH_MM_H
#define ARCH_MM_H

#include <stdint.h>

/* task slots the MMU set-up has room for: one coarse table each, arch/arm/mmu.c */
#define ARCH_MM_SLOTS 16

struct arch_mm {
	uint32_t *l2;		/* the user section's 256 small pages */
	uint32_t l1;		/* the user section's L1 entry for them */
	uint8_t aliased;	/* another slot maps its data addresses (arch/arm/mmu.c) */
};

#endif
