/* SH-4 half of a task's memory (include/mm.h): its address space ID. */
#ifndef ARCH_MM_H
#define ARCH_MM_H

#include <stdint.h>

/* task slots the MMU set-up has room for: (64 UTLB entries - 2 shared) / 3 per slot */
#define ARCH_MM_SLOTS 20

struct arch_mm {
	uint32_t asid;		/* a word: no sign extension to undo */
};

#endif
