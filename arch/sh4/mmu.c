/*
 * SH-4 memory protection.  Kernel code and data are in P1, which user
 * mode cannot address.  Task memory is reached through U0, and with
 * MMUCR.AT on, U0 goes through the UTLB, which we load once and never
 * refill: a miss is a fault.
 *
 *   shared task image (code, data)   64 KiB pages, SH=1, every task
 *   each task's stack                one 4 KiB page, ASID = slot + 1
 *
 * So a task reaches the task image and its own stack, nothing else: not
 * the kernel (P1, or its U0 alias: unmapped), not the policy tables,
 * not another task's stack.  U0 maps each page to the physical address
 * of the same value (the linker's U0 alias of the image).
 */
#include "arch.h"

#define UTLB_ENTRIES	64
#define PAGE_4K		0x1000u
#define PAGE_64K	0x10000u

extern char __user_start[], __user_shared_end[], __user_stacks_start[], __user_stacks_end[];

static unsigned next_entry;

static void utlb_load(uint32_t vpn_asid, uint32_t ptel)
{
	uint32_t mmucr = sh4_read32(SH4_MMUCR) & ~(0x3Fu << MMUCR_URC_SHIFT);

	sh4_write32(SH4_MMUCR, mmucr | (next_entry++ << MMUCR_URC_SHIFT));
	sh4_write32(SH4_PTEH, vpn_asid);
	sh4_write32(SH4_PTEL, ptel);
	__asm__ volatile("ldtlb; nop" : : : "memory");
}

/* Task stacks are 4 KiB pages, one per task slot, slot n at ASID n + 1. */
void arch_mmu_init(void)
{
	uint32_t lo = (uint32_t)__user_start, hi = (uint32_t)__user_shared_end;
	uint32_t asid = 1;

	sh4_write32(SH4_MMUCR, MMUCR_TI);
	for (uint32_t va = lo; va < hi; va += PAGE_64K)
		utlb_load(va, va | PTEL_V | PTEL_SZ_64K | PTEL_PR_USER_RW | PTEL_C | PTEL_D |
				  PTEL_SH);
	for (uint32_t va = (uint32_t)__user_stacks_start; va < (uint32_t)__user_stacks_end;
	     va += PAGE_4K)
		utlb_load(va | asid++, va | PTEL_V | PTEL_SZ_4K | PTEL_PR_USER_RW | PTEL_C | PTEL_D);
	if (next_entry > UTLB_ENTRIES)
		kernel_panic("task image too large for the TLB");
	sh4_write32(SH4_MMUCR, MMUCR_AT);
}

/* The ASID of the task about to run (slot -1: the idle task). */
void arch_mmu_switch(int slot)
{
	sh4_write32(SH4_PTEH, (uint32_t)(slot + 1));
}
