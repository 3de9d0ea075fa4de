/* The arch's half of a task's memory, for host unit tests: none. */
#ifndef ARCH_MM_H
#define ARCH_MM_H

#include "arch.h"

struct arch_mm {
	int unused;
};

static inline void arch_mm_switch(const struct arch_mm *prev, enum arch_mm_left left,
				  const struct arch_mm *next, unsigned slot)
{
	(void)prev, (void)left, (void)next, (void)slot;
}

static inline void arch_mm_await_write(uintptr_t va, uint32_t len)
{
	(void)va, (void)len;
}

#endif
