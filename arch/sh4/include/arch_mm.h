/* SH-4 half of a task's memory (include/mm.h): its address space ID. */
#ifndef ARCH_MM_H
#define ARCH_MM_H

#include <stdint.h>
#include "arch.h"

/* task slots the MMU set-up has room for: (64 UTLB entries - 2 shared) / 3 per slot */
#define ARCH_MM_SLOTS 20

/* A slot's ASID is its number: the switch has the slot in a register
 * and loads nothing of the task for it.  ASID 0 is slot 0's: the
 * kernel runs untranslated (P1), and the entries no task holds are
 * invalid, so no other view answers to it. */
static inline uint32_t sh4_asid_of(unsigned slot)
{
	return slot;
}

/* Nothing of its own: a view is its slot's ASID and UTLB entries. */
struct arch_mm {
	uint8_t unused;
};

/* Every task's UTLB entries stay loaded, tagged with its ASID, and the
 * operand cache is physically tagged: nothing of the view left can be
 * reached through another, whatever becomes of its task. */
static inline void arch_mm_switch(const struct arch_mm *prev, enum arch_mm_left left,
				  const struct arch_mm *next, unsigned slot)
{
	(void)prev, (void)left, (void)next;
	sh4_write32(SH4_PTEH, sh4_asid_of(slot));
}

/* The operand cache is physically tagged, and indexed by virtual
 * address bits 13:5 (16 KiB a way, SH7751R manual, operand cache): a
 * kernel address and a user one of the same byte hit the same line when
 * they agree in bits 13:12 too, which the frames' placement gives
 * (kernel/mm.c), so a write through either is seen through the other. */
static inline void arch_mm_await_write(uintptr_t va, uint32_t len)
{
	(void)va, (void)len;
}

#endif
